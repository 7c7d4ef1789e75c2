"""Godslayer matchup odds (rules/systems/godslayer_odds.py), docs/rules/godslayer.md: every modifier
against a count done by hand on a catalogue built here.

The counts: of the 36 rolls of 2D6, a total of at least 5 comes up 30 times, 6: 26,
7: 21, 8: 15, 9: 10 (see tests/engine/test_odds.py).
"""

from fractions import Fraction as F

import pytest

from rules.engine import Card, Catalogue, Item
from rules.systems.godslayer import odds as odds_
from rules.systems.godslayer.fighters import Fighter, Weapon
from rules.systems.matchup import MatchupError

SWORD = {"name": "Sword", "type": "melee", "act": 1, "range": 1, "str": 4}
BOW = {"name": "Bow", "type": "ranged", "act": 2, "range": 12, "str": 3}


def card(key, name, stats, weapons=(), items=(), hit_points=10, orange_from=0, **attrs):
    return Card(key=key, name=name, faction="north", stats=stats, weapons=tuple(weapons),
                allowed_items={k: 1 for k in items},
                attributes={"hit_points": hit_points, "orange_from": orange_from, **attrs})


CATALOGUE = Catalogue(
    system="godslayer",
    name="Godslayer",
    cards={c.key: c for c in (
        card("hero", "Hero", {"MEL": 5, "RAN": 5, "DEF": 12, "ARM": 3}, [SWORD, BOW],
             items=["axe", "shield"], hit_points=12, orange_from=4),
        card("wizard", "Wizard", {"MEL": 3, "RAN": 0, "DEF": 10, "ARM": 1}, items=["staff"]),
        card("target", "Target", {"MEL": 4, "RAN": 0, "DEF": 12, "ARM": 3},
             items=["shield", "ward"], hit_points=10, orange_from=4),
        card("ghost", "Ghost", {"DEF": 8, "ARM": 0}, hit_points=6, save=4),
    )},
    items={i.key: i for i in (
        Item(key="axe", name="Axe", kind="weapon",
             attributes={"weapon": {"name": "Axe", "type": "melee", "range": 1, "str": 6}}),
        Item(key="staff", name="Staff", kind="weapon",
             attributes={"weapon": {"name": "Staff", "type": "melee", "range": 1, "str": 3}}),
        Item(key="shield", name="Shield", kind="shield", def_bonus=1, arm_bonus=1),
        Item(key="ward", name="Ward", kind="charm", attributes={"save": 5}),
    )},
    aliases={"card": {"old-hero": "hero"}},
)


def resolve(attacker="hero", defender="target", **request):
    def side(s):
        return {"card": s} if isinstance(s, str) else s

    return odds_.resolve(CATALOGUE, {"attacker": side(attacker), "defender": side(defender),
                                     **request})


# Hero: MEL 5, RAN 5, Sword STR 4, Bow STR 3 | Target: DEF 12, ARM 3, 10 hit points.
@pytest.mark.parametrize(("request_", "hits", "strength"), [
    ({}, 21, 4),  # 2D6 + 5 >= 12: 7 or more
    ({"modifiers": {"charge": True}}, 26, 5),  # +1 MEL, +1 STR: 6 or more
    ({"modifiers": {"style": "offensive"}}, 26, 4),  # +1 MEL
    ({"modifiers": {"style": "powerful"}}, 21, 5),  # +1 STR
    ({"modifiers": {"opportunity": True}}, 30, 4),  # +2 to hit: 5 or more
    ({"modifiers": {"knocked_down": True}}, 30, 4),  # DEF 10: 5 or more
    ({"attack": "ranged"}, 21, 3),  # 2D6 + RAN 5 >= 12 with the Bow
    ({"weapon": "Bow"}, 21, 3),  # the weapon says ranged
    ({"attack": "ranged", "modifiers": {"beyond_range": True}}, 15, 2),  # -1 RAN, -1 STR
    ({"attack": "ranged", "modifiers": {"knocked_down": True}}, 30, 3),
    ({"attacker": {"card": "hero", "wounds_taken": 8}}, 15, 4),  # 4 left: MEL 4, 8 or more
    ({"defender": {"card": "target", "wounds_taken": 6}}, 26, 4),  # 4 left: DEF 11
    ({"defender": {"card": "target", "items": ["shield"]}}, 15, 4),  # DEF 13: 8 or more
    ({"weapon": "Axe", "attacker": {"card": "hero", "items": ["axe"]}}, 21, 6),
    ({"weapon": "axe", "attacker": {"card": "hero", "items": ["axe"]}}, 21, 6),  # by key
])
def test_it_counts_the_hit_for_every_modifier(request_, hits, strength):
    result = resolve(**request_)
    assert result["hit_fraction"] == f"{hits}/36"
    assert result["hit_probability"] == pytest.approx(hits / 36)
    assert result["weapon"]["str"] == strength


def test_it_adds_the_opportunity_attacks_two_to_the_damage():
    plain = resolve()
    opportunity = resolve(modifiers={"opportunity": True})
    # on a hit 2D6 + 4 - 3: 3 to 13; with +2 to damage 5 to 15
    assert max(map(int, plain["damage_distribution"])) == 13
    assert max(map(int, opportunity["damage_distribution"])) == 15
    assert opportunity["damage_distribution"]["15"] == pytest.approx(30 / 36 / 36)


def fight(attacker: Fighter, defender: Fighter, weapon: Weapon, attacks=1, **situation):
    return odds_.matchup(attacker, defender, weapon, odds_.Situation(**situation), attacks)


ALWAYS = Fighter("Always", {"MEL": 20}, hit_points=10)
PIN = Weapon("Pin", "melee", 2)


def test_it_never_takes_off_fewer_than_zero_hit_points():
    # every roll hits; 2D6 + 2 - ARM 10 is 1 to 4 from a 9 to a 12, else 0
    result = fight(ALWAYS, Fighter("Wall", {"DEF": 2, "ARM": 10}, 10), PIN)
    assert result["damage_distribution"] == pytest.approx(
        {"0": 26 / 36, "1": 4 / 36, "2": 3 / 36, "3": 2 / 36, "4": 1 / 36})
    assert result["expected_damage"] == pytest.approx(20 / 36)


def test_it_ignores_the_damage_a_save_saves():
    # the same attack on a save of 4+: half the hits that would hurt are saved
    result = fight(ALWAYS, Fighter("Warded", {"DEF": 2, "ARM": 10}, 10, save=4), PIN)
    assert result["damage_distribution"]["0"] == pytest.approx(26 / 36 + 10 / 36 / 2)
    assert result["damage_distribution"]["4"] == pytest.approx(1 / 36 / 2)
    assert any("D6 >= 4" in step for step in result["steps"])


def test_it_reads_a_save_from_the_card_and_from_an_item():
    assert resolve(defender="ghost")["defender"]["save"] == 4
    assert resolve(defender={"card": "target", "items": ["ward"]})["defender"]["save"] == 5
    assert resolve()["defender"]["save"] is None


def test_it_takes_out_with_k_attacks():
    # a hit always takes 1 hit point off: hits 21/36 and a target with 1 hit point
    one = Fighter("One", {"DEF": 12, "ARM": 0}, hit_points=1)
    result = fight(Fighter("Hero", {"MEL": 5}, 10), one, PIN, attacks=2)
    assert result["take_out_probability"] == pytest.approx(21 / 36)
    assert result["take_out_within"]["2"] == pytest.approx(1 - (15 / 36) ** 2)
    assert result["take_out_fraction"] == str(F(21, 36))


def test_it_counts_a_severe_wound_between_attacks():
    # Every roll hits. 2 hit points, orange from 1. Healthy: 2D6 + 2 - ARM 12 takes 1
    # from an 11 (2 rolls), 2 from a 12 (1). Severely wounded: ARM 11, 1+ from a 10 (6).
    # Two attacks: 1/36 + 2/36 * 6/36 + 33/36 * 1/36 = 81/1296 (75/1296 without the wound).
    target = Fighter("Tough", {"DEF": 2, "ARM": 12}, hit_points=2, orange_from=1)
    result = fight(ALWAYS, target, PIN, attacks=2)
    assert result["take_out_within"]["2"] == pytest.approx(81 / 1296)
    assert any("severely wounded" in step for step in result["steps"])


def test_it_explains_every_step():
    steps = resolve(modifiers={"charge": True}, attacks=3)["steps"]
    text = " ".join(steps)
    assert "Charge: +1 MEL and +1 STR." in steps
    assert "2D6 + MEL 6 >= DEF 12: 6 or more, 26 of 36 rolls (72.2 %)" in text
    assert "2D6 + STR 5 - ARM 3" in text and "3 attacks with" in text


def test_it_reads_a_renamed_card_key():
    assert resolve(attacker="old-hero")["attacker"]["name"] == "Hero"


def test_it_reads_typed_values():
    values = {"name": "Mine", "MEL": 5, "RAN": 0, "DEF": 12, "ARM": 3, "hit_points": 8,
              "orange_from": 0, "save": None, "weapons": [SWORD]}
    result = resolve(attacker={"card_values": values}, defender={"card_values": values})
    assert result["hit_fraction"] == "21/36" and result["hit_points_left"] == 8


@pytest.mark.parametrize(("request_", "expected"), [
    ({"attacker": {"card": "nobody"}}, [("attacker.card", "unknown_key")]),
    ({"defender": {}}, [("defender.card", "required")]),
    ({"defender": None}, [("defender", "required")]),
    ({"defender": {"card": "target", "items": ["nothing"]}},
     [("defender.items[0]", "unknown_key")]),
    ({"defender": {"card": "target", "items": ["axe"]}},
     [("defender.items[0]", "item_not_allowed")]),
    ({"defender": {"card": "target", "items": ["shield", "shield"]}},
     [("defender.items[1]", "invalid")]),
    ({"defender": {"card": "target", "options": ["shield"]}},
     [("defender.options", "invalid")]),
    ({"defender": {"card": "target", "wounds_taken": 10}},
     [("defender.wounds_taken", "invalid")]),
    ({"weapon": "Hammer"}, [("weapon", "not_carried")]),
    ({"weapon": "Bow", "attack": "melee"}, [("weapon", "invalid")]),
    ({"attacker": "wizard"}, [("weapon", "no_weapon")]),
    ({"attacker": "wizard", "attack": "ranged"}, [("attack", "no_weapon")]),
    ({"modifiers": {"charge": True, "style": "powerful"}}, [("modifiers.style", "invalid")]),
    ({"modifiers": {"opportunity": True, "style": "offensive"}},
     [("modifiers.style", "invalid")]),
    ({"modifiers": {"opportunity": True, "charge": True}},
     [("modifiers.opportunity", "invalid")]),
    ({"modifiers": {"style": "sneaky"}}, [("modifiers.style", "invalid")]),
    ({"modifiers": {"beyond_range": True}}, [("modifiers.beyond_range", "invalid")]),
    ({"attack": "ranged", "modifiers": {"charge": True}}, [("modifiers.charge", "invalid")]),
    ({"attack": "ranged", "modifiers": {"style": "powerful"}}, [("modifiers.style", "invalid")]),
    ({"attacks": 0}, [("attacks", "invalid")]),
    ({"attacks": 21}, [("attacks", "invalid")]),
    ({"attacker": {"card_values": {"MEL": 5, "hit_points": 0, "weapons": [SWORD]}}},
     [("attacker.card_values.hit_points", "invalid")]),
    ({"attacker": {"card_values": {"MEL": 5, "hit_points": 4, "orange_from": 4,
                                   "weapons": [SWORD]}}},
     [("attacker.card_values.orange_from", "invalid")]),
    ({"attacker": {"card_values": {"hit_points": 4, "weapons": [SWORD]}, "items": ["axe"]}},
     [("attacker.items", "invalid")]),
])
def test_it_names_the_field_that_cannot_be_fought(request_, expected):
    with pytest.raises(MatchupError) as refused:
        resolve(**request_)
    assert [(path, code) for path, _message, code in refused.value.errors] == expected
