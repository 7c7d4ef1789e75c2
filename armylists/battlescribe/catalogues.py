"""Reading a BattleScribe catalogue (``.cat``; ``.catz`` zipped) or game system
(``.gst``; ``.gstz``) into plain data, hardened like roster import (``xml_hardened``).
What a game makes of it is that game's own module (its package under
``armylists/games/``, through its presenter's ``catalogue_importer``); nothing here names a game.

The schema (``http://www.battlescribe.net/schema/catalogueSchema`` and
``gameSystemSchema``) as far as we read it: the root's ``id``, ``name``, ``revision``,
``gameSystemId``; ``costTypes/costType`` (``id``, ``name``); ``categoryEntries`` and
``profileTypes`` (id -> name); ``selectionEntries``, ``sharedSelectionEntries`` and
``sharedSelectionEntryGroups``; in an entry (``id``, ``name``, ``type``, ``hidden``):
``costs/cost`` (``name``, ``typeId``, ``value``), ``profiles/profile`` (``name``,
``typeName``) with ``characteristics/characteristic`` (``name``, text),
``categoryLinks/categoryLink`` (``name``, ``targetId``, ``primary``),
``constraints/constraint`` (``type`` min | max, ``value``, ``scope``, ``field``),
nested ``selectionEntries``, ``selectionEntryGroups`` (``defaultSelectionEntryId``)
and ``entryLinks/entryLink`` (``targetId``, ``type``). ``modifiers`` (with their
``conditions`` and ``conditionGroups``) are kept as they are written; the evaluator
reads the whole file (``Book.data``, ``data``). Everything else is skipped.

The module stays whole past 400 lines: it is the one reading of that schema, element by
element in the order above; the hardened XML parsing itself is ``xml_hardened``.

Links are not resolved here (a link may point into the game system file): ``Library``
finds their targets, and the game's mapping follows them with a guard against cycles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from armylists.battlescribe.data import evaluator_book
from armylists.battlescribe.xml_hardened import Bounds, local, read_bounded
from rules.engine.battlescribe.build import DataError

# A real codex (BSData's 7th-edition Space Marines) is 2.5 MB of XML and about 33,000
# elements; these bounds admit four times that and refuse a flood.
MAX_XML_BYTES = 12_000_000
MAX_ELEMENTS = 400_000
MAX_DEPTH = 64
MAX_COST = 1e6
BOUNDS = Bounds(
    what="catalogue", zip_name=".catz or .gstz", suffixes=(".cat", ".gst"),
    roots=("catalogue", "gameSystem"), xml_bytes=MAX_XML_BYTES, elements=MAX_ELEMENTS,
    depth=MAX_DEPTH,
)


class CatalogueError(ValueError):
    """The file is not a catalogue we can read; ``message`` says why, ``code`` for clients."""

    def __init__(self, message: str, code: str = "invalid_catalogue"):
        self.message = message
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Constraint:
    type: str  # "min" | "max"
    value: float
    scope: str = "parent"
    field: str = "selections"


@dataclass(frozen=True)
class Profile:
    name: str
    type_name: str
    characteristics: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CategoryLink:
    name: str
    target_id: str
    primary: bool = False


@dataclass(frozen=True)
class Modifier:
    """A modifier as written: where it is, what it would change, and its conditions
    (each a short description), none of it evaluated."""

    where: str
    type: str
    field: str
    value: str
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Link:
    id: str
    name: str
    target_id: str
    type: str  # "selectionEntry" | "selectionEntryGroup"
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    categories: tuple[CategoryLink, ...] = ()
    costs: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Group:
    id: str
    name: str
    default_id: str = ""
    hidden: bool = False
    constraints: tuple[Constraint, ...] = ()
    entries: tuple[Entry, ...] = ()
    groups: tuple[Group, ...] = ()
    links: tuple[Link, ...] = ()


@dataclass(frozen=True)
class Entry:
    id: str
    name: str
    type: str = "upgrade"  # unit | model | upgrade
    hidden: bool = False
    # cost name (folded) or "#<typeId>" -> value
    costs: dict[str, float] = field(default_factory=dict)
    profiles: tuple[Profile, ...] = ()
    profile_links: tuple[str, ...] = ()  # ids of shared profiles (infoLinks of type profile)
    categories: tuple[CategoryLink, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    entries: tuple[Entry, ...] = ()
    groups: tuple[Group, ...] = ()
    links: tuple[Link, ...] = ()

    def cost(self, names: tuple[str, ...], type_ids: tuple[str, ...] = ()) -> float:
        """Its own cost in the first of ``names`` (any case) or cost type ids it has."""
        for type_id in type_ids:
            if f"#{type_id}" in self.costs:
                return self.costs[f"#{type_id}"]
        for name in names:
            if name.casefold() in self.costs:
                return self.costs[name.casefold()]
        return 0.0


@dataclass(frozen=True)
class Book:
    """One file: a catalogue or a game system."""

    kind: str  # "catalogue" | "gameSystem"
    id: str
    name: str
    revision: str = ""
    game_system_id: str = ""
    cost_types: dict[str, str] = field(default_factory=dict)  # id -> name
    category_names: dict[str, str] = field(default_factory=dict)  # id -> name
    entries: tuple[Entry, ...] = ()  # the root's selectionEntries
    links: tuple[Link, ...] = ()  # the root's entryLinks
    shared_entries: tuple[Entry, ...] = ()
    shared_groups: tuple[Group, ...] = ()
    shared_profiles: dict[str, Profile] = field(default_factory=dict)
    modifiers: tuple[Modifier, ...] = ()
    elements: int = 0
    data: object = None  # the evaluator's model of the whole file (rules.engine.battlescribe)


@dataclass
class Library:
    """A catalogue with its game system: where links and category ids are looked up."""

    books: list[Book]
    _entries: dict[str, Entry] = field(default_factory=dict)
    _groups: dict[str, Group] = field(default_factory=dict)

    def __post_init__(self):
        # Later books first, so the catalogue's own entries win over the game system's.
        for book in reversed(self.books):
            stack = [*book.entries, *book.shared_entries]
            groups = list(book.shared_groups)
            while stack or groups:
                if groups:
                    group = groups.pop()
                    self._groups[group.id] = group
                    stack.extend(group.entries)
                    groups.extend(group.groups)
                    continue
                entry = stack.pop()
                self._entries.setdefault(entry.id, entry)
                stack.extend(entry.entries)
                groups.extend(entry.groups)

    def entry(self, entry_id: str) -> Entry | None:
        return self._entries.get(entry_id)

    def group(self, group_id: str) -> Group | None:
        return self._groups.get(group_id)

    def profiles_of(self, entry: Entry) -> list[Profile]:
        """Its own profiles and the shared ones it links to."""
        found = list(entry.profiles)
        for profile_id in entry.profile_links:
            for book in self.books:
                if profile_id in book.shared_profiles:
                    found.append(book.shared_profiles[profile_id])
                    break
        return found

    def category_name(self, link: CategoryLink) -> str:
        for book in self.books:
            if link.target_id in book.category_names:
                return book.category_names[link.target_id]
        return link.name

    def cost_type_ids(self, names: tuple[str, ...]) -> tuple[str, ...]:
        folded = {n.casefold() for n in names}
        return tuple(
            type_id for book in self.books for type_id, name in book.cost_types.items()
            if name.casefold() in folded
        )

    @property
    def modifiers(self) -> list[Modifier]:
        return [m for book in self.books for m in book.modifiers]


# --- the tree ----------------------------------------------------------------------------


def _kids(element, wrapper: str, name: str) -> list:
    out = []
    for child in element:
        if local(child.tag) == wrapper:
            out.extend(c for c in child if local(c.tag) == name)
    return out


def _text(element, attribute: str, limit: int = 200) -> str:
    return (element.get(attribute) or "").strip()[:limit]


def _flag(element, attribute: str) -> bool:
    return (element.get(attribute) or "").strip().lower() == "true"


def _float(raw: str | None, where: str) -> float:
    try:
        value = float((raw or "0").strip())
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or abs(value) > MAX_COST:
        raise CatalogueError(f"{where}: '{(raw or '')[:20]}' is not a number")
    return value


class _Reader:
    """Turns the parsed tree into ``Book`` data, collecting the modifiers on the way."""

    def __init__(self):
        self.modifiers: list[Modifier] = []

    def costs(self, element, where: str) -> dict[str, float]:
        costs: dict[str, float] = {}
        for cost in _kids(element, "costs", "cost"):
            value = _float(cost.get("value"), f"{where}: cost")
            if _text(cost, "name"):
                costs[_text(cost, "name").casefold()] = value
            if _text(cost, "typeId"):
                costs["#" + _text(cost, "typeId")] = value
        return costs

    def constraints(self, element, where: str) -> tuple[Constraint, ...]:
        return tuple(
            Constraint(
                type=_text(c, "type", 20), value=_float(c.get("value"), f"{where}: constraint"),
                scope=_text(c, "scope", 100) or "parent", field=_text(c, "field", 100),
            )
            for c in _kids(element, "constraints", "constraint")
            if _text(c, "type", 20) in ("min", "max")
        )

    def categories(self, element) -> tuple[CategoryLink, ...]:
        return tuple(
            CategoryLink(_text(c, "name"), _text(c, "targetId"), _flag(c, "primary"))
            for c in _kids(element, "categoryLinks", "categoryLink")
        )

    def profiles(self, element, wrapper: str = "profiles") -> tuple[Profile, ...]:
        return tuple(
            Profile(
                name=_text(p, "name"),
                type_name=_text(p, "typeName", 100),
                characteristics=tuple(
                    (_text(c, "name", 50), (c.text or "").strip()[:100])
                    for c in _kids(p, "characteristics", "characteristic")
                ),
            )
            for p in _kids(element, wrapper, "profile")
        )

    def note_modifiers(self, element, where: str) -> None:
        for m in _kids(element, "modifiers", "modifier"):
            conditions = [
                f"{_text(c, 'type', 40)} {_text(c, 'value', 20)} of {_text(c, 'childId', 60)} "
                f"in {_text(c, 'scope', 60)}".strip()
                for c in m.iter() if local(c.tag) == "condition"
            ]
            self.modifiers.append(
                Modifier(where[:300], _text(m, "type", 40), _text(m, "field", 100),
                         _text(m, "value", 100), tuple(conditions[:50]))
            )

    def link(self, element, where: str) -> Link:
        name = _text(element, "name")
        where = f"{where} > {name or 'link ' + _text(element, 'targetId')}"
        self.note_modifiers(element, where)
        return Link(
            id=_text(element, "id"), name=name, target_id=_text(element, "targetId"),
            type=_text(element, "type", 40), hidden=_flag(element, "hidden"),
            constraints=self.constraints(element, where), categories=self.categories(element),
            costs=self.costs(element, where),
        )

    def group(self, element, where: str) -> Group:
        where = f"{where} > {_text(element, 'name')}"
        self.note_modifiers(element, where)
        return Group(
            id=_text(element, "id"), name=_text(element, "name"),
            default_id=_text(element, "defaultSelectionEntryId"), hidden=_flag(element, "hidden"),
            constraints=self.constraints(element, where),
            entries=tuple(self.entry(e, where) for e in _kids(element, "selectionEntries",
                                                              "selectionEntry")),
            groups=tuple(self.group(g, where) for g in _kids(element, "selectionEntryGroups",
                                                             "selectionEntryGroup")),
            links=tuple(self.link(k, where) for k in _kids(element, "entryLinks", "entryLink")),
        )

    def entry(self, element, where: str = "") -> Entry:
        name = _text(element, "name") or "?"
        where = f"{where} > {name}" if where else name
        self.note_modifiers(element, where)
        return Entry(
            id=_text(element, "id"), name=name, type=_text(element, "type", 20).casefold(),
            hidden=_flag(element, "hidden"), costs=self.costs(element, where),
            profiles=self.profiles(element),
            profile_links=tuple(
                _text(k, "targetId") for k in _kids(element, "infoLinks", "infoLink")
                if _text(k, "type", 20) == "profile"
            ),
            categories=self.categories(element),
            constraints=self.constraints(element, where),
            entries=tuple(self.entry(e, where) for e in _kids(element, "selectionEntries",
                                                              "selectionEntry")),
            groups=tuple(self.group(g, where) for g in _kids(element, "selectionEntryGroups",
                                                             "selectionEntryGroup")),
            links=tuple(self.link(k, where) for k in _kids(element, "entryLinks", "entryLink")),
        )


def read_book(raw: bytes) -> Book:
    """The catalogue or game system of a ``.cat``/``.gst`` file or its zip (told apart by
    content); CatalogueError if it is not one or breaks a bound."""
    root = read_bounded(raw, BOUNDS, CatalogueError)
    try:
        data = evaluator_book(root, "gst:" if local(root.tag) == "gameSystem" else "cat:")
    except DataError as exc:
        raise CatalogueError(str(exc)) from None
    reader = _Reader()
    # Recursion below is bounded by MAX_DEPTH, checked while parsing.
    return Book(
        kind=local(root.tag),
        id=_text(root, "id"),
        name=_text(root, "name") or "?",
        revision=_text(root, "revision", 20),
        game_system_id=_text(root, "gameSystemId"),
        cost_types={_text(c, "id"): _text(c, "name") for c in _kids(root, "costTypes", "costType")},
        category_names={
            _text(c, "id"): _text(c, "name")
            for c in _kids(root, "categoryEntries", "categoryEntry")
        },
        entries=tuple(reader.entry(e) for e in _kids(root, "selectionEntries", "selectionEntry")),
        links=tuple(reader.link(k, "") for k in _kids(root, "entryLinks", "entryLink")),
        shared_entries=tuple(
            reader.entry(e) for e in _kids(root, "sharedSelectionEntries", "selectionEntry")
        ),
        shared_groups=tuple(
            reader.group(g, "") for g in _kids(root, "sharedSelectionEntryGroups",
                                               "selectionEntryGroup")
        ),
        shared_profiles={
            _text(p, "id"): profile
            for p, profile in zip(_kids(root, "sharedProfiles", "profile"),
                                  reader.profiles(root, "sharedProfiles"), strict=True)
        },
        modifiers=tuple(reader.modifiers),
        elements=sum(1 for _ in root.iter()),
        data=data,
    )


def read_library(catalogue: bytes, game_system: bytes | None = None) -> Library:
    """A catalogue (or a game system alone) with its game system, checked to belong
    together; CatalogueError names the file at fault."""
    book = read_book(catalogue)
    books = [book]
    if game_system is not None:
        try:
            system = read_book(game_system)
        except CatalogueError as exc:
            raise CatalogueError(f"game system: {exc.message}", exc.code) from None
        if system.kind != "gameSystem":
            raise CatalogueError("game system: this file is a catalogue, not a game system "
                                 "(.gst)", "not_a_game_system")
        if book.kind == "catalogue" and book.game_system_id and book.game_system_id != system.id:
            raise CatalogueError(
                f"the catalogue '{book.name[:80]}' is for another game system "
                f"({book.game_system_id[:60]}) than '{system.name[:80]}' ({system.id[:60]})",
                "wrong_game_system",
            )
        books.append(system)
    return Library(books)
