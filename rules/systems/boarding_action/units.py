"""Boarding Action units (docs/rules/boarding_action.md): a pack card or a custom unit,
read alike by every validator through ``unit_of``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from rules.engine.catalogue import Catalogue
from rules.engine.document import Entry, ListDocument
from rules.engine.validation import Context
from rules.engine.violations import N_
from rules.systems.boarding_action.catalogue_rules import entry_index, judge


@dataclass(frozen=True, slots=True)
class Unit:
    """What the rules need to know of one entry, whether a pack card or a custom unit."""

    name: str
    unit_type: str | None
    base_mm: int | None
    wargear: tuple[str, ...]
    points: int
    card: str | None = None  # the card key; None for a custom unit

    @property
    def is_custom(self) -> bool:
        return self.card is None


def unit_of(entry: Entry, catalogue: Catalogue, document: ListDocument | None = None
            ) -> Unit | None:
    """The (name, unit_type, base_mm, wargear, points) of an entry; None for an unknown card.

    A card keeps its unit type and wargear keywords in ``attributes``
    (``unit_type``, ``wargear``) and its base in ``base_mm``. A card imported from a codex
    with rules (``attributes.battlescribe_rules``) is priced as those rules say for the
    ``document`` the entry is in (catalogue_rules.py).
    """
    if entry.custom is not None:
        c = entry.custom
        return Unit(c.name, c.unit_type, c.base_mm, tuple(c.wargear), c.points)
    card = catalogue.cards.get(entry.card) if entry.card else None
    if card is None:
        return None
    # Options chosen (cards of a pack imported from a codex catalogue): their names are
    # wargear, so a "Jump Pack" option meets forbidden_wargear, and their points count.
    chosen = [catalogue.items[k] for k in entry.options if k in catalogue.items]
    points = card.points + sum(catalogue.item_points(card, i.key) for i in chosen)
    if document is not None and card.attributes.get("battlescribe_rules"):
        judged = judge(catalogue, document)
        index = entry_index(document, entry, judged)
        if index is not None:
            points = max(0, points + judged.points_change(index, entry.options))
    return Unit(
        name=card.name,
        unit_type=card.attributes.get("unit_type"),
        base_mm=card.base_mm,
        wargear=tuple(card.attributes.get("wargear") or ()) + tuple(i.name for i in chosen),
        points=points,
        card=card.key,
    )


def keyword_words(catalogue: Catalogue, keyword: str) -> str:
    """A card's wargear keyword in words, for messages: its English name in the pack's
    ``keyword_names`` ({"jump_pack": {"en": "jump pack", "de": "Sprungmodul"}}), else the
    keyword with spaces. The pages turn the English name into the reader's language."""
    entry = (catalogue.attributes.get("keyword_names") or {}).get(keyword)
    name = entry.get("en") if isinstance(entry, Mapping) else None
    return name if isinstance(name, str) and name else keyword.replace("_", " ")


def units(ctx: Context) -> Iterator[tuple[int, Entry, Unit]]:
    """Every entry the validators can judge (unknown cards are unknown_key's)."""
    for i, entry in enumerate(ctx.document.entries):
        unit = unit_of(entry, ctx.catalogue, ctx.document)
        if unit is not None:
            yield i, entry, unit


def list_roles(catalogue: Catalogue, params: Mapping | None = None) -> list[str]:
    """The roles a list can take: ``special_action_role``'s ``roles`` (``params``, default:
    the pack's), else the roles of the pack's special actions; [] in other systems."""
    if params is None:
        params = catalogue.params_for("special_action_role")
    return list(
        params.get("roles")
        or sorted({a.role for a in catalogue.special_actions.values() if a.role is not None})
    )


def type_name(unit_type: str | None) -> str:
    return unit_type.replace("_", " ") if unit_type else "?"


# The words of these rules that messages name (translated where messages are shown).
WORDS = (
    N_("attacker"), N_("defender"),
    N_("infantry"), N_("walker"), N_("vehicle"), N_("monstrous creature"), N_("bike"),
    N_("jetbike"), N_("beast"), N_("swarm"),
)


