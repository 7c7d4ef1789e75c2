"""One unit of a catalogue, evaluated (issue 30; docs/battlescribe-evaluator.md): the unit
is selected in a list of its own with what it holds by default (``rules.engine.battlescribe``
builds it), every modifier of it evaluated there; each option is tried below what offers
it (added, priced with its own defaults, taken away again).

What comes out is what ``catalogue_pack`` makes a card of: points (the unit's minimum
fielding), models, default wargear, options with their costs, profiles, categories, the
per-list limit, plus the rules (modifiers that depend on the rest of a list, kept as
data for the validators) and what holds the unit's defaults and options in a list
(``defaults``, each option's ids), so that the validators can rebuild the unit.
Every modifier met is noted in the ``Ledger`` with what became of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from armylists.battlescribe.catalogues import Library, Profile
from armylists.games.boarding_action.catalogue_ledger import (
    APPLIED,
    NOT_EVALUATED,
    RULE,
    Ledger,
    is_local,
    queries,
)
from armylists.games.boarding_action.catalogue_sort import Sorted, sort_modifiers
from rules.engine.battlescribe.editor import Editor, offers
from rules.engine.battlescribe.effective import base_costs, nodes_of
from rules.engine.battlescribe.model import Entry as Node
from rules.engine.battlescribe.model import ForceEntry
from rules.engine.battlescribe.roster import Force, Roster, Selection

LIST_FORCE = ForceEntry(id="muster-list", name="Boarding Action list")
MAX_LINK_DEPTH = 24
MAX_OPTION_DEPTH = 3
MAX_TRIED = 400  # options tried per unit
MAX_DEFAULTS = 50
MAX_COST = 1e9  # the reader's bound on a written cost; modifiers may not go past it either


@dataclass
class Choice:
    """An option the unit may take."""

    name: str
    entry_id: str
    link_id: str
    parent_id: str  # the default or option it sits below ("" for the unit itself)
    points: float
    rules: list[dict] = field(default_factory=list)
    depth: int = 0  # 0: below the unit or what it holds; more: below another option


@dataclass
class Evaluated:
    name: str = ""
    points: float = 0.0
    models: int = 0
    wargear: list[str] = field(default_factory=list)
    options: list[Choice] = field(default_factory=list)
    profiles: list[Profile] = field(default_factory=list)
    category_names: list[str] = field(default_factory=list)
    category_ids: list[str] = field(default_factory=list)
    primary_category: str | None = None
    hidden: list[str] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    limit: int | None = None
    rules: list[dict] = field(default_factory=list)
    defaults: list[dict] = field(default_factory=list)
    hidden_here: bool = False  # hidden by modifiers that hold for the unit alone


def last_link(path) -> str:
    return next((n.id for n in reversed(path) if n.kind == "link"), "")


class UnitEvaluator:
    def __init__(self, library: Library, cost_names: tuple[str, ...], ledger: Ledger):
        self.index = ledger.index
        self.ledger = ledger
        self.cost_ids = tuple(library.cost_type_ids(cost_names))
        self.catalogue = next((b.data for b in library.books if b.kind == "catalogue"), None)
        self.characteristic_ids = frozenset(
            c.type_id for info in self.index.infos.values() for c in info.characteristics)
        self.constraint_ids = frozenset(
            c.id for e in self.index.entries.values() for c in e.constraints)

    # --- one unit -----------------------------------------------------------------------

    def evaluate(self, entry_id: str, link_id: str, card: str) -> Evaluated | None:
        node = self.index.entry(entry_id)
        link = self.index.entry(link_id) if link_id else None
        if node is None:
            return None
        out = Evaluated()
        roster = Roster()
        self.editor = Editor(self.index, roster)
        force = Force(LIST_FORCE, self.catalogue, roster)
        roster.forces.append(force)
        unit = self.editor.place(force, (link,) if link is not None else (), node)
        self.unit, self.card, self.out = unit, card, out
        self.unit_ids = self._ids(node, link, out)
        self._unit(unit, out)
        for below in unit.descendants():
            self._default(below, out)
        self.tried: set[tuple] = set()
        self._options(unit, 0)
        return out

    def _ids(self, node: Node, link: Node | None, out: Evaluated) -> frozenset[str]:
        """Every id inside the unit (its entries, links and groups), broken links noted."""
        ids = {node.id} | ({link.id} if link is not None else set())
        visited = {node.id}
        stack = [(node, 0)]
        while stack:
            current, depth = stack.pop()
            for child in current.children:
                ids.add(child.id)
                target = self.index.target(child) if child.kind == "link" else child
                if target is None:
                    out.broken.append(f"{child.name or child.id}: no entry with id "
                                      f"{child.target_id}")
                elif target.id not in visited and depth < MAX_LINK_DEPTH:
                    ids.add(target.id)
                    visited.add(target.id)
                    stack.append((target, depth + 1))
        return frozenset(ids)

    def sort(self, selection: Selection, extra=()) -> Sorted:
        return sort_modifiers(self, selection, extra)

    def cost(self, selection: Selection) -> float:
        for type_id in self.cost_ids:
            if type_id in selection.costs:
                return max(-MAX_COST, min(MAX_COST, float(selection.costs[type_id])))
        return 0.0

    def subtree_cost(self, selection: Selection) -> float:
        return self.cost(selection) + sum(self.cost(s) for s in selection.descendants())

    # --- the unit and its defaults ------------------------------------------------------

    def _unit(self, unit: Selection, out: Evaluated) -> None:
        ev = self.editor.evaluator
        ctx = ev.ctx(unit, None)
        nodes = nodes_of(unit)
        found = self.sort(unit)
        out.name = ev.name(nodes, ctx)
        out.points = self.subtree_cost(unit)
        models = [s for s in (unit, *unit.descendants()) if s.type == "model"]
        out.models = max(1, sum(s.number for s in models))
        out.wargear = list(dict.fromkeys(
            ev.selection_name(s) for s in unit.descendants() if s.type != "model"))
        out.profiles = self._profiles(list(dict.fromkeys([unit, *models])))
        _ids, primary = ev.categories(unit)
        order = ev.category_order(unit)  # the primary first: the rules read it so
        out.category_ids = ([primary] if primary else []) + [c for c in order if c != primary]
        out.category_names = [self.index.category_name(c, c) for c in out.category_ids]
        out.primary_category = self.index.category_name(primary, primary) if primary else None
        hidden = ev.hidden(nodes, ctx)
        out.rules += found.rule("unit", "hidden", any(n.hidden for n in nodes), hidden)
        out.hidden_here = hidden and not found.roster("hidden")
        out.rules += found.rule("unit", "points", self._base(unit), self._own(unit))
        self._limit(unit, found, out)
        found.settle(("name", "category", "characteristic", "hidden", "points", "limit"))

    def _base(self, selection: Selection) -> float:
        costs = base_costs(nodes_of(selection))
        return next((float(costs[t]) for t in self.cost_ids if t in costs), 0.0)

    def _own(self, selection: Selection) -> float:
        """The selection's cost for one of it, modified."""
        return self.cost(selection) / selection.number if selection.number else 0.0

    def _limit(self, unit: Selection, found: Sorted, out: Evaluated) -> None:
        nodes = nodes_of(unit)
        limits = [c for n in nodes for c in n.constraints if c.type == "max"
                  and c.query.scope in ("roster", "force") and c.query.field == "selections"]
        ev = self.editor.evaluator
        values = ev.constraint_values(nodes, ev.ctx(unit, None), limits)
        static = []
        for c in limits:
            rules = found.rule("unit", "limit", float(c.value), float(values[c.id]), field=c.id)
            out.rules += rules
            if not rules:
                static.append(int(values[c.id]))
        out.limit = min(static) if static else None

    def _default(self, selection: Selection, out: Evaluated) -> None:
        parent = selection.parent
        if len(out.defaults) < MAX_DEFAULTS:
            out.defaults.append({
                "id": selection.entry.id, "link": last_link(selection.path),
                "count": selection.number, "type": selection.entry.type or "upgrade",
                "parent": parent.entry.id if parent is not self.unit else "",
            })
        found = self.sort(selection)
        out.rules += found.rule("default", "points", self._base(selection), self._own(selection),
                                key=selection.entry.id, count=selection.number)
        found.settle(("name", "characteristic", "points"))

    # --- options ------------------------------------------------------------------------

    def _options(self, parent: Selection, depth: int) -> None:
        for way, entry in offers(self.index, parent.entry):
            if len(self.tried) >= MAX_TRIED:
                return
            held = next((c for c in parent.children if c.entry is entry and c.path == way), None)
            if held is not None:  # held by default: what it offers in turn, in the same order
                self._options(held, depth)
                continue
            if entry.id in {s.entry.id for s in (parent, *parent.ancestors())}:
                cycle = f"{entry.name}: links back to itself (a cycle), not followed"
                if cycle not in self.out.broken:
                    self.out.broken.append(cycle)
                continue
            tried = (parent.entry.id, *(n.id for n in way))
            if tried in self.tried:
                continue  # the same offer below another model of the same kind
            self.tried.add(tried)
            option = self.editor.attach(parent, way, entry)
            try:
                self._option(parent, option, way, depth)
            finally:
                self.editor.deselect(option, refresh=False)  # the next option refreshes

    def _option(self, parent: Selection, option: Selection, way, depth: int) -> None:
        ev = self.editor.evaluator
        ctx = ev.ctx(option, None)
        groups = tuple(n for n in way if n.kind == "group")
        found = self.sort(option, groups)
        nodes = nodes_of(option)
        hidden = ev.hidden(nodes, ctx) or any(ev.hidden((g,), ctx) for g in groups)
        name = ev.name(nodes, ctx)
        if hidden and not found.roster("hidden"):
            self.out.hidden.append(name)
            found.settle(("hidden",))
            return
        rules = found.rule("option", "hidden", any(n.hidden for n in (*nodes, *groups)), hidden)
        rules += found.rule("option", "points", self._base(option), self._own(option))
        for below in option.descendants():
            below_found = self.sort(below)
            below_found.settle(("name", "characteristic", "points"))
        self.out.options.append(Choice(
            name=name, entry_id=option.entry.id, link_id=last_link(way),
            parent_id=parent.entry.id if parent is not self.unit else "",
            points=self.subtree_cost(option), rules=rules, depth=depth,
        ))
        found.settle(("name", "characteristic", "hidden", "points"))
        if depth < MAX_OPTION_DEPTH:
            self._options(option, depth + 1)

    # --- profiles -----------------------------------------------------------------------

    def _profiles(self, selections: list[Selection]) -> list[Profile]:
        ev = self.editor.evaluator
        profiles: list[Profile] = []
        for selection in selections:
            ctx = ev.ctx(selection, None)
            for info, carriers in ev.infos(nodes_of(selection), ctx):
                if info.kind != "profile" or ev.info_hidden(info, carriers, ctx):
                    continue
                profiles.append(Profile(
                    name=ev.info_name(info, carriers, ctx)[:200], type_name=info.type_name[:100],
                    characteristics=tuple(
                        (c.name[:50], ev.characteristic(info, carriers, c.type_id, c.value,
                                                        ctx)[:100])
                        for c in info.characteristics),
                ))
                for holder in (info, *carriers[1:]):
                    self._note_info(holder)
        return profiles

    def _note_info(self, holder) -> None:
        for modifier in holder.modifiers:
            self.ledger.note(modifier, APPLIED if self._local_info(modifier) else NOT_EVALUATED,
                             self.card, "depends on the rest of the roster and changes a profile")

    def _local_info(self, modifier) -> bool:
        return all(is_local(q, False, self.unit_ids) for q in queries(modifier, ()))


__all__ = ["APPLIED", "NOT_EVALUATED", "RULE", "Choice", "Evaluated", "UnitEvaluator"]
