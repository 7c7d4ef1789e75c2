"""Examples of the battle endpoints in the OpenAPI schema: a Reikland warband's first
battle (the figures are those the campaign rules give for it; tests check them)."""

from drf_spectacular.utils import OpenApiExample

from armylists.playaids.api import error_example

# A Reikland warband of 360 gc (treasury 140 gc, rating 73): Hans the Captain, Otto the
# Champion, Kurt a Youngblood, three Warriors, two Marksmen and a Swordsman.
BATTLE_INPUT = {
    "won": True,
    "injuries": [{"entry_id": "kUrt0", "roll": 41}, {"entry_id": "wArr3", "rolls": [4]}],
    "enemies_out_of_action": [{"entry_id": "hAns1", "count": 1}],
    "experience": [{"entry_id": "kUrt0", "amount": 1}],
    "advances": [{"entry_id": "kUrt0", "roll": 7, "sub_roll": None, "choice": "WS"}],
    "exploration": {"dice": [2, 3, 5]},
    "sell_shards": 2,
    "purchases": [{"item": "pistol", "entry_id": "hAns1", "rarity": 8, "roll": 9}],
    "sales": [],
    "recruits": [{"card": "reikland-warrior", "name": None, "join_entry_id": None, "size": 1}],
}

REQUESTS = [
    OpenApiExample("A won battle, every die typed", value=BATTLE_INPUT, request_only=True),
    OpenApiExample(
        "A lost battle, the server rolls",
        summary="Injuries, advances and exploration dice rolled by the server",
        value={"won": False, "injuries": [{"entry_id": "oTto2"}]},
        request_only=True,
    ),
    OpenApiExample(
        "A hired sword hired",
        summary="His hire fee from the treasury; his upkeep is due from the next battle on",
        value={"won": False, "hires": [{"card": "hired-roadwarden", "name": "Rudi"}]},
        request_only=True,
    ),
    OpenApiExample(
        "A hired sword dismissed",
        value={"won": False, "dismissals": [{"entry_id": "rOad5"}]},
        request_only=True,
    ),
    OpenApiExample(
        "Preview first",
        summary="dry_run: the dice rolled and the choices owed, nothing recorded",
        value={"won": True, "dry_run": True},
        request_only=True,
    ),
    OpenApiExample(
        "A captive ransomed",
        value={"won": False, "captured": [{"entry_id": "oTto2", "outcome": "ransom",
                                           "price": 40}]},
        request_only=True,
    ),
]

BATTLE = {
    "number": 1,
    "sequence": 1,
    "won": True,
    "steps": [
        {"step": "before", "rolls": {"old_wound_rolls": {}},
         "result": {"absent": {}, "fighting": ["hAns1", "oTto2", "kUrt0", "wArr3"]}},
        {"step": "injuries", "rolls": {"injuries": BATTLE_INPUT["injuries"], "captured": []},
         "result": [{"entry_id": "kUrt0", "who": "Kurt", "result": "full_recovery"}]},
        {"step": "experience",
         "rolls": {"advances": [{"entry_id": "kUrt0", "roll": 7, "sub_roll": None,
                                 "choice": "WS", "result": "characteristic"}]},
         "result": {"gains": [{"entry_id": "hAns1", "before": 20, "gained": 3, "after": 23}],
                    "underdog": 0}},
        {"step": "exploration", "rolls": {"dice": [2, 3, 5], "kept": [2, 3, 5], "total": 10},
         "result": {"shards": 2, "gold": 0, "multiple": None}},
        {"step": "wyrdstone", "rolls": {}, "result": {"shards": 2, "warband_size": 9,
                                                      "gold": 50}},
        {"step": "trading", "rolls": {"rare": [{"item": "pistol", "searcher": "hAns1",
                                                "rarity": 8, "roll": 9, "found": True}]},
         "result": {"purchases": [{"item": "pistol", "entry_id": "hAns1", "price": 15}]}},
        {"step": "rating", "rolls": {}, "result": {"rating_before": 73, "rating": 90}},
    ],
    "treasury_before": 140,
    "treasury_after": 150,
    "shards_found": 2,
    "gold_from_shards": 50,
    "rating_before": 73,
    "rating_after": 90,
    "absent": {},
    "input": BATTLE_INPUT,
    "lines": ["Battle 1: won", "Kurt: 41 full recovery", "Kurt: advance, 2D6 7: WS +1",
              "Wyrdstone: 2 shards sold for 50 gc", "Bought: Pistol for Hans, 15 gc"],
    "date": "2026-12-05T20:15:00Z",
    "applied": True,
}

RECORDED = OpenApiExample(
    "Recorded",
    summary="The battle and the campaign after it (abridged)",
    value={"battle": BATTLE, "campaign": {"treasury": 150, "stash": [], "shards": 0,
                                          "rating": 90, "battles": [BATTLE]}},
    response_only=True,
    status_codes=["201"],
)

UNDONE = OpenApiExample(
    "Battle 1 taken back",
    summary="The campaign as it was before it (abridged)",
    value={"battle": BATTLE, "battles": [], "events": [], "treasury": 140, "stash": [],
           "shards": 0, "rating": 73},
    response_only=True,
    status_codes=["200"],
)

ERRORS = [
    error_example("Not enough gold", "purchases[0].item",
                  "costs 50 gc, the treasury has 40 gc", "not_enough_gold", summary="400"),
    error_example("A seventh hero", "recruits[0].card",
                  "the warband has 6 heroes: at most 6", "hero_limit", summary="400"),
    error_example("A hired sword he will not serve beside", "hires[0].card",
                  "Highwayman will not serve beside Roadwarden", "hired_sword_conflict",
                  summary="400"),
    error_example("No such fighter", "injuries[0].entry_id",
                  "no fighter has the id 'zz9' in this warband", "unknown_entry", summary="400"),
    error_example("A choice is owed", "advances[0].choice",
                  "is still to be chosen (options: WS, BS)", "required", summary="400"),
    error_example("Missed the battle", "enemies_out_of_action[0].entry_id",
                  "Otto missed this battle (misses games): he takes no part in its steps",
                  "not_fighting", summary="400"),
]
