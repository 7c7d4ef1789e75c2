"""Small invented BattleScribe games for the evaluator's tests (rules/engine/battlescribe):
data in the spec protocol's shape, written here by hand. Every name, id and number is made
up for the tests ("Ash Wardens", "Grave Lantern"); nothing is copied from a data
repository or from battlescribe-spec's own specs."""

from __future__ import annotations

from decimal import Decimal

from rules.engine.battlescribe.build import book_from_data
from rules.engine.battlescribe.editor import Editor
from rules.engine.battlescribe.effective import nodes_of
from rules.engine.battlescribe.index import Index

SYSTEM = {
    "id": "gs-sample", "name": "Sample Skirmish",
    "costTypes": [{"id": "pts", "name": "pts"}, {"id": "gold", "name": "gold"}],
    "categoryEntries": [{"id": "cat-line", "name": "Line"}, {"id": "cat-lead", "name": "Leader"},
                        {"id": "cat-beast", "name": "Beast"}],
    "forceEntries": [
        {"id": "fe-band", "name": "Warband",
         "categoryLinks": [{"id": "fl-line", "targetId": "cat-line"},
                           {"id": "fl-lead", "targetId": "cat-lead"}]},
        {"id": "fe-camp", "name": "Camp"},
    ],
}


def cost(value, type_id: str = "pts") -> dict:
    return {"name": type_id, "typeId": type_id, "value": value}


def entry(entry_id: str, name: str, points=None, kind: str = "unit", **more) -> dict:
    data = {"id": entry_id, "name": name, "type": kind, **more}
    if points is not None:
        data["costs"] = [cost(points)]
    return data


def cond(kind: str, value, child: str = "", scope: str = "force", field: str = "selections",
         **flags) -> dict:
    return {"type": kind, "value": value, "childId": child, "scope": scope, "field": field,
            "shared": True, **flags}


def mod(kind: str, field: str, value, *conditions, **more) -> dict:
    return {"type": kind, "field": field, "value": str(value), "conditions": list(conditions),
            **more}


def category(target: str, primary: bool = False) -> dict:
    return {"id": f"cl-{target}", "targetId": target, "primary": primary}


def limit(cid: str, kind: str, value, scope: str = "parent", field: str = "selections",
          **flags) -> dict:
    return {"id": cid, "type": kind, "value": value, "scope": scope, "field": field, **flags}


class Game:
    """A game of ``SYSTEM`` with one catalogue; a roster with one Warband to build in."""

    def __init__(self, entries=(), shared=(), links=(), system=SYSTEM, force: str = "fe-band"):
        catalogue = {"id": "cat-sample", "name": "Sample Host", "gameSystemId": system["id"],
                     "selectionEntries": list(entries), "sharedSelectionEntries": list(shared),
                     "entryLinks": list(links)}
        self.index = Index(book_from_data(system, "gameSystem"),
                           [book_from_data(catalogue, "catalogue")])
        self.editor = Editor(self.index)
        self.force = self.editor.add_force(force)

    def select(self, entry_id: str, force=None):
        return self.editor.select(force or self.force, entry_id)

    def child(self, parent, entry_id: str):
        return self.editor.select_child(parent, entry_id)

    # --- what the evaluator says ------------------------------------------------------

    def ctx(self, selection):
        return self.editor.evaluator.ctx(selection, None)

    def name(self, selection) -> str:
        return self.editor.evaluator.selection_name(selection)

    def hidden(self, selection) -> bool:
        return self.editor.evaluator.selection_hidden(selection)

    def points(self, selection, type_id: str = "pts") -> Decimal:
        return selection.costs.get(type_id)

    def constraint(self, selection, cid: str) -> Decimal:
        nodes = nodes_of(selection)
        found = [c for n in nodes for c in n.constraints]
        return self.editor.evaluator.constraint_values(nodes, self.ctx(selection), found)[cid]

    def categories(self, selection):
        return self.editor.evaluator.categories(selection)

    def total(self, type_id: str = "pts") -> Decimal:
        return sum((s.costs.get(type_id, Decimal(0)) for s in self.editor.roster.all_selections()),
                   Decimal(0))
