"""A roster as the evaluator reads it: forces holding selections, selections holding
selections. What the player chose, nothing computed: names, costs and categories are the
entries' as modified (``effective``), worked out when asked.

A selection knows the way it was chosen (``path``: the links and groups between its
parent's entry and its own entry), because BattleScribe names a selection by that way
(battlescribe-spec, docs/entry-id-construction.md): every link on it, from the outermost
selection down, prefixes its id, "link::target", and a query for an id matches any part
of that name when the query is ``shared``.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from itertools import count

from rules.engine.battlescribe.model import Book, Entry, ForceEntry

_ids = count(1)


def new_id(prefix: str) -> str:
    return f"{prefix}-{next(_ids)}"


class Selection:
    __slots__ = ("uid", "entry", "path", "prefix", "number", "children", "parent", "force",
                 "entry_id", "group_id", "ids", "costs", "custom_name", "links", "nodes")

    def __init__(self, entry: Entry, path: tuple[Entry, ...], parent: Selection | Force,
                 number: int = 1):
        self.uid = new_id("sel")
        self.entry = entry  # the selection entry chosen (links followed)
        self.path = path  # links and groups from the parent's entry to ``entry``
        self.number = number
        self.children: list[Selection] = []
        self.parent = parent
        self.force: Force = parent if isinstance(parent, Force) else parent.force
        outer = parent.prefix if isinstance(parent, Selection) else ()
        self.links = tuple(node for node in path if node.kind == "link")
        # Where its modifiers sit: its entry, then its links innermost first.
        self.nodes = (entry, *reversed(self.links))
        self.prefix = outer + tuple(node.id for node in self.links)
        self.entry_id = "::".join((*self.prefix, entry.id))
        group = next((n for n in reversed(path) if n.kind == "group"), None)
        if group is None:
            self.group_id = ""
        else:
            before = path[: path.index(group)]
            self.group_id = "::".join(
                (*outer, *(n.id for n in before if n.kind == "link"), group.id)
            )
        # Every id this selection answers to: its entry, each link and group on its way.
        self.ids = frozenset((entry.id, *(n.id for n in path)))
        # The costs the last refresh left (``effective.refresh``); none until the first.
        self.costs: dict[str, Decimal] = {}
        self.custom_name = ""

    @property
    def type(self) -> str:
        return self.entry.type

    @property
    def groups(self) -> tuple[Entry, ...]:
        return tuple(node for node in self.path if node.kind == "group")

    def matches(self, wanted: str, shared: bool = True) -> bool:
        """Whether a query for id ``wanted`` counts this selection: by any part of its
        name when ``shared`` (a link, its target, its group), else by its whole name."""
        if shared:
            return wanted in self.ids or wanted in self.entry_id.split("::") \
                or wanted in self.group_id.split("::")
        return wanted in (self.entry_id, self.group_id)

    def descendants(self) -> Iterator[Selection]:
        for child in self.children:
            yield child
            yield from child.descendants()

    def ancestors(self) -> Iterator[Selection]:
        node = self.parent
        while isinstance(node, Selection):
            yield node
            node = node.parent

    def root(self) -> Selection:
        node = self
        while isinstance(node.parent, Selection):
            node = node.parent
        return node


class Force:
    __slots__ = ("uid", "entry", "catalogue", "selections", "forces", "parent", "prefix")

    def __init__(self, entry: ForceEntry, catalogue: Book | None, parent: Force | Roster):
        self.uid = new_id("force")
        self.entry = entry
        self.catalogue = catalogue
        self.selections: list[Selection] = []
        self.forces: list[Force] = []
        self.parent = parent
        self.prefix: tuple[str, ...] = ()

    def all_selections(self, nested: bool = True) -> Iterator[Selection]:
        for selection in self.selections:
            yield selection
            if nested:
                yield from selection.descendants()

    def all_forces(self) -> Iterator[Force]:
        yield self
        for child in self.forces:
            yield from child.all_forces()

    @property
    def roster(self) -> Roster:
        node = self.parent
        while isinstance(node, Force):
            node = node.parent
        return node


class Roster:
    __slots__ = ("forces", "cost_limits", "name")

    def __init__(self, cost_limits: dict[str, Decimal] | None = None, name: str = "New Roster"):
        self.forces: list[Force] = []
        self.cost_limits: dict[str, Decimal] = dict(cost_limits or {})
        self.name = name

    def all_forces(self) -> Iterator[Force]:
        for force in self.forces:
            yield from force.all_forces()

    def all_selections(self) -> Iterator[Selection]:
        for force in self.all_forces():
            yield from force.all_selections()
