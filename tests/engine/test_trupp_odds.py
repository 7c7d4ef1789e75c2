"""Trupp matchup odds (rules/systems/trupp_odds.py), docs/rules/trupp.md: hit KG against AGI, wound
STÄ against WID, doubles decide, #A attacks an action, the row by wounds taken; every
case against a count done by hand on a catalogue built here.

The counts: of the 36 rolls of 2D6, at least 4 comes up 33 times, 6: 26, 7: 21; a
double 1 always fails (so "2 or more" is 35), a double 6 always passes (so "13 or more"
is 1).
"""

from fractions import Fraction as F

import pytest

from rules.engine import Card, Catalogue, Item
from rules.systems.matchup import MatchupError
from rules.systems.trupp import odds as trupp_odds


def row(kg_n, a_n, stae, wid, agi, kg_f=None, a_f=None):
    return {"KG_N": kg_n, "A_N": a_n, "KG_F": kg_f, "A_F": a_f, "STAE": stae, "BEW": 12,
            "WID": wid, "AGI": agi, "ZG": None, "Mana": None}


def character(key, name, rows, options=(), equipment=()):
    return Card(key=key, name=name, stats=rows[0], allowed_options={k: 1 for k in options},
                attributes={"alignment": "neutral", "equipment": list(equipment),
                            "stat_rows": rows})


CATALOGUE = Catalogue(
    system="trupp",
    name="Trupp",
    cards={c.key: c for c in (
        character("fighter", "Fighter", [row(4, 1, 4, 8, 8)], options=["sword", "crossbow"]),
        character("twin", "Twin Blades", [row(4, 2, 4, 8, 8)]),
        character("archer", "Archer", [row(2, 1, 4, 8, 8, kg_f=6, a_f=1)],
                  equipment=["bow", "knife"]),
        character("veteran", "Veteran", [row(6, 1, 5, 8, 8), row(5, 1, 5, 8, 7)]),
        character("giant", "Giant", [row(4, 1, 6, 13, 20)]),
        character("dodger", "Dodger", [row(3, 1, 3, 8, 8), row(3, 1, 3, 8, 6)]),
    )},
    items={i.key: i for i in (
        Item(key="sword", name="Sword", kind="equipment", attributes={"modifiers": {"KG_N": 1}}),
        Item(key="crossbow", name="Crossbow", kind="equipment", attributes={"ranged": True}),
        Item(key="bow", name="Bow", kind="equipment", attributes={"ranged": True}),
        Item(key="knife", name="Knife", kind="equipment"),
    )},
)


def resolve(attacker="fighter", defender="fighter", **request):
    def side(s):
        return {"card": s} if isinstance(s, str) else s

    return trupp_odds.resolve(CATALOGUE, {"attacker": side(attacker), "defender": side(defender),
                                          **request})


# Fighter: KG (N) 4, STÄ 4 | WID 8, AGI 8: hit on 4 or more (33), wound on 4 or more (33).
@pytest.mark.parametrize(("request_", "hits", "wounds"), [
    ({}, 33, 33),
    ({"attacker": {"card": "fighter", "options": ["sword"]}}, 35, 33),  # KG 5: 3+, 35
    ({"attacker": "veteran"}, 35, 35),  # KG 6 and STÄ 5: 2+ and 3+, double 1 fails
    ({"attacker": {"card": "veteran", "wounds_taken": 1}}, 35, 35),  # its row 1: KG 5
    ({"defender": "giant"}, 1, 10),  # AGI 20: only a double 6; WID 13: 9+, 10
    ({"defender": {"card": "dodger", "wounds_taken": 1}}, 35, 33),  # row 1: AGI 6
    ({"attacker": "archer", "attack": "ranged"}, 35, 33),  # KG (F) 6
    ({"attacker": "archer", "attack": "ranged", "modifiers": {"cover": "quarter_hidden"}},
     33, 33),  # -2 KG (F): 4
    ({"attacker": "archer", "attack": "ranged", "modifiers": {"cover": "mostly_hidden"}},
     26, 33),  # -4 KG (F): 2, needs 6
])
def test_it_counts_the_hit_and_the_wound(request_, hits, wounds):
    result = resolve(**request_)
    assert result["hit_fraction"] == f"{hits}/36"
    assert result["wound_test_fraction"] == f"{wounds}/36"
    assert result["wound_fraction"] == f"{hits * wounds}/1296"
    assert result["wound_probability"] == pytest.approx(hits * wounds / 1296)


def test_it_takes_out_a_one_row_character_with_one_wound():
    result = resolve(attacks=2)
    p = F(33 * 33, 1296)
    assert result["wounds_to_take_out"] == 1 and result["attacks_per_action"] == 1
    assert result["take_out_per_attack_probability"] == pytest.approx(float(p))
    assert result["take_out_probability"] == pytest.approx(float(p))
    assert result["take_out_within"]["2"] == pytest.approx(float(1 - (1 - p) ** 2))
    assert result["damage_distribution"] == pytest.approx({"0": float(1 - p), "1": float(p)})


def test_it_makes_number_of_attacks_attacks_an_action():
    result = resolve(attacker="twin")
    p = F(33 * 33, 1296)
    assert result["attacks_per_action"] == 2
    assert result["take_out_probability"] == pytest.approx(float(1 - (1 - p) ** 2))
    # a one-row target is out after one wound: the distribution stops there
    assert set(result["damage_distribution"]) == {"0", "1"}


def test_it_follows_the_targets_row_wound_by_wound():
    # Twin Blades (2 attacks, KG 4, STÄ 4) against the Dodger: AGI 8 (hit 33), then after
    # one wound AGI 6 (hit 35); WID 8 (wound 33) throughout.
    p0, p1 = F(33 * 33, 1296), F(35 * 33, 1296)
    result = resolve(attacker="twin", defender="dodger")
    dist = result["damage_distribution"]
    assert dist["2"] == pytest.approx(float(p0 * p1))
    assert dist["1"] == pytest.approx(float(p0 * (1 - p1) + (1 - p0) * p0))
    assert dist["0"] == pytest.approx(float((1 - p0) ** 2))
    assert result["expected_damage"] == pytest.approx(float(dist["1"] + 2 * dist["2"]))
    assert any("wound by wound" in step for step in result["steps"])


def test_it_explains_every_step():
    steps = resolve(attacker="archer", attack="ranged", weapon="Bow",
                    modifiers={"cover": "quarter_hidden"})["steps"]
    text = " ".join(steps)
    assert "Bow: its modifiers are in the effective stats already." in steps
    assert "The target is in cover: -2 KG (F)." in steps
    assert "2D6 + KG (F) 4 >= AGI 8: 33 of 36 rolls" in text
    assert "2D6 + STÄ 4 >= WID 8: 33 of 36 rolls" in text


def test_it_reads_typed_rows():
    values = {"name": "Mine", "stat_rows": [row(4, 1, 4, 8, 8), row(3, 1, 4, 8, 7)]}
    result = resolve(attacker={"card_values": values},
                     defender={"card_values": values, "wounds_taken": 1}, weapon="Club")
    assert result["hit_fraction"] == "35/36" and result["wounds_to_take_out"] == 1
    assert result["weapon"] == {"name": "Club", "ranged": False}


@pytest.mark.parametrize(("request_", "expected"), [
    ({"attacker": {"card": "nobody"}}, [("attacker.card", "unknown_key")]),
    ({"attacker": {}}, [("attacker.card", "required")]),
    ({"defender": {"card": "fighter", "options": ["nothing"]}},
     [("defender.options[0]", "unknown_key")]),
    ({"defender": {"card": "fighter", "options": ["bow"]}},
     [("defender.options[0]", "option_not_allowed")]),
    ({"defender": {"card": "fighter", "items": ["sword"]}}, [("defender.items", "invalid")]),
    ({"defender": {"card": "veteran", "wounds_taken": 2}},
     [("defender.wounds_taken", "invalid")]),
    ({"attack": "ranged"}, [("attack", "no_weapon")]),
    ({"attacker": "archer", "attack": "ranged", "weapon": "Knife"}, [("weapon", "invalid")]),
    ({"attacker": "archer", "weapon": "Bow"}, [("weapon", "invalid")]),
    ({"attacker": "archer", "weapon": "Axe"}, [("weapon", "not_carried")]),
    ({"modifiers": {"cover": "quarter_hidden"}}, [("modifiers.cover", "invalid")]),
    ({"attacker": "archer", "attack": "ranged", "modifiers": {"cover": "behind"}},
     [("modifiers.cover", "invalid")]),
    ({"modifiers": {"charge": True, "knocked_down": True}},
     [("modifiers.charge", "invalid"), ("modifiers.knocked_down", "invalid")]),
    ({"attacks": 0}, [("attacks", "invalid")]),
    ({"attacker": {"card_values": {"stat_rows": []}}},
     [("attacker.card_values.stat_rows", "required")]),
])
def test_it_names_the_field_that_cannot_be_fought(request_, expected):
    with pytest.raises(MatchupError) as refused:
        resolve(**request_)
    assert [(path, code) for path, _message, code in refused.value.errors] == expected
