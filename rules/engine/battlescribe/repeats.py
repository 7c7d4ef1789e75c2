"""How often a modifier applies (battlescribe-spec's data model: repeats).

A repeat counts its query (``scopes.count``) and applies the modifier
``floor(count / value) * repeats`` times (``roundUp``: the ceiling); a value of 0 repeats
nothing; ``percentValue`` makes the value a percentage of what is in scope. Several
repeats on one modifier add up. A modifier without repeats applies once.
"""

from __future__ import annotations

import math
from decimal import Decimal

from rules.engine.battlescribe.model import Repeat
from rules.engine.battlescribe.scopes import Ctx, count, total

MAX_TIMES = 1000  # a repeat over a runaway count stops here


def times_of(repeat: Repeat, ctx: Ctx) -> int:
    step = repeat.value
    if repeat.query.percent_value:
        step = total(repeat.query, ctx) * step / Decimal(100)
    if step == 0:
        return 0
    ratio = count(repeat.query, ctx) / step
    whole = math.ceil(ratio) if repeat.query.round_up else math.floor(ratio)
    return max(0, min(MAX_TIMES, whole * max(1, repeat.repeats)))


def times(repeats: tuple[Repeat, ...], ctx: Ctx) -> int:
    if not repeats:
        return 1
    return min(MAX_TIMES, sum(times_of(r, ctx) for r in repeats))
