"""Modifiers as JSON and in words: a pack keeps the modifiers that depend on a whole list
as data (``modifier_data``, the spec protocol's shape, read back by
``build.modifier_from_data``), and reports say what a modifier and its conditions are
(``describe``, ``condition_text``)."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from rules.engine.battlescribe.model import Condition, ConditionGroup, Modifier, Query, Repeat

WORDS = {
    "lessThan": "fewer than", "greaterThan": "more than", "equalTo": "exactly",
    "notEqualTo": "other than", "atLeast": "at least", "atMost": "at most",
}


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def query_data(query: Query) -> dict:
    return {
        "field": query.field, "scope": query.scope, "childId": query.child_id,
        "shared": query.shared, "includeChildSelections": query.include_child_selections,
        "includeChildForces": query.include_child_forces, "percentValue": query.percent_value,
    }


def condition_data(condition: Condition) -> dict:
    return {"type": condition.type, "value": _number(condition.value),
            **query_data(condition.query)}


def group_data(group: ConditionGroup) -> dict:
    return {"type": group.type, "conditions": [condition_data(c) for c in group.conditions],
            "conditionGroups": [group_data(g) for g in group.groups]}


def repeat_data(repeat: Repeat) -> dict:
    return {"value": _number(repeat.value), "repeats": repeat.repeats,
            "roundUp": repeat.query.round_up, **query_data(repeat.query)}


def modifier_data(modifier: Modifier, outer: tuple = ()) -> dict:
    """A modifier as plain JSON; ``outer``: the condition groups of the modifier groups
    it sits in (each must hold too)."""
    return {
        "type": modifier.type, "field": modifier.field, "value": modifier.value,
        "conditions": [condition_data(c) for c in modifier.conditions],
        "conditionGroups": [group_data(g) for g in (*outer, *modifier.groups)],
        "repeats": [repeat_data(r) for r in modifier.repeats],
    }


def condition_text(condition: Condition, name: Callable[[str], str]) -> str:
    q = condition.query
    what = name(q.child_id) if q.child_id else "anything"
    if condition.type in ("instanceOf", "notInstanceOf"):
        negation = "" if condition.type == "instanceOf" else "not "
        return f"{q.scope} is {negation}{what}"
    value = f"{_number(condition.value)}{'%' if q.percent_value else ''}"
    counted = "selections" if q.field == "selections" else name(q.field)
    return f"{q.scope} has {WORDS.get(condition.type, condition.type)} {value} {counted} of {what}"


def group_text(group: ConditionGroup, name: Callable[[str], str]) -> str:
    parts = [condition_text(c, name) for c in group.conditions]
    parts += [f"({group_text(g, name)})" for g in group.groups]
    return f" {group.type} ".join(parts)


def conditions_text(modifier: Modifier, name: Callable[[str], str]) -> list[str]:
    texts = [condition_text(c, name) for c in modifier.conditions]
    texts += [group_text(g, name) for g in modifier.groups]
    texts += [f"repeated per {_number(r.value)} {r.query.field} of "
              f"{name(r.query.child_id) if r.query.child_id else 'anything'} in {r.query.scope}"
              for r in modifier.repeats]
    return texts


def describe(modifier: Modifier, name: Callable[[str], str]) -> str:
    """"set pts 15", "set hidden true": the modifier itself, a field id named."""
    return f"{modifier.type} {name(modifier.field)} {modifier.value}".strip()
