"""Exact dice odds, counted face by face: what the matchup play aids are made of.

Pure and shared by the games' matchup modules; registers no system. Nothing is
simulated: every one of the 36 ordered rolls of 2D6 (or the 6 faces of a D6) is
counted, and probabilities are ``fractions.Fraction``. A distribution is a dict
``{value: Fraction}`` whose probabilities sum to 1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import product

FACES = range(1, 7)
TWO_D6 = tuple(product(FACES, FACES))  # the 36 equally likely ordered rolls
ROLLS_2D6 = len(TWO_D6)

Distribution = dict[int, Fraction]


def count_2d6(bonus: int, target: int, *, doubles_decide: bool = False) -> int:
    """How many of the 36 rolls pass 2D6 + bonus >= target.

    With ``doubles_decide`` a double 1 always fails and a double 6 always passes,
    whatever the numbers say (Trupp's tests).
    """
    passed = 0
    for a, b in TWO_D6:
        if doubles_decide and a == b == 1:
            continue
        if (doubles_decide and a == b == 6) or a + b + bonus >= target:
            passed += 1
    return passed


def count_d6(value: int) -> int:
    """How many of the 6 faces pass D6 >= value."""
    return sum(1 for face in FACES if face >= value)


def two_d6_totals() -> Distribution:
    """The totals of 2D6 (2 to 12), each with its chance out of 36."""
    totals: Distribution = {}
    for a, b in TWO_D6:
        totals[a + b] = totals.get(a + b, Fraction(0)) + Fraction(1, ROLLS_2D6)
    return totals


def add_to(dist: Distribution, value: int, chance: Fraction) -> None:
    if chance:
        dist[value] = dist.get(value, Fraction(0)) + chance


def expected(dist: Mapping[int, Fraction]) -> Fraction:
    return sum((value * chance for value, chance in dist.items()), Fraction(0))


def take_out_within(
    start: int, step: Callable[[int], Mapping[int, Fraction]], attacks: int
) -> list[Fraction]:
    """The chance that ``start`` points are gone after 1, 2, ... ``attacks`` attacks.

    ``step(left)`` is the distribution of points one attack takes off a target with
    ``left`` points: it may change as the target loses points (a worse stat row, a
    severe wound), so the chain follows every number of points left exactly.
    """
    step_at: dict[int, Mapping[int, Fraction]] = {}
    alive: dict[int, Fraction] = {start: Fraction(1)}
    out = Fraction(0)
    cumulative = []
    for _ in range(attacks):
        after: dict[int, Fraction] = {}
        for left, chance in alive.items():
            if left not in step_at:
                step_at[left] = step(left)
            for lost, p in step_at[left].items():
                if lost >= left:
                    out += chance * p
                else:
                    after[left - lost] = after.get(left - lost, Fraction(0)) + chance * p
        alive = after
        cumulative.append(out)
    return cumulative


def lost_within(
    start: int, step: Callable[[int], Mapping[int, Fraction]], attacks: int
) -> Distribution:
    """How many of ``start`` points ``attacks`` attacks take off, at most all of them
    (the chain of ``take_out_within``, read as points lost)."""
    alive: dict[int, Fraction] = {start: Fraction(1)}
    for _ in range(attacks):
        after: dict[int, Fraction] = {}
        for left, chance in alive.items():
            if left == 0:
                add_to(after, 0, chance)
                continue
            for lost, p in step(left).items():
                add_to(after, max(0, left - lost), chance * p)
        alive = after
    return {start - left: chance for left, chance in sorted(alive.items(), reverse=True)}


def as_numbers(dist: Mapping[int, Fraction]) -> dict[str, float]:
    """A distribution as JSON: {"<value>": probability}, values in order, none left out
    between the smallest and the largest."""
    if not dist:
        return {}
    low, high = min(0, min(dist)), max(dist)  # from 0: a chart starts at nothing lost
    return {str(v): float(dist.get(v, 0)) for v in range(low, high + 1)}


def percent(chance: Fraction) -> str:
    """A chance as a percentage for the steps: "58.3 %"."""
    return f"{float(chance) * 100:.1f} %"
