"""What the Mordheim post-battle modules share: dice typed or rolled, choices still owed,
bounded checks and range look-ups (docs/rules/mordheim.md). Registers no system.

Every step function of mordheim_advances, mordheim_exploration, mordheim_trading and
mordheim_countdown takes the player's ``spec`` (typed rolls and choices, or the step it
returned before) and an optional ``rng`` (``rng.randint(1, 6)``, e.g. ``random.Random()``):

- a roll the spec gives is checked (out of range: ``CampaignError``, code ``invalid``);
- a roll it leaves out is made with ``rng``, or refused (code ``required``) without one;
- a choice it leaves out (a skill, a characteristic, which dice to discard...) is never
  made for the player: the step stops that branch there and lists it under ``pending``
  as ``{"path": ..., "options": [...]}``. Send the step back with the choice filled in.

A returned step stores every roll, so passing it back as ``spec`` with ``rng=None``
resolves the same result again (that is how a stored step replays). ``require_complete``
refuses a step that still has pending choices (before applying it to the roster).

Public: ``CampaignError``, ``campaign_tables``, ``require_complete``, ``in_band``,
``Rolls`` (used by the step modules), ``fail``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import NoReturn

from rules.engine.catalogue import Catalogue
from rules.systems.mordheim.errors import CampaignError, join_path

__all__ = ["CampaignError", "Rolls", "campaign_tables", "fail", "in_band", "join_path",
           "require_complete"]

MAX_COUNT = 99  # bound on counts the player types (enemies out of action, shards...)
MAX_GOLD = 100_000


def fail(path: str, message: str, code: str = "invalid") -> NoReturn:
    raise CampaignError([(path, message, code)])


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def whole(value, path: str, low: int = 0, high: int = MAX_COUNT) -> int:
    """``value`` as a whole number in ``low..high``, else CampaignError naming ``path``."""
    if value is None:
        fail(path, "is missing", "required")
    if not is_int(value) or not low <= value <= high:
        fail(path, f"must be a whole number from {low} to {high}, not {value!r}")
    return value


def flag(value, path: str) -> bool:
    if not isinstance(value, bool):
        fail(path, f"must be true or false, not {value!r}")
    return value


def text(value, path: str, longest: int = 60) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        fail(path, f"must be a name of 1 to {longest} characters")
    return value.strip()


def spec_of(spec, path: str, allowed: Iterable[str]) -> Mapping:
    """The spec as a mapping (None: empty) whose keys are all in ``allowed``."""
    if spec is None:
        return {}
    if not isinstance(spec, Mapping):
        fail(path, "must be an object")
    allowed = set(allowed)
    for key in spec:
        if key not in allowed:
            fail(join_path(path, str(key)), f"unknown field; known: {', '.join(sorted(allowed))}",
                 "unknown_field")
    return spec


def campaign_tables(catalogue: Catalogue) -> Mapping:
    """The pack's ``attributes.campaign`` (the tables every step takes)."""
    tables = catalogue.attributes.get("campaign")
    if not isinstance(tables, Mapping):
        fail("", f"the {catalogue.name} data ({catalogue.data_version}) has no campaign tables",
             "no_campaign_data")
    return tables


def in_band(rows: Sequence[Mapping], value: int):
    """The row whose ``min``..``max`` (max None: open) holds ``value``, else None."""
    for row in rows:
        if row["min"] <= value and (row["max"] is None or value <= row["max"]):
            return row
    return None


def require_complete(step: Mapping, path: str = "") -> Mapping:
    """``step`` unless it still waits for a choice (code ``required``, naming the first)."""
    pending = step.get("pending") or []
    if pending:
        first = pending[0]
        options = ", ".join(str(o) for o in first.get("options", [])) or "-"
        fail(join_path(path, first["path"]), f"is still to be chosen (options: {options})",
             "required")
    return step


_EXPR = re.compile(r"(\d*)D(\d)(?:x(\d+))?(?:\+(\d+))?")


def parse_expr(expr) -> tuple[int, int, int, int]:
    """``"2D6x5"`` -> (2 dice, 6 sides, x5, +0); ``"D6+1"`` -> (1, 6, 1, 1); 20 -> (0, 0, 1, 20)."""
    if is_int(expr):
        return 0, 0, 1, expr
    match = _EXPR.fullmatch(str(expr))
    if match is None or match[2] not in ("3", "6"):
        raise ValueError(f"not a dice expression: {expr!r}")
    return int(match[1] or 1), int(match[2]), int(match[3] or 1), int(match[4] or 0)


class Rolls:
    """The dice and choices of one step: typed ones checked, missing rolls from ``rng``,
    missing choices collected in ``pending``."""

    def __init__(self, rng=None):
        self.rng = rng
        self.pending: list[dict] = []

    def die(self, given, sides: int, path: str) -> int:
        """One die (D6, or D3 rolled as a halved D6)."""
        if given is not None:
            if not is_int(given) or not 1 <= given <= sides:
                fail(path, f"{given!r} is not a D{sides} roll (1-{sides})")
            return given
        if self.rng is None:
            fail(path, "is missing (resolve the step first)", "required")
        d6 = self.rng.randint(1, 6)
        return d6 if sides == 6 else (d6 + 1) // 2

    def two_d6(self, given, path: str) -> int:
        """A 2D6 total (2-12)."""
        if given is not None:
            if not is_int(given) or not 2 <= given <= 12:
                fail(path, f"{given!r} is not a 2D6 roll (2-12)")
            return given
        return self.die(None, 6, path) + self.die(None, 6, path)

    def dice(self, given, count: int, sides: int, path: str) -> list[int]:
        """``count`` dice, given as a list of faces (or one face when ``count`` is 1)."""
        if given is None:
            return [self.die(None, sides, f"{path}[{k}]") for k in range(count)]
        if count == 1 and is_int(given):
            given = [given]
        if not isinstance(given, list) or len(given) != count:
            fail(path, f"must be a list of {count} D{sides} rolls")
        return [self.die(g, sides, f"{path}[{k}]") for k, g in enumerate(given)]

    def expr(self, expr, given, path: str) -> dict:
        """A dice expression (``"D6"``, ``"2D6x5"``, ``"D6+1"``, ``"D3"``, or a number):
        ``{"dice": [...], "value": n}``. ``given``: the faces, or a previous result."""
        count, sides, times, plus = parse_expr(expr)
        if isinstance(given, Mapping):
            given = given.get("dice")
        faces = self.dice(given, count, sides, path) if count else []
        return {"dice": faces, "value": sum(faces) * times + plus}

    def choose(self, given, options: Sequence, path: str, **extra):
        """The player's choice among ``options``; None (and pending) when not given."""
        if given is None:
            self.pending.append({"path": path, "options": list(options), **extra})
            return None
        if given not in options:
            listed = ", ".join(str(o) for o in options) or "none"
            fail(path, f"{given!r} is not allowed here; choose one of: {listed}", "not_allowed")
        return given

    def finish(self, step: dict) -> dict:
        step["pending"] = self.pending
        return step
