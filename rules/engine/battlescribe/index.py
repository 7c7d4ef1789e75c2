"""A game system with its catalogues: every entry, group, link, category, force entry and
shared profile or rule looked up by id, links resolved to their targets.

Ids are meant to be unique across the files of one game; where two files share one, the
catalogue's wins over the game system's (it is the more specific).
"""

from __future__ import annotations

from collections.abc import Iterator

from rules.engine.battlescribe.model import (
    Book,
    CategoryEntry,
    ConditionGroup,
    CostType,
    Entry,
    ForceEntry,
    Info,
    Modifier,
    ModifierGroup,
)

MAX_LINK_HOPS = 16  # a link to a link to ...: data going round in circles stops here


class Index:
    def __init__(self, game_system: Book | None, catalogues: tuple[Book, ...] | list[Book] = ()):
        self.game_system = game_system
        self.catalogues = tuple(catalogues)
        self.books: tuple[Book, ...] = self.catalogues + ((game_system,) if game_system else ())
        self.entries: dict[str, Entry] = {}
        self.categories: dict[str, CategoryEntry] = {}
        self.forces: dict[str, ForceEntry] = {}
        self.infos: dict[str, Info] = {}
        self.links_to: dict[str, set[str]] = {}
        self.cost_types: dict[str, CostType] = {}
        for book in (game_system, *self.catalogues) if game_system else self.catalogues:
            for cost_type in book.cost_types:
                self.cost_types.setdefault(cost_type.id, cost_type)
        for book in self.books:
            self._index_book(book)

    def _index_book(self, book: Book) -> None:
        stack = [*book.root, *book.shared_entries, *book.shared_groups]
        while stack:
            entry = stack.pop()
            self.entries.setdefault(entry.id, entry)
            if entry.kind == "link":
                self.links_to.setdefault(entry.target_id, set()).add(entry.id)
            stack.extend(entry.children)
            self._index_infos(entry.infos)
        for category in book.categories:
            self.categories.setdefault(category.id, category)
        forces = list(book.forces)
        while forces:
            force = forces.pop()
            self.forces.setdefault(force.id, force)
            forces.extend(force.forces)
        self._index_infos(book.shared_infos)
        self._index_infos(book.infos)

    def _index_infos(self, infos) -> None:
        stack = list(infos)
        while stack:
            info = stack.pop()
            if info.id:
                self.infos.setdefault(info.id, info)
            stack.extend(info.children)

    # --- look-ups --------------------------------------------------------------------

    def entry(self, entry_id: str) -> Entry | None:
        return self.entries.get(entry_id)

    def target(self, entry: Entry) -> Entry | None:
        """What a link leads to (following links to links); an entry or group itself."""
        hops = 0
        while entry is not None and entry.kind == "link":
            hops += 1
            if hops > MAX_LINK_HOPS:
                return None
            entry = self.entries.get(entry.target_id)
        return entry

    def category_name(self, category_id: str, fallback: str = "") -> str:
        category = self.categories.get(category_id)
        return category.name if category is not None else fallback

    def book(self, book_id: str) -> Book | None:
        return next((b for b in self.books if b.id == book_id), None)

    def root_entries(self, catalogue: Book | None) -> Iterator[Entry]:
        """What a force of ``catalogue`` offers at its top: the catalogue's root entries
        and links, those of the catalogues it imports, then the game system's."""
        seen: set[str] = set()
        books = [catalogue] if catalogue is not None else []
        while books:
            book = books.pop(0)
            if book.id in seen:
                continue
            seen.add(book.id)
            yield from book.root
            books.extend(b for i in book.imports if (b := self.book(i)) is not None)
        if self.game_system is not None and self.game_system.id not in seen:
            yield from self.game_system.root

    def cost_type_name(self, type_id: str) -> str:
        cost_type = self.cost_types.get(type_id)
        return cost_type.name if cost_type is not None else type_id


def modifiers_of(holder, outer: tuple = ()) -> Iterator[tuple[Modifier, tuple]]:
    """(modifier, the condition groups of the modifier groups around it) of one holder:
    an entry, group, link, category, force entry, profile or rule."""
    yield from ((m, outer) for m in holder.modifiers)
    for group in holder.modifier_groups:
        yield from _group_modifiers(group, outer)


def _group_modifiers(group: ModifierGroup, outer: tuple) -> Iterator[tuple[Modifier, tuple]]:
    here = (*outer, ConditionGroup("and", group.conditions, group.condition_groups))
    yield from ((m, here) for m in group.modifiers)
    for inner in group.groups:
        yield from _group_modifiers(inner, here)


def holders(book: Book) -> Iterator:
    """Everything in a book that may hold modifiers."""
    stack: list = [*book.root, *book.shared_entries, *book.shared_groups, *book.categories,
                   *book.forces, *book.shared_infos, *book.infos]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, Entry):
            stack.extend((*node.children, *node.categories, *node.infos))
        elif isinstance(node, ForceEntry):
            stack.extend((*node.categories, *node.forces, *node.infos))
        elif isinstance(node, Info | CategoryEntry):
            stack.extend(node.children if isinstance(node, Info) else node.infos)
