"""Applying modifiers (battlescribe-spec's data model: modifiers and modifier groups).

A modifier changes one field of what it sits on: ``name``, ``hidden``, ``page``, a cost
(its cost type's id), a constraint's value (the constraint's id), a profile's
characteristic (its characteristic type's id), a rule's ``description`` or, with
``field`` "category", the categories. Types: ``set``, ``increment`` and ``decrement``
(numbers; on text, a number in the text), ``append`` (text, after a space), ``add``,
``remove``, ``set-primary``, ``unset-primary`` (categories), and New Recruit's cheap ones:
``multiply``, ``divide``, ``floor``, ``ceil``, ``prepend``.

Modifiers apply in the order they are written, each as often as its repeats say, when its
conditions hold; a modifier group's conditions and repeats apply to every modifier in it
(and its groups), on top of each one's own.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from decimal import Decimal, InvalidOperation

from rules.engine.battlescribe.conditions import all_hold
from rules.engine.battlescribe.model import Modifier, ModifierGroup
from rules.engine.battlescribe.repeats import MAX_TIMES, times
from rules.engine.battlescribe.scopes import Ctx

Wanted = Callable[[Modifier], bool]
MAX_TEXT = 2000
MAX_NUMBER = Decimal(10) ** 12  # a cost or limit past this is data gone wrong: kept here


def _wants(group: ModifierGroup, wanted: Wanted) -> bool:
    return any(wanted(m) for m in group.modifiers) or any(_wants(g, wanted) for g in group.groups)


def applied(modifiers: tuple[Modifier, ...], groups: tuple[ModifierGroup, ...], ctx: Ctx,
            wanted: Wanted, budget: int = MAX_TIMES) -> Iterator[tuple[Modifier, int]]:
    """Each modifier ``wanted`` whose conditions hold, with how often it applies. Groups
    repeated inside repeated groups share one ``budget`` of repetitions (data nesting
    repeats of 1,000 three deep would otherwise ask for a billion)."""
    for modifier in modifiers:
        if wanted(modifier) and all_hold(modifier.conditions, modifier.groups, ctx):
            n = times(modifier.repeats, ctx)
            if n:
                yield modifier, n
    for group in groups:
        if not _wants(group, wanted) or not all_hold(group.conditions, group.condition_groups,
                                                     ctx):
            continue
        repeated = min(times(group.repeats, ctx), budget)
        for _ in range(repeated):
            yield from applied(group.modifiers, group.groups, ctx, wanted,
                               max(1, budget // max(1, repeated)))


def operand(modifier: Modifier) -> Decimal | None:
    try:
        value = Decimal(modifier.value.strip())
    except (InvalidOperation, ValueError):
        return None
    return value if value.is_finite() else None


def numeric(value: Decimal, modifier: Modifier, n: int) -> Decimal:
    """A number after the modifier applied ``n`` times (an operand that is no number
    leaves it as it is)."""
    x = operand(modifier)
    kind = modifier.type
    if kind in ("floor", "ceil"):
        return Decimal(math.floor(value) if kind == "floor" else math.ceil(value))
    if x is None:
        return value
    if kind == "set":
        return x
    if kind == "increment":
        return value + x * n
    if kind == "decrement":
        return value - x * n
    if kind in ("multiply", "divide") and abs(x) > 1 and n > 64:
        n = 64  # 2 to the 64th is past any cost; a larger power only overflows
    if kind == "multiply":
        return value * x ** n
    if kind == "divide" and x != 0:
        return value / x ** n
    return value


def _number_text(value: Decimal) -> str:
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def text(value: str, modifier: Modifier, n: int) -> str:
    """A text after the modifier applied ``n`` times: set, append, prepend, or a number
    in it incremented or decremented (text that is no number stays); at most
    ``MAX_TEXT`` characters."""
    return _text(value, modifier, min(n, MAX_TEXT))[:MAX_TEXT]


def _text(value: str, modifier: Modifier, n: int) -> str:
    kind = modifier.type
    if kind == "set":
        return modifier.value
    if kind == "append":
        return value + (" " + modifier.value) * n
    if kind == "prepend":
        return (modifier.value + " ") * n + value
    if kind in ("increment", "decrement"):
        try:
            current = Decimal(value.strip())
        except (InvalidOperation, ValueError):
            return value
        x = operand(modifier)
        if x is None or not current.is_finite():
            return value
        return _number_text(current + (x if kind == "increment" else -x) * n)
    return value


def flag(value: bool, modifier: Modifier) -> bool:
    if modifier.type == "set":
        return modifier.value.strip().lower() == "true"
    return value


def categories(found: list[str], primary: str | None, modifier: Modifier
               ) -> tuple[list[str], str | None]:
    """The category ids (and the primary one) after a category modifier."""
    target, kind = modifier.value, modifier.type
    if kind == "add" and target not in found:
        found = [*found, target]
    elif kind == "remove":
        found = [c for c in found if c != target]
        primary = None if primary == target else primary
    elif kind == "set-primary":
        found = found if target in found else [*found, target]
        primary = target
    elif kind == "unset-primary" and primary == target:
        primary = None
    return found, primary


def fold_number(start: Decimal, pairs) -> Decimal:
    for modifier, n in pairs:
        start = max(-MAX_NUMBER, min(MAX_NUMBER, numeric(start, modifier, n)))
    return start


def fold_text(start: str, pairs) -> str:
    for modifier, n in pairs:
        start = text(start, modifier, n)
    return start


def fold_flag(start: bool, pairs) -> bool:
    for modifier, _n in pairs:
        start = flag(start, modifier)
    return start
