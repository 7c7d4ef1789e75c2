"""Whether a modifier's conditions hold (battlescribe-spec's data model: conditions and
condition groups).

A condition compares a query's value (``scopes.count``) with its ``value``: lessThan,
greaterThan, equalTo, notEqualTo, atLeast, atMost; or checks a type (instanceOf,
notInstanceOf: ``scopes.instance_of``). With ``percentValue`` the value is a percentage of
everything in scope. As BattleScribe does, a count in scope ``self`` is 0 (a selection does
not count itself), and a condition with no ``childId`` is false (except an ancestor's).
A modifier's conditions and its groups must all hold; a group "and" needs all of its
conditions and groups, "or" one, New Recruit's "not" none.
"""

from __future__ import annotations

import operator
from decimal import Decimal

from rules.engine.battlescribe.model import ZERO, Condition, ConditionGroup
from rules.engine.battlescribe.scopes import Ctx, count, instance_of, total

COMPARE = {
    "lessThan": operator.lt, "greaterThan": operator.gt, "equalTo": operator.eq,
    "notEqualTo": operator.ne, "atLeast": operator.ge, "atMost": operator.le,
}


def reference(condition: Condition, ctx: Ctx) -> Decimal:
    """The condition's value, a percentage turned into a number of what is in scope."""
    if condition.query.percent_value:
        return total(condition.query, ctx) * condition.value / Decimal(100)
    return condition.value


def holds(condition: Condition, ctx: Ctx) -> bool:
    query = condition.query
    if condition.type == "instanceOf":
        return instance_of(query, ctx)
    if condition.type == "notInstanceOf":
        return not instance_of(query, ctx)
    if condition.type in ("always", "never"):  # New Recruit
        return condition.type == "always"
    compare = COMPARE.get(condition.type)
    if compare is None:
        return False
    if query.scope == "self" and query.field == "selections":
        return compare(ZERO, reference(condition, ctx))
    if not query.child_id or query.scope == "ancestor":
        return False  # BattleScribe counts nothing for these (battlescribe-spec: scope-ancestor)
    return compare(count(query, ctx), reference(condition, ctx))


def group_holds(group: ConditionGroup, ctx: Ctx) -> bool:
    results = (
        *(lambda c=c: holds(c, ctx) for c in group.conditions),
        *(lambda g=g: group_holds(g, ctx) for g in group.groups),
    )
    if group.type == "or":
        return any(r() for r in results)
    if group.type == "not":
        return not any(r() for r in results)
    return all(r() for r in results)


def all_hold(conditions: tuple[Condition, ...], groups: tuple[ConditionGroup, ...],
             ctx: Ctx) -> bool:
    return all(holds(c, ctx) for c in conditions) and all(group_holds(g, ctx) for g in groups)
