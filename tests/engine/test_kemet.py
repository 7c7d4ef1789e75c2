"""The Kemet battle resolver (docs/rules/kemet.md), on a hand-built set of cards."""

import pytest

from rules.engine import Catalogue, Item, parse, validate
from rules.systems.kemet import BattleError, resolve_battle
from tests.support.engine import catalogue_from_pack
from tests.support.paths import FIXTURES


def card(key, strength=0, shield=0, damage=0, sacrifice=0, critical=0):
    return Item(key, f"Card {key}", "battle_card", attributes={
        "strength": strength, "shield": shield, "damage": damage, "sacrifice": sacrifice,
        "critical": critical, "verified": False})


def intervention(key, cost, battle=True, **bonus):
    return Item(key, f"Intervention {key}", "divine_intervention",
                attributes={"prayer_cost": cost, "battle": battle, **bonus})


CATALOGUE = Catalogue(
    system="kemet",
    name="Kemet",
    data_version="test",
    items={i.key: i for i in [
        card("s5-sac2", strength=5, sacrifice=2),
        card("s1-sh3-d1", strength=1, shield=3, damage=1),
        card("s2-sh2", strength=2, shield=2),
        card("s4-d1", strength=4, damage=1),
        card("s1-d3", strength=1, damage=3),
        card("s3-sh1", strength=3, shield=1),
        card("s3-d2", strength=3, damage=2),
        card("s0", strength=0),
        intervention("rage", 1, strength=1),
        intervention("wall", 2, shield=2),
        intervention("blood", 3, critical=2),
        intervention("spite", 0, damage=1),
        intervention("bluff", 0, bluff=True),
        intervention("dawn", 0, battle=False, strength=3),
    ]},
)


def side(soldiers=5, card="s0", **kw):
    return {"soldiers": soldiers, "card": card, **kw}


def battle(attacker=None, defender=None, zone_reward=None):
    return resolve_battle(CATALOGUE, {"attacker": attacker or side(), "defender": defender
                                      or side(), "zone_reward": zone_reward})


# -- who wins -------------------------------------------------------------------------

WINNERS = [
    # (attacker, defender, winner, attacker strength, defender strength)
    (side(5, "s3-d2"), side(5, "s2-sh2"), "attacker", 8, 7),
    (side(5, "s3-d2"), side(5, "s3-sh1"), "defender", 8, 8),  # a tie goes to the defender
    (side(4, "s4-d1"), side(5, "s3-sh1", in_own_city_district=True), "defender", 8, 9),
    (side(5, "s2-sh2", bonus={"strength": 2}), side(5, "s3-sh1"), "attacker", 9, 8),
    (side(3, "s3-sh1", interventions=[{"key": "rage"}], prayer_points=1), side(6, "s0"),
     "attacker", 7, 6),
    (side(0, "s5-sac2"), side(1, "s3-sh1"), "attacker", 5, 4),  # no soldier needed to win
]


@pytest.mark.parametrize(("attacker", "defender", "winner", "a", "d"), WINNERS)
def test_higher_strength_wins_and_a_tie_goes_to_the_defender(attacker, defender, winner, a, d):
    r = battle(attacker, defender)
    assert (r["winner"], r["attacker"]["strength"], r["defender"]["strength"]) == (winner, a, d)
    assert r["loser"] == ("defender" if winner == "attacker" else "attacker")


def test_the_tie_is_explained():
    r = battle(side(5, "s3-d2"), side(5, "s3-sh1"))
    assert "defender wins, strength 8 to 8 (a tie goes to the defender)" in r["steps"]


# -- damage ---------------------------------------------------------------------------


def test_criticals_go_through_shields_normal_damage_does_not():
    r = battle(side(5, "s3-d2", interventions=[{"key": "blood"}], prayer_points=3),
               side(5, "s1-sh3-d1"))
    # 2 critical (cannot be blocked) + max(0, 2 damage - 3 shields) = 2 lost
    assert r["defender"]["soldiers_lost"] == 2 and r["defender"]["survivors"] == 3
    assert r["attacker"]["soldiers_lost"] == 1  # 1 damage, no shields
    assert any("critical damage, cannot be blocked" in s for s in r["steps"])


def test_shields_reduce_damage_never_below_zero():
    r = battle(side(5, "s1-d3"), side(5, "s2-sh2", interventions=[{"key": "wall"}],
                                      prayer_points=2))
    assert r["defender"]["shield"] == 4 and r["defender"]["soldiers_lost"] == 0


def test_sacrificed_soldiers_are_removed_but_not_lost():
    r = battle(side(5, "s5-sac2"), side(5, "s1-d3"))
    a = r["attacker"]
    assert (a["sacrificed"], a["soldiers_lost"], a["survivors"]) == (2, 3, 0)
    assert r["winner"] == "attacker"
    # the attacker won without survivors: no battle victory point
    assert r["rewards"]["attacker"] == {"battle_vp": 0, "veteran_tokens": 1, "zone_vp": 0}


def test_the_attackers_effects_come_first_and_no_side_loses_more_than_it_has():
    r = battle(side(2, "s5-sac2"), side(3, "s1-d3", bonus={"critical": 1}))
    a = r["attacker"]
    assert (a["sacrificed"], a["soldiers_lost"], a["survivors"]) == (2, 0, 0)
    r = battle(side(2, "s1-d3", bonus={"critical": 4}), side(3, "s0"))
    assert (r["defender"]["soldiers_lost"], r["defender"]["survivors"]) == (3, 0)


def test_card_values_replace_an_unknown_card():
    values = {"strength": 6, "damage": 1, "shield": 0, "critical": 1, "sacrifice": 0}
    r = battle(side(2, "promo-card", card_values=values), side(5, "s3-sh1"))
    assert r["attacker"]["strength"] == 8 and r["attacker"]["card_values"] == values
    assert r["defender"]["soldiers_lost"] == 1 + 0  # 1 critical, 1 damage - 1 shield
    r = battle({"soldiers": 2, "card_values": {"strength": 1}, "bonus": {"damage": None}},
               side(1))
    assert r["attacker"]["strength"] == 3 and r["attacker"]["card"] is None


# -- prayer points and interventions --------------------------------------------------


def test_interventions_are_paid_in_order_and_unpayable_ones_return():
    r = battle(side(5, "s0", prayer_points=3,
                    interventions=[{"key": "wall"}, {"key": "blood"}, {"key": "rage"},
                                   {"key": "spite"}]))
    a = r["attacker"]
    assert a["interventions_played"] == ["wall", "rage", "spite"]
    assert a["interventions_returned"] == ["blood"]
    assert (a["prayer_points_paid"], a["prayer_points_left"]) == (3, 0)
    assert (a["strength"], a["shield"], a["critical"], a["damage"]) == (6, 2, 0, 1)
    assert ("attacker: Intervention blood costs 3 prayer points, only 1 left: back to hand"
            in r["steps"])


def test_a_bluff_has_no_effect_and_returns():
    r = battle(side(5, "s0", interventions=["bluff"], prayer_points=0))
    assert r["attacker"]["interventions_returned"] == ["bluff"]
    assert r["attacker"]["strength"] == 5


# -- the loser's choice ---------------------------------------------------------------


@pytest.mark.parametrize(("soldiers", "survivors", "points", "retreat"),
                         [(6, 4, 3, True), (4, 2, 1, True), (3, 1, 0, True), (2, 0, 0, False)])
def test_disbanding_gives_one_prayer_point_less_than_the_survivors(
    soldiers, survivors, points, retreat
):
    r = battle(side(5, "s3-d2"), side(soldiers, "s0"))  # 2 damage, the attacker wins
    assert r["defender"]["survivors"] == survivors
    assert r["loser_options"] == {
        "disband_prayer_points": points, "retreat": retreat, "stay": False
    }


# -- rewards --------------------------------------------------------------------------

REWARDS = [
    # (attacker, defender, zone, attacker reward, defender reward)
    (side(5, "s3-d2"), side(3, "s0"), None, (1, 0, 0), (0, 1, 0)),
    (side(5, "s3-d2"), side(3, "s0"), "temple", (1, 0, 1), (0, 1, 0)),
    (side(2, "s5-sac2"), side(3, "s0"), "pyramid", (0, 1, 1), (0, 1, 0)),  # no survivor
    (side(3, "s0"), side(5, "s3-d2"), "temple", (0, 1, 0), (0, 2, 1)),  # defender wins
    (side(5, "s0"), side(5, "s0"), None, (0, 1, 0), (0, 2, 0)),  # tie
]


@pytest.mark.parametrize(("attacker", "defender", "zone", "a", "d"), REWARDS)
def test_rewards(attacker, defender, zone, a, d):
    r = battle(attacker, defender, zone)
    keys = ("battle_vp", "veteran_tokens", "zone_vp")
    assert tuple(r["rewards"]["attacker"][k] for k in keys) == a
    assert tuple(r["rewards"]["defender"][k] for k in keys) == d


def test_the_steps_tell_the_whole_battle():
    r = battle(side(5, "s3-d2"), side(3, "s0"), "temple")
    assert r["steps"] == [
        "attacker: strength 8 (5 soldiers + card 3 + bonus 0 + interventions 0 + own district 0)",
        "defender: strength 3 (3 soldiers + card 0 + bonus 0 + interventions 0 + own district 0)",
        "attacker wins, strength 8 to 3",
        "attacker: 2 damage - 0 shields of the defender: defender loses 2",
        "defender: 0 damage - 0 shields of the attacker: attacker loses 0",
        "defender must leave the zone: disband (1 soldiers, 0 prayer points) or retreat to a "
        "free adjacent zone the winner picks",
        "attacker won with survivors: 1 battle victory point",
        "defender gained no victory point in this battle: 1 veteran token",
        "attacker takes the temple victory point of the zone",
    ]


# -- impossible input -----------------------------------------------------------------

ERRORS = [
    # (attacker, defender, zone, [(path, code)])
    (side(5, "dawn"), side(), None, [("attacker.card", "card_not_allowed")]),
    (side(5, interventions=[{"key": "dawn"}]), side(), None,
     [("attacker.interventions[0].key", "card_not_allowed")]),
    (side(), side(5, interventions=[{"key": "s4-d1"}]), None,
     [("defender.interventions[0].key", "card_not_allowed")]),
    (side(5, "rage"), side(), None, [("attacker.card", "card_not_allowed")]),
    (side(-1), side(), None, [("attacker.soldiers", "invalid")]),
    ({"card": "s0"}, side(), None, [("attacker.soldiers", "required")]),
    (side(5, "nope"), side(), None, [("attacker.card", "unknown_key")]),
    (side(), side(5, interventions=[{"key": "nope"}]), None,
     [("defender.interventions[0].key", "unknown_key")]),
    ({"soldiers": 5}, side(), None, [("attacker.card", "required")]),
    ({"soldiers": 5, "card": None, "card_values": None}, side(), None,
     [("attacker.card", "required")]),
    (side(card_values={"strength": -1}), side(), None,
     [("attacker.card_values.strength", "invalid")]),
    (side(card_values={"strenght": 1}), side(), None,
     [("attacker.card_values.strenght", "unknown_field")]),
    (side(bonus={"strength": "2"}), side(), None, [("attacker.bonus.strength", "invalid")]),
    (side(prayer_points=-2), side(), None, [("attacker.prayer_points", "invalid")]),
    (side(in_own_city_district="yes"), side(), None,
     [("attacker.in_own_city_district", "invalid")]),
    (side(soldier=5), side(), None, [("attacker.soldier", "unknown_field")]),
    (side(), side(), "oasis", [("zone_reward", "invalid")]),
    (side(-1, "nope"), side(5, "dawn"), None, [
        ("attacker.card", "unknown_key"), ("attacker.soldiers", "invalid"),
        ("defender.card", "card_not_allowed"),
    ]),
]


@pytest.mark.parametrize(("attacker", "defender", "zone", "expected"), ERRORS,
                         ids=[e[3][0][0] for e in ERRORS])
def test_impossible_input_names_the_field(attacker, defender, zone, expected):
    with pytest.raises(BattleError) as info:
        battle(attacker, defender, zone)
    assert sorted((path, code) for path, _m, code in info.value.errors) == sorted(expected)


def test_the_errors_say_why():
    with pytest.raises(BattleError) as info:
        battle(side(5, interventions=[{"key": "dawn"}]))
    [(path, message, code)] = info.value.errors
    assert message == "Intervention dawn is a day card: it may not be played in battle"
    assert str(info.value) == f"{path}: {message}"
    with pytest.raises(BattleError) as info:
        battle({"soldiers": 5})
    assert info.value.errors == [("attacker.card", "give a battle card key or card_values",
                                  "required")]


def test_a_missing_side_or_a_non_object_is_refused():
    with pytest.raises(BattleError) as info:
        resolve_battle(CATALOGUE, {"attacker": side()})
    assert info.value.errors == [("defender", "is required", "required")]
    with pytest.raises(BattleError):
        resolve_battle(CATALOGUE, [side(), side()])


# -- the system and its pack ----------------------------------------------------------


def test_kemet_lists_only_check_keys():
    r = validate(CATALOGUE, parse({"system": "kemet", "entries": [{"card": "nope"}]}))
    assert [v.code for v in r.violations] == ["unknown_key"]
    assert r.points.total == 0 and r.points.limit is None


def test_the_shipped_pack_fights_with_its_eight_battle_cards():
    cat = catalogue_from_pack(FIXTURES / "kemet.yaml")
    cards = [i for i in cat.items.values() if i.kind == "battle_card"]
    assert len(cards) == 8 and not any(c.attributes["verified"] for c in cards)
    values = sorted((c.attributes["strength"], c.attributes["shield"], c.attributes["damage"],
                     c.attributes["sacrifice"]) for c in cards)
    assert values == sorted([(5, 0, 0, 2), (1, 3, 1, 0), (2, 2, 0, 0), (4, 0, 1, 0),
                             (1, 0, 3, 0), (3, 1, 0, 0), (2, 1, 2, 0), (3, 0, 2, 0)])
    days = [i.key for i in cat.items.values() if i.attributes.get("battle") is False]
    assert days
    day_card = side(4, "str2-shield2", interventions=[{"key": days[0]}])
    with pytest.raises(BattleError) as info:
        resolve_battle(cat, {"attacker": side(5, "str3-dmg2"), "defender": day_card})
    assert info.value.errors[0][2] == "card_not_allowed"
    r = resolve_battle(cat, {"attacker": side(5, "str3-dmg2"),
                             "defender": side(4, "str2-shield2")})
    assert (r["winner"], r["defender"]["soldiers_lost"]) == ("attacker", 0)
