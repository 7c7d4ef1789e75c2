"""The Mordheim campaign log services: record (typed and server rolls), every event type,
a whole battle, undo, lists of other systems, a list edited since, and concurrent records."""

import random
import threading

import pytest
from django.db import connection

from armylists.games.mordheim.models import CampaignEvent
from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from rules.engine import DocumentError
from rules.systems.mordheim.campaign import resolve_event
from tests.support.mordheim_campaign import Dice
from tests.support.mordheim_warband import (
    CAPTAIN,
    HANS,
    KURT,
    MARKSMEN,
    OTTO,
    START_RATING,
    SWORDSMEN,
    WARBAND,
    WARRIORS,
)
from tests.support.shipped import load_shipped
from tests.support.users import make_user


@pytest.fixture
def mordheim(load_system):
    return load_system("mordheim")


@pytest.fixture
def warband(mordheim, alice):
    return lists_services.list_create(owner=alice, data=WARBAND)


def ids(army_list):
    """The entry ids of the saved warband, by position."""
    return [e["id"] for e in army_list.document["entries"]]


def record(army_list, user, rng=None, **event):
    return campaign.campaign_record_event(army_list=army_list, event=event, user=user, rng=rng)


def refused(army_list, user, **event):
    with pytest.raises(campaign.CampaignRefused) as info:
        record(army_list, user, rng=Dice(), **event)
    return info.value.problems


def fighters(army_list):
    return campaign.campaign_state(army_list=army_list)["roster"]["fighters"]


# -- the state ------------------------------------------------------------------------------


def test_a_new_warband_has_an_empty_log_and_its_starting_roster(warband):
    state = campaign.campaign_state(army_list=warband)
    assert state["events"] == [] and state["problems"] == []
    assert state["rating"] == START_RATING
    roster = state["roster"]
    assert roster["faction"] == "reikland" and roster["treasury"] == 500 - 360
    assert roster["members"] == 9 and roster["log"] == []
    hans = roster["fighters"][HANS]
    assert hans == {
        "entry": 0, "entry_id": ids(warband)[HANS], "card": CAPTAIN, "name": "Hans", "hero": True, "leader": True, "models": 1,
        "items": ["sword", "light-armour"],
        "stats": {"M": 4, "WS": 4, "BS": 4, "S": 3, "T": 3, "W": 1, "I": 4, "A": 1, "Ld": 8},
        "experience": 20, "status": "active", "in_warband": True, "recordable": True,
        "misses_games": 0, "injuries": [], "traits": [], "hatred": [], "lost_models": 0,
        "large": False, "count": 1, "skills": [],
        "skill_lists": ["combat", "shooting", "academic", "strength", "speed"],
        "advances": [], "increased": [], "held_items": [], "joined": 0,
        "games_to_miss": 0, "starting": True,
    }
    warriors = roster["fighters"][WARRIORS]
    assert (warriors["name"], warriors["hero"], warriors["models"]) == ("Warrior", False, 3)
    assert state["rout_test"] == {
        "members": 9, "leader": "Hans", "leader_ld": 8, "other_lds": [7, 7, 7, 7, 7, 7, 7, 6],
    }


# -- serious injuries ---------------------------------------------------------------------


def test_it_records_a_typed_roll_as_given(warband, alice):
    event = record(warband, alice, type="serious_injury", entry=HANS, roll=22)
    keys = ("sequence", "type", "entry", "entry_id", "who", "roll", "result", "card", "orphaned")
    assert {k: event[k] for k in keys} == {
        "sequence": 1, "type": "serious_injury", "entry": HANS, "entry_id": ids(warband)[HANS],
        "who": "Hans", "roll": 22, "result": "leg_wound", "card": CAPTAIN, "orphaned": False,
    }
    assert event["summary"] == "Hans: 22 leg wound; M -1" and event["date"] is not None
    stored = CampaignEvent.objects.get()
    assert (stored.army_list, stored.sequence, stored.type, stored.entry_id, stored.created_by) == (
        warband, 1, "serious_injury", ids(warband)[HANS], alice)
    assert stored.data == {"type": "serious_injury", "entry_id": ids(warband)[HANS], "roll": 22,
                           "result": "leg_wound", "card": CAPTAIN, "who": "Hans"}
    state = campaign.campaign_state(army_list=warband)
    assert state["roster"]["fighters"][HANS]["stats"]["M"] == 3
    assert state["roster"]["fighters"][HANS]["injuries"] == ["leg_wound"]
    assert [e["sequence"] for e in state["events"]] == [1]
    assert state["events"][0] == event


def test_the_server_rolls_what_the_player_left_out_and_stores_it(warband, alice, mordheim):
    checked = lists_services.list_check_saved(army_list=warband)
    expected = resolve_event(checked.catalogue, checked.document, None,
                             {"type": "serious_injury", "entry_id": ids(warband)[OTTO]},
                             random.Random(1234))
    event = record(warband, alice, rng=random.Random(1234), type="serious_injury", entry=OTTO)
    stored = CampaignEvent.objects.get().data
    assert {k: v for k, v in stored.items() if k not in ("card", "who")} == expected
    assert event["roll"] == expected["roll"] and event["result"] == expected["result"]
    assert 11 <= event["roll"] <= 66 and 1 <= event["roll"] % 10 <= 6


def test_it_rolls_with_the_system_random_when_no_rng_is_given(warband, alice):
    event = record(warband, alice, type="henchman_out_of_action", entry=WARRIORS)
    assert 1 <= event["roll"] <= 6 and event["result"] in ("lost", "fine")


def test_it_rolls_and_stores_the_sub_rolls_a_result_asks_for(warband, alice):
    event = record(warband, alice, rng=Dice(2, 3, 4), type="serious_injury", entry=HANS)
    assert (event["roll"], event["result"], event["d6"]) == (23, "arm_wound", 4)
    assert CampaignEvent.objects.get().data["d6"] == 4
    assert fighters(warband)[HANS]["misses_games"] == 1


def test_a_typed_d66_keeps_its_typed_sub_roll(warband, alice):
    event = record(warband, alice, rng=Dice(), type="serious_injury", entry=OTTO, roll=24, d6=2)
    assert (event["result"], event["d6"]) == ("madness", 2)
    assert fighters(warband)[OTTO]["traits"] == ["stupidity"]


@pytest.mark.parametrize(("roll", "sub", "check"), [
    (15, {}, lambda f: f["status"] == "dead" and f["items"] == [] and not f["in_warband"]),
    (26, {}, lambda f: f["stats"]["T"] == 2),
    (31, {}, lambda f: f["stats"]["BS"] == 3),
    (33, {}, lambda f: f["stats"]["I"] == 3),
    (34, {}, lambda f: f["stats"]["WS"] == 3),
    (25, {"d6": 1}, lambda f: f["traits"] == ["no_running"]),
    (23, {"d6": 1}, lambda f: f["traits"] == ["one_hand_weapon"]),
    (24, {"d6": 5}, lambda f: f["traits"] == ["frenzy"]),
    (32, {}, lambda f: f["traits"] == ["old_battle_wound"]),
    (35, {"d3": 3}, lambda f: f["misses_games"] == 3),
    (36, {}, lambda f: f["items"] == [] and f["in_warband"]),
    (44, {}, lambda f: f["injuries"] == ["full_recovery"] and f["stats"]["M"] == 4),
    (56, {"d6": 4}, lambda f: f["hatred"] == ["leader"]),
    (61, {}, lambda f: f["status"] == "captured" and f["items"] == []),
    (62, {}, lambda f: f["traits"] == ["immune_to_fear"]),
    (64, {}, lambda f: f["traits"] == ["causes_fear"]),
    (65, {"won": True}, lambda f: f["experience"] == 22),
    (66, {}, lambda f: f["experience"] == 21),
])
def test_every_serious_injury_changes_the_roster(warband, alice, roll, sub, check):
    record(warband, alice, rng=Dice(), type="serious_injury", entry=HANS, roll=roll, **sub)
    assert check(fighters(warband)[HANS])


def test_multiple_injuries_record_each_injury(warband, alice):
    event = record(warband, alice, rng=Dice(), type="serious_injury", entry=HANS, roll=16, d6=2,
                   injuries=[{"roll": 22}, {"roll": 26}])
    assert [i["result"] for i in event["injuries"]] == ["leg_wound", "chest_wound"]
    hans = fighters(warband)[HANS]
    assert (hans["stats"]["M"], hans["stats"]["T"]) == (3, 2)


def test_a_lost_pit_fight_takes_the_gear_and_rolls_again(warband, alice):
    record(warband, alice, rng=Dice(), type="serious_injury", entry=HANS, roll=65, won=False,
           again={"roll": 22})
    hans = fighters(warband)[HANS]
    assert hans["items"] == [] and hans["stats"]["M"] == 3
    assert campaign.campaign_state(army_list=warband)["roster"]["treasury"] == 140


def test_a_dead_leader_leaves_the_warband_and_the_rating(warband, alice):
    record(warband, alice, type="serious_injury", entry=HANS, roll=11)
    state = campaign.campaign_state(army_list=warband)
    assert state["rating"] == START_RATING - 5 - 20
    assert state["roster"]["members"] == 8
    assert state["rout_test"]["leader"] is None and state["rout_test"]["leader_ld"] is None
    assert state["events"][0]["result"] == "dead"
    assert refused(warband, alice, type="serious_injury", entry=HANS, roll=41) == [
        ("entry", "Hans is no longer in the warband (dead)", "not_in_warband")]


# -- henchmen and experience ----------------------------------------------------------------


def test_a_henchman_on_1_or_2_is_lost_with_its_gear(warband, alice):
    lost = record(warband, alice, type="henchman_out_of_action", entry=WARRIORS, roll=2)
    fine = record(warband, alice, type="henchman_out_of_action", entry=WARRIORS, roll=3)
    assert (lost["result"], lost["who"], fine["result"], fine["sequence"]) == (
        "lost", "Warrior", "fine", 2)
    state = campaign.campaign_state(army_list=warband)
    warriors = state["roster"]["fighters"][WARRIORS]
    assert (warriors["models"], warriors["lost_models"]) == (2, 1)
    assert state["rating"] == START_RATING - 5 and state["roster"]["members"] == 8


def test_a_group_that_loses_its_last_model_is_gone(warband, alice):
    record(warband, alice, rng=Dice(1), type="henchman_out_of_action", entry=SWORDSMEN)
    swordsmen = fighters(warband)[SWORDSMEN]
    assert (swordsmen["status"], swordsmen["models"], swordsmen["items"]) == ("gone", 0, [])
    assert CampaignEvent.objects.get().data["roll"] == 1


def test_experience_is_added_per_model(warband, alice):
    kurt = record(warband, alice, type="experience", entry=KURT, amount=2)
    assert (kurt["result"], kurt["roll"], kurt["amount"]) == ("experience", None, 2)
    record(warband, alice, type="experience", entry=WARRIORS, amount=1)
    state = campaign.campaign_state(army_list=warband)
    assert state["roster"]["fighters"][KURT]["experience"] == 2
    assert state["roster"]["fighters"][WARRIORS]["experience"] == 1
    assert state["rating"] == START_RATING + 2 + 3


# -- refused events -------------------------------------------------------------------------


@pytest.mark.parametrize(("event", "path", "code"), [
    ({"type": "serious_injury", "entry": HANS, "roll": 17}, "roll", "invalid"),
    ({"type": "serious_injury", "entry": HANS, "roll": 16, "d6": 2,
      "injuries": [{"roll": 11}]}, "injuries[0].roll", "rerolled"),
    ({"type": "serious_injury", "entry": HANS, "roll": 22, "d6": 3}, "d6", "invalid"),
    ({"type": "serious_injury", "entry": 9, "roll": 22}, "entry", "unknown_entry"),
    ({"type": "serious_injury", "roll": 22}, "entry", "required"),
    ({"type": "serious_injury", "entry_id": "nobody", "roll": 22}, "entry_id", "unknown_entry"),
    ({"type": "serious_injury", "entry": WARRIORS, "roll": 22}, "entry", "not_a_hero"),
    ({"type": "henchman_out_of_action", "entry": HANS, "roll": 2}, "entry", "not_a_henchman"),
    ({"type": "henchman_out_of_action", "entry": WARRIORS, "roll": 7}, "roll", "invalid"),
    ({"type": "experience", "entry": KURT}, "amount", "required"),
    ({"type": "experience", "entry": KURT, "amount": -1}, "amount", "invalid"),
    ({"type": "experience", "entry": KURT, "amount": 1, "roll": 3}, "roll", "unexpected_field"),
    ({"type": "henchman_out_of_action", "entry": WARRIORS, "amount": 3}, "amount",
     "unexpected_field"),
    ({"type": "promotion", "entry": KURT}, "type", "unknown_type"),
])
def test_it_refuses_an_impossible_event_and_records_nothing(warband, alice, event, path, code):
    problems = refused(warband, alice, **event)
    assert [(p, c) for p, _m, c in problems] == [(path, code)]
    assert not CampaignEvent.objects.exists()


def test_a_refusal_is_a_document_error_with_paths(warband, alice):
    with pytest.raises(DocumentError) as info:
        record(warband, alice, type="serious_injury", entry=HANS, roll=70)
    assert [p.path for p in info.value.errors] == ["roll"]
    assert info.value.as_dicts() == [{
        "path": "roll", "message": "70 is not a D66 roll (11-66, each digit 1-6)", "code": "invalid"}]


def test_other_game_systems_have_no_campaign_log(godslayer, alice):
    raid = lists_services.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
        "battle_size": 160, "entries": [{"card": "nordgaard-gestir-captain"}]})
    for call in (
        lambda: campaign.campaign_state(army_list=raid),
        lambda: record(raid, alice, type="experience", entry=0, amount=1),
        lambda: campaign.campaign_undo(army_list=raid),
    ):
        with pytest.raises(campaign.CampaignRefused) as info:
            call()
        assert info.value.codes == ["wrong_system"]
    assert not CampaignEvent.objects.exists()


# -- a battle -------------------------------------------------------------------------------


def test_a_battle_is_recorded_in_order_in_one_go(warband, alice):
    events = [
        {"type": "experience", "entry": KURT, "amount": 1},
        {"type": "serious_injury", "entry": KURT},
        {"type": "henchman_out_of_action", "entry": MARKSMEN, "roll": 1},
        {"type": "henchman_out_of_action", "entry": MARKSMEN},
    ]
    recorded = campaign.campaign_record_battle(
        army_list=warband, events=events, user=alice, rng=Dice(1, 2, 5))
    assert [(e["sequence"], e["result"]) for e in recorded] == [
        (1, "experience"), (2, "dead"), (3, "lost"), (4, "fine")]
    state = campaign.campaign_state(army_list=warband)
    assert state["roster"]["fighters"][KURT]["status"] == "dead"
    assert state["roster"]["fighters"][MARKSMEN]["models"] == 1
    assert state["events"] == recorded


def test_a_battle_with_one_impossible_event_records_nothing(warband, alice):
    events = [
        {"type": "henchman_out_of_action", "entry": SWORDSMEN, "roll": 1},
        {"type": "experience", "entry": SWORDSMEN, "amount": 1},  # the group is gone
    ]
    with pytest.raises(campaign.CampaignRefused) as info:
        campaign.campaign_record_battle(army_list=warband, events=events, user=alice, rng=Dice())
    assert info.value.problems == [
        ("events[1].entry", "Swordsman is no longer in the warband (gone)", "not_in_warband")]
    assert not CampaignEvent.objects.exists()


# -- undo -----------------------------------------------------------------------------------


def test_undo_takes_back_the_last_event(warband, alice):
    record(warband, alice, type="serious_injury", entry=HANS, roll=22)
    record(warband, alice, type="henchman_out_of_action", entry=WARRIORS, roll=1)
    removed = campaign.campaign_undo(army_list=warband)
    assert (removed["sequence"], removed["type"], removed["roll"], removed["who"]) == (
        2, "henchman_out_of_action", 1, "Warrior")
    assert removed["summary"].startswith("Warrior: D6 1")
    state = campaign.campaign_state(army_list=warband)
    assert [e["sequence"] for e in state["events"]] == [1]
    assert state["roster"]["fighters"][WARRIORS]["models"] == 3
    assert state["roster"]["fighters"][HANS]["stats"]["M"] == 3
    assert record(warband, alice, type="experience", entry=HANS, amount=1)["sequence"] == 2
    campaign.campaign_undo(army_list=warband)
    campaign.campaign_undo(army_list=warband)
    assert campaign.campaign_state(army_list=warband)["rating"] == START_RATING
    assert campaign.campaign_undo(army_list=warband) is None


def test_undo_on_an_empty_log_is_none(warband):
    assert campaign.campaign_undo(army_list=warband) is None


# -- a list edited since --------------------------------------------------------------------


@pytest.mark.parametrize("with_ids", [True, False], ids=["ids sent", "sent without ids"])
def test_removing_an_earlier_fighter_never_moves_his_history_to_another(warband, alice, with_ids):
    """A battle recorded, then Otto (before the warriors) removed from the list: every
    past event stays with the fighter it was recorded for. A client that sends the list
    without entry ids (as the API always allowed) keeps the ids of the entries it keeps."""
    campaign.campaign_record_battle(army_list=warband, user=alice, rng=Dice(), events=[
        {"type": "experience", "entry": KURT, "amount": 1},
        {"type": "serious_injury", "entry": OTTO, "roll": 22},
        {"type": "henchman_out_of_action", "entry": WARRIORS, "roll": 1},
    ])
    source = warband.document["entries"] if with_ids else WARBAND["entries"]
    edited = {**WARBAND, "entries": [e for n, e in enumerate(source) if n != OTTO]}
    warband = lists_services.list_update(army_list=warband, data=edited, expected_version=1, user=alice)
    state = campaign.campaign_state(army_list=warband)
    assert state["problems"] == []
    kurt, warriors = state["roster"]["fighters"][1], state["roster"]["fighters"][2]
    assert (kurt["name"], kurt["experience"]) == ("Kurt", 1)
    assert (warriors["name"], warriors["models"], warriors["lost_models"]) == ("Warrior", 2, 1)
    assert all(f["injuries"] == [] for f in state["roster"]["fighters"])  # nobody got Otto's
    otto = state["events"][1]
    assert (otto["who"], otto["orphaned"], otto["entry"]) == ("Otto", True, None)
    assert "no longer in the list" in otto["summary"]
    assert [e["orphaned"] for e in state["events"]] == [False, True, False]
    assert [e["entry"] for e in state["events"]] == [1, None, 2]
    # Undo in the builder, or restoring version 1, brings Otto back with his leg wound.
    warband = lists_services.list_restore(army_list=warband, version=1, expected_version=2, user=alice)
    state = campaign.campaign_state(army_list=warband)
    assert state["roster"]["fighters"][OTTO]["stats"]["M"] == 3
    assert not any(e["orphaned"] for e in state["events"])


# -- concurrency ----------------------------------------------------------------------------


def _race(n, work):
    barrier, outcomes = threading.Barrier(n), []

    def run(k):
        barrier.wait()
        try:
            outcomes.append(work(k))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return outcomes


@pytest.mark.django_db(transaction=True)
def test_concurrent_records_and_undos_never_interleave():
    load_shipped("mordheim")
    alice = make_user("alice")
    warband = lists_services.list_create(owner=alice, data=WARBAND)
    outcomes = _race(4, lambda k: record(warband, alice, type="experience", entry=KURT, amount=k + 1))
    assert sorted(e["sequence"] for e in outcomes) == [1, 2, 3, 4]
    assert campaign.campaign_state(army_list=warband)["roster"]["fighters"][KURT]["experience"] == 10
    removed = _race(3, lambda k: campaign.campaign_undo(army_list=warband))
    assert sorted(e["sequence"] for e in removed) == [2, 3, 4]
    assert list(CampaignEvent.objects.values_list("sequence", flat=True)) == [1]
