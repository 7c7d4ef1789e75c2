"""What became of each modifier of a catalogue imported as a Boarding Action pack
(docs/battlescribe-evaluator.md): applied, became a rule, or not evaluated, and why.

A modifier is looked at where a card uses it (on the unit, on what the unit holds by
default, on an option). Its conditions and repeats hold for the unit alone when every
query they make stays inside the unit: scope ``self``, ``parent`` below the unit's top,
``ancestor`` or an entry id naming something of the unit, New Recruit's ``unit`` /
``model`` / ``upgrade`` / ``root-entry``. Such a modifier is evaluated at import and its
effect is in the card (cost, hidden, name, categories, characteristics, the unit's
per-list limit): **applied**. A query of the force, the roster, a primary category or
catalogue, an ancestor outside the unit or a count of forces depends on the rest of the
list: on a unit's or option's cost, on whether it is offered, or on the unit's per-list
limit, the modifier **becomes a rule** the validators evaluate against the list. Any
other change (a page, a rule's text, another cost type, a constraint the pack does not
keep, a roster-dependent name) is **not evaluated**, with the reason; so is a modifier
no card uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.engine.battlescribe.codec import conditions_text, describe, modifier_data
from rules.engine.battlescribe.index import Index, holders, modifiers_of
from rules.engine.battlescribe.model import Modifier, Query

LOCAL_TYPE_SCOPES = ("self", "unit", "model", "upgrade", "model-or-unit", "root-entry")
OUTSIDE_SCOPES = ("force", "roster", "primary-category", "primary-catalogue")
APPLIED, RULE, NOT_EVALUATED = "applied", "became a rule", "not evaluated"
RANK = {RULE: 3, APPLIED: 2, NOT_EVALUATED: 1}
MAX_ROWS = 2000  # a report lists at most this many modifiers of each status
UNUSED = "on an entry no card uses (not a unit, or hidden, or only reachable from one)"


def queries(modifier: Modifier, outer: tuple) -> list[Query]:
    found = [c.query for c in modifier.conditions] + [r.query for r in modifier.repeats]
    groups = [*outer, *modifier.groups]
    while groups:
        group = groups.pop()
        found += [c.query for c in group.conditions]
        groups.extend(group.groups)
    return found


def is_local(query: Query, at_top: bool, unit_ids: frozenset[str]) -> bool:
    """Whether a query stays inside the unit (see the module docstring)."""
    if query.field == "forces" or query.scope in OUTSIDE_SCOPES:
        return False
    if query.scope in LOCAL_TYPE_SCOPES:
        return True
    if query.scope == "parent":
        return not at_top
    if query.scope == "ancestor":
        return query.child_id in unit_ids
    return query.scope in unit_ids


@dataclass
class Seen:
    modifier: Modifier
    outer: tuple
    status: str = NOT_EVALUATED
    reason: str = UNUSED
    cards: list[str] = field(default_factory=list)
    data: dict | None = None  # as the pack keeps it, once made


class Ledger:
    """Every modifier of the library, with the best status any card gave it."""

    def __init__(self, index: Index):
        self.index = index
        self.seen: dict[str, Seen] = {}
        # A modifier's field may be a constraint's or a characteristic type's id: say what
        # it is ("set max 1 per roster (c-12) 2", "increment A 1").
        self.field_names = {
            c.type_id: c.name for info in index.infos.values() for c in info.characteristics}
        self.field_names.update(
            (c.id, f"{c.type} {c.value.normalize():f} per {c.query.scope} ({c.id})")
            for e in index.entries.values() for c in e.constraints)
        for book in index.books:
            for holder in holders(book):
                for modifier, outer in modifiers_of(holder):
                    self.seen.setdefault(modifier.ref, Seen(modifier, outer))

    def note(self, modifier: Modifier, status: str, card: str, reason: str = "") -> None:
        seen = self.seen.get(modifier.ref)
        if seen is None:
            return
        if RANK[status] > RANK[seen.status] or (status == seen.status and seen.reason == UNUSED):
            seen.status, seen.reason = status, reason
        if card and card not in seen.cards and len(seen.cards) < 50:
            seen.cards.append(card)

    def data(self, modifier: Modifier) -> dict:
        """The modifier as the pack keeps it (``system.attributes.battlescribe.modifiers``),
        with its conditions in words (``text``) for the validators' messages."""
        seen = self.seen[modifier.ref]
        if seen.data is None:
            seen.data = modifier_data(modifier, seen.outer)
            seen.data["text"] = "; ".join(conditions_text(modifier, self.name))[:300]
        return seen.data

    # --- the report ---------------------------------------------------------------------

    def name(self, some_id: str) -> str:
        if some_id in self.field_names:
            return self.field_names[some_id]
        index = self.index
        for table in (index.entries, index.categories, index.forces, index.cost_types):
            found = table.get(some_id)
            if found is not None:
                return getattr(found, "name", "") or some_id
        return some_id

    def row(self, seen: Seen) -> dict:
        row = {
            "where": seen.modifier.where,
            "modifier": describe(seen.modifier, self.name),
            "conditions": conditions_text(seen.modifier, self.name)[:50],
            "status": seen.status,
        }
        if seen.status == NOT_EVALUATED:
            row["reason"] = seen.reason
        else:
            row["cards"] = list(seen.cards)
        return row

    def report(self) -> dict:
        rows: dict[str, list[dict]] = {APPLIED: [], RULE: [], NOT_EVALUATED: []}
        for seen in self.seen.values():
            rows[seen.status].append(seen)
        return {
            "modifiers": {
                "total": len(self.seen), "applied": len(rows[APPLIED]),
                "rules": len(rows[RULE]), "not_evaluated": len(rows[NOT_EVALUATED]),
            },
            "applied": [self.row(s) for s in rows[APPLIED][:MAX_ROWS]],
            "rules": [self.row(s) for s in rows[RULE][:MAX_ROWS]],
            "not_evaluated": [self.row(s) for s in rows[NOT_EVALUATED][:MAX_ROWS]],
        }
