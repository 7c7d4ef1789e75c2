"""The campaign tables the Mordheim pack ships (system.attributes.campaign and the cards'
race, skill lists, wizard), checked against numbers typed by hand from
mordheim-campaign.json, and the unverified marks on single-source or disputed facts."""

import pytest

from rules.systems.mordheim.advances import fighter_facts, warband_skill_lists
from rules.systems.mordheim.dice import campaign_tables, require_complete
from tests.support.mordheim_postbattle import CATALOGUE, TABLES, refused


def test_it_ships_a_new_data_version_with_campaign_tables():
    assert CATALOGUE.data_version == "2027.1.1"
    assert set(TABLES) >= {"experience", "thresholds", "hero_advances", "henchman_advances",
                           "maxima", "skill_lists", "exploration", "wyrdstone", "trading",
                           "injuries", "rating", "underdog"}


def test_it_has_the_thresholds_of_both_tracks():
    assert TABLES["thresholds"]["hero"] == [2, 4, 6, 8, 11, 14, 17, 20, 24, 28, 32, 36, 41, 46,
                                            51, 57, 63, 69, 76, 83, 90]
    assert TABLES["thresholds"]["henchman"] == [2, 5, 9, 14]
    assert TABLES["thresholds"]["hired_sword_track"] == "henchman"


MAXIMA = {  # M WS BS S T W I A Ld
    "human": (4, 6, 6, 4, 4, 3, 6, 4, 9),
    "skaven": (6, 6, 6, 4, 4, 3, 7, 4, 7),
    "possessed": (6, 8, 0, 6, 6, 4, 7, 5, 10),
    "vampire": (6, 8, 6, 7, 6, 4, 9, 4, 10),
    "ghoul": (5, 5, 2, 4, 5, 3, 5, 5, 7),
    "beastman_gor": (5, 7, 6, 4, 5, 4, 6, 4, 9),
    "dwarf": (3, 7, 6, 4, 5, 3, 5, 4, 10),
    "elf": (5, 7, 7, 4, 4, 3, 9, 4, 10),
    "ogre": (6, 6, 5, 5, 5, 5, 6, 5, 9),
    "halfling": (4, 5, 7, 3, 3, 3, 9, 4, 10),
}


@pytest.mark.parametrize(("race", "expected"), MAXIMA.items())
def test_it_has_the_racial_maximums(race, expected):
    assert tuple(TABLES["maxima"][race][s] for s in TABLES["stat_order"]) == expected


RACES = {
    "reikland-mercenary-captain": "human", "middenheim-champion": "human",
    "marienburg-youngblood": "human", "reikland-warrior": "human",
    "middenheim-marksman": "human", "marienburg-swordsman": "human",
    "skaven-assassin-adept": "skaven", "skaven-eshin-sorcerer": "skaven",
    "skaven-black-skaven": "skaven", "skaven-night-runner": "skaven",
    "skaven-verminkin": "skaven", "skaven-giant-rat": None, "skaven-rat-ogre": None,
    "undead-vampire": "vampire", "undead-necromancer": "human", "undead-dreg": "human",
    "undead-zombie": None, "undead-ghoul": "ghoul", "undead-dire-wolf": None,
    "possessed-magister": "human", "possessed-possessed": "possessed",
    "possessed-mutant": "human", "possessed-brethren": "human",
    "possessed-beastman": "beastman_gor", "possessed-darksoul": "human",
}


@pytest.mark.parametrize(("card", "race"), RACES.items())
def test_it_gives_each_fighter_its_race(card, race):
    facts = fighter_facts(CATALOGUE, card)
    assert facts["race"] == race
    assert facts["gains_experience"] is (race is not None)
    assert facts["maxima"] == (None if race is None else TABLES["maxima"][race])


SKILL_LISTS = {
    "reikland-champion": ["combat", "shooting", "strength"],
    "middenheim-champion": ["combat", "strength", "speed"],
    "marienburg-youngblood": ["combat", "shooting", "speed"],
    "skaven-assassin-adept": ["combat", "shooting", "academic", "strength", "speed",
                              "skaven_special"],
    "skaven-night-runner": ["combat", "shooting", "skaven_special"],
    "undead-necromancer": ["academic", "speed"],
    "undead-dreg": ["combat", "strength"],
    "possessed-mutant": ["combat", "speed"],
}


@pytest.mark.parametrize(("card", "lists"), SKILL_LISTS.items())
def test_it_gives_each_hero_its_skill_lists(card, lists):
    assert fighter_facts(CATALOGUE, card)["skill_lists"] == lists


def test_it_lists_the_skills_of_each_list():
    lists = TABLES["skill_lists"]
    assert lists["combat"]["skills"][0] == "Strike to Injure" and len(lists["combat"]["skills"]) == 6
    assert len(lists["shooting"]["skills"]) == 8 and len(lists["academic"]["skills"]) == 7
    assert "Black Hunger" in lists["skaven_special"]["skills"]
    assert TABLES["special_lists"] == {"skaven": "skaven_special"}


@pytest.mark.parametrize(("card", "flags"), [
    ("reikland-champion", ["skill_lists"]), ("skaven-night-runner", ["skill_lists"]),
    ("skaven-assassin-adept", ["skill_lists"]), ("undead-dreg", ["skill_lists"]),
    ("possessed-magister", ["race", "wizard"]), ("possessed-brethren", ["race"]),
    ("skaven-eshin-sorcerer", ["wizard"]), ("reikland-mercenary-captain", []),
    ("possessed-possessed", []), ("possessed-beastman", []),
])
def test_it_marks_disputed_card_facts_unverified(card, flags):
    assert fighter_facts(CATALOGUE, card)["unverified"] == flags


@pytest.mark.parametrize(("section", "keys"), [
    ("wyrdstone", ["warhounds_count", "may_keep_shards"]),
    ("trading", ["hired_swords_search", "sell_rounding", "haggle_min_price"]),
    ("rating", ["missing_models_count"]),
    ("underdog", ["scope"]),
    ("exploration", ["equal_sets"]),
])
def test_it_marks_single_source_facts_unverified(section, keys):
    assert TABLES[section]["unverified"] == keys


def test_it_marks_the_disputed_overturned_cart_reward():
    cart = next(r for r in TABLES["exploration"]["locations"] if r["name"] == "Overturned Cart")
    jewels = cart["effect"]["d6"][2]["then"]
    assert jewels["unverified"] == ["items"] and jewels["items"][0]["sell_multiplier"] == 2


def test_it_lists_the_lists_a_promoted_henchman_may_choose():
    assert warband_skill_lists(CATALOGUE, "reikland") == [
        "combat", "shooting", "academic", "strength", "speed"]
    assert warband_skill_lists(CATALOGUE, "undead") == ["combat", "academic", "strength", "speed"]
    assert "skaven_special" in warband_skill_lists(CATALOGUE, "skaven")


def test_it_refuses_an_unknown_card_and_a_pack_without_tables():
    assert refused(fighter_facts, CATALOGUE, "nope")[2] == "unknown_key"
    from tests.support.mordheim import CATALOGUE as HAND_BUILT
    assert refused(campaign_tables, HAND_BUILT)[2] == "no_campaign_data"


def test_it_refuses_a_step_with_a_choice_still_open():
    step = {"roll": 7, "pending": [{"path": "stat", "options": ["WS", "BS"]}]}
    path, message, code = refused(require_complete, step, "advances[0]")
    assert (path, code) == ("advances[0].stat", "required") and "WS, BS" in message
    assert require_complete({"roll": 6, "pending": []}) == {"roll": 6, "pending": []}
