"""An entry as modified in one place of a roster: its name, hidden state, costs,
constraint values, categories, profiles and rules there.

A selection reads the modifiers of its entry, then those of the links it was chosen
through (innermost first), so a link's modifier has the last word; a link's own costs and
categories stand beside its target's (a cost the link names replaces the target's).

Costs are BattleScribe's live values (battlescribe-spec, docs/cost-field-repeat-algorithm.md):
``refresh`` walks the roster in the order things were added, children before their
parent, and sets each selection's costs (its entry's, modified, times its number); a
modifier that counts costs reads the values already set, so a selection added last
still counts 0 while it is being priced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal

from rules.engine.battlescribe.index import Index
from rules.engine.battlescribe.model import ZERO, Constraint, Entry, Info, Modifier
from rules.engine.battlescribe.modifiers import (
    applied,
    fold_flag,
    fold_number,
    fold_text,
)
from rules.engine.battlescribe.modifiers import (
    categories as apply_category,
)
from rules.engine.battlescribe.roster import Force, Roster, Selection
from rules.engine.battlescribe.scopes import Ctx

Nodes = tuple[Entry, ...]


def nodes_of(selection: Selection) -> Nodes:
    """Where a selection's modifiers sit: its entry, then its links innermost first."""
    return selection.nodes


def base_costs(nodes: Nodes) -> dict[str, Decimal]:
    costs: dict[str, Decimal] = {}
    for node in nodes:  # entry first, links after: a link's cost replaces its target's
        for cost in node.costs:
            costs[cost.type_id] = cost.value
    return costs


class Evaluator:
    """Effective values in one roster; ``reset`` after the roster changes."""

    def __init__(self, index: Index, roster: Roster):
        self.index = index
        self.roster = roster
        self._categories: dict[str, tuple[frozenset[str], str | None]] = {}
        self._working: set[str] = set()
        self._counts: dict = {}

    def reset(self) -> None:
        """Forget what was worked out: the roster changed."""
        self._categories.clear()
        self._counts.clear()

    def ctx(self, selection: Selection | None, force: Force | None) -> Ctx:
        return Ctx(self.roster, force if force is not None else (
            selection.force if selection is not None else None), selection, self.categories,
            self._counts)

    def pairs(self, nodes: Iterable[Entry], ctx: Ctx,
              wanted: Callable[[Modifier], bool]) -> Iterator[tuple[Modifier, int]]:
        for node in nodes:
            yield from applied(node.modifiers, node.modifier_groups, ctx, wanted)

    # --- one value at a time ------------------------------------------------------------

    def name(self, nodes: Nodes, ctx: Ctx) -> str:
        return fold_text(nodes[0].name, self.pairs(nodes, ctx, lambda m: m.field == "name"))

    def hidden(self, nodes: Nodes, ctx: Ctx) -> bool:
        start = any(node.hidden for node in nodes)
        return fold_flag(start, self.pairs(nodes, ctx, lambda m: m.field == "hidden"))

    def page(self, nodes: Nodes, ctx: Ctx) -> str:
        start = next((n.page for n in reversed(nodes) if n.page), "")
        return fold_text(start, self.pairs(nodes, ctx, lambda m: m.field == "page"))

    def unit_costs(self, nodes: Nodes, ctx: Ctx) -> dict[str, Decimal]:
        """One of the entry's costs, modified (before its number)."""
        costs = base_costs(nodes)
        for type_id in list(costs) + [t for t in self.index.cost_types if t not in costs]:
            pairs = list(self.pairs(nodes, ctx, lambda m, t=type_id: m.field == t))
            if pairs or type_id in costs:
                costs[type_id] = fold_number(costs.get(type_id, ZERO), pairs)
        return costs

    def constraint_values(self, nodes: Iterable[Entry], ctx: Ctx,
                          constraints: Iterable[Constraint]) -> dict[str, Decimal]:
        nodes = tuple(nodes)
        return {
            c.id: fold_number(c.value, self.pairs(nodes, ctx, lambda m, i=c.id: m.field == i))
            for c in constraints
        }

    def categories(self, selection: Selection) -> tuple[frozenset[str], str | None]:
        """The selection's category ids and its primary one, as modified."""
        cached = self._categories.get(selection.uid)
        if cached is not None:
            return cached
        nodes = nodes_of(selection)
        found: list[str] = []
        primary: str | None = None
        for node in nodes:
            for link in node.categories:
                if link.target_id not in found:
                    found.append(link.target_id)
                if link.primary and primary is None:
                    primary = link.target_id
        if selection.uid in self._working:  # a category modifier asking about categories
            return frozenset(found), primary
        self._working.add(selection.uid)
        try:
            ctx = self.ctx(selection, None)
            for modifier, _n in self.pairs(nodes, ctx, lambda m: m.field == "category"):
                found, primary = apply_category(found, primary, modifier)
        finally:
            self._working.discard(selection.uid)
        result = (frozenset(found), primary)
        self._categories[selection.uid] = result
        return result

    def category_order(self, selection: Selection) -> list[str]:
        """The category ids in the order they were written, modifiers applied."""
        ids, _primary = self.categories(selection)
        written = [c.target_id for node in nodes_of(selection) for c in node.categories]
        return [c for c in dict.fromkeys(written) if c in ids] + sorted(ids - set(written))

    # --- selections ---------------------------------------------------------------------

    def selection_name(self, selection: Selection) -> str:
        return self.name(nodes_of(selection), self.ctx(selection, None))

    def selection_hidden(self, selection: Selection) -> bool:
        return self.hidden(nodes_of(selection), self.ctx(selection, None))

    def refresh(self) -> None:
        """Every selection's costs, in the order they were added, children first."""
        self.reset()
        for force in self.roster.all_forces():
            for selection in force.selections:
                self._refresh(selection)

    def _refresh(self, selection: Selection) -> None:
        for child in selection.children:
            self._refresh(child)
        unit = self.unit_costs(nodes_of(selection), self.ctx(selection, None))
        selection.costs = {t: v * selection.number for t, v in unit.items()}

    # --- profiles and rules -------------------------------------------------------------

    def infos(self, nodes: Nodes, ctx: Ctx) -> list[tuple[Info, tuple]]:
        """The profiles and rules shown for an entry: its own, its links', those its info
        links and groups lead to; each with the modifiers that may change it."""
        found: list[tuple[Info, tuple]] = []
        for node in nodes:
            for info in node.infos:
                self._collect(info, (node,), found, depth=0)
        return found

    def _collect(self, info: Info, carriers: tuple, found: list, depth: int) -> None:
        if depth > 8:
            return
        if info.kind == "infoLink":
            target = self.index.infos.get(info.target_id)
            if target is not None:
                self._collect(target, (*carriers, info), found, depth + 1)
        elif info.kind == "infoGroup":
            for child in info.children:
                self._collect(child, (*carriers, info), found, depth + 1)
        else:
            found.append((info, carriers))

    def info_hidden(self, info: Info, carriers: tuple, ctx: Ctx) -> bool:
        holders = (info, *carriers[1:])
        start = any(h.hidden for h in holders)
        return fold_flag(start, self.pairs(holders, ctx, lambda m: m.field == "hidden"))

    def info_name(self, info: Info, carriers: tuple, ctx: Ctx) -> str:
        holders = (info, *carriers[1:])
        return fold_text(info.name, self.pairs(holders, ctx, lambda m: m.field == "name"))

    def characteristic(self, info: Info, carriers: tuple, type_id: str, value: str,
                       ctx: Ctx) -> str:
        # The profile's own modifiers, its links' and groups', then the entry's.
        holders = (info, *reversed(carriers[1:]), carriers[0])
        return fold_text(value, self.pairs(holders, ctx, lambda m: m.field == type_id))

    def description(self, info: Info, carriers: tuple, ctx: Ctx) -> str:
        holders = (info, *carriers[1:])
        return fold_text(info.description,
                         self.pairs(holders, ctx, lambda m: m.field == "description"))
