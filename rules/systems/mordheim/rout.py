"""Mordheim's rout test, a play aid (docs/rules/mordheim.md, `rout_test`): whether a
warband tests, and against which Ld."""

from __future__ import annotations

import math
from collections.abc import Iterable


def rout_test(
    members: int,
    out_of_action: int,
    leader_out_or_stunned: bool,
    leader_ld: int | None,
    other_lds: Iterable[int] = (),
) -> dict:
    """Is a rout test due, and against which Ld (docs/rules/mordheim.md, `rout_test`)?

    Due with 25 % or more of the members out of action, at the start of the turn:
    2D6 <= the leader's Ld, or the highest Ld among the active models when the leader is
    out of action or stunned (``other_lds``: the Ld of every other active model). A
    voluntary rout is allowed with two or more out of action.
    """
    for name, value in (("members", members), ("out_of_action", out_of_action)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name}: must be a whole number >= 0, not {value!r}")
    if members < 1:
        raise ValueError("members: a warband has at least 1 member")
    if out_of_action > members:
        raise ValueError(f"out_of_action: {out_of_action} out of action, only {members} members")
    others = sorted(other_lds, reverse=True)
    threshold = math.ceil(members / 4)
    due = out_of_action >= threshold
    ld, ld_from = None, None
    if due and not leader_out_or_stunned:
        if leader_ld is None:
            raise ValueError("leader_ld: needed unless the leader is out of action or stunned")
        ld, ld_from = leader_ld, "leader"
    elif due and others:
        ld, ld_from = others[0], "highest_active"
    if not due:
        explanation = (
            f"{out_of_action} of {members} out of action: no rout test "
            f"(due from {threshold}, 25 %)"
        )
    elif ld is None:
        explanation = f"{out_of_action} of {members} out of action: rout test due, no active model"
    else:
        who = "the leader's" if ld_from == "leader" else "the highest active"
        explanation = (
            f"{out_of_action} of {members} out of action: rout test due, 2D6 <= {ld} ({who} Ld)"
        )
    return {
        "due": due,
        "ld": ld,
        "ld_from": ld_from,
        "voluntary_allowed": out_of_action >= 2,
        "members": members,
        "out_of_action": out_of_action,
        "threshold": threshold,
        "percent_out": round(100 * out_of_action / members, 1),
        "explanation": explanation,
    }
