"""Hired swords in the campaign (docs/rules/mordheim.md, "Upkeep"): upkeep
after each battle, paid from the treasury or he leaves (logged); his rating value counts
in the warband rating; the pack's rarity is used for rare items. Shipped pack, no DB."""

from dataclasses import replace

import pytest

from rules.engine import parse
from rules.systems.mordheim.dice import CampaignError
from rules.systems.mordheim.roster import roster_rating, starting_roster
from tests.support.mordheim_battle import HANS, battle, fighter
from tests.support.mordheim_postbattle import CATALOGUE

SCOUT = "e4"
WITCH_HUNTERS = parse({
    "format": "muster-list/1", "system": "mordheim", "name": "Hexenjagd",
    "faction": "witch-hunters", "battle_size": None,
    "entries": [
        {"id": "e0", "card": "witch-hunters-witch-hunter-captain", "name": "Mathias"},
        {"id": "e1", "card": "witch-hunters-zealot", "size": 5},
        {"id": "e2", "card": "witch-hunters-zealot", "size": 5},
        {"id": "e3", "card": "witch-hunters-warhound"},
        {"id": SCOUT, "card": "hired-halfling-scout", "name": "Pip"},
    ],
})


def lines(out):
    return [str(line) for line in out["lines"]]


def test_upkeep_is_paid_for_two_battles_and_he_leaves_when_the_third_cannot_be_paid():
    roster = replace(starting_roster(CATALOGUE, WITCH_HUNTERS), treasury=10)
    first = battle({"won": False}, roster, doc=WITCH_HUNTERS)
    assert first["roster"].treasury == 5
    assert first["input"]["upkeep"] == [{"entry_id": SCOUT, "pay": True, "paid": 5,
                                         "leaves": False}]
    assert "Upkeep paid: Pip, 5 gc" in lines(first)
    second = battle({"won": False}, first["roster"], doc=WITCH_HUNTERS)
    assert second["roster"].treasury == 0
    assert fighter(second["roster"], SCOUT).in_warband
    third = battle({"won": False}, second["roster"], doc=WITCH_HUNTERS)
    assert third["roster"].treasury == 0
    assert fighter(third["roster"], SCOUT).status == "left"
    assert "Pip leaves the warband: his upkeep of 5 gc was not paid" in lines(third)
    # he no longer counts in the rating: his rating value and experience go with him
    gone = fighter(third["roster"], SCOUT)
    kept = replace(third["roster"], fighters=tuple(
        replace(f, status="active") if f.entry_id == SCOUT else f
        for f in third["roster"].fighters))
    assert third["rating_after"] == roster_rating(CATALOGUE, kept) - (5 + gone.experience)


def test_a_player_may_let_him_go_and_the_battle_replays_without_dice():
    roster = replace(starting_roster(CATALOGUE, WITCH_HUNTERS), treasury=100)
    out = battle({"won": False, "upkeep": [{"entry_id": SCOUT, "pay": False}]}, roster,
                 doc=WITCH_HUNTERS)
    assert out["roster"].treasury == 100
    assert fighter(out["roster"], SCOUT).status == "left"
    replay = battle(out["input"], roster, rng=None, doc=WITCH_HUNTERS)
    assert replay["roster"] == out["roster"]


@pytest.mark.parametrize(("upkeep", "path"), [
    ([{"entry_id": "e1", "pay": True}], "upkeep[0].entry_id"),
    ([{"entry_id": SCOUT, "pay": "yes"}], "upkeep[0].pay"),
    ([{"entry_id": SCOUT, "tip": 3}], "upkeep[0].tip"),
])
def test_it_refuses_impossible_upkeep_input(upkeep, path):
    roster = starting_roster(CATALOGUE, WITCH_HUNTERS)
    with pytest.raises(CampaignError) as error:
        battle({"won": False, "upkeep": upkeep}, roster, doc=WITCH_HUNTERS)
    assert error.value.errors[0][0] == path


def test_the_rating_counts_him_by_his_rating_value():
    roster = starting_roster(CATALOGUE, WITCH_HUNTERS)
    # captain 5 + 20 experience, 10 zealots and a warhound at 5, the scout at his 5
    assert roster_rating(CATALOGUE, roster) == 25 + 11 * 5 + 5
    ogre = parse({"format": "muster-list/1",
                  "system": "mordheim", "faction": "witch-hunters", "battle_size": None,
                  "entries": [{"id": "e0", "card": "witch-hunters-witch-hunter-captain"},
                              {"id": "e1", "card": "hired-ogre-bodyguard"}]})
    assert roster_rating(CATALOGUE, starting_roster(CATALOGUE, ogre)) == 25 + 25


def test_a_rare_item_takes_its_rarity_from_the_pack():
    out = battle({"won": True, "purchases": [{"item": "pistol", "entry_id": HANS, "roll": 8}]})
    rare = [s for s in out["steps"] if s["step"] == "trading"][0]["rolls"]["rare"]
    assert rare[0]["rarity"] == 8 and rare[0]["found"] is True


def test_a_hired_sword_advances_on_the_hero_table_at_the_henchman_thresholds():
    roster = replace(starting_roster(CATALOGUE, WITCH_HUNTERS), treasury=100)
    pip = fighter(roster, SCOUT)
    assert (pip.hero, pip.experience) == (False, 0)
    assert pip.skill_lists == ("speed", "shooting")  # his card's own, to learn from
    # +1 for surviving each battle: the second battle reaches the first henchman
    # threshold (2). A 3 on the hero table is a new skill (on the henchmen's, +1 I).
    first = battle({"won": False}, roster, doc=WITCH_HUNTERS)
    assert fighter(first["roster"], SCOUT).experience == 1
    assert [r for r in first["input"]["advances"] if r["entry_id"] == SCOUT] == []
    second = battle({"won": False, "advances": [
        {"entry_id": SCOUT, "roll": 3, "choice": "Sprint"}]}, first["roster"],
        doc=WITCH_HUNTERS)
    advanced = fighter(second["roster"], SCOUT)
    assert advanced.experience == 2
    assert advanced.skills == ("Sprint",)
    assert advanced.stats == pip.stats
    [row] = [r for r in second["input"]["advances"] if r["entry_id"] == SCOUT]
    assert (row["roll"], row["choice"], row["result"]) == (3, "Sprint", "skill")


def test_a_hired_sword_learns_only_from_his_own_skill_lists():
    roster = replace(starting_roster(CATALOGUE, WITCH_HUNTERS), treasury=100)
    first = battle({"won": False}, roster, doc=WITCH_HUNTERS)
    with pytest.raises(CampaignError) as refused:
        battle({"won": False, "advances": [
            {"entry_id": SCOUT, "roll": 3, "choice": "Mighty Blow"}]}, first["roster"],
            doc=WITCH_HUNTERS)
    [(path, message, _code)] = refused.value.errors
    assert path == "advances[0].choice"
    assert "Mighty Blow" in message
