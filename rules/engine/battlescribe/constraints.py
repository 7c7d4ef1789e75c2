"""What a roster breaks: constraints (min and max of selections or of a cost, in a scope),
hidden entries that are selected, cost limits, and the constraints of force entries and
of the categories a force entry links to. Each breach is data (``Breach``), in the shape
of the spec protocol's validation errors: on what (``owner_type``, ``owner_entry_id``),
from which entry's constraint (``entry_id``, ``constraint_id``; "hidden" for a hidden
entry, "costLimits"/cost type for a limit).

Constraint values are the modified ones. A ``shared`` constraint of an entry counts that
entry however it was chosen (through any link); an unshared one counts the link it sits
on. ``percentValue`` makes the value a percentage of everything in scope.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from rules.engine.battlescribe.editor import offers, root_offers
from rules.engine.battlescribe.effective import Evaluator
from rules.engine.battlescribe.model import ZERO, Constraint, Entry
from rules.engine.battlescribe.roster import Force, Selection
from rules.engine.battlescribe.scopes import force_selections, roster_selections

EPSILON = Decimal("0.001")


@dataclass(frozen=True)
class Breach:
    owner_type: str  # roster | force | category | selection
    owner_entry_id: str
    entry_id: str
    constraint_id: str
    message: str
    owner_id: str = ""


def _breaks(kind: str, value: Decimal, found: Decimal) -> bool:
    if kind == "min":
        return found < value - EPSILON
    if kind == "max":
        return value >= 0 and found > value + EPSILON
    if kind == "exactly":
        return abs(found - value) > EPSILON
    return False


def _message(kind: str, name: str, value: Decimal, found: Decimal, what: str) -> str:
    value_text = f"{value.normalize():f}"
    if kind == "min":
        return f"{what} must have at least {value_text} {name} (has {found.normalize():f})"
    if kind == "max":
        return f"{what} may have at most {value_text} {name} (has {found.normalize():f})"
    return f"{what} must have exactly {value_text} {name} (has {found.normalize():f})"


class Checker:
    def __init__(self, evaluator: Evaluator):
        self.ev = evaluator
        self.index = evaluator.index
        self.roster = evaluator.roster
        self.breaches: list[Breach] = []
        self.seen: set[tuple] = set()

    def run(self) -> list[Breach]:
        self._cost_limits()
        for force in self.roster.all_forces():
            self._force_entry(force)
            self._root(force)
            for selection in force.selections:
                self._children(selection, force)
            self._categories(force)
        return self.breaches

    def add(self, *args, **kwargs) -> None:
        breach = Breach(*args, **kwargs)
        key = (breach.owner_type, breach.owner_entry_id, breach.entry_id, breach.constraint_id,
               breach.owner_id)
        if key not in self.seen:
            self.seen.add(key)
            self.breaches.append(breach)

    # --- the roster ---------------------------------------------------------------------

    def _cost_limits(self) -> None:
        totals: dict[str, Decimal] = {}
        for selection in self.roster.all_selections():
            for type_id, value in selection.costs.items():
                totals[type_id] = totals.get(type_id, ZERO) + value
        for type_id, limit in self.roster.cost_limits.items():
            found = totals.get(type_id, ZERO)
            if limit >= 0 and found > limit + EPSILON:
                name = self.index.cost_type_name(type_id)
                self.add("roster", "", "costLimits", type_id,
                         f"Roster is over the {name} limit by {(found - limit).normalize():f}")

    def _force_entry(self, force: Force) -> None:
        same = sum(1 for f in self.roster.all_forces() if f.entry.id == force.entry.id)
        for c in force.entry.constraints:
            if c.query.field != "forces":
                continue
            found = Decimal(same if c.query.scope == "roster" else 1)
            if _breaks(c.type, c.value, found):
                self.add("roster", "", force.entry.id, c.id,
                         _message(c.type, f"{force.entry.name} forces", c.value, found,
                                  "The roster"), owner_id=force.uid)

    # --- a force's top ------------------------------------------------------------------

    def _root(self, force: Force) -> None:
        force_categories = {c.target_id for c in force.entry.categories}
        ctx = self.ev.ctx(None, force)
        for path, entry in root_offers(self.index, force.catalogue):
            nodes = tuple(n for n in (entry, *reversed(path)) if n.kind != "group")
            linked = [c.target_id for n in nodes for c in n.categories]
            if linked and not force_categories & set(linked):
                continue  # in none of the force's categories: BattleScribe never looks
            if self._hidden_root(force, path, entry, nodes, bool(linked)):
                continue  # a hidden entry's constraints are not checked
            values = self.ev.constraint_values(nodes, ctx, _constraints(nodes))
            for node, c in _merged(nodes, entry, values):
                if c.query.scope == "parent" and not linked:
                    continue  # uncategorised: BattleScribe skips its parent-scope constraints
                self._root_constraint(force, path, entry, node, c, values[c.id], nodes)

    def _hidden_root(self, force: Force, path, entry: Entry, nodes, linked: bool) -> bool:
        """Whether a top entry is hidden here; selected anyway, a breach (only for an entry
        in a category: BattleScribe checks hidden entries category by category)."""
        if not self.ev.hidden(nodes, self.ev.ctx(None, force)):
            return False
        chosen = any(_same_offer(s, path, entry) for s in force.all_selections())
        if chosen and linked:
            self.add("selection", entry.id, entry.id, "hidden",
                     f"{entry.name} is hidden and cannot be selected")
        return True

    def _root_constraint(self, force: Force, path, entry: Entry, node: Entry, c: Constraint,
                         value: Decimal, nodes) -> None:
        if c.query.field == "forces":
            if _breaks(c.type, value, ZERO):
                self.add("roster", "", node.id, c.id,
                         _message(c.type, "forces", value, ZERO, "The roster"))
            return
        shared = c.query.shared
        found = self._count(force, c, entry, path, shared)
        value = self._percent(force, c, value)
        if not _breaks(c.type, value, found):
            return
        owner = _owner(c, nodes, self.index)
        source = entry.id if shared and node is entry else node.id
        self.add(owner[0], owner[1], source, c.id,
                 _message(c.type, entry.name, value, found, "The force"))

    def _scope(self, force: Force, c: Constraint) -> Iterable[Selection]:
        nested, child_forces = c.query.include_child_selections, c.query.include_child_forces
        if c.query.scope == "roster":
            return roster_selections(self.roster, nested, child_forces)
        return force_selections(force, nested, child_forces)

    def _count(self, force: Force, c: Constraint, entry: Entry, path, shared: bool) -> Decimal:
        link = next((n.id for n in reversed(path) if n.kind == "link"), None)
        picked = [s for s in self._scope(force, c) if s.entry.id == entry.id and (
            shared or link is None or (s.links and s.links[-1].id == link))]
        return _measure(picked, c)

    def _percent(self, force: Force, c: Constraint, value: Decimal) -> Decimal:
        if not c.query.percent_value:
            return value
        everything = list(self._scope(force, c))
        return _measure(everything, c) * value / Decimal(100)

    # --- below a selection --------------------------------------------------------------

    def _children(self, parent: Selection, force: Force) -> None:
        for path, entry in offers(self.index, parent.entry):
            chosen = [s for s in parent.children if _same_offer(s, path, entry)]
            nodes = tuple(n for n in (entry, *reversed(path)) if n.kind != "group")
            ctx = self.ev.ctx(chosen[0] if chosen else None, force)
            if chosen and self.ev.hidden(nodes, ctx):
                self.add("selection", parent.entry_id, entry.id, "hidden",
                         f"{entry.name} is hidden and cannot be selected")
            values = self.ev.constraint_values(nodes, ctx, _constraints(nodes))
            for node in nodes:
                for c in node.constraints:
                    self._child_constraint(parent, force, chosen, entry, node, c,
                                           values[c.id])
        self._groups(parent, force)
        for child in parent.children:
            self._children(child, force)

    def _child_constraint(self, parent: Selection, force: Force, chosen, entry: Entry,
                          node: Entry, c: Constraint, value: Decimal) -> None:
        if c.query.scope == "parent":
            found = _measure(chosen, c)
            if c.query.field == "selections" and parent.number > 1 and entry.collective:
                found = found / parent.number
            if _breaks(c.type, value, found):
                self.add("selection", parent.entry_id, node.id, c.id,
                         _message(c.type, entry.name, value, found, parent.entry.name))
        elif c.query.scope in ("force", "roster"):
            picked = [s for s in self._scope(force, c) if s.entry.id == entry.id]
            found = _measure(picked, c)
            if _breaks(c.type, value, found):
                self.add("selection", entry.id, node.id, c.id,
                         _message(c.type, entry.name, value, found, "The force"))

    def _groups(self, parent: Selection, force: Force) -> None:
        for group in _groups_under(self.index, parent.entry):
            chosen = [s for s in parent.children if any(n.id == group.id for n in s.path)]
            ctx = self.ev.ctx(None, force)
            values = self.ev.constraint_values((group,), ctx, group.constraints)
            for c in group.constraints:
                if c.query.scope != "parent":
                    continue
                found = _measure(chosen, c)
                if _breaks(c.type, values[c.id], found):
                    self.add("selection", parent.entry_id, group.id, c.id,
                             _message(c.type, group.name, values[c.id], found,
                                      parent.entry.name))

    # --- categories ---------------------------------------------------------------------

    def _categories(self, force: Force) -> None:
        counts: dict[str, Decimal] = {}
        for selection in force.all_selections():
            for category in self.ev.categories(selection)[0]:
                counts[category] = counts.get(category, ZERO) + selection.number
        for link in force.entry.categories:
            for c in link.constraints:
                if c.query.field != "selections":
                    continue
                found = counts.get(link.target_id, ZERO)
                if c.type == "min" and c.value <= 0:
                    continue
                if _breaks(c.type, c.value, found):
                    name = self.index.category_name(link.target_id, link.name)
                    self.add("category", link.target_id, link.target_id, c.id,
                             _message(c.type, name, c.value, found, force.entry.name))


def _merged(nodes, entry: Entry, values: dict[str, Decimal]):
    """(node, constraint) to check for a top entry: a link's constraint that has a shared
    one of its target's beside it (same type and field) folds into it, the stricter value
    kept under the target's constraint (as BattleScribe reports it)."""
    shared = {(c.type, c.query.field): c for c in entry.constraints if c.query.shared}
    kept = []
    for node in nodes:
        for c in node.constraints:
            twin = shared.get((c.type, c.query.field))
            if node is not entry and twin is not None:
                stricter = min if c.type == "max" else max
                values[twin.id] = stricter(values[twin.id], values[c.id])
            else:
                kept.append((node, c))
    return kept


def _constraints(nodes) -> Iterator[Constraint]:
    for node in nodes:
        yield from node.constraints


def _measure(selections: Iterable[Selection], c: Constraint) -> Decimal:
    if c.query.field == "selections":
        return Decimal(sum(s.number for s in selections))
    return sum((s.costs.get(c.query.field, ZERO) for s in selections), ZERO)


def _same_offer(selection: Selection, path, entry: Entry) -> bool:
    return selection.entry is entry and tuple(n.id for n in selection.path) == tuple(
        n.id for n in path)


def _primary(nodes) -> str | None:
    for node in nodes:
        for link in node.categories:
            if link.primary:
                return link.target_id
    return None


def _owner(c: Constraint, nodes, index) -> tuple[str, str]:
    if c.type != "min":
        return "selection", nodes[0].id
    if c.query.scope == "force":
        return "force", ""
    links = [link for node in nodes for link in node.categories]
    if links:
        primary = next((link for link in links if link.primary), links[0])
        return "category", primary.target_id
    return "selection", nodes[0].id


def _groups_under(index, entry: Entry) -> Iterator[Entry]:
    for child in entry.children:
        target = index.target(child) if child.kind == "link" else child
        if target is not None and target.kind == "group":
            yield target
            yield from _groups_under(index, target)


def check(evaluator: Evaluator) -> list[Breach]:
    """Every breach of the roster ``evaluator`` reads (its costs refreshed)."""
    return Checker(evaluator).run()
