"""Mordheim experience and advances: every threshold, every row of the hero and henchman
advance tables with their D6 sub-rolls and racial maximums, the lad's got talent (and
its re-roll with 6 heroes), re-rolls, refused input and replay of stored steps."""

import random

import pytest

from rules.systems.mordheim.advances import (
    advances_due,
    experience_gain,
    henchman_advance,
    hero_advance,
)
from tests.support.mordheim_postbattle import HUMAN, TABLES, Dice, refused

CHAMPION = {"M": 4, "WS": 4, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
WARRIOR = {"M": 4, "WS": 3, "BS": 3, "S": 3, "T": 3, "W": 1, "I": 3, "A": 1, "Ld": 7}
LISTS = ["combat", "shooting", "strength"]
REIKLAND_LISTS = ["combat", "shooting", "academic", "strength", "speed"]
HERO_THRESHOLDS = [2, 4, 6, 8, 11, 14, 17, 20, 24, 28, 32, 36, 41, 46, 51, 57, 63, 69, 76, 83, 90]
HENCH_THRESHOLDS = [2, 5, 9, 14]


# -- thresholds and experience --------------------------------------------------------


@pytest.mark.parametrize("threshold", HERO_THRESHOLDS)
def test_it_gives_a_hero_an_advance_at_each_threshold(threshold):
    assert advances_due(TABLES, "hero", threshold - 1, threshold) == [threshold]
    assert advances_due(TABLES, "hero", threshold, threshold) == []


@pytest.mark.parametrize("threshold", HENCH_THRESHOLDS)
def test_it_gives_a_henchman_group_an_advance_at_each_threshold(threshold):
    assert advances_due(TABLES, "henchman", threshold - 1, threshold) == [threshold]
    assert advances_due(TABLES, "henchman", threshold, threshold) == []
    assert advances_due(TABLES, "henchman", threshold - 1, threshold + 1) == [threshold]


@pytest.mark.parametrize(("track", "before", "after", "due"), [
    ("hero", 0, 14, [2, 4, 6, 8, 11, 14]),
    ("hero", 20, 23, []),          # a captain's 20 starting experience gives no advance
    ("hero", 20, 24, [24]),
    ("hero", 89, 120, [90]),       # nothing past the end of the track
    ("henchman", 1, 9, [2, 5, 9]),
    ("henchman", 14, 30, []),
    ("henchman", 3, 4, []),
])
def test_it_lists_every_threshold_crossed(track, before, after, due):
    assert advances_due(TABLES, track, before, after) == due


@pytest.mark.parametrize(("kwargs", "gained", "advances"), [
    (dict(hero=True, before=8, survived=True, winning_leader=True, enemies_out_of_action=2), 4, [11]),
    (dict(hero=True, before=0, survived=True, scenario=2), 3, [2]),
    (dict(hero=True, before=3, survived=False, enemies_out_of_action=1), 1, [4]),
    (dict(hero=False, before=4, survived=True), 1, [5]),
    (dict(hero=False, before=4, survived=True, underdog=3), 4, [5]),
    (dict(hero=False, before=1, survived=True, track="henchman"), 1, [2]),
])
def test_it_adds_up_the_awards_of_a_battle(kwargs, gained, advances):
    step = experience_gain(TABLES, **kwargs)
    assert step["gained"] == gained and step["after"] == kwargs["before"] + gained
    assert step["advances"] == advances


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    (dict(hero=False, before=0, survived=True, enemies_out_of_action=1), "enemies_out_of_action", "not_a_hero"),
    (dict(hero=False, before=0, survived=True, winning_leader=True), "winning_leader", "not_a_hero"),
    (dict(hero=True, before=0, survived=True, gains_experience=False), "", "no_experience"),
    (dict(hero=True, before=0, survived=True, enemies_out_of_action=-1), "enemies_out_of_action", "invalid"),
    (dict(hero=True, before=0, survived="yes"), "survived", "invalid"),
    (dict(hero=True, before=-1, survived=True), "before", "invalid"),
    (dict(hero=True, before=0, survived=True, track="veteran"), "track", "invalid"),
])
def test_it_refuses_impossible_experience(kwargs, field, code):
    assert refused(experience_gain, TABLES, **kwargs)[::2] == (field, code)


# -- the hero advance table -----------------------------------------------------------


def hero(spec=None, rng=None, stats=CHAMPION, maxima=HUMAN, **kw):
    kw.setdefault("skill_lists", LISTS)
    return hero_advance(TABLES, stats=stats, maxima=maxima, spec=spec, rng=rng, **kw)


# 6: D6 1-3 S, 4-6 A; 8: 1-3 I, 4-6 Ld; 9: 1-3 W, 4-6 T
SUB_ROLLS = [(roll, d6, stat) for roll, low, high in ((6, "S", "A"), (8, "I", "Ld"), (9, "W", "T"))
             for d6, stat in zip(range(1, 7), [low] * 3 + [high] * 3, strict=True)]


@pytest.mark.parametrize(("roll", "d6", "stat"), SUB_ROLLS)
def test_it_raises_the_characteristic_of_each_sub_roll(roll, d6, stat):
    step = hero({"roll": roll, "d6": d6})
    assert (step["result"], step["stat"], step["pending"]) == ("characteristic", stat, [])
    assert step["stats"][stat] == CHAMPION[stat] + 1
    assert {k: v for k, v in step["stats"].items() if k != stat} == {
        k: v for k, v in CHAMPION.items() if k != stat}


@pytest.mark.parametrize("stat", ["WS", "BS"])
def test_it_lets_a_seven_choose_ws_or_bs(stat):
    assert hero({"roll": 7})["pending"] == [{"path": "stat", "options": ["WS", "BS"]}]
    step = hero({"roll": 7, "stat": stat})
    assert step["stats"][stat] == CHAMPION[stat] + 1 and step["pending"] == []


@pytest.mark.parametrize("roll", [2, 3, 4, 5, 10, 11, 12])
def test_it_gives_a_new_skill_on_2_to_5_and_10_to_12(roll):
    [pending] = hero({"roll": roll})["pending"]
    assert pending["path"] == "skill" and "Mighty Blow" in pending["options"]
    assert "Sprint" not in pending["options"]  # speed is not a Champion's list
    step = hero({"roll": roll, "skill": "Mighty Blow"})
    assert (step["result"], step["skill"], step["stats"]) == ("skill", "Mighty Blow", CHAMPION)


@pytest.mark.parametrize(("stats", "spec", "rolled", "stat"), [
    ({**CHAMPION, "S": 4}, {"roll": 6, "d6": 2}, "S", "A"),     # S at maximum: the other
    ({**CHAMPION, "A": 4}, {"roll": 6, "d6": 5}, "A", "S"),
    ({**CHAMPION, "I": 6}, {"roll": 8, "d6": 1}, "I", "Ld"),
    ({**CHAMPION, "Ld": 9}, {"roll": 8, "d6": 6}, "Ld", "I"),
    ({**CHAMPION, "W": 3}, {"roll": 9, "d6": 3}, "W", "T"),
    ({**CHAMPION, "T": 4}, {"roll": 9, "d6": 4}, "T", "W"),
])
def test_it_takes_the_other_characteristic_at_the_racial_maximum(stats, spec, rolled, stat):
    step = hero(spec, stats=stats)
    assert (step["rolled_stat"], step["stat"]) == (rolled, stat)
    assert step["stats"][stat] == stats[stat] + 1


def test_it_lets_a_hero_with_both_at_maximum_raise_any_other():
    stats = {**CHAMPION, "S": 4, "A": 4}
    [pending] = hero({"roll": 6, "d6": 1}, stats=stats)["pending"]
    assert pending["options"] == ["WS", "BS", "T", "W", "I", "Ld"]  # M is at 4 already
    assert hero({"roll": 6, "d6": 1, "stat": "T"}, stats=stats)["stats"]["T"] == 4
    assert refused(hero, {"roll": 6, "d6": 1, "stat": "S"}, stats=stats)[2] == "not_allowed"


def test_it_forces_the_free_one_of_ws_and_bs():
    step = hero({"roll": 7}, stats={**CHAMPION, "WS": 6})
    assert step["stat"] == "BS" and step["pending"] == []
    assert refused(hero, {"roll": 7, "stat": "WS"}, stats={**CHAMPION, "WS": 6})[2] == "not_allowed"
    both = hero({"roll": 7}, stats={**CHAMPION, "WS": 6, "BS": 6})
    assert "WS" not in both["pending"][0]["options"] and "T" in both["pending"][0]["options"]


def test_it_raises_nothing_when_every_characteristic_is_at_maximum():
    step = hero({"roll": 6, "d6": 3}, stats=dict(HUMAN))
    assert step["stat"] is None and step["stats"] == HUMAN and "maximum" in step["note"]


def test_it_uses_each_races_maximums():
    possessed_max = TABLES["maxima"]["possessed"]
    step = hero({"roll": 6, "d6": 1}, stats={**CHAMPION, "S": 4}, maxima=possessed_max)
    assert step["stat"] == "S" and step["stats"]["S"] == 5  # 6 for the Possessed


def test_it_offers_only_unknown_skills_of_the_heros_lists():
    [pending] = hero({"roll": 3}, skills=["Mighty Blow", "Step Aside"])["pending"]
    assert "Mighty Blow" not in pending["options"] and "Pit Fighter" in pending["options"]
    assert refused(hero, {"roll": 3, "skill": "Sprint"})[::2] == ("skill", "not_allowed")
    assert refused(hero, {"roll": 3, "skill": "Mighty Blow"}, skills=["Mighty Blow"])[2] == "not_allowed"


def test_it_lets_a_wizard_take_a_spell_instead():
    step = hero({"roll": 11, "spell": "Eye of God"}, wizard=True)
    assert (step["result"], step["spell"]) == ("spell", "Eye of God")
    assert hero({"roll": 11}, wizard=True)["pending"][0]["or_spell"] is True
    assert refused(hero, {"roll": 11, "spell": "Eye of God"})[::2] == ("spell", "not_allowed")


def test_it_rolls_the_2d6_and_the_sub_roll_when_not_typed():
    step = hero(rng=Dice(2, 4, 5))  # 2+4 = 6, D6 5: +1 A
    assert (step["roll"], step["d6"], step["stat"]) == (6, 5, "A")


@pytest.mark.parametrize(("spec", "field"), [
    ({"roll": 13}, "roll"), ({"roll": 1}, "roll"), ({"roll": "7"}, "roll"),
    ({"roll": 6, "d6": 7}, "d6"), ({"roll": 3, "d6": 2}, "d6"),
    ({"roll": 6, "d6": 2, "skill": "Leap"}, "skill"), ({"roll": 7, "colour": "red"}, "colour"),
    ({"roll": 7, "stat": "Str"}, "stat"),
])
def test_it_refuses_impossible_hero_advances(spec, field):
    assert refused(hero, spec)[0] == field


def test_it_needs_an_rng_for_a_roll_not_typed():
    assert refused(hero, {}) == ("roll", "is missing (resolve the step first)", "required")


# -- the henchman advance table -------------------------------------------------------


def hench(spec=None, rng=None, stats=WARRIOR, **kw):
    kw.setdefault("lad_skill_lists", REIKLAND_LISTS)
    return henchman_advance(TABLES, stats=stats, maxima=HUMAN, spec=spec, rng=rng, **kw)


@pytest.mark.parametrize(("roll", "stat"), [
    (2, "I"), (3, "I"), (4, "I"), (5, "S"), (8, "A"), (9, "Ld"),
])
def test_it_raises_the_henchman_characteristic_of_each_roll(roll, stat):
    step = hench({"roll": roll})
    assert (step["result"], step["stat"], step["increased"]) == ("characteristic", stat, [stat])
    assert step["stats"][stat] == WARRIOR[stat] + 1 and step["pending"] == []


@pytest.mark.parametrize(("roll", "stat"), [(6, "WS"), (6, "BS"), (7, "WS"), (7, "BS")])
def test_it_lets_a_henchman_6_or_7_choose_ws_or_bs(roll, stat):
    assert hench({"roll": roll})["pending"] == [{"path": "stat", "options": ["WS", "BS"]}]
    assert hench({"roll": roll, "stat": stat})["stats"][stat] == 4


@pytest.mark.parametrize("roll", [10, 11, 12])
def test_it_promotes_a_lad_on_10_to_12(roll):
    step = hench({"roll": roll}, heroes=4, group_size=1)
    assert step["result"] == "lads_got_talent" and step["rest"] is None
    assert step["pending"] == [{"path": "promotion.skill_lists", "options": REIKLAND_LISTS,
                                "choose": 2}]


@pytest.mark.parametrize(("increased", "stats", "rolls", "rerolled", "roll", "stat"), [
    (["I"], WARRIOR, (1, 2, 4, 4), [3], 8, "A"),            # I raised once already
    ([], {**WARRIOR, "Ld": 9}, (4, 5, 2, 3), [9], 5, "S"),  # Ld at the human maximum
    (["WS", "BS"], WARRIOR, (3, 3, 1, 1), [6], 2, "I"),     # both of 6-7 raised
    (["S", "A"], WARRIOR, (2, 3, 4, 4, 4, 5), [5, 8], 9, "Ld"),
])
def test_it_re_rolls_what_a_group_cannot_take(increased, stats, rolls, rerolled, roll, stat):
    dice = Dice(*rolls)
    step = hench(rng=dice, increased=increased, stats=stats)
    assert (step["rerolled"], step["roll"], step["stat"]) == (rerolled, roll, stat)
    assert dice.used_up and step["increased"] == increased + [stat]


def test_it_forces_the_free_one_of_ws_and_bs_for_a_group():
    step = hench({"roll": 7}, increased=["WS"])
    assert step["stat"] == "BS" and step["pending"] == []


def test_it_refuses_a_typed_roll_that_must_be_re_rolled():
    assert refused(hench, {"roll": 3}, increased=["I"])[::2] == ("roll", "rerolled")
    assert refused(hench, {"roll": 8, "rerolled": [8]})[0] == "rerolled[0]"


def test_it_re_rolls_the_lads_got_talent_with_six_heroes():
    dice = Dice(5, 6, 3, 2)  # 11: the warband has 6 heroes, re-rolled; 5: +1 S
    step = hench(rng=dice, heroes=6)
    assert (step["rerolled"], step["roll"], step["stat"]) == ([11], 5, "S")
    assert refused(hench, {"roll": 11}, heroes=6)[::2] == ("roll", "rerolled")
    assert hench({"roll": 11}, heroes=5)["result"] == "lads_got_talent"


def test_it_promotes_with_two_lists_a_hero_roll_and_a_new_roll_for_the_rest():
    spec = {"roll": 12, "promotion": {"skill_lists": ["combat", "speed"],
                                      "advance": {"roll": 7, "stat": "WS"}},
            "rest": {"roll": 5}}
    step = hench(spec, heroes=5, group_size=3, increased=["I"])
    promo = step["promotion"]
    assert promo["skill_lists"] == ["combat", "speed"]
    assert promo["stats"] == {**WARRIOR, "WS": 4}             # the new hero
    assert step["rest"]["stat"] == "S" and step["stats"] == {**WARRIOR, "S": 4}
    assert step["increased"] == ["I", "S"] and step["pending"] == []


def test_it_takes_the_promoted_heros_skill_from_his_two_lists():
    spec = {"roll": 10, "promotion": {"skill_lists": ["combat", "speed"], "advance": {"roll": 3}}}
    step = hench(spec)
    assert "Sprint" in step["pending"][0]["options"] and "Quick Shot" not in step["pending"][0]["options"]
    spec["promotion"]["advance"]["skill"] = "Quick Shot"
    assert refused(hench, spec)[::2] == ("promotion.advance.skill", "not_allowed")


def test_it_re_rolls_10_to_12_for_the_rest_of_a_promoted_group():
    dice = Dice(5, 5, 4, 5)  # rest: 10 re-rolled, then 9: +1 Ld
    spec = {"roll": 10, "promotion": {"skill_lists": ["combat", "speed"], "advance": {"roll": 9, "d6": 6}}}
    step = hench(spec, rng=dice, group_size=2)
    assert step["rest"]["rerolled"] == [10] and step["rest"]["stat"] == "Ld"
    assert refused(hench, {**spec, "rest": {"roll": 11}}, group_size=2)[::2] == ("rest.roll", "rerolled")


@pytest.mark.parametrize(("lists", "field", "code"), [
    (["combat"], "promotion.skill_lists", "invalid"),
    (["combat", "combat"], "promotion.skill_lists", "invalid"),
    (["combat", "skaven_special"], "promotion.skill_lists[1]", "not_allowed"),
    ("combat", "promotion.skill_lists", "invalid"),
])
def test_it_refuses_skill_lists_a_lad_may_not_choose(lists, field, code):
    spec = {"roll": 10, "promotion": {"skill_lists": lists}}
    assert refused(hench, spec)[::2] == (field, code)


def test_it_refuses_a_new_roll_for_the_rest_of_a_group_of_one():
    spec = {"roll": 10, "promotion": {"skill_lists": ["combat", "speed"], "advance": {"roll": 4, "skill": "Leap"}},
            "rest": {"roll": 5}}
    assert refused(hench, spec, group_size=1)[0] == "rest"


def test_it_says_when_no_henchman_result_is_left():
    step = hench(increased=["I", "S", "WS", "BS", "A", "Ld"], heroes=6)
    assert (step["result"], step["roll"]) == ("none", None)
    assert hench(increased=["I", "S", "WS", "BS", "A", "Ld"], heroes=5, rng=Dice(6, 6))["roll"] == 12


# -- stored steps replay --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(30))
def test_it_replays_a_stored_hero_advance_without_rng(seed):
    step = hero(rng=random.Random(seed), wizard=True)
    assert hero(spec=step, wizard=True) == step


@pytest.mark.parametrize("seed", range(30))
def test_it_replays_a_stored_henchman_advance_without_rng(seed):
    kw = dict(heroes=seed % 7, group_size=1 + seed % 3, increased=["I"] if seed % 2 else [])
    step = hench(rng=random.Random(seed), **kw)
    if step["result"] == "lads_got_talent":  # the player's choice, then the rest of the rolls
        step = hench({**step, "promotion": {"skill_lists": ["strength", "speed"]}},
                     rng=random.Random(seed), **kw)
    assert hench(spec=step, **kw) == step
