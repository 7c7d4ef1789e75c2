"""Boarding Action (Warhammer 40K inside ships), docs/rules/boarding_action.md.

A list has a role (``attacker`` or ``defender``), entries that are either unit-type
cards of the pack or custom units the player types in (name, points, unit type, base
in mm, wargear keywords), and special actions bought per list. Custom units are judged
exactly like cards: every validator reads an entry through ``unit_of``.

Points: an entry costs its card's (or custom unit's) points, plus those of the options it
takes (cards imported from a codex catalogue, rules/systems/boarding_action/fielding.py),
times ``count``; each model
acts on its own, so ``count`` is the number of models and ``size`` is not used. Special
actions cost ``count`` times the chosen variant's points (or the action's own points
when it has no variant). The first ``free_special_action_points`` (30) of them are free;
the rest come out of the army's points, so the counted total is
``models + max(0, special actions - free)`` and must not exceed the battle size (500).

Every limit is a validator parameter in the pack (fixtures/boarding-action.yaml).

A code of ours, not the original's: `battle_size_standard` (warning) says that a list
names a battle size other than the standard 500 that the original fixes ("a list that
names another size breaks the standard, so say so"). The players may agree on another
size, so the list stays valid and `battle_size` checks its total against the size it
names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from rules.engine.common import UnknownKeyValidator
from rules.engine.validation import Context, SystemRules, Validator, register
from rules.engine.violations import INFO, N_, WARNING, Violation
from rules.systems.boarding_action.fielding import (
    CardOptionValidator,
    CatalogueHiddenValidator,
    FieldingLimitValidator,
)
from rules.systems.boarding_action.hull_breach import HULL_BREACH, hull_breach, roll_hull_breach
from rules.systems.boarding_action.params import PARAMS
from rules.systems.boarding_action.points import (
    Budget,
    action_price,
    actions_overspend,
    budget,
    free_points,
    limit,
    price_entry,
    price_pick,
    special_action_points,
    standard_size,
    summary,
    total,
)
from rules.systems.boarding_action.special_actions import (
    SpecialActionBudgetValidator,
    SpecialActionRoleValidator,
    SpecialActionVariantValidator,
)
from rules.systems.boarding_action.units import (
    WORDS,
    Unit,
    keyword_words,
    list_roles,
    type_name,
    unit_of,
    units,
)
from rules.systems.boarding_action.wargear import matches

SYSTEM = "boarding-action"

# The package's parts, named here because the web side and the tests reach them through
# the package: units (units.py), points (points.py), the hull-breach table (hull_breach.py).
__all__ = [
    "HULL_BREACH", "RULES", "SYSTEM", "WORDS", "Budget", "Unit", "action_price",
    "actions_overspend", "budget", "free_points", "hull_breach", "keyword_words", "limit",
    "list_roles", "price_entry", "price_pick", "roll_hull_breach", "special_action_points",
    "standard_size", "summary", "total", "type_name", "unit_of", "units",
]


# -- Validators --------------------------------------------------------------------------


class BattleSizeValidator(Validator):
    """`battle_size` (docs/rules/boarding_action.md): models + max(0, actions - free) <= limit.

    One overspend is one violation: when the models alone fit and the paid part of the
    special actions takes the total over, `special_action_budget` reports it, not this.

    Params: ``limit`` (the battle size unless the document sets one) and
    ``free_special_action_points`` (30).
    """

    code = "battle_size"
    message = N_("{total} points exceed the battle size of {limit} by {over}")
    with_actions = N_(
        "{total} points exceed the battle size of {limit} by {over}: {models} for models and "
        "{paid} for special actions beyond the {free} free points ({special_actions} in all)"
    )

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        if ctx.limit is None or ctx.total <= ctx.limit:
            return
        b = budget(ctx.catalogue, ctx.document, ctx.entry_points)
        if actions_overspend(b, ctx.limit):
            return
        yield self.violation(
            message=self.with_actions if b.paid else self.message,
            total=ctx.total,
            limit=ctx.limit,
            over=ctx.total - ctx.limit,
            models=b.models,
            special_actions=b.special_actions,
            free=b.free,
            paid=b.paid,
        )


class StandardBattleSizeValidator(Validator):
    """`battle_size_standard` (warning, docs/rules/boarding_action.md): the game is played at 500.

    The original fixes the battle size; a list that names another one breaks the
    standard and is told so, naming the standard. It stays valid (the players may agree
    on a bigger or smaller game), and `battle_size` checks the total against the size
    the list names. A list without a battle size is played at the standard. The
    standard is battle_size's ``limit`` parameter, so the pack says 500 once.
    """

    code = "battle_size_standard"
    severity = WARNING
    message = N_(
        "Boarding Action is played at {standard} points; this list names a battle size "
        "of {battle_size}"
    )

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        standard = standard_size(ctx.catalogue)
        size = ctx.document.battle_size
        if standard is not None and size is not None and size != standard:
            yield self.violation(battle_size=size, standard=standard)


def base_limits(params: Mapping) -> dict[str, int]:
    """``{unit_type: max base}`` from params named ``<unit_type>_max_base_mm``."""
    suffix = "_max_base_mm"
    return {k[: -len(suffix)]: int(v) for k, v in params.items() if k.endswith(suffix)}


class ForbiddenUnitValidator(Validator):
    """`forbidden_unit` (docs/rules/boarding_action.md): what may board a ship.

    No ``forbidden_types`` (vehicles); walkers, monstrous creatures and infantry only on
    bases up to ``walker_max_base_mm`` (60), ``monstrous_creature_max_base_mm`` (60) and
    ``infantry_max_base_mm`` (40). Any ``<type>_max_base_mm`` param limits that type. When
    ``allowed_types`` is given, a unit of another type (or of no type) is refused too. A
    base-limited unit whose base is not known is refused: its base must be given.
    """

    code = "forbidden_unit"
    message = N_("{name} ({type_name}, {base_mm} mm base): bases of at most {max_base_mm} mm")
    vehicle = N_(
        "{name} is a {type_name}: no vehicles, except walkers on bases of at most "
        "{walker_max_base_mm} mm"
    )
    vehicle_plain = N_("{name} is a {type_name}: no {type_name} may board")
    no_base = N_("{name} ({type_name}) needs a base size: bases of at most {max_base_mm} mm")
    bad_type = N_("{name} is a {type_name}; allowed are: {allowed}")
    no_type = N_("{name} needs a unit type; allowed are: {allowed}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        forbidden = set(self.params.get("forbidden_types") or ())
        allowed = self.params.get("allowed_types")
        limits = base_limits(self.params)
        for i, _entry, unit in units(ctx):
            params = dict(
                card=unit.card,
                custom=unit.is_custom,
                name=unit.name,
                unit_type=unit.unit_type,
                type_name=type_name(unit.unit_type),
                base_mm=unit.base_mm,
            )
            if unit.unit_type in forbidden:
                walker = limits.get("walker")
                yield self.violation(
                    entry=i,
                    message=self.vehicle if walker is not None else self.vehicle_plain,
                    walker_max_base_mm=walker,
                    words=("type_name",),
                    **params,
                )
            elif allowed is not None and unit.unit_type not in allowed:
                yield self.violation(
                    entry=i,
                    message=self.no_type if unit.unit_type is None else self.bad_type,
                    allowed=", ".join(type_name(t) for t in allowed),
                    words=("type_name", "allowed"),
                    **params,
                )
            elif unit.unit_type in limits:
                max_base = limits[unit.unit_type]
                if unit.base_mm is None:
                    yield self.violation(
                        entry=i,
                        message=self.no_base,
                        max_base_mm=max_base,
                        words=("type_name",),
                        **params,
                    )
                elif unit.base_mm > max_base:
                    yield self.violation(
                        entry=i, max_base_mm=max_base, words=("type_name",), **params
                    )


class ForbiddenWargearValidator(Validator):
    """`forbidden_wargear` (docs/rules/boarding_action.md): no wings, jump packs or the like,
    however the player spells it.

    Params: ``stems``, word stems of flight gear in English and German, matched as
    ``boarding_action_wargear`` describes ("jump pack" finds "Jumppacks" and "jump-pack
    (bolt pistol)", "*flügel" finds "Dämonenflügel"). ``tags``, the exact keywords of
    older packs, are read as stems when a pack has no ``stems``.

    A card's wargear keyword is named in the message by the pack's ``keyword_names``
    (``jump_pack`` -> "jump pack"; the pages put it in the reader's language); a custom
    unit's wargear stands as the player typed it.
    """

    code = "forbidden_wargear"
    message = N_("{name} carries {wargear}: no wings, jump packs or other flight gear on board")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        stems = self.params.get("stems") or self.params.get("tags") or ()
        if not isinstance(stems, list | tuple):
            return
        for i, _entry, unit in units(ctx):
            hits = [w for w in unit.wargear if matches(w, stems)]
            if hits:
                shown = hits if unit.is_custom else [keyword_words(ctx.catalogue, w) for w in hits]
                yield self.violation(
                    entry=i,
                    card=unit.card,
                    custom=unit.is_custom,
                    name=unit.name,
                    wargear=", ".join(shown),
                    forbidden=hits,
                )


class SideCorridorValidator(Validator):
    """`side_corridor` (info, docs/rules/boarding_action.md): side corridors take bases to 40 mm.

    A play note, not an error: the unit may be fielded but keeps to the main corridors.
    Params: ``max_base_mm`` (40) and ``barred_types`` (bikes and jetbikes never enter).
    """

    code = "side_corridor"
    severity = INFO
    message = N_(
        "{name} ({base_mm} mm base) cannot enter side corridors (bases of at most {max_base_mm} mm)"
    )
    barred = N_("{name} is a {type_name} and cannot enter side corridors")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        max_base = self.params.get("max_base_mm")
        barred = set(self.params.get("barred_types") or ())
        for i, _entry, unit in units(ctx):
            params = dict(
                card=unit.card, name=unit.name, unit_type=unit.unit_type,
                type_name=type_name(unit.unit_type), base_mm=unit.base_mm, max_base_mm=max_base,
            )
            if unit.unit_type in barred:
                yield self.violation(entry=i, message=self.barred, words=("type_name",), **params)
            elif max_base is not None and unit.base_mm is not None and unit.base_mm > max_base:
                yield self.violation(entry=i, **params)


RULES = register(
    SystemRules(
        key=SYSTEM,
        params=PARAMS,
        validators={
            v.code: v
            for v in (
                UnknownKeyValidator,
                BattleSizeValidator,
                StandardBattleSizeValidator,
                SpecialActionRoleValidator,
                SpecialActionBudgetValidator,
                SpecialActionVariantValidator,
                ForbiddenUnitValidator,
                ForbiddenWargearValidator,
                SideCorridorValidator,
                FieldingLimitValidator,
                CardOptionValidator,
                CatalogueHiddenValidator,
            )
        },
        price_entry=price_entry,
        limit=limit,
        total=total,
        summary=summary,
        price_special_action=price_pick,
    )
)
