"""The Mordheim campaign log (docs/rules/mordheim.md): injuries, lost henchmen, experience.

Every D66 result range, the henchman D6, multiple injuries with their re-rolls, undo,
and each refused event. The catalogue is the hand-built one of the roster tests.
"""

import random

import msgspec
import pytest

from rules.engine import parse
from rules.systems.mordheim.campaign import (
    CampaignError,
    apply_events,
    injury_result,
    is_d66,
    resolve_event,
    roster_rating,
    starting_roster,
)
from tests.support.mordheim import CATALOGUE
from tests.support.mordheim_campaign import Dice


def eid(index):
    """The id of the entry at ``index`` in DOCUMENT (events name fighters by entry id)."""
    return f"e{index}"


DOCUMENT = parse({
    "system": "mordheim", "faction": "mercs", "battle_size": None,
    "entries": [
        {"id": "e0", "card": "captain", "name": "Hans", "items": ["sword", "armour"]},  # 90 gc
        {"id": "e1", "card": "champion", "name": "Otto", "items": ["halberd"]},         # 45 gc
        {"id": "e2", "card": "warrior", "size": 3, "items": ["sword"]},                 # 105 gc
        {"id": "e3", "card": "marksman", "size": 1},                                    # 25 gc
        {"id": "e4", "card": "warrior", "count": 2, "size": 2},                         # 100 gc
        {"id": "e5", "card": "nope"},                                                   # unknown
    ],
})
HANS, OTTO, WARRIORS, MARKSMAN, TWO_GROUPS, UNKNOWN = range(6)




NO_DICE = Dice()


def injury(roll, entry=HANS, **sub):
    return {"type": "serious_injury", "entry_id": eid(entry), "roll": roll, **sub}


def roster(*events):
    return apply_events(CATALOGUE, DOCUMENT, list(events))


def hans(*events):
    return roster(*events).fighters[HANS]


def resolve(event, rng=NO_DICE, current=None):
    return resolve_event(CATALOGUE, DOCUMENT, current, event, rng)


def refused(event, current=None):
    with pytest.raises(CampaignError) as info:
        resolve(event, current=current)
    [(path, message, code)] = info.value.errors
    return path, message, code


# -- the table ------------------------------------------------------------------------

D66 = [t * 10 + u for t in range(1, 7) for u in range(1, 7)]
RANGES = {
    "dead": [11, 12, 13, 14, 15], "multiple_injuries": [16, 21], "leg_wound": [22],
    "arm_wound": [23], "madness": [24], "smashed_leg": [25], "chest_wound": [26],
    "blinded_in_one_eye": [31], "old_battle_wound": [32], "nervous_condition": [33],
    "hand_injury": [34], "deep_wound": [35], "robbed": [36],
    "full_recovery": [41, 42, 43, 44, 45, 46, 51, 52, 53, 54, 55], "bitter_enmity": [56],
    "captured": [61], "hardened": [62, 63], "horrible_scars": [64], "sold_to_the_pits": [65],
    "survives_against_the_odds": [66],
}


def test_every_d66_roll_has_exactly_one_result():
    assert sorted(r for rolls in RANGES.values() for r in rolls) == D66
    for result, rolls in RANGES.items():
        assert [injury_result(r) for r in rolls] == [result] * len(rolls)
    assert [r for r in range(0, 100) if is_d66(r)] == D66


START = hans()


def changed(fighter):
    """What differs from the starting Hans, as a small dict."""
    out = {}
    for name in ("status", "items", "misses_games", "traits", "hatred", "experience"):
        if getattr(fighter, name) != getattr(START, name):
            out[name] = getattr(fighter, name)
    out.update({k: v for k, v in fighter.stats.items() if START.stats[k] != v})
    return out


EFFECTS = [
    # (event fields, what changes on Hans)
    *[({"roll": r}, {"status": "dead", "items": ()}) for r in RANGES["dead"]],
    ({"roll": 16, "d6": 2, "injuries": [{"roll": 22}, {"roll": 26}]}, {"M": 3, "T": 2}),
    ({"roll": 21, "d6": 1, "injuries": [{"roll": 64}]}, {"traits": ("causes_fear",)}),
    ({"roll": 22}, {"M": 3}),
    ({"roll": 23, "d6": 1}, {"traits": ("one_hand_weapon",)}),
    ({"roll": 23, "d6": 2}, {"misses_games": 1}),
    ({"roll": 24, "d6": 3}, {"traits": ("stupidity",)}),
    ({"roll": 24, "d6": 4}, {"traits": ("frenzy",)}),
    ({"roll": 25, "d6": 1}, {"traits": ("no_running",)}),
    ({"roll": 25, "d6": 6}, {"misses_games": 1}),
    ({"roll": 26}, {"T": 2}),
    ({"roll": 31}, {"BS": 2}),
    ({"roll": 32}, {"traits": ("old_battle_wound",)}),
    ({"roll": 33}, {"I": 2}),
    ({"roll": 34}, {"WS": 2}),
    ({"roll": 35, "d3": 3}, {"misses_games": 3}),
    ({"roll": 36}, {"items": ()}),
    *[({"roll": r}, {}) for r in RANGES["full_recovery"]],
    *[({"roll": 56, "d6": d}, {"hatred": ("model",)}) for d in (1, 2, 3)],
    ({"roll": 56, "d6": 4}, {"hatred": ("leader",)}),
    ({"roll": 56, "d6": 5}, {"hatred": ("warband",)}),
    ({"roll": 56, "d6": 6}, {"hatred": ("warband_type",)}),
    ({"roll": 61}, {"status": "captured", "items": ()}),
    ({"roll": 62}, {"traits": ("immune_to_fear",)}),
    ({"roll": 63}, {"traits": ("immune_to_fear",)}),
    ({"roll": 64}, {"traits": ("causes_fear",)}),
    ({"roll": 65, "won": True}, {"experience": 22}),
    ({"roll": 65, "won": False, "again": {"roll": 22}}, {"items": (), "M": 3}),
    ({"roll": 65, "won": False, "again": {"roll": 12}}, {"status": "dead", "items": ()}),
    ({"roll": 66}, {"experience": 21}),
]


@pytest.mark.parametrize(("fields", "effect"), EFFECTS,
                         ids=[f"{f['roll']}-{i}" for i, (f, _e) in enumerate(EFFECTS)])
def test_each_serious_injury_changes_the_roster_for_good(fields, effect):
    event = injury(**fields)
    resolved = resolve(event)  # complete already: no dice needed, nothing changed
    assert resolved["result"] == injury_result(fields["roll"])
    assert {k: resolved[k] for k in event if k not in ("injuries", "again")} == {
        k: v for k, v in event.items() if k not in ("injuries", "again")
    }
    assert changed(hans(event)) == effect
    assert hans(event).injuries[0] == injury_result(fields["roll"])


def test_the_roster_keeps_a_dead_hero_out_of_the_warband():
    r = roster(injury(13))
    assert r.fighters[HANS].status == "dead" and not r.fighters[HANS].in_warband
    assert [f.entry for f in r.active()] == [OTTO, WARRIORS, MARKSMAN, TWO_GROUPS]


def test_blinded_in_both_eyes_retires():
    f = hans(injury(31), injury(31))
    assert (f.status, f.stats["BS"], f.items) == ("retired", 1, ())


def test_misses_the_longest_of_its_absences_not_their_sum():
    f = hans(injury(16, d6=2, injuries=[{"roll": 35, "d3": 2}, {"roll": 23, "d6": 5}]))
    assert f.misses_games == 2


def test_a_pit_win_pays_50_gold():
    start = roster().treasury
    assert start == 500 - (90 + 45 + 105 + 25 + 100)
    assert roster(injury(65, won=True)).treasury == start + 50


def test_a_death_inside_multiple_injuries_ends_them():
    event = injury(16, d6=2, injuries=[{"roll": 65, "won": False, "again": {"roll": 11}},
                                       {"roll": 22}])
    f = hans(event)
    assert f.status == "dead" and f.stats["M"] == 4
    assert f.injuries == ("multiple_injuries", "sold_to_the_pits", "dead")


# -- filling in the rolls -------------------------------------------------------------


def test_it_rolls_the_d66_the_player_did_not_type():
    expected = {"type": "serious_injury", "entry_id": eid(HANS), "roll": 22, "result": "leg_wound"}
    assert resolve(injury(None), Dice(2, 2)) == expected
    assert resolve({"type": "serious_injury", "entry_id": eid(HANS)}, Dice(2, 2)) == expected


@pytest.mark.parametrize(("roll", "dice", "sub"), [
    (23, (1,), {"d6": 1}), (24, (5,), {"d6": 5}), (25, (2,), {"d6": 2}),
    (56, (4,), {"d6": 4}), (35, (5,), {"d3": 3}), (35, (2,), {"d3": 1}),
    (65, (4,), {"won": True}), (65, (3, 2, 6), {"won": False, "again": {
        "roll": 26, "result": "chest_wound"}}),
])
def test_it_rolls_the_sub_rolls_a_result_asks_for(roll, dice, sub):
    assert resolve(injury(roll), Dice(*dice)) == {
        **injury(roll), "result": injury_result(roll), **sub
    }


def test_multiple_injuries_roll_d6_more_and_reroll_dead_multiple_and_captured():
    # 16, D6 = 3, then 12 (dead) re-rolled, 61 (captured) re-rolled, 21 (multiple)
    # re-rolled, 22; 34; 41.
    dice = Dice(1, 6, 3, 1, 2, 6, 1, 2, 1, 2, 2, 3, 4, 4, 1)
    event = resolve(injury(None), dice)
    assert dice.rolls == []
    assert event["d6"] == 3
    assert [i["roll"] for i in event["injuries"]] == [22, 34, 41]
    assert event["injuries"][0]["rerolled"] == [12, 61, 21]
    f = hans(event)
    assert (f.stats["M"], f.stats["WS"], f.status) == (3, 2, "active")


def test_it_keeps_what_the_player_typed_and_rolls_the_rest():
    event = resolve(injury(21, d6=2, injuries=[{"roll": 33}]), Dice(6, 6))
    assert [i["roll"] for i in event["injuries"]] == [33, 66]


def test_a_resolved_event_replays_unchanged_and_needs_no_dice():
    event = resolve(injury(None), Dice(1, 6, 3, 1, 2, 6, 1, 2, 1, 2, 2, 3, 4, 4, 1))
    assert event["d6"] == 3 and len(event["injuries"]) == 3
    assert resolve(event) == event
    assert roster(event) == roster(event)


@pytest.mark.parametrize("seed", range(200))
def test_any_roll_of_a_real_rng_applies(seed):
    rng = random.Random(seed)
    current = None
    events = []
    for entry in (HANS, OTTO):
        events.append(resolve(injury(None, entry=entry), rng, current))
        current = apply_events(CATALOGUE, DOCUMENT, events)
    assert current.fighters[HANS].injuries[0] == events[0]["result"]


# -- henchmen and experience ----------------------------------------------------------


@pytest.mark.parametrize(("roll", "left"), [(1, 2), (2, 2), (3, 3), (4, 3), (5, 3), (6, 3)])
def test_a_henchman_out_of_action_is_gone_on_1_or_2(roll, left):
    group = roster({"type": "henchman_out_of_action", "entry_id": eid(WARRIORS), "roll": roll}
                   ).fighters[WARRIORS]
    assert group.models == left and group.items == ("sword",)
    assert group.lost_models == 3 - left


def test_a_group_without_models_is_gone_with_its_gear():
    group = roster({"type": "henchman_out_of_action", "entry_id": eid(MARKSMAN), "roll": 2}
                   ).fighters[MARKSMAN]
    assert (group.models, group.status, group.items) == (0, "gone", ())


def test_it_rolls_the_henchman_d6():
    event = resolve({"type": "henchman_out_of_action", "entry_id": eid(WARRIORS)}, Dice(5))
    assert event["roll"] == 5


def test_experience_adds_up():
    r = roster({"type": "experience", "entry_id": eid(HANS), "amount": 2},
               {"type": "experience", "entry_id": eid(WARRIORS), "amount": 1},
               injury(66))
    assert (r.fighters[HANS].experience, r.fighters[WARRIORS].experience) == (23, 1)
    # rating: heroes 5 + exp, henchmen 5 + exp per model
    assert roster_rating(CATALOGUE, r) == (5 + 23) + (5 + 8) + 3 * (5 + 1) + 5 + 4 * 5


def test_the_starting_roster_has_starting_experience_and_rating():
    r = starting_roster(CATALOGUE, DOCUMENT)
    assert [f.experience for f in r.fighters[:4]] == [20, 8, 0, 0]
    assert r.fighters[UNKNOWN].status == "unknown_card"
    assert roster_rating(CATALOGUE, r) == 25 + 13 + 15 + 5 + 20


# -- undo -----------------------------------------------------------------------------


def test_undo_is_applying_all_but_the_last_event():
    events = [injury(22), {"type": "experience", "entry_id": eid(HANS), "amount": 1}, injury(12)]
    assert roster(*events).fighters[HANS].status == "dead"
    undone = roster(*events[:-1])
    assert undone == roster(*events[:2])
    assert undone.fighters[HANS].status == "active"
    assert undone.fighters[HANS].stats["M"] == 3 and undone.fighters[HANS].experience == 21
    assert undone.fighters[HANS].items == ("sword", "armour")
    assert roster(*events[:0]) == starting_roster(CATALOGUE, DOCUMENT)


def test_the_log_says_what_each_event_did():
    r = roster(injury(22), {"type": "henchman_out_of_action", "entry_id": eid(WARRIORS), "roll": 1})
    assert tuple(str(line) for line in r.log) == ("Hans: 22 leg wound; M -1",
                     "Warrior: D6 1: one model lost with its gear (2 left)")
    assert r.to_dict()["fighters"][HANS]["stats"]["M"] == 3


# -- refused events -------------------------------------------------------------------

REFUSED = [
    # (event, path, code)
    (injury(22, entry=99), "entry_id", "unknown_entry"),
    (injury(22, entry=-1), "entry_id", "unknown_entry"),
    ({"type": "serious_injury", "entry_id": 0, "roll": 22}, "entry_id", "invalid"),
    ({"type": "serious_injury", "roll": 22}, "entry_id", "required"),
    (injury(22, entry=UNKNOWN), "entry_id", "unknown_key"),
    (injury(22, entry=TWO_GROUPS), "entry_id", "ambiguous_entry"),
    (injury(22, entry=WARRIORS), "entry_id", "not_a_hero"),
    ({"type": "henchman_out_of_action", "entry_id": eid(HANS), "roll": 3}, "entry_id", "not_a_henchman"),
    ({"type": "promotion", "entry_id": eid(HANS)}, "type", "unknown_type"),
    (injury(10), "roll", "invalid"),
    (injury(67), "roll", "invalid"),
    (injury(17), "roll", "invalid"),
    (injury(40), "roll", "invalid"),
    (injury(7), "roll", "invalid"),
    (injury("22"), "roll", "invalid"),
    (injury(True), "roll", "invalid"),
    (injury(22, d6=3), "d6", "invalid"),
    (injury(23, d6=7), "d6", "invalid"),
    (injury(35, d3=4), "d3", "invalid"),
    (injury(35, d6=4), "d6", "invalid"),
    (injury(65, won="yes"), "won", "invalid"),
    (injury(65, won=True, again={"roll": 22}), "again", "invalid"),
    (injury(65, won=False, again={"roll": 71}), "again.roll", "invalid"),
    (injury(16, d6=2, injuries=[{"roll": 22}, {"roll": 13}]), "injuries[1].roll", "rerolled"),
    (injury(16, d6=1, injuries=[{"roll": 61}]), "injuries[0].roll", "rerolled"),
    (injury(21, d6=1, injuries=[{"roll": 16}]), "injuries[0].roll", "rerolled"),
    (injury(21, d6=1, injuries=[{"roll": 22}, {"roll": 22}]), "injuries", "invalid"),
    ({"type": "henchman_out_of_action", "entry_id": eid(WARRIORS), "roll": 0}, "roll", "invalid"),
    ({"type": "henchman_out_of_action", "entry_id": eid(WARRIORS), "roll": 7}, "roll", "invalid"),
    ({"type": "experience", "entry_id": eid(HANS)}, "amount", "required"),
    ({"type": "experience", "entry_id": eid(HANS), "amount": 1.5}, "amount", "invalid"),
    ({"type": "experience", "entry_id": eid(HANS), "amount": -21}, "amount", "invalid"),
]


@pytest.mark.parametrize(("event", "path", "code"), REFUSED,
                         ids=[f"{c}-{i}" for i, (_e, _p, c) in enumerate(REFUSED)])
def test_it_refuses_impossible_events_naming_the_field(event, path, code):
    assert refused(event)[0::2] == (path, code)


def test_the_refusals_say_why():
    assert refused(injury(17))[1] == "17 is not a D66 roll (11-66, each digit 1-6)"
    assert refused(injury(22, entry=WARRIORS))[1] == (
        "Warrior is a henchman group: use henchman_out_of_action (serious injuries are for "
        "heroes)"
    )
    assert refused(injury(22, entry=99))[1] == "no entry has the id 'e99' in this warband"
    assert refused(injury(22, entry=TWO_GROUPS))[1] == (
        "Warrior stands for 2 henchman groups: give each an entry of its own"
    )
    assert refused(injury(16, d6=1, injuries=[{"roll": 61}]))[1].startswith(
        "61 (captured) is re-rolled in multiple injuries"
    )


def test_a_fighter_out_of_the_warband_takes_no_more_events():
    current = roster(injury(61))
    path, message, code = refused(injury(22), current)
    assert (path, code) == ("entry_id", "not_in_warband")
    assert message == "Hans is no longer in the warband (captured)"


def test_apply_events_names_the_event_and_wants_every_roll():
    with pytest.raises(CampaignError) as info:
        roster(injury(22), injury(23))
    assert info.value.errors == [("events[1].d6", "is missing (resolve the event first)",
                                  "required")]
    with pytest.raises(CampaignError) as info:
        roster(injury(22), injury(12), injury(22))
    assert info.value.errors[0][0] == "events[2].entry_id"
    assert "events[2].entry_id" in str(info.value)


# -- history stays with the fighter it happened to ------------------------------------


def _without(index):
    entries = [e for i, e in enumerate(DOCUMENT.entries) if i != index]
    return msgspec.structs.replace(DOCUMENT, entries=tuple(entries))


def test_a_removed_fighter_takes_his_history_with_him():
    events = [injury(22, entry=OTTO), {"type": "henchman_out_of_action", "entry_id": eid(WARRIORS),
                                       "roll": 1, "card": "warrior", "who": "Warrior"},
              {"type": "experience", "entry_id": eid(HANS), "amount": 2, "card": "captain"}]
    events[0] = {**resolve(events[0]), "card": "champion", "who": "Otto"}
    before = roster(*events)
    assert before.fighters[OTTO].stats["M"] == 3 and before.orphaned == ()
    after = apply_events(CATALOGUE, _without(OTTO), events)
    # Otto's leg wound is nobody else's; the warriors (one place up now) keep their loss.
    assert after.orphaned == (0,)
    assert [f.name for f in after.fighters][:2] == ["Hans", "Warrior"]
    assert after.fighters[1].models == 2 and after.fighters[0].experience == 22
    assert all(f.stats == dict(CATALOGUE.cards[f.card].stats) for f in after.fighters[1:3])
    assert str(after.log[0]) == "Otto: 22 leg wound; M -1 (no longer in the list)"


def test_another_fighter_under_the_same_id_gets_none_of_the_history():
    event = {**resolve(injury(22, entry=OTTO)), "card": "champion", "who": "Otto"}
    swapped = msgspec.structs.replace(DOCUMENT, entries=tuple(
        msgspec.structs.replace(e, card="captain") if e.id == eid(OTTO) else e
        for e in DOCUMENT.entries))
    after = apply_events(CATALOGUE, swapped, [event])
    assert after.orphaned == (0,) and after.fighters[OTTO].stats["M"] == 4
