"""One Mordheim battle's whole post-battle sequence, in the order of the rules
(docs/rules/mordheim.md, Campaign; the 2005 Rules Review order), as one record of the campaign.

``run_battle(catalogue, document, roster, spec, rng)`` takes the warband as the
campaign left it and what the player says happened (``spec``; every field but ``won``
optional)::

    {"won": true, "opponent_rating": 95,
     "old_wound_rolls": {"<id>": 4},
     "injuries": [{"entry_id": "<hero id>", "roll": 34},
                  {"entry_id": "<group id>", "models": 2, "rolls": [1, 5]}],
     "captured": [{"entry_id": "<id>", "outcome": "ransom", "price": 40}],
     "enemies_out_of_action": [{"entry_id": "<id>", "count": 1}],
     "experience": [{"entry_id": "<id>", "amount": 1}],
     "advances": [{"entry_id": "<id>", "roll": 7, "sub_roll": null, "choice": "WS"}],
     "exploration": {"dice": [1, 2, 4]},
     "sell_shards": 3,
     "sales": [{"item": "sword", "entry_id": null}],
     "purchases": [{"item": "pistol", "entry_id": "<id>", "rarity": 8, "roll": 9}],
     "recruits": [{"card": "<card>", "name": null, "join_entry_id": null, "size": 1}],
     "dismissals": [{"entry_id": "<hired sword id>"}],
     "hires": [{"card": "<hired sword card>", "name": null}],
     "moves": [{"item": "axe", "from_entry_id": null, "to_entry_id": "<id>"}]}

Steps (``STEPS``): who fights (games missed, old battle wounds), injuries and captives,
experience and advances, exploration, selling wyrdstone, trading, the new rating. Each
step is in its own module (``mordheim_sequence_*``). Dice left out are rolled with
``rng``; choices left out are never made for the player: they are listed in
``pending`` and refused unless ``allow_pending`` (a preview). ``until`` stops after a
step (a battle recorded step by step). The answer's ``input`` is the spec with every
roll filled in: ``run_battle(..., input, rng=None)`` replays the battle exactly.

Anything the warband cannot do (an unknown fighter, gold it does not have, a seventh
hero...) raises ``CampaignError`` naming the field, e.g. ``purchases[0].item``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from rules.engine.catalogue import Catalogue
from rules.engine.document import ListDocument
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim import sequence_experience as mordheim_sequence_experience
from rules.systems.mordheim import sequence_fight as mordheim_sequence_fight
from rules.systems.mordheim import sequence_income as mordheim_sequence_income
from rules.systems.mordheim import sequence_trade as mordheim_sequence_trade
from rules.systems.mordheim import sequence_upkeep as mordheim_sequence_upkeep
from rules.systems.mordheim.dice import MAX_GOLD, fail, flag, require_complete, spec_of, whole
from rules.systems.mordheim.roster import Roster, roster_rating
from rules.systems.mordheim.sequence import MAX_ROWS, PostBattle

INPUT_FIELDS = ("won", "opponent_rating", "old_wound_rolls", "injuries", "captured",
                "enemies_out_of_action", "experience", "advances", "exploration",
                "sell_shards", "sales", "purchases", "recruits", "moves", "veterans", "upkeep",
                "hires", "dismissals")


def _rating(ps: PostBattle) -> None:
    ps.rating_after = roster_rating(ps.catalogue, ps.roster)
    ps.step("rating", {}, {"rating_before": ps.rating_before, "rating": ps.rating_after})


STEPS = {
    "before": mordheim_sequence_fight.before,
    "injuries": mordheim_sequence_fight.injuries,
    "experience": mordheim_sequence_experience.experience,
    "exploration": mordheim_sequence_income.exploration,
    "wyrdstone": mordheim_sequence_income.wyrdstone,
    "trading": mordheim_sequence_trade.trading,
    "upkeep": mordheim_sequence_upkeep.upkeep,
    "rating": _rating,
}


def check_spec(spec) -> Mapping:
    """The battle's fields, refused by name when unknown or out of bounds (before any
    step runs)."""
    spec = spec_of(spec, "", INPUT_FIELDS)
    if spec.get("won") is None:
        fail("won", "say whether the warband won (true or false)", "required")
    flag(spec["won"], "won")
    if spec.get("opponent_rating") is not None:
        whole(spec["opponent_rating"], "opponent_rating", 0, MAX_GOLD)
    if spec.get("sell_shards") is not None:
        whole(spec["sell_shards"], "sell_shards", 0, 99)
    wounds = spec.get("old_wound_rolls")
    if wounds is not None and (not isinstance(wounds, Mapping) or len(wounds) > MAX_ROWS):
        fail("old_wound_rolls", f"must map at most {MAX_ROWS} fighter ids to D6 rolls")
    return spec


def run_battle(
    catalogue: Catalogue,
    document: ListDocument,
    roster: Roster,
    spec: Mapping,
    rng=None,
    *,
    until: str | None = None,
    allow_pending: bool = False,
) -> dict:
    """Apply one battle's post-battle sequence to ``roster`` (see the module docstring).

    Returns ``{"number", "won", "input", "steps": [{"step", "rolls", "result"}],
    "treasury_before", "treasury_after", "shards_found", "gold_from_shards",
    "rating_before", "rating_after", "absent", "pending", "lines", "roster"}``.
    """
    if until is not None and until not in STEPS:
        fail("until", f"no step {until!r}; one of {', '.join(STEPS)}")
    spec = check_spec(spec)
    number = roster.battles + 1
    ps = PostBattle(catalogue, document, roster, spec, rng, number)
    ps.rating_before = ps.rating_after = roster_rating(catalogue, roster)
    for name, step in STEPS.items():
        step(ps)
        if name == until:
            break
    pending = ps.pending + ps.rolls.pending
    if not allow_pending:
        require_complete({"pending": pending})
    ps.roster = replace(ps.roster, battles=number)
    header = Phrase(N_("Battle {number}: won") if ps.won else N_("Battle {number}: lost"),
                    {"number": number})
    return {
        "number": number,
        "won": ps.won,
        "input": ps.resolved,
        "steps": ps.steps,
        "treasury_before": roster.treasury,
        "treasury_after": ps.roster.treasury,
        "shards_found": ps.shards_found,
        "gold_from_shards": ps.gold_from_shards,
        "rating_before": ps.rating_before,
        "rating_after": ps.rating_after,
        "absent": ps.absent,
        "pending": pending,
        "lines": [header, *ps.lines],
        "roster": ps.roster,
    }
