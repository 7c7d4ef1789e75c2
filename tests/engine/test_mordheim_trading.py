"""Mordheim trading: rare-item rolls, buying (Haggle), selling at half price, recruit
costs (new groups and new members of a group), hired-sword upkeep, the warband rating
and every row of the underdog table."""

import random

import pytest

from rules.systems.mordheim.trading import (
    check_rare_searchers,
    common_item_price,
    hired_sword_upkeep,
    join_group_cost,
    purchase,
    rare_item_roll,
    recruit_cost,
    sell_price,
    underdog_bonus,
    veterans_available,
    warband_rating,
)
from tests.support.mordheim_postbattle import CATALOGUE, TABLES, Dice, refused

# -- rare items -----------------------------------------------------------------------


@pytest.mark.parametrize(("rarity", "roll", "modifiers", "total", "found"), [
    (8, 8, [], 8, True),
    (8, 7, [], 7, False),
    (8, 6, ["streetwise"], 8, True),
    (9, 7, ["marienburg"], 8, False),
    (10, 6, ["streetwise", "marienburg", "jewelsmith_gems"], 10, True),
    (12, 12, [], 12, True),
    (2, 2, [], 2, True),
])
def test_it_finds_a_rare_item_on_2d6_plus_modifiers_at_least_its_rarity(
        rarity, roll, modifiers, total, found):
    step = rare_item_roll(TABLES, rarity=rarity, modifiers=modifiers, spec={"roll": roll})
    assert (step["total"], step["found"]) == (total, found)


def test_it_rolls_the_rarity_dice_and_replays_them():
    step = rare_item_roll(TABLES, rarity=9, rng=Dice(4, 5))
    assert (step["roll"], step["found"]) == (9, True)
    assert rare_item_roll(TABLES, rarity=9, spec=step) == step


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    (dict(rarity=8, modifiers=["luck"], spec={"roll": 7}), "modifiers[0]", "unknown_key"),
    (dict(rarity=8, spec={"roll": 13}), "roll", "invalid"),
    (dict(rarity=1, spec={"roll": 7}), "rarity", "invalid"),
    (dict(rarity=8), "roll", "required"),
])
def test_it_refuses_impossible_rare_item_rolls(kwargs, field, code):
    assert refused(rare_item_roll, TABLES, **kwargs)[::2] == (field, code)


def test_it_lets_each_hero_who_fought_search_once():
    assert check_rare_searchers(TABLES, ["hans", "otto"], ["hans", "otto", "karl"]) == ["hans", "otto"]
    assert refused(check_rare_searchers, TABLES, ["hans", "hans"], ["hans"])[::2] == (
        "searchers[1]", "already_searched")
    assert refused(check_rare_searchers, TABLES, ["warriors"], ["hans"])[::2] == (
        "searchers[0]", "not_allowed")


# -- buying and selling ---------------------------------------------------------------


@pytest.mark.parametrize(("kwargs", "spec", "paid", "left"), [
    (dict(treasury=100, price=25), None, 25, 75),
    (dict(treasury=100, price=10, count=3), None, 30, 70),
    (dict(treasury=100, price=25, haggle=True), {"haggle_dice": [3, 4]}, 18, 82),
    (dict(treasury=100, price=5, haggle=True), {"haggle_dice": [6, 6]}, 1, 99),   # at least 1 gc
    (dict(treasury=100, price=10, count=3, haggle=True), {"haggle_dice": [1, 1]}, 28, 72),
    (dict(treasury=25, price=25), None, 25, 0),
])
def test_it_pays_for_what_is_bought(kwargs, spec, paid, left):
    step = purchase(TABLES, spec=spec, **kwargs)
    assert (step["paid"], step["treasury"]) == (paid, left)


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    (dict(treasury=20, price=25), "price", "not_enough_gold"),
    (dict(treasury=100, price=10, count=2, spec={"haggle_dice": [1, 1]}), "haggle_dice", "invalid"),
    (dict(treasury=100, price=-5), "price", "invalid"),
    (dict(treasury=100, price=5, count=0), "count", "invalid"),
])
def test_it_refuses_impossible_purchases(kwargs, field, code):
    assert refused(purchase, TABLES, **kwargs)[::2] == (field, code)


@pytest.mark.parametrize(("card", "item", "price"), [
    ("reikland-champion", "sword", 10), ("reikland-marksman", "long-bow", 15),
    ("skaven-verminkin", "spear", 10),
])
def test_it_prices_a_common_item_of_the_fighters_list(card, item, price):
    assert common_item_price(CATALOGUE, card, item) == price


@pytest.mark.parametrize(("card", "item", "code"), [
    ("reikland-champion", "pistol", "rare_item"),
    ("reikland-warrior", "weeping-blades-pair", "equipment_not_allowed"),
    ("nope", "sword", "unknown_key"),
])
def test_it_refuses_items_off_the_list_and_rare_items(card, item, code):
    assert refused(common_item_price, CATALOGUE, card, item)[2] == code


@pytest.mark.parametrize(("price", "count", "multiplier", "gold"), [
    (10, 1, 1, 5), (15, 1, 1, 7), (25, 2, 1, 24), (10, 1, 2, 10), (2, 1, 1, 1), (0, 1, 1, 0),
])
def test_it_sells_at_half_price_rounded_down(price, count, multiplier, gold):
    assert sell_price(TABLES, price, count, multiplier) == gold


# -- recruits -------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "items", "models", "per_model", "total"), [
    ("reikland-warrior", ["dagger", "sword"], 3, 35, 105),     # first dagger free
    ("reikland-youngblood", [], 1, 15, 15),
    ("reikland-champion", ["dagger", "dagger", "halberd"], 1, 47, 47),
    ("skaven-verminkin", ["spear"], 5, 30, 150),
])
def test_it_prices_a_new_recruit(card, items, models, per_model, total):
    cost = recruit_cost(CATALOGUE, card, items, models)
    assert (cost["per_model"], cost["total"]) == (per_model, total)


@pytest.mark.parametrize(("args", "field", "code"), [
    (("reikland-champion", [], 2), "models", "invalid"),
    (("reikland-champion", ["pistol"], 1), "items[0]", "rare_item"),
    (("reikland-warrior", ["blowpipe"], 1), "items[0]", "equipment_not_allowed"),
])
def test_it_refuses_recruits_that_break_the_rules(args, field, code):
    assert refused(recruit_cost, CATALOGUE, *args)[::2] == (field, code)


@pytest.mark.parametrize(("kwargs", "per_model", "total"), [
    (dict(base_cost=25, equipment_cost=10, group_experience=3, group_models=2), 41, 41),
    (dict(base_cost=25, equipment_cost=10, group_experience=3, group_models=2, joining=2), 41, 82),
    (dict(base_cost=25, equipment_cost=0, group_experience=0, group_models=1, veterans=0), 25, 25),
    (dict(base_cost=35, equipment_cost=20, group_experience=5, group_models=3, joining=1, veterans=5), 65, 65),
])
def test_it_prices_new_members_of_a_group(kwargs, per_model, total):
    cost = join_group_cost(TABLES, **kwargs)
    assert (cost["per_model"], cost["total"], cost["experience"]) == (
        per_model, total, kwargs["group_experience"])


@pytest.mark.parametrize(("kwargs", "code"), [
    (dict(base_cost=25, equipment_cost=10, group_experience=3, group_models=4, joining=2), "henchman_group"),
    (dict(base_cost=25, equipment_cost=10, group_experience=3, group_models=2, joining=2, veterans=5), "no_veterans"),
    (dict(base_cost=25, equipment_cost=10, group_experience=3, group_models=3, joining=1, group_max=3), "henchman_group"),
])
def test_it_refuses_new_members_over_the_limits(kwargs, code):
    assert refused(join_group_cost, TABLES, **kwargs)[::2] == ("joining", code)


def test_it_rolls_the_veterans_available():
    step = veterans_available(TABLES, rng=Dice(3, 4))
    assert (step["dice"], step["experience"]) == ([3, 4], 7)
    assert veterans_available(TABLES, spec=step) == step


@pytest.mark.parametrize(("kwargs", "result"), [
    (dict(treasury=20, upkeep=15, pay=True), {"paid": 15, "treasury": 5, "leaves": False}),
    (dict(treasury=20, upkeep=15, pay=False), {"paid": 0, "treasury": 20, "leaves": True}),
])
def test_it_pays_a_hired_swords_upkeep_or_lets_him_go(kwargs, result):
    assert hired_sword_upkeep(**kwargs) == result


def test_it_refuses_upkeep_the_treasury_cannot_pay():
    assert refused(hired_sword_upkeep, treasury=10, upkeep=15, pay=True)[::2] == (
        "upkeep", "not_enough_gold")


# -- rating and underdog --------------------------------------------------------------


def test_it_rates_warriors_large_creatures_experience_and_hired_swords():
    fighters = [{"models": 1, "experience": 20}, {"models": 3, "experience": 2},
                {"models": 1, "large": True, "experience": 0}]
    rating = warband_rating(TABLES, fighters, [{"rating": 25, "experience": 3}])
    assert rating == {"warriors": 4, "large_creatures": 1, "experience": 26, "hired_swords": 28,
                      "rating": 5 * 4 + 20 + 26 + 28}


def test_it_refuses_a_negative_experience_in_the_rating():
    assert refused(warband_rating, TABLES, [{"models": 1, "experience": -1}])[0] == \
        "fighters[0].experience"


@pytest.mark.parametrize(("gap", "xp"), [
    (0, 0), (50, 0), (51, 1), (75, 1), (76, 2), (100, 2), (101, 3), (150, 3),
    (151, 4), (300, 4), (301, 5), (900, 5),
])
def test_it_gives_the_underdog_its_bonus_by_the_rating_gap(gap, xp):
    bonus = underdog_bonus(TABLES, rating=100, opponent_rating=100 + gap)
    assert (bonus["difference"], bonus["xp"]) == (gap, xp)
    assert underdog_bonus(TABLES, rating=100 + gap, opponent_rating=100)["xp"] == 0


def test_it_marks_the_underdogs_scope_unverified():
    assert underdog_bonus(TABLES, rating=0, opponent_rating=0)["unverified"] == ["scope"]


@pytest.mark.parametrize("seed", range(10))
def test_it_replays_a_stored_haggle_without_rng(seed):
    step = purchase(TABLES, treasury=200, price=40, haggle=True, rng=random.Random(seed))
    assert purchase(TABLES, treasury=200, price=40, haggle=True, spec=step) == step
    assert 40 - 12 <= step["paid"] <= 40 - 2
