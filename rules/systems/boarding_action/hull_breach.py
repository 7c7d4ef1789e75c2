"""Boarding Action's play aid: the hull-breach table (docs/rules/boarding_action.md)."""

from __future__ import annotations

import random
from collections.abc import Mapping

# The same table as the pack's system.attributes.hull_breach; pass that one as ``table``
# to use the (possibly corrected or translated) game data.
HULL_BREACH: Mapping = {
    "die": "D6",
    "glancing_modifier": -2,
    "results": [
        {"roll": 1, "key": "nothing", "name": "Nothing happens",
         "description": "The shot leaves no lasting mark on the hull."},
        {"roll": 2, "key": "shaken", "name": "Section shakes",
         "description": "The section trembles: its models may only move this turn."},
        {"roll": 3, "key": "shaken", "name": "Section shakes",
         "description": "The section trembles: its models may only move this turn."},
        {"roll": 4, "key": "breach", "name": "Hull breach",
         "description": "Every model in the section passes an armour or invulnerable save "
                        "or loses a wound, and may only move; the air is back next round. "
                        "Walkers take no save."},
        {"roll": 5, "key": "lasting-breach", "name": "Lasting hull breach",
         "description": "As a hull breach, but models may only move for as long as they "
                        "stay in the section. Walkers take no save."},
        {"roll": 6, "key": "catastrophic", "name": "Catastrophic breach",
         "description": "Every section that is not sealed off is removed with all its "
                        "models."},
    ],
}


def hull_breach(roll: int, glancing: bool = False, table: Mapping | None = None) -> dict:
    """Look up a D6 roll on the hull-breach table (docs/rules/boarding_action.md).

    A glancing hit modifies the roll by the table's ``glancing_modifier`` (-2); the
    modified roll is clamped to the table (so a glancing 1 or 2 reads as 1). No cover
    saves apply. Returns ``roll``, ``glancing``, ``modified``, ``result`` (the key),
    ``name`` and ``description``. A roll outside 1-6 is a ValueError.
    """
    table = table or HULL_BREACH
    results = sorted(table["results"], key=lambda r: r["roll"])
    lowest, highest = results[0]["roll"], results[-1]["roll"]
    if isinstance(roll, bool) or not isinstance(roll, int) or not lowest <= roll <= highest:
        raise ValueError(f"a hull-breach roll is a whole number from {lowest} to {highest}")
    modified = roll + (table.get("glancing_modifier", -2) if glancing else 0)
    modified = min(highest, max(lowest, modified))
    row = next(r for r in results if r["roll"] == modified)
    return {
        "roll": roll,
        "glancing": glancing,
        "modified": modified,
        "result": row["key"],
        "name": row["name"],
        "description": row["description"],
    }


def roll_hull_breach(
    glancing: bool = False, rng: random.Random | None = None, table: Mapping | None = None
) -> dict:
    """Roll a D6 with ``rng`` (default: a fresh ``random.Random``) and look it up."""
    rng = rng or random.Random()
    return hull_breach(rng.randint(1, 6), glancing, table)


