"""Reading a BattleScribe / New Recruit roster (``.ros``, XML; ``.rosz``, the same zipped)
into plain data, hardened: what the games make of it is the game's own module
(``armylists/games/<game>/battlescribe.py``), and ``armylists.imports.rosters`` ties the two.

The roster schema (``http://www.battlescribe.net/schema/rosterSchema``) as far as we read
it: ``roster`` (``gameSystemName``, ``name``) > ``forces/force`` (``catalogueName``,
nested ``forces``) > ``selections/selection`` (``name``, ``customName``, ``number``,
``type`` unit | model | upgrade, ``entryId``) with ``costs/cost`` (``name``, ``value``),
``categories/category`` (``name``, ``primary``) and nested ``selections``. Everything
else (profiles, rules, cost limits) is skipped.

Untrusted input, so every step is bounded (``xml_hardened``, shared with the catalogue
reader) and every refusal is a ``RosterError``: DTDs and entities forbidden; a ``.rosz``
has at most ``MAX_ZIP_MEMBERS`` members and one ``.ros``, unpacked in chunks within
``MAX_XML_BYTES``; at most ``MAX_ELEMENTS`` elements, ``MAX_DEPTH`` deep.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from armylists.battlescribe.xml_hardened import ZIP_MAGIC, Bounds, read_bounded
from armylists.battlescribe.xml_hardened import local as _local

MAX_XML_BYTES = 4_000_000  # a large real roster is a few hundred kB
MAX_ZIP_MEMBERS = 4
MAX_ELEMENTS = 100_000
MAX_DEPTH = 64
MAX_NUMBER = 1000  # the document's largest count
NAMESPACE = "http://www.battlescribe.net/schema/rosterSchema"


BOUNDS = Bounds(
    what="roster", zip_name=".rosz", suffixes=(".ros",), roots=("roster",),
    xml_bytes=MAX_XML_BYTES, elements=MAX_ELEMENTS, depth=MAX_DEPTH, zip_members=MAX_ZIP_MEMBERS,
)


class RosterError(ValueError):
    """The file is not a roster we can read; ``message`` says why, ``code`` for clients."""

    def __init__(self, message: str, code: str = "invalid_roster"):
        self.message = message
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Category:
    name: str
    primary: bool = False


@dataclass(frozen=True)
class Selection:
    name: str
    type: str = ""
    number: int = 1
    custom_name: str | None = None
    entry_id: str = ""
    costs: dict[str, float] = field(default_factory=dict)
    categories: tuple[Category, ...] = ()
    selections: tuple[Selection, ...] = ()

    @property
    def label(self) -> str:
        """How the roster shows it: its custom name beside the entry's name."""
        if self.custom_name and self.custom_name != self.name:
            return f"{self.custom_name} ({self.name})"
        return self.name

    def cost(self, names: tuple[str, ...]) -> float:
        """Its own cost in the first of ``names`` it has (case-insensitive), else 0."""
        folded = {k.casefold(): v for k, v in self.costs.items()}
        for name in names:
            if name.casefold() in folded:
                return folded[name.casefold()]
        return 0.0

    def total_cost(self, names: tuple[str, ...]) -> float:
        """Its cost with everything selected under it (BattleScribe keeps each selection's
        own cost on it)."""
        total, stack = 0.0, [self]
        while stack:
            node = stack.pop()
            total += node.cost(names)
            stack.extend(node.selections)
        return total


@dataclass(frozen=True)
class Force:
    name: str
    catalogue_name: str = ""
    selections: tuple[Selection, ...] = ()
    forces: tuple[Force, ...] = ()


@dataclass(frozen=True)
class Roster:
    name: str
    game_system_name: str = ""
    forces: tuple[Force, ...] = ()

    def all_forces(self) -> list[Force]:
        """Every force, nested ones after their parent."""
        out, stack = [], list(reversed(self.forces))
        while stack:
            force = stack.pop()
            out.append(force)
            stack.extend(reversed(force.forces))
        return out

    def catalogue_names(self) -> list[str]:
        return [f.catalogue_name for f in self.all_forces() if f.catalogue_name]


# --- the bytes ---------------------------------------------------------------------------


def looks_like_roster(raw: bytes) -> bool:
    """Whether a body is a zip or XML rather than JSON: by content, not declared type."""
    if raw.startswith(ZIP_MAGIC):
        return True
    head = raw[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"<")


def _read_root(raw: bytes):
    """The roster's root element, read within the bounds (``xml_hardened``)."""
    return read_bounded(raw, BOUNDS, RosterError)


# --- the tree ----------------------------------------------------------------------------


_WRAPPERS = {"category": "categories"}


def _children(element, name: str) -> list:
    """The ``<name>`` children of the ``<names>`` wrapper child (``forces/force``,
    ``categories/category``)."""
    out, wrapped = [], _WRAPPERS.get(name, name + "s")
    for wrapper in element:
        if _local(wrapper.tag) == wrapped:
            out.extend(c for c in wrapper if _local(c.tag) == name)
    return out


def _text(element, attribute: str, limit: int = 500) -> str:
    return (element.get(attribute) or "").strip()[:limit]


def _number(element, where: str) -> int:
    raw = element.get("number")
    if raw is None:
        return 1
    try:
        value = int(raw.strip())
    except ValueError:
        raise RosterError(f"{where}: number '{raw[:20]}' is not a whole number") from None
    if not 0 <= value <= MAX_NUMBER:
        raise RosterError(f"{where}: number {value} is not between 0 and {MAX_NUMBER}")
    return value


def _costs(element, where: str) -> dict[str, float]:
    costs: dict[str, float] = {}
    for cost in _children(element, "cost"):
        raw = cost.get("value", "0")
        try:
            value = float(raw)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or not 0 <= value <= 1e9:
            raise RosterError(f"{where}: cost '{raw[:20]}' is not a number of points")
        name = _text(cost, "name", 50)
        costs[name] = costs.get(name, 0.0) + value
    return costs


def _selection(element, where: str) -> Selection:
    name = _text(element, "name") or "?"
    where = f"{where} '{name[:60]}'"
    return Selection(
        name=name,
        type=_text(element, "type", 20).casefold(),
        number=_number(element, where),
        custom_name=_text(element, "customName") or None,
        entry_id=_text(element, "entryId", 200),
        costs=_costs(element, where),
        categories=tuple(
            Category(_text(c, "name"), (c.get("primary") or "").strip().lower() == "true")
            for c in _children(element, "category")
        ),
        selections=tuple(_selection(s, "selection") for s in _children(element, "selection")),
    )


def _force(element) -> Force:
    return Force(
        name=_text(element, "name"),
        catalogue_name=_text(element, "catalogueName"),
        selections=tuple(_selection(s, "selection") for s in _children(element, "selection")),
        forces=tuple(_force(f) for f in _children(element, "force")),
    )


def read_roster(raw: bytes) -> Roster:
    """The roster of a ``.ros`` or ``.rosz`` file (told apart by content); RosterError
    if it is not one or breaks a bound."""
    root = _read_root(raw)
    # Recursion below is bounded by MAX_DEPTH, checked while parsing.
    return Roster(
        name=_text(root, "name", 200),
        game_system_name=_text(root, "gameSystemName", 200),
        forces=tuple(_force(f) for f in _children(root, "force")),
    )


# --- what a game makes of it -------------------------------------------------------------


@dataclass
class Mapped:
    """A roster mapped to one game: the list document (decoded JSON data, checked by the
    document service afterwards) and the report, one row per selection: ``selection``
    (its name in the roster), ``became`` (what it is in the list), ``matched`` (found in
    our data), ``kind`` and ``entry_id``, plus what the game adds (e.g. a default base)."""

    document: dict
    report: list[dict] = field(default_factory=list)
    default_bases: bool = False  # a base size was guessed from the unit type
