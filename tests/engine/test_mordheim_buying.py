"""Buying in the trading step with the chart's prices (issue 27, docs/rules/mordheim.md,
"Trading"): dice typed or rolled, a multiple of the weapon an item is made of, an
increment, a warband's list price before the chart's; who may buy and carry what; the
price paid kept in the battle's record and said in the log. The shipped pack, the
journey's Reikland warband with a fuller treasury."""

from dataclasses import replace

import pytest

from rules.engine import parse
from rules.systems.mordheim.dice import CampaignError
from tests.support.mordheim_battle import HANS, KURT, WARBAND, WARRIORS, battle, start
from tests.support.mordheim_postbattle import Dice

RICH = replace(start(), treasury=1000)


def bought(spec: dict, roster=RICH, rng="cycle"):
    out = battle({"won": True, **spec}, roster, rng=rng)
    trading = next(s for s in out["steps"] if s["step"] == "trading")
    return out, trading["result"]["purchases"]


def lines(out) -> list[str]:
    return [line.render() for line in out["lines"]]


def problem(spec: dict, roster=RICH):
    with pytest.raises(CampaignError) as refused:
        battle({"won": True, **spec}, roster)
    [(path, _message, code)] = refused.value.errors
    return path, code


def test_an_elven_cloak_costs_its_base_and_the_dice_typed():
    found = {"item": "elven-cloak", "entry_id": HANS, "searcher": HANS, "roll": 12,
             "price_dice": [4]}
    out, [row] = bought({"purchases": [found]})
    assert (row["price"], row["price_dice"], row["found"]) == (140, [4], True)
    assert "elven-cloak" in next(f for f in out["roster"].fighters if f.entry_id == HANS).items
    assert "Bought: Elven cloak for Hans, 140 gc (100+D6×10: rolled 4)" in lines(out)
    assert out["treasury_after"] < out["treasury_before"] + 1000


def test_dice_not_typed_are_rolled_and_kept_so_the_battle_replays():
    spec = {"purchases": [{"item": "blessed-water", "entry_id": None, "searcher": HANS,
                           "roll": 12}]}
    out, [row] = bought(spec, rng=Dice(*([1] * 30)))
    assert row["price_dice"] == [1, 1, 1] and row["price"] == 10 + 3
    again, [same] = bought(out["input"], rng=None)
    assert same == row
    assert "Bought: Blessed water for the stash, 13 gc (10+3D6: rolled 1 + 1 + 1)" in lines(again)


def test_a_record_kept_before_its_price_had_dice_keeps_what_it_paid():
    _out, [row] = bought({"purchases": [{"item": "elven-cloak", "entry_id": None,
                                          "searcher": HANS, "roll": 12, "price": 0}]})
    assert row["price"] == 0 and "price_dice" not in row


def test_a_typed_price_that_the_dice_do_not_make_is_refused():
    assert problem({"purchases": [{"item": "elven-cloak", "entry_id": None, "searcher": HANS,
                                   "roll": 12, "price_dice": [4], "price": 120}]}) == (
        "purchases[0].price", "invalid")


def test_a_list_item_costs_the_lists_fixed_price_and_takes_no_dice():
    _out, [row] = bought({"purchases": [{"item": "duelling-pistol", "entry_id": HANS,
                                          "searcher": HANS, "roll": 12}]})
    assert row["price"] == 25  # the Mercenaries' list; the chart says 30
    _out, [row] = bought({"purchases": [{"item": "duelling-pistol", "entry_id": None,
                                          "searcher": HANS, "roll": 12}]})
    assert row["price"] == 30  # the stash: the chart's price
    assert problem({"purchases": [{"item": "sword", "entry_id": HANS, "price_dice": [3]}]}) == (
        "purchases[0].price_dice", "invalid")


def test_a_gromril_weapon_costs_four_times_the_weapon_it_is_made_of():
    _out, [row] = bought({"purchases": [{"item": "gromril-weapon", "entry_id": None,
                                          "searcher": HANS, "roll": 12, "of": "sword"}]})
    assert (row["price"], row["of"]) == (40, "sword")
    assert problem({"purchases": [{"item": "gromril-weapon", "entry_id": None,
                                   "searcher": HANS, "roll": 12}]}) == (
        "purchases[0].of", "required")
    assert problem({"purchases": [{"item": "gromril-weapon", "entry_id": None,
                                   "searcher": HANS, "roll": 12, "of": "bow"}]}) == (
        "purchases[0].of", "not_allowed")


def test_a_hero_may_carry_any_miscellaneous_item_a_henchman_only_his_lists():
    _out, [row] = bought({"purchases": [{"item": "rope-hook", "entry_id": KURT}]})
    assert row["price"] == 5
    assert problem({"purchases": [{"item": "rope-hook", "entry_id": WARRIORS}]}) == (
        "purchases[0].item", "equipment_not_allowed")


def test_an_item_for_other_warbands_is_refused():
    assert problem({"purchases": [{"item": "liber-bubonicus", "entry_id": None,
                                   "searcher": HANS, "roll": 12}]}) == (
        "purchases[0].item", "not_for_this_warband")


def test_an_item_renamed_since_is_bought_under_its_old_key():
    _out, [row] = bought({"purchases": [{"item": "throwing-knives", "entry_id": None,
                                          "searcher": HANS, "roll": 12}]})
    assert row["item"] == "throwing-stars"


def test_a_list_saved_with_an_old_item_key_starts_its_campaign_with_the_item_now():
    data = {**WARBAND, "entries": [{"id": "e0", **WARBAND["entries"][0],
                                    "items": ["throwing-knives"]}]}
    roster = start(parse(data))
    assert roster.fighters[0].items == ("throwing-stars",)
