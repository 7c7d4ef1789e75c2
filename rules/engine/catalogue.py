"""A game system's data as frozen plain objects: what validators read.

Built from a pack document by ``rules.engine.pack_catalogue`` (or by hand in tests);
nothing but ``origin`` says where the data came from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

EMPTY: Mapping = MappingProxyType({})


def _empty() -> Mapping:
    return EMPTY


def frozen_map(data: Mapping | None) -> Mapping:
    return MappingProxyType(dict(data or {}))


@dataclass(frozen=True, slots=True)
class Faction:
    key: str
    name: str
    attributes: Mapping = field(default_factory=_empty)
    names: Mapping = field(default_factory=_empty)  # the name in other languages


@dataclass(frozen=True, slots=True)
class Item:
    key: str
    name: str
    kind: str
    points: int = 0
    faction: str | None = None
    def_bonus: int = 0
    arm_bonus: int = 0
    attributes: Mapping = field(default_factory=_empty)
    names: Mapping = field(default_factory=_empty)


@dataclass(frozen=True, slots=True)
class Card:
    """A profile card (Godslayer), fighter (Mordheim), character (Trupp) or unit type."""

    key: str
    name: str
    kind: str = "model"  # "model" or "unit"
    faction: str | None = None
    warlord: bool = False
    aal: int | None = None
    points: int = 0
    core_points: int = 0
    soldier_points: int = 0
    core_size: int = 1
    max_size: int = 1
    # key -> points this card pays for it (the card's own price list, e.g. Mordheim's
    # equipment lists); an empty mapping means the card takes no items at all.
    allowed_items: Mapping[str, int] = field(default_factory=_empty)
    allowed_options: Mapping[str, int] = field(default_factory=_empty)
    base_mm: int | None = None
    movement_class: str | None = None
    stats: Mapping[str, int] = field(default_factory=_empty)
    weapons: tuple = ()
    attributes: Mapping = field(default_factory=_empty)
    names: Mapping = field(default_factory=_empty)

    @property
    def is_unit(self) -> bool:
        return self.kind == "unit"

    @property
    def takes_items(self) -> bool:
        return bool(self.allowed_items)


@dataclass(frozen=True, slots=True)
class Variant:
    key: str
    name: str
    points: int


@dataclass(frozen=True, slots=True)
class SpecialAction:
    key: str
    name: str
    role: str | None
    points: int
    variants: tuple[Variant, ...] = ()
    attributes: Mapping = field(default_factory=_empty)
    names: Mapping = field(default_factory=_empty)

    def variant(self, key: str | None) -> Variant | None:
        return next((v for v in self.variants if v.key == key), None)


@dataclass(frozen=True, slots=True)
class ValidatorSpec:
    code: str
    params: Mapping = field(default_factory=_empty)


@dataclass(frozen=True, slots=True)
class PackOrigin:
    """The pack version a catalogue was built from; the default (no id): the game
    tables, i.e. the official data as loaded. Only what never changes with the version
    (a pack's name may)."""

    id: str | None = None
    version: int | None = None
    official: bool = True
    content_hash: str = ""


@dataclass(frozen=True, slots=True)
class Catalogue:
    system: str
    name: str
    names: Mapping = field(default_factory=_empty)
    data_version: str = "0"
    sample_data: bool = False
    factions: Mapping[str, Faction] = field(default_factory=_empty)
    cards: Mapping[str, Card] = field(default_factory=_empty)
    items: Mapping[str, Item] = field(default_factory=_empty)
    special_actions: Mapping[str, SpecialAction] = field(default_factory=_empty)
    validators: tuple[ValidatorSpec, ...] = ()
    attributes: Mapping = field(default_factory=_empty)
    # Renamed keys, by kind ("faction", "card", "item", "special_action"): old key ->
    # current key. Built from each row's declared aliases (rules.engine.aliases), so a
    # saved list that names an old key can be read with the current data.
    aliases: Mapping[str, Mapping[str, str]] = field(default_factory=_empty)
    origin: PackOrigin = field(default_factory=PackOrigin)

    def current_key(self, kind: str, key: str) -> str | None:
        """The current key that ``key`` was renamed to, or None if it was not renamed."""
        return self.aliases.get(kind, EMPTY).get(key)

    def item_points(self, card: Card | None, key: str) -> int:
        """What ``card`` pays for an item: its own price list first, else the item's points."""
        if card is not None and key in card.allowed_items:
            return card.allowed_items[key]
        if card is not None and key in card.allowed_options:
            return card.allowed_options[key]
        item = self.items.get(key)
        return item.points if item is not None else 0

    def params_for(self, code: str) -> Mapping:
        for spec in self.validators:
            if spec.code == code:
                return spec.params
        return EMPTY
