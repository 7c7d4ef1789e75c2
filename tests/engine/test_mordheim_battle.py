"""One Mordheim battle's whole post-battle sequence (rules/systems/mordheim_battle.py):
every step in the order of the rules on the shipped pack, the figures worked out by
hand, the replay of a stored battle without dice, and every refusal naming its field."""

import random

import pytest

from rules.systems.mordheim.dice import CampaignError
from rules.systems.mordheim.roster import roster_from_json, roster_to_json
from tests.support.mordheim_battle import (
    BATTLE_1,
    HANS,
    KURT,
    MARKSMEN,
    OTTO,
    START_RATING,
    START_TREASURY,
    SWORDSMEN,
    WARRIORS,
    battle,
    fighter,
    rating,
    start,
    with_heroes,
)
from tests.support.mordheim_postbattle import Dice


def refused(spec, roster=None, rng="cycle"):
    with pytest.raises(CampaignError) as info:
        battle(spec, roster, rng, allow_pending=False)
    path, _message, code = info.value.errors[0]
    return path, code


def test_it_records_the_first_battle_of_the_journey_as_worked_out_by_hand():
    out = battle(BATTLE_1)
    after = out["roster"]
    assert [s["step"] for s in out["steps"]] == [
        "before", "injuries", "experience", "exploration", "wyrdstone", "trading", "upkeep",
        "rating"]
    assert (out["number"], out["won"], after.battles) == (1, True, 1)
    assert (out["treasury_before"], out["treasury_after"]) == (START_TREASURY, 190)
    assert (out["shards_found"], out["gold_from_shards"], after.shards) == (2, 50, 0)
    assert (out["rating_before"], out["rating_after"]) == (START_RATING, 85) == (73, rating(after))
    assert [fighter(after, i).experience for i in (HANS, OTTO, KURT, WARRIORS)] == [23, 9, 2, 1]
    kurt = fighter(after, KURT)
    assert kurt.stats["WS"] == 3 and kurt.advances == (
        {"battle": 1, "roll": 7, "result": "characteristic", "stat": "WS"},)
    assert [line.render() for line in out["lines"]][:3] == [
        "Battle 1: won", "Kurt: 41 full recovery", "Warrior: D6 4: back in the group"]
    assert out["pending"] == [] and out["absent"] == {}


@pytest.mark.parametrize("seed", range(25))
def test_it_replays_a_stored_battle_exactly_without_dice(seed):
    rng = random.Random(seed)
    spec = {"won": rng.random() < 0.5,
            "injuries": [{"entry_id": OTTO}, {"entry_id": WARRIORS, "models": 2}],
            "exploration": {}, "sell_shards": 0}
    try:
        out = battle(spec, rng=rng, allow_pending=True)
    except CampaignError:
        return  # a roll that needs a choice made for a fighter is the player's
    again = battle(out["input"], rng=None, allow_pending=True)
    assert roster_to_json(again["roster"]) == roster_to_json(out["roster"])
    assert again["steps"] == out["steps"] and again["input"] == out["input"]


def test_it_keeps_the_roster_as_json_and_reads_it_back():
    after = battle(BATTLE_1)["roster"]
    assert roster_from_json(roster_to_json(after)) == after
    assert roster_from_json({"format": 0}) is None


# -- games played -----------------------------------------------------------------------


def test_a_fighter_who_must_miss_a_game_misses_the_next_battle_and_counts_down():
    hurt = battle({"won": False, "injuries": [{"entry_id": OTTO, "roll": 35, "d3": 2}]})
    assert fighter(hurt["roster"], OTTO).misses_games == 2
    second = battle({"won": True}, hurt["roster"])
    assert second["absent"] == {OTTO: "misses_games"}
    assert fighter(second["roster"], OTTO).misses_games == 1
    assert fighter(second["roster"], OTTO).experience == 9  # no part in its steps
    third = battle({"won": True}, second["roster"])
    assert third["absent"] == {OTTO: "misses_games"}
    fourth = battle({"won": True}, third["roster"])
    assert fourth["absent"] == {} and fighter(fourth["roster"], OTTO).experience == 10


@pytest.mark.parametrize(("roll", "absent"), [(1, {OTTO: "old_battle_wound"}), (2, {})])
def test_an_old_battle_wound_keeps_a_hero_out_on_a_1(roll, absent):
    wounded = battle({"won": False, "injuries": [{"entry_id": OTTO, "roll": 32}]})["roster"]
    out = battle({"won": True, "old_wound_rolls": {OTTO: roll}}, wounded)
    assert out["absent"] == absent and out["input"]["old_wound_rolls"] == {OTTO: roll}


def test_a_fighter_missing_the_battle_takes_no_part_in_its_steps():
    hurt = battle({"won": False, "injuries": [{"entry_id": OTTO, "roll": 23, "d6": 4}]})
    for spec, path in [
        ({"injuries": [{"entry_id": OTTO, "roll": 41}]}, "injuries[0].entry_id"),
        ({"enemies_out_of_action": [{"entry_id": OTTO, "count": 1}]},
         "enemies_out_of_action[0].entry_id"),
        ({"experience": [{"entry_id": OTTO, "amount": 1}]}, "experience[0].entry_id"),
        ({"purchases": [{"item": "pistol", "entry_id": OTTO, "rarity": 8, "roll": 12}]},
         "purchases[0].searcher"),
    ]:
        assert refused({"won": True, **spec}, hurt["roster"]) == (path, "not_fighting")


# -- captured heroes --------------------------------------------------------------------


@pytest.mark.parametrize(("outcome", "extra", "status", "items", "treasury"), [
    ("ransom", {"price": 40}, "active", ("halberd",), START_TREASURY - 40),
    ("exchange", {"captive": "Skritch"}, "active", ("halberd",), START_TREASURY),
    ("lost", {}, "lost", (), START_TREASURY),
])
def test_a_captured_hero_is_ransomed_exchanged_or_lost(outcome, extra, status, items, treasury):
    taken = battle({"won": False, "injuries": [{"entry_id": OTTO, "roll": 61}]})["roster"]
    otto = fighter(taken, OTTO)
    assert (otto.status, otto.items, otto.held_items) == ("captured", (), ("halberd",))
    out = battle({"won": False, "captured": [{"entry_id": OTTO, "outcome": outcome, **extra}]},
                 taken)
    otto = fighter(out["roster"], OTTO)
    assert (otto.status, otto.items, otto.held_items) == (status, items, ())
    assert out["roster"].treasury == treasury


@pytest.mark.parametrize(("captured", "path", "code"), [
    ({"entry_id": HANS, "outcome": "ransom", "price": 5}, "captured[0].entry_id", "not_captured"),
    ({"entry_id": OTTO, "outcome": "ransom", "price": 500}, "captured[0].price",
     "not_enough_gold"),
    ({"entry_id": OTTO, "outcome": "sold"}, "captured[0].outcome", "invalid"),
    ({"entry_id": OTTO, "outcome": "exchange"}, "captured[0].captive", "required"),
])
def test_it_refuses_impossible_captives(captured, path, code):
    taken = battle({"won": False, "injuries": [{"entry_id": OTTO, "roll": 61}]})["roster"]
    assert refused({"won": False, "captured": [captured]}, taken) == (path, code)


# -- experience and advances ------------------------------------------------------------


def test_the_underdog_gains_the_bonus_of_the_rating_gap():
    out = battle({"won": False, "opponent_rating": START_RATING + 76})  # gap 76: +2
    assert fighter(out["roster"], KURT).experience == 1 + 2
    assert fighter(out["roster"], WARRIORS).experience == 1 + 2


def test_the_lads_got_talent_makes_a_new_hero_and_the_rest_roll_again():
    spec = {"won": True, "experience": [{"entry_id": WARRIORS, "amount": 1}],
            "advances": [{"entry_id": WARRIORS, "roll": 11, "skill_lists": ["combat", "speed"],
                          "promotion": {"roll": 7, "choice": "BS"},
                          "rest": {"roll": 8}, "name": "Jakob"}]}
    out = battle(spec)
    after = out["roster"]
    group = fighter(after, WARRIORS)
    new_id = out["input"]["advances"][0]["promoted_entry_id"]
    jakob = fighter(after, new_id)
    assert (group.models, group.stats["A"], group.increased, group.experience) == (2, 2, ("A",), 2)
    assert (jakob.name, jakob.hero, jakob.models, jakob.card, jakob.entry) == (
        "Jakob", True, 1, "reikland-warrior", None)
    assert (jakob.stats["BS"], jakob.skill_lists, jakob.experience, jakob.items) == (
        4, ("combat", "speed"), 2, ("sword",))
    # the same models and experience: 9 x 5 + Hans 22 + Otto 9 + Kurt 1 + 3 x 2 + 2 + 1
    assert jakob.joined == 1 and rating(after) == 86
    again = battle(out["input"], rng=None)
    assert roster_to_json(again["roster"]) == roster_to_json(after)


def test_a_group_of_one_is_promoted_itself():
    spec = {"won": True, "experience": [{"entry_id": SWORDSMEN, "amount": 1}],
            "advances": [{"entry_id": SWORDSMEN, "roll": 12, "skill_lists": ["combat", "speed"],
                          "promotion": {"roll": 8, "sub_roll": 5}}]}
    after = battle(spec)["roster"]
    swordsman = fighter(after, SWORDSMEN)
    assert (swordsman.hero, swordsman.models, swordsman.stats["Ld"]) == (True, 1, 8)
    assert len(after.fighters) == 6


def test_six_heroes_re_roll_the_lads_got_talent():
    six = with_heroes(start(), 3)
    spec = {"won": True, "experience": [{"entry_id": MARKSMEN, "amount": 1}],
            "advances": [{"entry_id": MARKSMEN, "roll": 10}]}
    assert refused(spec, six) == ("advances[0].roll", "rerolled")
    out = battle({"won": False, "experience": [{"entry_id": MARKSMEN, "amount": 1}],
                  "exploration": {"dice": [1, 2, 3, 4, 5, 6]}}, six, Dice(5, 6, 2, 2))
    assert out["input"]["advances"][0]["rerolled"] == [11]  # then 4: I
    assert fighter(out["roster"], MARKSMEN).stats["I"] == 4
    lad = {**spec["advances"][0], "skill_lists": ["combat", "speed"],
           "promotion": {"roll": 8, "sub_roll": 1}}
    five = battle({**spec, "advances": [lad]}, with_heroes(start(), 2))["roster"]
    assert sum(1 for f in five.active() if f.hero) == 6


def test_a_choice_the_player_owes_is_listed_not_made():
    spec = {**BATTLE_1, "advances": [{"entry_id": KURT, "roll": 3}]}
    out = battle(spec, allow_pending=True)
    [pending] = out["pending"]
    assert pending["path"] == "advances[0].choice" and "Dodge" in pending["options"]
    assert refused(spec) == ("advances[0].choice", "required")
    chosen = battle({**spec, "advances": [{"entry_id": KURT, "roll": 3, "choice": "Dodge"}]})
    assert fighter(chosen["roster"], KURT).skills == ("Dodge",)


# -- exploration and wyrdstone ----------------------------------------------------------


@pytest.mark.parametrize(("exploration", "treasury", "shards", "stash"), [  # lost: 3 dice
    ({"dice": [6, 6, 3], "location": {"gold": {"dice": [4]}}}, START_TREASURY + 4, 3, ()),
    ({"dice": [3, 3, 1], "location": {"d6": {"roll": 5}}}, START_TREASURY, 2, ("sword",)),
    ({"dice": [1, 2, 4]}, START_TREASURY, 2, ()),
])
def test_exploration_finds_shards_gold_and_items(exploration, treasury, shards, stash):
    after = battle({"won": False, "exploration": exploration})["roster"]
    assert (after.treasury, after.shards, after.stash) == (treasury, shards, stash)


def test_exploration_rolls_one_die_per_hero_standing_and_one_for_the_winner():
    out = battle({"won": True, "injuries": [{"entry_id": KURT, "roll": 41}]}, rng=Dice(1, 2, 4))
    assert out["input"]["exploration"]["dice"] == [1, 2, 4]
    assert refused({"won": False, "exploration": {"dice": [1, 2, 4, 5]}})[0] == "exploration.dice"


def test_wyrdstone_sells_by_the_warbands_size_once():
    found = battle({"won": True, "exploration": {  # 21: 4 shards; 6 6: Ruined Hovels, D6 gc
        "dice": [5, 6, 6, 4], "location": {"gold": {"dice": [3]}}}})["roster"]
    assert found.shards == 4 and found.treasury == START_TREASURY + 3
    sold = battle({"won": False, "exploration": {"dice": [1, 2, 4]}, "sell_shards": 3}, found)
    # 4 + 2 found now, 3 sold at once by 9 warriors
    assert (sold["gold_from_shards"], sold["roster"].shards) == (65, 3)


# -- trading ----------------------------------------------------------------------------


def test_trading_sells_buys_hires_and_moves_gear():
    spec = {"won": True,
            "sales": [{"item": "halberd", "entry_id": OTTO}],                 # +5
            "purchases": [{"item": "shield", "entry_id": WARRIORS},            # 3 x 5
                          {"item": "helmet", "entry_id": None},                # 10, stash
                          {"item": "pistol", "entry_id": HANS, "rarity": 8, "roll": 9}],  # 15
            "recruits": [{"card": "reikland-youngblood", "name": "Max"},      # 15
                         {"join_entry_id": MARKSMEN, "size": 1}],  # 25 + 10 bow + 2 x 1 xp
            "moves": [{"item": "helmet", "from_entry_id": None, "to_entry_id": OTTO}]}
    out = battle(spec)
    after = out["roster"]
    assert after.treasury == START_TREASURY + 5 - 15 - 10 - 15 - 15 - 37 == 53
    assert fighter(after, OTTO).items == ("helmet",) and after.stash == ()
    assert fighter(after, WARRIORS).items == ("sword", "shield")
    assert fighter(after, HANS).items == ("sword", "light-armour", "pistol")
    assert fighter(after, MARKSMEN).models == 3
    max_id = out["input"]["recruits"][0]["entry_id"]
    assert fighter(after, max_id).name == "Max" and fighter(after, max_id).hero
    rare = [s for s in out["steps"] if s["step"] == "trading"][0]["rolls"]["rare"]
    assert rare == [{"item": "pistol", "searcher": HANS, "rarity": 8, "roll": 9, "modifiers": [],
                     "found": True}]


def test_a_rare_item_not_found_is_not_bought():
    out = battle({"won": True, "purchases": [{"item": "pistol", "entry_id": HANS, "rarity": 10,
                                              "roll": 6}]})
    assert out["roster"].treasury == START_TREASURY
    assert "pistol" not in fighter(out["roster"], HANS).items


def test_new_members_of_a_group_with_experience_cost_more_and_need_veterans():
    seasoned = battle({"won": True})["roster"]  # Marksmen: 1 experience
    out = battle({"won": True, "recruits": [{"join_entry_id": MARKSMEN, "size": 1}],
                  "veterans": {"dice": [1, 2]}}, seasoned)
    # 25 + 10 (bow) + 2 gc x 2 experience (after this battle's +1)
    assert seasoned.treasury - out["roster"].treasury == 39
    assert out["input"]["veterans"] == {"dice": [1, 2]}
    assert refused({"won": True, "recruits": [{"join_entry_id": MARKSMEN, "size": 2}],
                    "veterans": {"dice": [1, 2]}}, seasoned) == ("recruits[0].size", "no_veterans")


SEVEN = [{"card": "reikland-champion"}, {"card": "reikland-youngblood"}]


@pytest.mark.parametrize(("spec", "path", "code"), [
    ({"nope": 1}, "nope", "unknown_field"),
    ({}, "won", "required"),
    ({"won": "yes"}, "won", "invalid"),
    ({"won": True, "injuries": [{"entry_id": "zz9"}]}, "injuries[0].entry_id", "unknown_entry"),
    ({"won": True, "injuries": [{"entry_id": HANS, "roll": 41}, {"entry_id": HANS, "roll": 41}]},
     "injuries[1].entry_id", "duplicate"),
    ({"won": True, "injuries": [{"entry_id": HANS, "roll": 17}]}, "injuries[0].roll", "invalid"),
    ({"won": True, "injuries": [{"entry_id": WARRIORS, "models": 4}]}, "injuries[0].models",
     "invalid"),
    ({"won": True, "injuries": [{"entry_id": WARRIORS, "rolls": [7]}]}, "injuries[0].rolls[0]",
     "invalid"),
    ({"won": True, "injuries": [{"entry_id": HANS, "roll": 41, "models": 1}]},
     "injuries[0].models", "unknown_field"),
    ({"won": True, "enemies_out_of_action": [{"entry_id": WARRIORS, "count": 1}]},
     "enemies_out_of_action[0].entry_id", "not_a_hero"),
    ({"won": True, "experience": [{"entry_id": HANS, "amount": -1}]}, "experience[0].amount",
     "invalid"),
    ({"won": True, "advances": [{"entry_id": HANS, "roll": 7}]}, "advances[0].entry_id",
     "no_advance_due"),
    ({**BATTLE_1, "advances": [{"entry_id": KURT, "roll": 7, "choice": "S"}]},
     "advances[0].choice", "not_allowed"),
    ({**BATTLE_1, "advances": [{"entry_id": KURT, "roll": 6, "sub_roll": 7}]},
     "advances[0].sub_roll", "invalid"),
    ({"won": True, "sell_shards": 9}, "sell_shards", "not_enough_shards"),
    ({"won": True, "purchases": [{"item": "laser"}]}, "purchases[0].item", "unknown_key"),
    ({"won": True, "purchases": [{"item": "blowpipe", "entry_id": HANS}]}, "purchases[0].item",
     "equipment_not_allowed"),
    ({"won": True, "purchases": [{"item": "heavy-armour", "entry_id": WARRIORS}]},
     "purchases[0].item", "not_enough_gold"),
    ({"won": True, "purchases": [{"item": "pistol", "entry_id": WARRIORS, "rarity": 8}]},
     "purchases[0].searcher", "not_a_hero"),
    ({"won": True, "injuries": [{"entry_id": HANS, "roll": 41}],
      "purchases": [{"item": "pistol", "entry_id": HANS, "rarity": 8}]},
     "purchases[0].searcher", "not_allowed"),
    ({"won": True, "purchases": [{"item": "pistol", "entry_id": HANS, "rarity": 8, "roll": 2},
                                 {"item": "pistol", "entry_id": HANS, "rarity": 8, "roll": 2}]},
     "purchases[1].searcher", "already_searched"),
    ({"won": True, "sales": [{"item": "pistol", "entry_id": HANS}]}, "sales[0].item",
     "not_held"),
    ({"won": True, "sales": [{"item": "sword", "entry_id": None}]}, "sales[0].item", "not_held"),
    ({"won": True, "recruits": [*SEVEN, {"card": "reikland-youngblood"},
                                {"card": "reikland-champion"}]}, "recruits[2].card",
     "type_limit"),
    ({"won": True, "recruits": [{"card": "reikland-mercenary-captain"}]}, "recruits[0].card",
     "leader"),
    ({"won": True, "recruits": [{"card": "skaven-night-runner"}]}, "recruits[0].card",
     "faction"),
    ({"won": True, "recruits": [{"card": "reikland-warrior", "size": 5},
                                {"card": "reikland-marksman", "size": 2}]},
     "recruits[1].size", "warband_size"),
    ({"won": True, "recruits": [{"join_entry_id": WARRIORS, "items": ["axe"]}]},
     "recruits[0].items", "invalid"),
    ({"won": True, "recruits": [{"join_entry_id": HANS}]}, "recruits[0].join_entry_id",
     "not_a_henchman"),
    ({"won": True, "recruits": [{"card": "reikland-warrior", "size": 6}]}, "recruits[0].size",
     "invalid"),
    ({"won": True, "moves": [{"item": "sword", "from_entry_id": HANS, "to_entry_id": WARRIORS}]},
     "moves[0].to_entry_id", "invalid"),
    ({"won": True, "moves": [{"item": "halberd", "from_entry_id": OTTO,
                              "to_entry_id": OTTO}]}, "moves[0].to_entry_id", "invalid"),
    ({"won": True, "captured": [{"entry_id": OTTO, "outcome": "ransom"}]},
     "captured[0].entry_id", "not_captured"),
    ({"won": True, "injuries": [{"entry_id": HANS}] * 41}, "injuries", "invalid"),
])
def test_it_refuses_a_battle_that_cannot_be_applied_naming_the_field(spec, path, code):
    assert refused(spec, rng=Dice(*[3] * 40)) == (path, code)


def test_a_seventh_hero_is_refused():
    six = with_heroes(start(), 3)  # Hans, Otto, Kurt and three promoted lads
    assert refused({"won": True, "recruits": [{"card": "reikland-youngblood"}]}, six) == (
        "recruits[0].card", "hero_limit")
    five = battle({"won": True, "recruits": [{"card": "reikland-youngblood"}]},
                  with_heroes(start(), 2))["roster"]
    assert sum(1 for f in five.active() if f.hero) == 6


def test_a_step_cannot_be_named_that_does_not_exist():
    with pytest.raises(CampaignError) as info:
        battle({"won": True}, until="haggling")
    assert info.value.errors[0][0] == "until"


def test_it_stops_after_the_step_asked_for():
    out = battle({"won": True}, until="injuries")
    assert [s["step"] for s in out["steps"]] == ["before", "injuries"]
    assert "exploration" not in out["input"]
