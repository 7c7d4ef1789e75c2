"""The BattleScribe data model as frozen objects (battlescribe-spec,
docs/battlescribe-data-model.md: the v2.03 schema).

Selection entries, groups and links share one class, ``Entry``, told apart by ``kind``
("entry", "group", "link"): all three hold costs, constraints, modifiers and children,
and an evaluator reads them alike. Numbers are ``Decimal``: BattleScribe adds costs in
decimal (0.1 three times is 0.3), and so do we.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

ZERO = Decimal(0)

# Modifier types (BattleScribe's, then New Recruit's cheap additions we evaluate).
NUMERIC_TYPES = ("set", "increment", "decrement", "multiply", "divide", "ceil", "floor")
TEXT_TYPES = ("set", "append", "prepend", "replace", "increment", "decrement")
CATEGORY_TYPES = ("add", "remove", "set-primary", "unset-primary")
# Condition types: comparisons of a count, and the two type checks.
COMPARISONS = ("lessThan", "greaterThan", "equalTo", "notEqualTo", "atLeast", "atMost")
INSTANCE_TYPES = ("instanceOf", "notInstanceOf")
# Scopes a query may name besides an entry or group id.
SCOPES = ("self", "parent", "force", "roster", "primary-category", "primary-catalogue",
          "ancestor", "root-entry", "unit", "model", "upgrade", "model-or-unit")


@dataclass(frozen=True, slots=True)
class Query:
    """What a condition, a repeat and a constraint count: ``field`` ("selections",
    "forces" or a cost type id) of ``child_id`` (an entry, group, category, force entry,
    or "any", "unit", "model", "upgrade") within ``scope``."""

    field: str = "selections"
    scope: str = "parent"
    child_id: str = ""
    shared: bool = True
    include_child_selections: bool = False
    include_child_forces: bool = False
    percent_value: bool = False
    round_up: bool = False


@dataclass(frozen=True, slots=True)
class Condition:
    type: str
    value: Decimal
    query: Query


@dataclass(frozen=True, slots=True)
class ConditionGroup:
    type: str  # "and" | "or" (New Recruit: "not")
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()


@dataclass(frozen=True, slots=True)
class Repeat:
    value: Decimal
    repeats: int
    query: Query


@dataclass(frozen=True, slots=True)
class Modifier:
    """``type`` ``field`` ``value`` when its conditions hold, ``repeats`` times.
    ``ref`` names it among all modifiers of a game ("<book>:<n>", numbered as read) and
    ``where`` says where it sits (the names of the entries above it), for reports."""

    type: str
    field: str
    value: str
    conditions: tuple[Condition, ...] = ()
    groups: tuple[ConditionGroup, ...] = ()
    repeats: tuple[Repeat, ...] = ()
    ref: str = ""
    where: str = ""


@dataclass(frozen=True, slots=True)
class ModifierGroup:
    """Modifiers that share conditions and repeats; groups nest."""

    modifiers: tuple[Modifier, ...] = ()
    groups: tuple[ModifierGroup, ...] = ()
    conditions: tuple[Condition, ...] = ()
    condition_groups: tuple[ConditionGroup, ...] = ()
    repeats: tuple[Repeat, ...] = ()


@dataclass(frozen=True, slots=True)
class Constraint:
    id: str
    type: str  # "min" | "max" (New Recruit: "exactly")
    value: Decimal
    query: Query


@dataclass(frozen=True, slots=True)
class Cost:
    name: str
    type_id: str
    value: Decimal


@dataclass(frozen=True, slots=True)
class Characteristic:
    name: str
    type_id: str
    value: str


@dataclass(frozen=True, slots=True)
class Info:
    """A profile, rule, info group or info link (``kind``): what BattleScribe shows."""

    kind: str  # "profile" | "rule" | "infoGroup" | "infoLink"
    id: str
    name: str
    hidden: bool = False
    type_id: str = ""  # a profile's type
    type_name: str = ""
    target_id: str = ""  # an info link's target
    link_type: str = ""  # an info link's: "profile" | "rule" | "infoGroup"
    characteristics: tuple[Characteristic, ...] = ()
    description: str = ""
    page: str = ""
    children: tuple[Info, ...] = ()  # an info group's profiles, rules, groups and links
    modifiers: tuple[Modifier, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()


@dataclass(frozen=True, slots=True)
class CategoryLink:
    id: str
    target_id: str
    name: str = ""
    primary: bool = False
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()


@dataclass(frozen=True, slots=True)
class Entry:
    """A selection entry, a selection entry group or an entry link (``kind``)."""

    kind: str  # "entry" | "group" | "link"
    id: str
    name: str = ""
    type: str = "upgrade"  # an entry's: unit | model | upgrade
    target_id: str = ""  # a link's
    link_type: str = ""  # a link's: selectionEntry | selectionEntryGroup
    hidden: bool = False
    collective: bool = False
    default_id: str = ""  # a group's defaultSelectionEntryId
    page: str = ""
    costs: tuple[Cost, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()
    entries: tuple[Entry, ...] = ()
    groups: tuple[Entry, ...] = ()
    links: tuple[Entry, ...] = ()
    categories: tuple[CategoryLink, ...] = ()
    infos: tuple[Info, ...] = ()

    @property
    def children(self) -> tuple[Entry, ...]:
        """Its entries, links and groups, in BattleScribe's order of offering them."""
        return self.entries + self.links + self.groups


@dataclass(frozen=True, slots=True)
class CategoryEntry:
    id: str
    name: str
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()
    infos: tuple[Info, ...] = ()


@dataclass(frozen=True, slots=True)
class ForceEntry:
    id: str
    name: str
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    modifier_groups: tuple[ModifierGroup, ...] = ()
    categories: tuple[CategoryLink, ...] = ()
    forces: tuple[ForceEntry, ...] = ()
    infos: tuple[Info, ...] = ()


@dataclass(frozen=True, slots=True)
class CostType:
    id: str
    name: str
    default_limit: Decimal = Decimal(-1)
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Book:
    """One file: a game system or a catalogue (``kind``)."""

    kind: str  # "gameSystem" | "catalogue"
    id: str
    name: str
    revision: str = ""
    game_system_id: str = ""
    library: bool = False
    cost_types: tuple[CostType, ...] = ()
    categories: tuple[CategoryEntry, ...] = ()
    forces: tuple[ForceEntry, ...] = ()
    entries: tuple[Entry, ...] = ()  # root selection entries
    links: tuple[Entry, ...] = ()  # root entry links
    shared_entries: tuple[Entry, ...] = ()
    shared_groups: tuple[Entry, ...] = ()
    shared_infos: tuple[Info, ...] = ()
    imports: tuple[str, ...] = ()  # catalogue links' targets whose root entries it offers
    infos: tuple[Info, ...] = ()
    modifier_count: int = 0

    @property
    def root(self) -> tuple[Entry, ...]:
        return self.entries + self.links
