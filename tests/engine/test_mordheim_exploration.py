"""Mordheim exploration and the wyrdstone sale: dice per hero, every shards-by-total
band, multiples, every location with its reward applied, re-rolls and discards, every
cell of the sale table, refused input and replay of stored steps."""

import random

import pytest

from rules.systems.mordheim.exploration import (
    exploration_dice,
    explore,
    location,
    multiples,
    sale_warband_size,
    sell_wyrdstone,
    shards_for_total,
)
from tests.support.mordheim_postbattle import TABLES, Dice, refused

ARTEFACTS = ["The Boots and Rope of Pieter", "The Count of Ventimiglia's Misericordia",
             "Att'la's Plate Mail", "Bow of Seeking", "Executioner's Hood",
             "All-seeing Eye of Numas"]


# -- dice, shards, multiples ----------------------------------------------------------


@pytest.mark.parametrize(("heroes", "won", "extra", "straggler", "roll", "keep"), [
    (4, False, 0, False, 4, 4),
    (4, True, 0, False, 5, 5),
    (6, True, 0, False, 7, 6),   # keep six at most
    (5, True, 1, False, 7, 6),
    (3, False, 0, True, 4, 3),   # the straggler's die is discarded
    (6, True, 0, True, 8, 6),
    (0, False, 0, False, 0, 0),
    (0, True, 0, False, 1, 1),
])
def test_it_counts_the_exploration_dice(heroes, won, extra, straggler, roll, keep):
    assert exploration_dice(TABLES, heroes_not_out_of_action=heroes, won=won, extra_dice=extra,
                            straggler=straggler) == {"roll": roll, "keep": keep}


def test_it_refuses_more_than_six_heroes():
    assert refused(exploration_dice, TABLES, heroes_not_out_of_action=7, won=False)[0] == \
        "heroes_not_out_of_action"


@pytest.mark.parametrize(("total", "shards"), [
    (1, 1), (5, 1), (6, 2), (11, 2), (12, 3), (17, 3), (18, 4), (24, 4),
    (25, 5), (30, 5), (31, 6), (35, 6), (36, 7),
])
def test_it_finds_shards_by_the_dice_total(total, shards):
    assert shards_for_total(TABLES, total) == shards


@pytest.mark.parametrize("total", [0, 37, "6"])
def test_it_refuses_a_total_no_dice_make(total):
    assert refused(shards_for_total, TABLES, total)[0] == "total"


@pytest.mark.parametrize(("dice", "found"), [
    ([1, 2, 3], None), ([6], None), ([], None),
    ([3, 3, 1], (2, 3)),
    ([3, 3, 5, 5, 5], (3, 5)),          # the most numerous set
    ([1, 1, 6, 6], (2, 6)),             # equal sets: the highest face
    ([2, 2, 2, 2, 5, 5], (4, 2)),
    ([4, 4, 4, 4, 4], (5, 4)),
    ([6, 6, 6, 6, 6, 6], (6, 6)),
])
def test_it_looks_up_the_most_numerous_multiples(dice, found):
    got = multiples(dice)
    assert (None if got is None else (got["count"], got["face"])) == found


LOCATIONS = {
    2: ["Well", "Shop", "Corpse", "Straggler", "Overturned Cart", "Ruined Hovels"],
    3: ["Tavern", "Smithy", "Prisoners", "Fletcher", "Market Hall", "Returning a Favour"],
    4: ["Gunsmith", "Shrine", "Townhouse", "Armourer", "Graveyard", "Catacombs"],
    5: ["Moneylender's House", "Alchemist's Laboratory", "Jewelsmith", "Merchant's House",
        "Shattered Building", "Entrance to the Catacombs"],
    6: ["The Pit", "Hidden Treasure", "Dwarf Smithy", "Slaughtered Warband", "Fighting Arena",
        "Noble's Villa"],
}


@pytest.mark.parametrize(("count", "face", "name"), [
    (count, face, name) for count, names in LOCATIONS.items()
    for face, name in enumerate(names, start=1)
])
def test_it_names_the_location_of_each_set(count, face, name):
    assert location(TABLES, count, face)["name"] == name


# -- every location's reward ----------------------------------------------------------


def found(count, face, rolls, spec=None, warband="reikland", artefacts=()):
    dice = Dice(*rolls)
    step = explore(TABLES, roll=count, keep=count, warband=warband, artefacts_found=artefacts,
                   spec={"rolled": [face] * count, "location": spec}, rng=dice)
    assert dice.used_up, "rolled fewer dice than scripted"
    assert step["multiple"]["name"] == LOCATIONS[count][face - 1]
    got = step["found"]
    return got["gold"], got["shards"], [(i["name"], i["count"]) for i in got["items"]], got


REWARDS = [
    # count, face, warband, scripted D6s, location spec, gold, shards, items
    (2, 1, "reikland", [3], {"test": {"value": 3}}, 0, 1, []),
    (2, 2, "reikland", [1], None, 1, 0, [("Lucky Charm", 1)]),
    (2, 2, "reikland", [4], None, 4, 0, []),
    (2, 3, "reikland", [2, 5], None, 5, 0, []),
    (2, 3, "reikland", [3], None, 0, 0, [("Dagger", 1)]),
    (2, 3, "reikland", [4], None, 0, 0, [("Axe", 1)]),
    (2, 3, "reikland", [5], None, 0, 0, [("Sword", 1)]),
    (2, 3, "reikland", [6], None, 0, 0, [("Light armour", 1)]),
    (2, 4, "skaven", [3, 4], None, 7, 0, []),
    (2, 5, "reikland", [2], None, 0, 0, [("Mordheim Map", 1)]),
    (2, 5, "reikland", [3, 2, 5], None, 7, 0, []),
    (2, 5, "reikland", [6], None, 0, 0, [("Jewelled sword", 1), ("Jewelled dagger", 1)]),
    (2, 6, "reikland", [6], None, 6, 0, []),
    (3, 1, "undead", [1, 2, 3, 4], None, 10, 0, []),                       # auto pass: 4D6
    (3, 1, "reikland", [5, 4, 3], {"test": {"value": 8}}, 3, 0, []),       # 9 fails: D6
    (3, 1, "reikland", [3, 4, 1, 1, 1, 1], {"test": {"value": 8}}, 4, 0, []),
    (3, 2, "reikland", [1], None, 0, 0, [("Sword", 1)]),
    (3, 2, "reikland", [2], None, 0, 0, [("Double-handed weapon", 1)]),
    (3, 2, "reikland", [3], None, 0, 0, [("Flail", 1)]),
    (3, 2, "reikland", [4, 3], None, 0, 0, [("Halberd", 2)]),               # D3 from a D6 of 3
    (3, 2, "reikland", [5], None, 0, 0, [("Lance", 1)]),
    (3, 2, "reikland", [6, 3, 3], None, 6, 0, []),
    (3, 3, "skaven", [1, 2, 3], None, 6, 0, []),
    (3, 3, "reikland", [2, 2], None, 4, 0, []),
    (3, 4, "reikland", [1, 6], None, 0, 0, [("Short bow", 3)]),
    (3, 4, "reikland", [3, 1], None, 0, 0, [("Bow", 1)]),
    (3, 4, "reikland", [4, 4], None, 0, 0, [("Long bow", 2)]),
    (3, 4, "reikland", [5], None, 0, 0, [("Quiver of hunting arrows", 1)]),
    (3, 4, "reikland", [6, 5], None, 0, 0, [("Crossbow", 3)]),
    (3, 5, "reikland", [6, 6], None, 12, 0, []),
    (3, 6, "reikland", [], None, 0, 0, []),
    (4, 1, "reikland", [1], None, 0, 0, [("Blunderbuss", 1)]),
    (4, 1, "reikland", [2], None, 0, 0, [("Brace of pistols", 1)]),
    (4, 1, "reikland", [3], None, 0, 0, [("Brace of duelling pistols", 1)]),
    (4, 1, "reikland", [4, 2], None, 0, 0, [("Handgun", 1)]),
    (4, 1, "reikland", [5, 5], None, 0, 0, [("Flask of superior blackpowder", 3)]),
    (4, 1, "reikland", [6], None, 0, 0, [("Hochland long rifle", 1)]),
    (4, 2, "reikland", [1, 2, 3], None, 6, 0, []),
    (4, 3, "reikland", [6, 6, 6], None, 18, 0, []),
    (4, 4, "reikland", [2, 6], {"d6": {"then": {"choose": {"option": "bucklers"}}}}, 0, 0, [("Buckler", 3)]),
    (4, 4, "reikland", [1, 1], {"d6": {"then": {"choose": {"option": "shields"}}}}, 0, 0, [("Shield", 1)]),
    (4, 4, "reikland", [3, 4], None, 0, 0, [("Helmet", 2)]),
    (4, 4, "reikland", [4, 2], None, 0, 0, [("Light armour", 1)]),
    (4, 4, "reikland", [5, 6], None, 0, 0, [("Heavy armour", 3)]),
    (4, 4, "reikland", [6], None, 0, 0, [("Ithilmar armour", 1)]),
    (4, 5, "reikland", [4], {"choose": {"option": "loot"}}, 40, 0, []),
    (4, 5, "reikland", [], {"choose": {"option": "leave"}}, 0, 0, []),
    (4, 6, "reikland", [], None, 0, 0, []),
    (5, 1, "reikland", [5], None, 50, 0, []),
    (5, 2, "reikland", [1, 1, 1], None, 3, 0, [("Notebook", 1)]),
    (5, 3, "reikland", [2, 4], None, 0, 0, [("Quartz", 1)]),
    (5, 3, "reikland", [3], None, 0, 0, [("Amethyst", 1)]),
    (5, 3, "reikland", [5], None, 0, 0, [("Necklace", 1)]),
    (5, 3, "reikland", [6, 2], None, 0, 0, [("Ruby", 1)]),
    (5, 4, "reikland", [3, 4], None, 35, 0, []),
    (5, 4, "reikland", [2, 2], None, 0, 0, [("Order of Freetraders symbol", 1)]),  # a double
    (5, 5, "reikland", [5, 3, 4], {"test": {"value": 8}}, 0, 3, [("War dog", 1)]),
    (5, 5, "reikland", [1, 6, 6], {"test": {"value": 8}}, 0, 1, []),
    (5, 6, "reikland", [], None, 0, 0, []),
    (6, 1, "reikland", [4, 5], {"choose": {"option": "search"}}, 0, 6, []),      # D6+1
    (6, 1, "reikland", [], {"choose": {"option": "leave"}}, 0, 0, []),
    (6, 2, "reikland", [4, 6, 1, 1, 1, 1, 1, 5, 1, 4, 1, 2, 6, 5, 3], None, 25, 3,
     [("Holy relic", 1), ("Gem", 1), ("Holy tome", 1), ("Att'la's Plate Mail", 1)]),
    (6, 3, "reikland", [1, 6], None, 0, 0, [("Double-handed axe", 3)]),
    (6, 3, "reikland", [2, 1], None, 0, 0, [("Heavy armour", 1)]),
    (6, 3, "reikland", [3], None, 0, 0, [("Gromril axe", 1)]),
    (6, 3, "reikland", [4], None, 0, 0, [("Gromril hammer", 1)]),
    (6, 3, "reikland", [5], None, 0, 0, [("Double-handed gromril axe", 1)]),
    (6, 3, "reikland", [6], None, 0, 0, [("Gromril armour", 1)]),
    (6, 4, "reikland", [1, 1, 1, 3, 6, 4, 1, 1, 3, 1, 1, 1, 2, 6], None, 15, 0,
     [("Heavy armour", 1), ("Dagger", 4), ("Sword", 1), ("Helmet", 3)]),
    (6, 5, "reikland", [], {"choose": {"option": "sell"}}, 100, 0, []),
    (6, 5, "reikland", [], {"choose": {"option": "keep"}}, 0, 0, [("Training manual", 1)]),
    (6, 6, "reikland", [1, 3], None, 30, 0, []),
    (6, 6, "reikland", [3, 4], None, 0, 0, [("Crimson Shade", 4)]),
    (6, 6, "reikland", [5, 2], None, 0, 0, [("The Count of Ventimiglia's Misericordia", 1)]),
]


@pytest.mark.parametrize(("count", "face", "warband", "rolls", "spec", "gold", "shards", "items"),
                         REWARDS)
def test_it_applies_each_locations_reward(count, face, warband, rolls, spec, gold, shards, items):
    assert found(count, face, rolls, spec, warband)[:3] == (gold, shards, items)


@pytest.mark.parametrize(("warband", "rolls", "key", "value"), [
    ("possessed", [], "leader_xp", 1), ("undead", [], "zombies", 1),
])
def test_it_gives_the_straggler_to_each_warband_its_own_way(warband, rolls, key, value):
    assert found(2, 4, rolls, warband=warband)[3][key] == value
    assert found(2, 4, [])[3]["flags"] == ["straggler"]


@pytest.mark.parametrize(("warband", "rolls", "key", "value"), [
    ("possessed", [6], "heroes_xp", 3), ("undead", [1], "zombies", 1),
])
def test_it_gives_the_prisoners_to_each_warband_its_own_way(warband, rolls, key, value):
    assert found(3, 3, rolls, warband=warband)[3][key] == value


def test_it_sends_a_hero_who_fails_at_the_well_to_bed():
    got = found(2, 1, [4], {"test": {"value": 3, "fighter": "Otto"}})[3]
    assert got["misses_games"] == 1 and got["shards"] == 0


def test_it_loses_the_hero_who_finds_the_bottom_of_the_pit():
    assert found(6, 1, [1], {"choose": {"option": "search"}})[3]["hero_lost"] is True


def test_it_keeps_the_pack_keys_and_the_worth_of_what_it_finds():
    got = found(5, 3, [6, 2])[3]
    assert got["items"][0]["worth"] == {"dice": [2], "value": 30}
    smithy = found(3, 2, [4, 3])[3]
    assert smithy["items"][0]["key"] == "halberd"
    cart = found(2, 5, [6])[3]
    assert cart["unverified"] is True and cart["items"][0]["sell_multiplier"] == 2


def test_it_re_rolls_an_artefact_the_campaign_already_has():
    step = explore(TABLES, roll=6, keep=6, warband="reikland", artefacts_found=ARTEFACTS[:1],
                   spec={"rolled": [6] * 6}, rng=Dice(5, 1, 2))
    artefact = step["location"]["d6"]["then"]["artefact"]
    assert (artefact["rerolled"], artefact["name"]) == ([1], ARTEFACTS[1])
    none_left = explore(TABLES, roll=6, keep=6, warband="reikland", artefacts_found=ARTEFACTS,
                        spec={"rolled": [6] * 6}, rng=Dice(6))
    assert none_left["location"]["d6"]["then"]["artefact"]["name"] is None


@pytest.mark.parametrize(("count", "face", "path"), [
    (2, 1, "location.test.value"), (3, 1, "location.test.value"),
    (4, 5, "location.choose.option"), (6, 1, "location.choose.option"),
    (6, 5, "location.choose.option"), (5, 5, "location.test.value"),
])
def test_it_waits_for_the_players_choice(count, face, path):
    step = explore(TABLES, roll=count, keep=count, warband="reikland",
                   spec={"rolled": [face] * count}, rng=Dice(*[1] * 3))
    assert [p["path"] for p in step["pending"]] == [path]


# -- the dice of a search -------------------------------------------------------------


def test_it_adds_up_the_kept_dice():
    step = explore(TABLES, roll=3, keep=3, warband="reikland", spec={"rolled": [1, 2, 4]})
    assert (step["total"], step["shards"], step["multiple"]) == (7, 2, None)
    assert step["found"]["gold"] == 0 and step["pending"] == []


def test_it_rolls_the_search_dice_when_not_typed():
    step = explore(TABLES, roll=2, keep=2, warband="reikland", rng=Dice(6, 5))
    assert (step["rolled"], step["total"], step["shards"]) == ([6, 5], 11, 2)


def test_it_lets_the_player_re_roll_dice():
    spec = {"rolled": [1, 4, 6]}
    pending = explore(TABLES, roll=3, keep=3, warband="reikland", rerolls_allowed=1, spec=spec)
    assert pending["pending"] == [{"path": "rerolls", "options": [0, 1, 2], "up_to": 1}]
    step = explore(TABLES, roll=3, keep=3, warband="reikland", rerolls_allowed=1,
                   spec={**spec, "rerolls": [{"die": 0}]}, rng=Dice(6, 3))
    assert step["rerolls"] == [{"die": 0, "was": 1, "roll": 6}]
    assert (step["dice"], step["total"], step["multiple"]["name"]) == ([6, 4, 6], 16, "Ruined Hovels")
    none = explore(TABLES, roll=3, keep=3, warband="reikland", rerolls_allowed=1,
                   spec={**spec, "rerolls": []})
    assert none["dice"] == [1, 4, 6]


def test_it_lets_the_player_discard_the_dice_over_six():
    spec = {"rolled": [1, 2, 3, 4, 5, 6, 6]}
    waiting = explore(TABLES, roll=7, keep=6, warband="reikland", spec=spec)
    assert waiting["pending"] == [{"path": "discard", "options": list(range(7)), "choose": 1}]
    step = explore(TABLES, roll=7, keep=6, warband="reikland", spec={**spec, "discard": [5]})
    assert step["dice"] == [1, 2, 3, 4, 5, 6] and step["multiple"] is None and step["total"] == 21


def test_it_marks_equal_sets_decided_by_the_highest_face():
    tie = explore(TABLES, roll=4, keep=4, warband="reikland", spec={"rolled": [1, 1, 6, 6]},
                  rng=Dice(2))
    assert tie["multiple"]["name"] == "Ruined Hovels" and tie["multiple"]["unverified"] == ["equal_sets"]
    clear = explore(TABLES, roll=5, keep=5, warband="reikland", spec={"rolled": [3, 3, 5, 5, 5]},
                    rng=Dice(1, 1))
    assert clear["multiple"]["name"] == "Market Hall" and clear["multiple"]["unverified"] == []


@pytest.mark.parametrize(("kwargs", "spec", "field"), [
    (dict(roll=3, keep=3), {"rolled": [1, 2]}, "rolled"),
    (dict(roll=3, keep=3), {"rolled": [1, 2, 7]}, "rolled[2]"),
    (dict(roll=3, keep=4), {"rolled": [1, 2, 3]}, "keep"),
    (dict(roll=3, keep=3), {"rolled": [1, 2, 3], "rerolls": [{"die": 0}]}, "rerolls"),
    (dict(roll=3, keep=3, rerolls_allowed=1), {"rolled": [1, 2, 3], "rerolls": [{"die": 0}, {"die": 1}]}, "rerolls"),
    (dict(roll=3, keep=3, rerolls_allowed=2), {"rolled": [1, 2, 3], "rerolls": [{"die": 0, "roll": 2}, {"die": 0, "roll": 3}]}, "rerolls[1].die"),
    (dict(roll=3, keep=3, rerolls_allowed=1), {"rolled": [1, 2, 3], "rerolls": [{"die": 3, "roll": 2}]}, "rerolls[0].die"),
    (dict(roll=4, keep=3), {"rolled": [1, 2, 3, 4], "discard": [0, 1]}, "discard"),
    (dict(roll=4, keep=3), {"rolled": [1, 2, 3, 4], "discard": [4]}, "discard"),
    (dict(roll=3, keep=3), {"rolled": [1, 2, 3], "discard": [0]}, "discard"),
    (dict(roll=3, keep=3), {"rolled": [1, 2, 3], "location": {"gold": [3]}}, "location"),
    (dict(roll=2, keep=2), {"rolled": [2, 2], "location": {"gold": [7]}}, "location.gold[0]"),
    (dict(roll=2, keep=2), {"rolled": [4, 4], "lucky": True}, "lucky"),
    (dict(roll=14, keep=6), {}, "roll"),
])
def test_it_refuses_impossible_searches(kwargs, spec, field):
    assert refused(explore, TABLES, warband="reikland", spec=spec, **kwargs)[0] == field


@pytest.mark.parametrize("seed", range(40))
def test_it_replays_a_stored_search_without_rng(seed):
    rng = random.Random(seed)
    roll = 3 + seed % 5
    spec = {"discard": [0]} if roll > 6 else {}
    kw = dict(roll=roll, keep=min(roll, 6), warband=["reikland", "skaven", "undead"][seed % 3],
              rerolls_allowed=seed % 2)
    if kw["rerolls_allowed"]:
        spec["rerolls"] = [{"die": 1}]
    step = explore(TABLES, spec=spec, rng=rng, **kw)
    assert explore(TABLES, spec=step, **kw) == step


# -- selling wyrdstone ----------------------------------------------------------------

SALE = {  # shards sold: gold by warband size 1-3, 4-6, 7-9, 10-12, 13-15, 16+
    1: (45, 40, 35, 30, 30, 25),
    2: (60, 55, 50, 45, 40, 35),
    3: (75, 70, 65, 60, 55, 50),
    4: (90, 80, 70, 65, 60, 55),
    5: (110, 100, 90, 80, 70, 65),
    6: (120, 110, 100, 90, 80, 70),
    7: (145, 130, 120, 110, 100, 90),
    8: (155, 140, 130, 120, 110, 100),
}
SIZES = [(1, 3), (4, 6), (7, 9), (10, 12), (13, 15), (16, 40)]


@pytest.mark.parametrize(("shards", "column", "gold"), [
    (shards, column, gold) for shards, row in SALE.items() for column, gold in enumerate(row)
])
def test_it_pays_each_cell_of_the_sale_table(shards, column, gold):
    for size in SIZES[column]:  # both ends of the warband size band
        sale = sell_wyrdstone(TABLES, shards=shards, warband_size=size)
        assert (sale["gold"], sale["row"], sale["column"]) == (gold, shards - 1, column)


def test_it_pays_eight_or_more_shards_by_the_last_row():
    assert sell_wyrdstone(TABLES, shards=12, warband_size=5)["gold"] == 140


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    (dict(shards=0, warband_size=5), "shards", "invalid"),
    (dict(shards=3, warband_size=0), "warband_size", "invalid"),
    (dict(shards=3, warband_size=5, held=2), "shards", "not_enough_shards"),
    (dict(shards=3, warband_size=5, sales_so_far=1), "shards", "already_sold"),
])
def test_it_refuses_impossible_sales(kwargs, field, code):
    assert refused(sell_wyrdstone, TABLES, **kwargs)[::2] == (field, code)


def test_it_counts_the_warband_without_hired_swords():
    fighters = [{"models": 1}, {"models": 4}, {"models": 1, "hired_sword": True},
                {"models": 2, "warhound": True}]
    assert sale_warband_size(TABLES, fighters) == 5
