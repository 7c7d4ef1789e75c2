"""Hiring and dismissing hired swords in the trading step (docs/rules/mordheim.md, "Hired
swords and fighters a warband must field"): the hire fee from the treasury, the builder's
limits on the warband after hiring, the log line, upkeep from the next battle on.
Table-driven on the shipped pack (a Reikland warband: 140 gc, 9 of 15 fighters)."""

from dataclasses import replace

import pytest

from rules.systems.mordheim.dice import CampaignError
from tests.support.mordheim_battle import (
    HANS,
    MARKSMEN,
    SWORDSMEN,
    WARRIORS,
    battle,
    fighter,
    start,
)

ROADWARDEN, HIGHWAYMAN, SCOUT = "hired-roadwarden", "hired-highwayman", "hired-halfling-scout"
LOST = {"won": False}


def lines(out):
    return [str(line) for line in out["lines"]]


def trading(out):
    return [s for s in out["steps"] if s["step"] == "trading"][0]["result"]


def full_warband(swordsmen=2):
    """15 of the Reiklanders' 15 fighters: 3 heroes, 5 Warriors, 5 Marksmen, 2
    Swordsmen (14 with one Swordsman)."""
    roster = start()
    sizes = {WARRIORS: 5, MARKSMEN: 5, SWORDSMEN: swordsmen}
    return replace(roster, fighters=tuple(
        replace(f, models=sizes.get(f.entry_id, f.models)) for f in roster.fighters))


def with_roadwarden():
    out = battle({**LOST, "hires": [{"card": ROADWARDEN, "name": "Rudi", "entry_id": "rw"}]})
    return out["roster"]


def test_a_hired_sword_is_hired_for_his_fee_and_logged_in_words():
    without = battle(LOST)
    out = battle({**LOST, "hires": [{"card": ROADWARDEN, "name": "Rudi"}]})
    [row] = out["input"]["hires"]
    assert (row["card"], row["name"], row["fee"]) == (ROADWARDEN, "Rudi", 40)
    assert out["roster"].treasury == without["roster"].treasury - 40
    rudi = fighter(out["roster"], row["entry_id"])
    assert (rudi.name, rudi.card, rudi.in_warband, rudi.joined) == ("Rudi", ROADWARDEN, True, 1)
    assert rudi.hero is False  # he counts toward the warband's size, not its heroes
    assert trading(out)["hires"] == [row]
    assert ("Hired sword hired: Rudi (Roadwarden) for 40 gc; upkeep 20 gc after each battle "
            "from the next one") in lines(out)


def test_his_upkeep_is_due_from_the_next_battle_on():
    first = battle({**LOST, "hires": [{"card": ROADWARDEN, "entry_id": "rw"}]})
    assert first["input"]["upkeep"] == []  # hired after this battle: nothing owed yet
    second = battle(LOST, first["roster"])
    assert second["input"]["upkeep"] == [{"entry_id": "rw", "pay": True, "paid": 20,
                                          "leaves": False}]
    assert "Upkeep paid: Roadwarden, 20 gc" in lines(second)


def test_a_hire_replays_without_dice():
    roster = start()
    out = battle({**LOST, "hires": [{"card": ROADWARDEN}]}, roster)
    assert battle(out["input"], roster, rng=None)["roster"] == out["roster"]


def test_a_full_warband_may_still_hire_the_halfling_scout_who_raises_its_size():
    out = battle({**LOST, "hires": [{"card": SCOUT}]}, replace(full_warband(), treasury=100))
    assert [h["card"] for h in out["input"]["hires"]] == [SCOUT]


def test_a_halfling_scout_hired_before_makes_room_for_a_recruit_and_takes_it_when_he_goes():
    # 14 fighters and the scout: 15 of 16
    hired = battle({**LOST, "hires": [{"card": SCOUT, "entry_id": "pip"}]},
                   replace(full_warband(swordsmen=1), treasury=100))["roster"]
    recruit = {"recruits": [{"card": "reikland-youngblood"}]}
    out = battle({**LOST, **recruit}, replace(hired, treasury=100))
    assert [r["card"] for r in out["input"]["recruits"]] == ["reikland-youngblood"]
    # without him, 14 of 15: two more Warriors are one too many
    with pytest.raises(CampaignError) as refused:
        battle({**LOST, "dismissals": [{"entry_id": "pip"}],
                "recruits": [{"card": "reikland-warrior", "size": 2}]},
               replace(hired, treasury=100))
    assert refused.value.errors[0][::2] == ("recruits[0].size", "warband_size")


def test_a_dismissed_hired_sword_leaves_logged_and_owes_no_upkeep():
    out = battle({**LOST, "dismissals": [{"entry_id": "rw"}]}, with_roadwarden())
    assert fighter(out["roster"], "rw").status == "dismissed"
    assert out["input"]["dismissals"] == [{"entry_id": "rw"}]
    assert out["input"]["upkeep"] == []
    assert "Dismissed: Rudi (Roadwarden) leaves the warband" in lines(out)
    # issue 32: the upkeep line no longer vanishes without a word
    assert "No upkeep for Rudi: dismissed before it was due" in lines(out)


def test_dismissing_the_roadwarden_lets_the_warband_hire_a_highwayman():
    out = battle({**LOST, "dismissals": [{"entry_id": "rw"}], "hires": [{"card": HIGHWAYMAN}]},
                 with_roadwarden())
    assert [h["card"] for h in out["input"]["hires"]] == [HIGHWAYMAN]


# (spec, roster, path, code): each refusal names the field and the rule's code
REFUSED = {
    "not allowed": ({"hires": [{"card": "hired-dark-elf-assassin"}]}, start,
                    "hires[0].card", "hired_sword_not_allowed"),
    "conflict": ({"hires": [{"card": ROADWARDEN}, {"card": HIGHWAYMAN}]}, start,
                 "hires[1].card", "hired_sword_conflict"),
    "conflict with one hired before": ({"hires": [{"card": HIGHWAYMAN}]}, with_roadwarden,
                                       "hires[0].card", "hired_sword_conflict"),
    "already has one": ({"hires": [{"card": ROADWARDEN}]}, with_roadwarden,
                        "hires[0].card", "hired_sword_limit"),
    "treasury too small": ({"hires": [{"card": "hired-ogre-bodyguard"}]},
                           lambda: replace(start(), treasury=0), "hires[0].card",
                           "not_enough_gold"),
    "warband full": ({"hires": [{"card": ROADWARDEN}]}, full_warband, "hires[0].card",
                     "warband_size"),
    "no hired sword": ({"hires": [{"card": "reikland-warrior"}]}, start, "hires[0].card",
                       "not_hired_sword"),
    "unknown card": ({"hires": [{"card": "hired-dragon"}]}, start, "hires[0].card",
                     "unknown_key"),
    "no card": ({"hires": [{"name": "Rudi"}]}, start, "hires[0].card", "required"),
    "unknown field": ({"hires": [{"card": ROADWARDEN, "tip": 5}]}, start, "hires[0].tip",
                      "unknown_field"),
    "dismissing a hero": ({"dismissals": [{"entry_id": HANS}]}, start,
                          "dismissals[0].entry_id", "not_hired_sword"),
    "dismissing nobody": ({"dismissals": [{"entry_id": "nobody"}]}, start,
                          "dismissals[0].entry_id", "unknown_entry"),
    "dismissing twice": ({"dismissals": [{"entry_id": "rw"}, {"entry_id": "rw"}]},
                         with_roadwarden, "dismissals[1].entry_id", "not_in_warband"),
    "hires not a list": ({"hires": {"card": ROADWARDEN}}, start, "hires", "invalid"),
}


@pytest.mark.parametrize(("spec", "roster", "path", "code"), REFUSED.values(), ids=REFUSED)
def test_a_hire_the_rules_forbid_is_refused_naming_the_field(spec, roster, path, code):
    with pytest.raises(CampaignError) as refused:
        battle({**LOST, **spec}, replace(roster(), battles=1))
    [(where, message, why)] = refused.value.errors
    assert (where, why) == (path, code)
    assert message


def test_the_treasury_refusal_says_what_he_costs_and_what_there_is():
    with pytest.raises(CampaignError) as refused:
        battle({**LOST, "hires": [{"card": "hired-ogre-bodyguard"}]},
               replace(start(), treasury=0))
    [(_path, message, _code)] = refused.value.errors
    assert message.startswith("hiring Ogre Bodyguard costs 80 gc, the treasury has ")
