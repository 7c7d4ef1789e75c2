"""The modifiers of one selection of an evaluated unit, sorted by what they change and by
whether they hold for the unit alone (``catalogue_ledger``), and what becomes of them:
a rule for the pack (``Sorted.rule``) or applied / not evaluated (``Sorted.settle``)."""

from __future__ import annotations

from collections.abc import Iterable

from armylists.games.boarding_action.catalogue_ledger import (
    APPLIED,
    NOT_EVALUATED,
    RULE,
    is_local,
    queries,
)
from rules.engine.battlescribe.effective import nodes_of
from rules.engine.battlescribe.index import modifiers_of
from rules.engine.battlescribe.model import Modifier
from rules.engine.battlescribe.roster import Selection

KIND_WORDS = {
    "points": "its points", "hidden": "whether it is offered", "name": "its name",
    "category": "its categories", "characteristic": "a profile", "limit": "a per-list limit",
    "constraint": "a constraint", "other cost": "another cost type", "other": "a field",
}


def kind_of(modifier: Modifier, unit_evaluator, limit_ids: set[str]) -> str:
    found = modifier.field
    if found in unit_evaluator.cost_ids:
        return "points"
    if found in ("hidden", "name", "category"):
        return found
    if found in limit_ids:
        return "limit"
    if found in unit_evaluator.constraint_ids:
        return "constraint"
    if found in unit_evaluator.index.cost_types:
        return "other cost"
    return "characteristic" if found in unit_evaluator.characteristic_ids else "other"


MAX_NESTING = 11  # a modifier's JSON below system.attributes.battlescribe.modifiers.<ref>


def depth(data) -> int:
    """How deep JSON data nests (a walk without recursion)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, level = stack.pop()
        deepest = max(deepest, level)
        children = node.values() if isinstance(node, dict) else node if isinstance(
            node, list) else ()
        stack.extend((c, level + 1) for c in children if isinstance(c, dict | list))
    return deepest


class Sorted:
    def __init__(self, ledger, card: str, rows: list[tuple[Modifier, bool, str]]):
        self.ledger = ledger
        self.card = card
        self.rows = rows  # (modifier, holds for the unit alone, kind)
        self.done: set[str] = set()

    def roster(self, kind: str) -> bool:
        return any(not local for _m, local, k in self.rows if k == kind)

    def rule(self, on: str, kind: str, base, value, key: str = "", count: int = 1,
             field: str | None = None) -> list[dict]:
        """A rule for the pack when a modifier of ``kind`` (of ``field``) depends on the
        rest of the list: every modifier of it, in order, with the value at import."""
        rows = [(m, local) for m, local, k in self.rows
                if k == kind and (field is None or m.field == field)]
        if all(local for _m, local in rows):
            return []
        if any(depth(self.ledger.data(m)) > MAX_NESTING for m, _local in rows):
            for modifier, _local in rows:  # a pack nests at most 16 deep (packs.MAX_DEPTH)
                self.ledger.note(modifier, NOT_EVALUATED, self.card,
                                 "its conditions nest deeper than a pack keeps")
                self.done.add(modifier.ref)
            return []
        for modifier, local in rows:
            self.ledger.note(modifier, APPLIED if local else RULE, self.card)
            self.done.add(modifier.ref)
        rule = {"on": on, "key": key, "field": kind, "base": base, "value": value,
                "modifiers": [m.ref for m, _local in rows]}
        if on == "default":
            rule["count"] = count
        return [rule]

    def settle(self, kept: Iterable[str]) -> None:
        """Every modifier not made a rule: applied if it holds for the unit alone and
        changes what the pack keeps, else not evaluated, with the reason."""
        kept = set(kept)
        for modifier, local, kind in self.rows:
            if modifier.ref in self.done:
                continue
            self.done.add(modifier.ref)
            if local and kind in kept:
                self.ledger.note(modifier, APPLIED, self.card)
            elif local:
                self.ledger.note(modifier, NOT_EVALUATED, self.card,
                                 f"changes {KIND_WORDS[kind]}, which the pack does not keep")
            else:
                self.ledger.note(modifier, NOT_EVALUATED, self.card,
                                 f"depends on the rest of the roster and changes "
                                 f"{KIND_WORDS[kind]}, which a list on this pack does not carry")


def sort_modifiers(unit_evaluator, selection: Selection, extra=()) -> Sorted:
    """The modifiers on a selection's entry and links (and ``extra`` holders: the groups
    it was chosen from), each with its kind and whether it holds for the unit alone."""
    holders = (*nodes_of(selection), *extra)
    limit_ids = {c.id for h in holders for c in h.constraints if c.type == "max"
                 and c.query.scope in ("roster", "force") and c.query.field == "selections"}
    at_top = selection is unit_evaluator.unit
    rows = []
    for holder in holders:
        for modifier, outer in modifiers_of(holder):
            local = all(is_local(q, at_top, unit_evaluator.unit_ids)
                        for q in queries(modifier, outer))
            kind = kind_of(modifier, unit_evaluator, limit_ids)
            rows.append((modifier, local, kind))
    return Sorted(unit_evaluator.ledger, unit_evaluator.card, rows)
