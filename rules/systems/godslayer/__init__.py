"""Godslayer (quick-start rules), docs/rules/godslayer.md."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator, Mapping

from rules.engine.catalogue import Card, Catalogue
from rules.engine.common import (
    ExactlyOneValidator,
    NotOnItemListValidator,
    OverLimitValidator,
    UnknownKeyValidator,
)
from rules.engine.document import Entry, ListDocument
from rules.engine.validation import Context, SystemRules, Validator, extend, register
from rules.engine.violations import N_, WARNING, Violation
from rules.systems.godslayer.params import PARAMS

SYSTEM = "godslayer"
ARMOUR_KINDS = frozenset({"armour", "shield"})


def unit_size(card: Card, entry: Entry) -> int:
    return entry.size if entry.size is not None else card.core_size


def card_points(card: Card, entry: Entry) -> int:
    """MODEL points, or CORE plus SOLDIER for each soldier beyond the core."""
    if card.is_unit:
        extra = max(0, unit_size(card, entry) - card.core_size)
        return card.core_points + extra * card.soldier_points
    return card.points


def price_entry(catalogue: Catalogue, document: ListDocument, entry: Entry) -> int:
    card = catalogue.cards.get(entry.card) if entry.card else None
    base = card_points(card, entry) if card is not None else 0
    if entry.custom is not None:
        base = entry.custom.points
    items = sum(catalogue.item_points(card, key) for key in entry.items)
    return (base + items) * entry.count


def limit(catalogue: Catalogue, document: ListDocument) -> int | None:
    if document.battle_size is not None:
        return document.battle_size
    return catalogue.params_for("battle_size").get("default")


def effective_stats(card: Card, entry: Entry, catalogue: Catalogue) -> dict[str, int]:
    """Base stats plus the DEF and ARM of armour and shield items.

    Cards with fixed equipment already include their shield in the printed values;
    only bought items are added (docs/rules/godslayer.md, Items).
    """
    stats = dict(card.stats)
    for key in entry.items:
        item = catalogue.items.get(key)
        if item is not None and item.kind in ARMOUR_KINDS:
            stats["DEF"] = stats.get("DEF", 0) + item.def_bonus
            stats["ARM"] = stats.get("ARM", 0) + item.arm_bonus
    return stats


class BattleSizeValidator(OverLimitValidator):
    """`battle_size`: the sum of all points must not exceed the battle size (Schlachtstufe)."""

    code = "battle_size"
    message = N_("{total} points exceed the battle size of {limit} by {over}")


class FactionValidator(Validator):
    """`faction`: every model comes from the warband's one faction."""

    code = "faction"
    message = N_("{name} belongs to {card_faction}, not to the warband's faction {faction}")
    no_faction = N_("Choose the warband's faction")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        faction = ctx.document.faction
        if faction is None:
            yield self.violation(message=self.no_faction)
            return
        factions = ctx.catalogue.factions
        for i, _entry, card in ctx.known_entries():
            if card.faction != faction:
                yield self.violation(
                    entry=i,
                    card=card.key,
                    name=card.name,
                    card_faction=_faction_name(factions, card.faction),
                    faction=_faction_name(factions, faction),
                )


def _faction_name(factions: Mapping, key: str | None) -> str:
    faction = factions.get(key)
    return faction.name if faction is not None else str(key)


class AALValidator(Validator):
    """`aal`: a profile card may be fielded at most AAL times (deployment limit, German ASL)."""

    code = "aal"
    message = N_("{name} fielded {count} times, AAL {aal}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        fielded: Counter[str] = Counter()
        first_over: dict[str, int] = {}
        for i, entry, card in ctx.known_entries():
            fielded[card.key] += entry.count
            if card.aal is not None and fielded[card.key] > card.aal:
                first_over.setdefault(card.key, i)
        for key, i in first_over.items():
            card = ctx.catalogue.cards[key]
            yield self.violation(
                entry=i, card=key, name=card.name, count=fielded[key], aal=card.aal
            )


class WarlordValidator(ExactlyOneValidator):
    """`warlord`: exactly one Warlord (Kriegsherr) leads the warband."""

    code = "warlord"
    message = N_("A warband needs exactly one Warlord; it has {count}")
    too_many = N_("A warband needs exactly one Warlord; it has {count} ({name} is one too many)")

    def counts(self, card: Card) -> bool:
        return card.warlord


class UnitSizeValidator(Validator):
    """`unit_size`: a unit has at least its core and at most its maximum size."""

    code = "unit_size"
    message = N_("{name} has {size} models; a unit of it takes {core_size} to {max_size}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        for i, entry, card in ctx.known_entries():
            if not card.is_unit:
                continue
            size = unit_size(card, entry)
            if not card.core_size <= size <= card.max_size:
                yield self.violation(
                    entry=i,
                    card=card.key,
                    name=card.name,
                    size=size,
                    core_size=card.core_size,
                    max_size=card.max_size,
                )


class ItemNotAllowedValidator(NotOnItemListValidator):
    """`item_not_allowed`: only a card with an Items box buys items, and only those it lists.

    A card lists only items of its own faction, so another faction's item is refused too.
    """

    code = "item_not_allowed"
    message = N_("{name} may not take {item}")
    no_list = N_("{name} takes no items (its equipment is printed on the card), not {item}")


class ItemUniqueValidator(Validator):
    """`item_unique`: no item is taken more than once in the whole warband."""

    code = "item_unique"
    message = N_("{item} taken {count} times; each item at most once per warband")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        taken: Counter[str] = Counter()
        first_over: dict[str, int] = {}
        for i, entry in enumerate(ctx.document.entries):
            for key in entry.items:
                taken[key] += entry.count
                if taken[key] > 1 and key in ctx.catalogue.items:
                    first_over.setdefault(key, i)
        for key, i in first_over.items():
            yield self.violation(
                entry=i, item_key=key, item=ctx.catalogue.items[key].name, count=taken[key]
            )


class NoWeaponValidator(Validator):
    """`no_weapon` (warning): a model that may take items but has no weapon cannot attack."""

    code = "no_weapon"
    severity = WARNING
    message = N_("{name} has no weapon and cannot attack")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        items = ctx.catalogue.items
        for i, entry, card in ctx.known_entries():
            if not card.takes_items or card.weapons:
                continue
            if not any(k in items and items[k].kind == "weapon" for k in entry.items):
                yield self.violation(entry=i, card=card.key, name=card.name)


RULES = register(
    SystemRules(
        key=SYSTEM,
        params=PARAMS,
        validators={
            v.code: v
            for v in (
                UnknownKeyValidator,
                BattleSizeValidator,
                FactionValidator,
                AALValidator,
                WarlordValidator,
                UnitSizeValidator,
                ItemNotAllowedValidator,
                ItemUniqueValidator,
                NoWeaponValidator,
            )
        },
        price_entry=price_entry,
        limit=limit,
        effective_stats=effective_stats,
    )
)


# --- scoring after the game (docs/rules/godslayer.md, "Scoring") ----------------------------------


def battle_points(catalogue: Catalogue, document: ListDocument, losses: list[dict]) -> dict:
    """Battle points the opponent scores from this list's losses.

    ``losses[i]`` is for entry i: ``{"destroyed": n}`` for individual models (how many of
    its ``count`` were destroyed) or ``{"lost": [m, ...]}`` for units (models lost, one
    number per fielded unit). A destroyed model gives its full points; a unit at or
    below half its starting strength gives CORE; a destroyed unit gives CORE plus
    SOLDIER for each soldier beyond the core.
    """
    rows, total = [], 0
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        loss = losses[i] if i < len(losses) else {}
        if card is None:
            rows.append({"entry": i, "points": 0, "detail": "unknown"})
            continue
        if card.is_unit:
            size = unit_size(card, entry)
            lost = [min(max(0, int(x)), size) for x in (loss.get("lost") or [])][: entry.count]
            points = 0
            states = []
            for models_lost in lost:
                if models_lost >= size:
                    points += card_points(card, entry)
                    states.append("destroyed")
                elif models_lost * 2 >= size:
                    points += card.core_points
                    states.append("half")
                else:
                    states.append("fighting")
            rows.append({"entry": i, "points": points, "units": states})
        else:
            destroyed = min(max(0, int(loss.get("destroyed") or 0)), entry.count)
            per_model = card.points + sum(catalogue.item_points(card, k) for k in entry.items)
            points = destroyed * per_model
            rows.append({"entry": i, "points": points, "destroyed": destroyed})
        total += points
    return {"entries": rows, "total": total}


def battle_result(*, scored: int, conceded: int, battle_size: int) -> dict:
    """Win or draw: a side wins when it leads by at least 25 % of the battle size."""
    threshold = -(-battle_size * 25 // 100)  # fractions round up
    margin = scored - conceded
    if margin >= threshold:
        outcome = "win"
    elif -margin >= threshold:
        outcome = "loss"
    else:
        outcome = "draw"
    return {
        "outcome": outcome,
        "margin": margin,
        "threshold": threshold,
        "scored": scored,
        "conceded": conceded,
    }


# Scoring after a game is this system's: armylists.lists.scoring finds battle_points and
# battle_result through the registered rules.
extend(SYSTEM, scoring=sys.modules[__name__])
