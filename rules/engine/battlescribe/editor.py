"""Building a roster: forces added, entries selected (what an entry needs at least is
selected with it), counts set, selections removed; costs refreshed after each step.

What an entry offers below it (``offers``): its entries, its links' targets and, opened,
its groups and linked groups, each with the way there (``path``). Selecting one selects
with it what it must have: every child with a ``min`` in scope ``parent`` (that many, as
one selection of that number), and a group's default entry when the group has a ``min``
(an only entry counts as the default).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from rules.engine.battlescribe.effective import Evaluator
from rules.engine.battlescribe.index import Index
from rules.engine.battlescribe.model import Book, Constraint, Entry
from rules.engine.battlescribe.roster import Force, Roster, Selection

MAX_DEPTH = 24  # entries nested in entries, links followed
MAX_AUTO = 1000  # models a min may ask for at once
MAX_MADE = 10_000  # selections one selection may bring with it (mins within mins)


class EditError(ValueError):
    """An edit that cannot be made: an unknown id, a force or selection not in the roster."""


def offers(index: Index, entry: Entry, path: tuple[Entry, ...] = (), depth: int = 0
           ) -> Iterator[tuple[tuple[Entry, ...], Entry]]:
    """(way, entry) of everything ``entry`` (or a group) offers below it."""
    if depth > MAX_DEPTH:
        return
    for child in entry.children:
        yield from _offer(index, child, path, depth)


def _offer(index: Index, node: Entry, path: tuple[Entry, ...], depth: int):
    if node.kind == "entry":
        yield (*path, node), node
        return
    target = index.target(node) if node.kind == "link" else node
    if target is None:
        return
    if target.kind == "group":
        way = (*path, node) if node is target else (*path, node, target)
        yield from offers(index, target, way, depth + 1)
    else:
        yield (*path, node), target


def root_offers(index: Index, catalogue: Book | None):
    for node in index.root_entries(catalogue):
        yield from _offer(index, node, (), 0)


def minimum(constraints: tuple[Constraint, ...]) -> int:
    """The most a ``min`` in scope parent asks for (0 if none)."""
    found = [c.value for c in constraints
             if c.type == "min" and c.query.scope == "parent" and c.query.field == "selections"]
    return int(min(max(found), Decimal(MAX_AUTO))) if found else 0


def root_minimum(constraints: tuple[Constraint, ...]) -> int:
    """How many of a force's top entry a new force holds: its ``min`` in scope parent or
    force (0 if none)."""
    found = [c.value for c in constraints if c.type == "min" and c.query.field == "selections"
             and c.query.scope in ("parent", "force")]
    return int(min(max(found), Decimal(MAX_AUTO))) if found else 0


def find(candidates, wanted: str) -> tuple[tuple[Entry, ...], Entry] | None:
    """The offer ``wanted`` names: by a link or group on its way, by its entry's id, or
    by the last part of a "link::target" name."""
    wanted = wanted.split("::")[-1] if "::" in wanted else wanted
    candidates = list(candidates)
    for path, entry in candidates:
        if any(node.id == wanted for node in path if node.kind == "link"):
            return path, entry
    for path, entry in candidates:
        if entry.id == wanted:
            return path, entry
    return None


class Editor:
    def __init__(self, index: Index, roster: Roster | None = None):
        self.index = index
        if roster is None:
            system = index.game_system
            limits = {c.id: c.default_limit for c in system.cost_types} if system else {}
            roster = Roster(limits)
        self.roster = roster
        self.evaluator = Evaluator(index, roster)
        self.made = 0

    def refresh(self) -> None:
        self.evaluator.refresh()

    # --- forces -------------------------------------------------------------------------

    def add_force(self, force_entry_id: str, catalogue_id: str | None = None,
                  parent: Force | None = None) -> Force:
        entry = self.index.forces.get(force_entry_id)
        if entry is None:
            raise EditError(f"no force entry with id '{force_entry_id[:80]}'")
        catalogue = self.index.book(catalogue_id) if catalogue_id else (
            self.index.catalogues[0] if self.index.catalogues else None)
        force = Force(entry, catalogue, parent if parent is not None else self.roster)
        (parent.forces if parent is not None else self.roster.forces).append(force)
        # What the force must hold at least is selected with it, each unit on its own.
        for path, offered in root_offers(self.index, catalogue):
            nodes = (offered, *(n for n in path if n.kind == "link"))
            for _ in range(root_minimum(tuple(c for n in nodes for c in n.constraints))):
                force.selections.append(self._create(offered, path, force, 1))
        self.refresh()
        return force

    def remove_force(self, force: Force) -> None:
        holder = force.parent.forces
        if force not in holder:
            raise EditError("that force is not in the roster")
        holder.remove(force)
        self.refresh()

    # --- selections ---------------------------------------------------------------------

    def select(self, force: Force, entry_id: str) -> Selection:
        found = find(root_offers(self.index, force.catalogue), entry_id)
        if found is None:
            raise EditError(f"no entry with id '{entry_id[:80]}' at the top of this force")
        selection = self._create(found[1], found[0], force, 1)
        force.selections.append(selection)
        self.refresh()
        return selection

    def _needed(self, way: tuple[Entry, ...], child: Entry, chosen_groups: set[str]) -> int:
        """How many of an offer a new selection holds: its ``min``, or its group's when it
        is the group's default (once per group)."""
        count = minimum(tuple(c for n in (*way, child) if n.kind != "group"
                              for c in n.constraints))
        groups = [n for n in way if n.kind == "group"]
        if count >= 1 or not groups or groups[-1].id in chosen_groups:
            return count
        group = groups[-1]
        group_min = minimum(group.constraints + _group_link_constraints(way, group))
        if group_min >= 1 and _is_default(group, way, child, self.index):
            chosen_groups.add(group.id)
            return group_min
        return count

    def place(self, force: Force, path: tuple[Entry, ...], entry: Entry) -> Selection:
        """Select an offer found by the caller (``root_offers``) at the top of ``force``."""
        selection = self._create(entry, path, force, 1)
        force.selections.append(selection)
        self.refresh()
        return selection

    def attach(self, parent: Selection, path: tuple[Entry, ...], entry: Entry) -> Selection:
        """Select an offer found by the caller (``offers``) below ``parent``."""
        selection = self._create(entry, path, parent, 1)
        parent.children.append(selection)
        self.refresh()
        return selection

    def select_child(self, parent: Selection, entry_id: str) -> Selection:
        found = find(offers(self.index, parent.entry), entry_id)
        if found is None:
            raise EditError(f"no entry with id '{entry_id[:80]}' under '{parent.entry.name}'")
        path, entry = found
        same = next((c for c in parent.children if c.entry is entry
                     and tuple(n.id for n in c.path) == tuple(n.id for n in path)), None)
        if same is not None and self.counted(entry):
            same.number += 1
            self.refresh()
            return same
        selection = self._create(entry, path, parent, 1)
        parent.children.append(selection)
        self.refresh()
        return selection

    def _create(self, entry: Entry, path: tuple[Entry, ...], parent, number: int,
                depth: int = 0) -> Selection:
        if depth == 0:
            self.made = 0
        self.made += 1
        selection = Selection(entry, path, parent, number)
        if depth > MAX_DEPTH or self.made > MAX_MADE:
            return selection
        chosen_groups: set[str] = set()
        for way, child in offers(self.index, entry):
            count = self._needed(way, child, chosen_groups)
            if count < 1:
                continue
            if child.collective:  # a collective entry is bought for every model above it
                selection.children.append(
                    self._create(child, way, selection, count * number, depth + 1))
            elif self.counted(child):
                selection.children.append(self._create(child, way, selection, count, depth + 1))
            else:  # a model with its own wargear: each one a selection of its own
                for _ in range(count):
                    if self.made >= MAX_MADE:
                        break
                    selection.children.append(self._create(child, way, selection, 1, depth + 1))
        return selection

    def counted(self, entry: Entry) -> bool:
        """Whether choosing ``entry`` again raises its number rather than adding another
        selection: an upgrade or model with nothing of its own below it (BattleScribe
        keeps a unit, or anything holding non-collective entries, as separate copies)."""
        if entry.type == "unit":
            return False
        return all(child.collective for _way, child in offers(self.index, entry))

    def deselect(self, selection: Selection, refresh: bool = True) -> None:
        """Remove a selection; ``refresh=False`` leaves the costs to the next edit (a
        caller trying options one after another)."""
        holder = (selection.parent.children if isinstance(selection.parent, Selection)
                  else selection.parent.selections)
        if selection not in holder:
            raise EditError("that selection is not in the roster")
        holder.remove(selection)
        self.evaluator.reset()
        if refresh:
            self.refresh()

    def set_count(self, selection: Selection, number: int) -> None:
        if not 0 <= number <= MAX_AUTO:
            raise EditError(f"a count of {number} is not between 0 and {MAX_AUTO}")
        if number == 0:
            self.deselect(selection)
            return
        selection.number = number
        self.refresh()

    def duplicate(self, selection: Selection) -> Selection:
        copy = self._copy(selection, selection.parent)
        holder = (selection.parent.children if isinstance(selection.parent, Selection)
                  else selection.parent.selections)
        holder.append(copy)
        self.refresh()
        return copy

    def _copy(self, selection: Selection, parent) -> Selection:
        copy = Selection(selection.entry, selection.path, parent, selection.number)
        copy.children = [self._copy(c, copy) for c in selection.children]
        return copy

    def set_cost_limit(self, type_id: str, value: Decimal) -> None:
        self.roster.cost_limits[type_id] = value
        self.refresh()


def _group_link_constraints(way: tuple[Entry, ...], group: Entry) -> tuple[Constraint, ...]:
    at = way.index(group)
    before = way[at - 1] if at > 0 else None
    return before.constraints if before is not None and before.kind == "link" else ()


def _is_default(group: Entry, way: tuple[Entry, ...], entry: Entry, index: Index) -> bool:
    if group.default_id:
        ids = {entry.id, *(n.id for n in way[way.index(group) + 1:])}
        return group.default_id in ids
    return sum(1 for _ in offers(index, group)) == 1
