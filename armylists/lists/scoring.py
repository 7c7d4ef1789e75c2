"""Points scored after a game, for games whose rules score one (a ``scoring`` hook, e.g.
Godslayer's battle points: each loss gives the opponent points, a lead of 25 % of the
battle size wins)."""

from __future__ import annotations

from armylists.lists.documents import Checked
from rules.engine.validation import rules_for


def scoring_rules(system_key: str):
    """The game's scoring rules, or None when it scores nothing after a game."""
    return rules_for(system_key).scoring


def battle_points(*, checked: Checked, losses: list[dict]) -> dict:
    """Points the opponent scores from this list's losses (``losses[i]`` for entry i, in
    the shape the game's scoring takes)."""
    rules = scoring_rules(checked.catalogue.system)
    if rules is None:
        raise ValueError(f"{checked.catalogue.name} has no scoring after a game")
    return rules.battle_points(checked.catalogue, checked.document, losses)


def battle_outcome(*, checked: Checked, scored: int, conceded: int) -> dict:
    """Who won, from both sides' points and the list's battle size."""
    rules = scoring_rules(checked.catalogue.system)
    return rules.battle_result(
        scored=scored, conceded=conceded, battle_size=checked.result.points.limit or 0
    )
