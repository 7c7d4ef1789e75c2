"""Mordheim games missed and captives: who fights a battle (games to miss, old battle
wounds), the countdown after it, hired swords out of action, and a captured hero
ransomed, exchanged or lost (and what captors do with theirs)."""

import random

import pytest

from rules.systems.mordheim.countdown import (
    before_battle,
    captured_hero,
    count_down,
    dispose_of_captive,
    hired_sword_out_of_action,
)
from tests.support.mordheim_postbattle import TABLES, Dice, refused

FIGHTERS = {
    "hans": {},
    "otto": {"misses_games": 1},                 # arm wound: misses the next game
    "karl": {"misses_games": 3},                 # deep wound: misses D3 (3) games
    "fritz": {"old_battle_wound": True},
    "wolf": {"old_battle_wound": True, "misses_games": 1},
}


@pytest.mark.parametrize(("wound_roll", "fighting", "absent"), [
    (1, ["hans"], {"otto": "misses_games", "karl": "misses_games", "fritz": "old_battle_wound",
                   "wolf": "misses_games"}),
    (2, ["hans", "fritz"], {"otto": "misses_games", "karl": "misses_games",
                            "wolf": "misses_games"}),
    (6, ["hans", "fritz"], {"otto": "misses_games", "karl": "misses_games",
                            "wolf": "misses_games"}),
])
def test_it_keeps_out_who_misses_the_game_or_whose_old_wound_opens(wound_roll, fighting, absent):
    step = before_battle(TABLES, FIGHTERS, spec={"old_wound_rolls": {"fritz": wound_roll}})
    assert (step["fighting"], step["absent"]) == (fighting, absent)
    assert step["old_wound_rolls"] == {"fritz": wound_roll}   # no roll for one who misses it


def test_it_rolls_the_old_battle_wounds_and_replays_them():
    step = before_battle(TABLES, FIGHTERS, rng=Dice(1))
    assert step["absent"]["fritz"] == "old_battle_wound"
    assert before_battle(TABLES, FIGHTERS, spec=step) == step


@pytest.mark.parametrize(("rolls", "field", "code"), [
    ({"hans": 3}, "old_wound_rolls.hans", "invalid"),      # he has no old battle wound
    ({"otto": 3}, "old_wound_rolls.otto", "invalid"),      # he misses the game anyway
    ({"fritz": 7}, "old_wound_rolls.fritz", "invalid"),
    ({"ghost": 3}, "old_wound_rolls.ghost", "unknown_entry"),
])
def test_it_refuses_old_wound_rolls_that_cannot_be(rolls, field, code):
    assert refused(before_battle, TABLES, FIGHTERS, spec={"old_wound_rolls": rolls})[::2] == (
        field, code)


def test_it_counts_down_the_games_to_miss_battle_by_battle():
    misses = {"hans": 0, "otto": 1, "karl": 3}
    after_one = count_down(misses)
    assert after_one == {"hans": 0, "otto": 0, "karl": 2}
    assert count_down(count_down(after_one)) == {"hans": 0, "otto": 0, "karl": 0}


def test_it_lets_a_deep_wound_keep_a_hero_out_for_exactly_its_d3_games():
    misses, played = {"karl": 2}, []
    for _battle in range(4):
        step = before_battle(TABLES, {"karl": {"misses_games": misses["karl"]}})
        played.append(step["fighting"] == ["karl"])
        misses = count_down(misses)
    assert played == [False, False, True, True]


@pytest.mark.parametrize(("roll", "lost"), [(1, True), (2, True), (3, False), (4, False),
                                            (5, False), (6, False)])
def test_it_loses_a_hired_sword_out_of_action_on_1_or_2(roll, lost):
    assert hired_sword_out_of_action(TABLES, spec={"roll": roll})["lost"] is lost


# -- captured heroes ------------------------------------------------------------------


@pytest.mark.parametrize(("spec", "treasury", "returns", "items", "left"), [
    ({"outcome": "ransom", "price": 40}, 50, True, ["sword", "helmet"], 10),
    ({"outcome": "ransom", "price": 0}, 50, True, ["sword", "helmet"], 50),
    ({"outcome": "exchange", "captive": "Skritch"}, 50, True, ["sword", "helmet"], 50),
    ({"outcome": "lost"}, 50, False, [], 50),
])
def test_it_brings_a_ransomed_or_exchanged_hero_back_with_his_gear(
        spec, treasury, returns, items, left):
    step = captured_hero(TABLES, spec=spec, treasury=treasury, items=["sword", "helmet"],
                         captives=["Skritch"])
    assert (step["returns"], step["items"], step["treasury"]) == (returns, items, left)
    assert captured_hero(TABLES, spec=step, treasury=treasury, items=["sword", "helmet"],
                         captives=["Skritch"]) == step


@pytest.mark.parametrize(("spec", "field", "code"), [
    ({"outcome": "ransom", "price": 60}, "price", "not_enough_gold"),
    ({"outcome": "ransom"}, "price", "required"),
    ({"outcome": "exchange", "captive": "Nobody"}, "captive", "not_allowed"),
    ({"outcome": "exchange"}, "captive", "required"),
    ({"outcome": "lost", "price": 10}, "price", "invalid"),
    ({"outcome": "lost", "captive": "Skritch"}, "captive", "invalid"),
    ({"outcome": "escaped"}, "outcome", "invalid"),
    ({}, "outcome", "required"),
])
def test_it_refuses_impossible_captures(spec, field, code):
    assert refused(captured_hero, TABLES, spec=spec, treasury=50, captives=["Skritch"])[::2] == (
        field, code)


@pytest.mark.parametrize(("warband", "spec", "rolls", "gold", "zombies", "leader_xp", "keeps"), [
    ("reikland", {"outcome": "sell"}, [4], 20, 0, 0, True),            # D6 x 5 gc
    ("reikland", {"outcome": "ransom", "price": 30}, [], 30, 0, 0, False),
    ("reikland", {"outcome": "exchange"}, [], 0, 0, 0, False),
    ("undead", {"outcome": "zombie"}, [], 0, 1, 0, True),
    ("possessed", {"outcome": "sacrifice"}, [], 0, 0, 1, True),
])
def test_it_lets_the_captors_decide_what_becomes_of_a_captive(
        warband, spec, rolls, gold, zombies, leader_xp, keeps):
    dice = Dice(*rolls)
    step = dispose_of_captive(TABLES, warband=warband, spec=spec, rng=dice)
    assert (step["gold"], step["zombies"], step["leader_xp"], step["keeps_items"]) == (
        gold, zombies, leader_xp, keeps)
    assert dice.used_up
    assert dispose_of_captive(TABLES, warband=warband, spec=step) == step


@pytest.mark.parametrize(("warband", "spec", "field", "code"), [
    ("reikland", {"outcome": "zombie"}, "outcome", "not_allowed"),
    ("undead", {"outcome": "sacrifice"}, "outcome", "not_allowed"),
    ("reikland", {"outcome": "sell", "price": 30}, "price", "invalid"),
    ("reikland", {"outcome": "ransom", "price": 30, "sale": [3]}, "sale", "invalid"),
    ("reikland", {"outcome": "sell", "sale": [7]}, "sale[0]", "invalid"),
])
def test_it_refuses_what_the_captors_may_not_do(warband, spec, field, code):
    assert refused(dispose_of_captive, TABLES, warband=warband, spec=spec)[::2] == (field, code)


@pytest.mark.parametrize("seed", range(10))
def test_it_replays_a_stored_slave_sale_without_rng(seed):
    step = dispose_of_captive(TABLES, warband="skaven", spec={"outcome": "sell"},
                              rng=random.Random(seed))
    assert 5 <= step["gold"] <= 30 and step["gold"] % 5 == 0
    assert dispose_of_captive(TABLES, warband="skaven", spec=step) == step
