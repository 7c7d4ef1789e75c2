"""Table-driven tests of the Godslayer validators (docs/rules/godslayer.md).

Each rule code has at least one legal and one illegal list. The catalogue is built
by hand here, so the tests hold whatever the sample data says.
"""

import pytest

from rules.engine import Card, Catalogue, Faction, Item, ValidatorSpec, parse, validate
from rules.systems.godslayer import effective_stats
from tests.support.engine import Probe

STATS = {"MOV": 3, "MEL": 4, "RAN": 2, "MAG": 0, "DEF": 10, "ARM": 2, "DIS": 6, "ACT": 3}
SWORD = ({"name": "Sword", "type": "melee", "act": 2, "range": 1, "str": 4, "properties": []},)

CATALOGUE = Catalogue(
    system="godslayer",
    name="Godslayer",
    data_version="test",
    factions={"north": Faction("north", "Nordgaard"), "south": Faction("south", "Halodynes")},
    cards={
        "captain": Card(key="captain", name="Gestir Captain", faction="north", warlord=True,
                        aal=1, points=30, stats=STATS, weapons=SWORD,
                        allowed_items={"axe": 5, "mail": 6, "potion": 3}),
        "witch": Card(key="witch", name="Ravenwitch", faction="north", aal=1, points=25,
                      stats=STATS, allowed_items={"axe": 5, "potion": 3, "staff": 4}),
        "ogre": Card(key="ogre", name="Ogre Huscarl", faction="north", aal=2, points=20,
                     stats=STATS, weapons=SWORD),
        "shieldwall": Card(key="shieldwall", name="Huscarl Shieldwall", faction="north",
                           kind="unit", aal=2, core_points=40, soldier_points=8,
                           core_size=4, max_size=8, stats=STATS, weapons=SWORD),
        "demarchon": Card(key="demarchon", name="Demarchon", faction="south", warlord=True,
                          aal=1, points=35, stats=STATS, weapons=SWORD),
        "hoplite": Card(key="hoplite", name="Hoplite", faction="south", aal=3, points=10,
                        stats=STATS, weapons=SWORD),
    },
    items={
        "axe": Item("axe", "Bearded Axe", "weapon", 5, "north"),
        "staff": Item("staff", "Raven Staff", "weapon", 4, "north"),
        "mail": Item("mail", "Chainmail", "armour", 6, "north", def_bonus=0, arm_bonus=2),
        "shield": Item("shield", "Round Shield", "shield", 4, "north", def_bonus=1, arm_bonus=1),
        "potion": Item("potion", "Mead of Valour", "potion", 3, "north"),
        "spear": Item("spear", "Dory Spear", "weapon", 4, "south"),
    },
    validators=tuple(
        ValidatorSpec(code, params)
        for code, params in [
            ("unknown_key", {}), ("battle_size", {"default": 160}), ("faction", {}), ("aal", {}),
            ("warlord", {}), ("unit_size", {}), ("item_not_allowed", {}), ("item_unique", {}),
            ("no_weapon", {}),
        ]
    ),
)

CAPTAIN = {"card": "captain"}


def doc(*entries, battle_size=160, faction="north"):
    return {"system": "godslayer", "faction": faction, "battle_size": battle_size,
            "entries": list(entries)}


_probe = Probe(CATALOGUE)
result, codes, only = _probe.result, _probe.codes, _probe.only


CASES = [
    # (rule code, list, expected codes)
    ("battle_size", doc(CAPTAIN, {"card": "ogre", "count": 2}, battle_size=70), []),
    ("battle_size", doc(CAPTAIN, {"card": "ogre", "count": 2}, battle_size=69), ["battle_size"]),
    ("battle_size", doc(CAPTAIN, battle_size=None), []),  # default 160
    ("faction", doc(CAPTAIN, {"card": "ogre"}), []),
    ("faction", doc(CAPTAIN, {"card": "hoplite"}), ["faction"]),
    ("faction", doc(CAPTAIN, faction=None), ["faction"]),
    ("aal", doc(CAPTAIN, {"card": "ogre", "count": 2}), []),
    ("aal", doc(CAPTAIN, {"card": "ogre"}, {"card": "ogre", "count": 2}), ["aal"]),
    ("warlord", doc(CAPTAIN), []),
    ("warlord", doc({"card": "ogre"}), ["warlord"]),
    ("warlord", doc(CAPTAIN, {"card": "demarchon"}, faction="north"), ["faction", "warlord"]),
    ("unit_size", doc(CAPTAIN, {"card": "shieldwall", "size": 4}), []),
    ("unit_size", doc(CAPTAIN, {"card": "shieldwall", "size": 8}), []),
    ("unit_size", doc(CAPTAIN, {"card": "shieldwall"}), []),  # default: core size
    ("unit_size", doc(CAPTAIN, {"card": "shieldwall", "size": 3}), ["unit_size"]),
    ("unit_size", doc(CAPTAIN, {"card": "shieldwall", "size": 9}), ["unit_size"]),
    ("item_not_allowed", doc({"card": "captain", "items": ["axe", "mail"]}), []),
    ("item_not_allowed", doc({"card": "captain", "items": ["staff"]}), ["item_not_allowed"]),
    ("item_not_allowed", doc(CAPTAIN, {"card": "ogre", "items": ["potion"]}), ["item_not_allowed"]),
    ("item_not_allowed", doc({"card": "captain", "items": ["spear"]}), ["item_not_allowed"]),
    ("item_unique", doc({"card": "captain", "items": ["potion"]}, {"card": "witch", "items": ["staff"]}), []),
    ("item_unique", doc({"card": "captain", "items": ["potion"]}, {"card": "witch", "items": ["staff", "potion"]}), ["item_unique"]),
    ("no_weapon", doc(CAPTAIN, {"card": "witch", "items": ["staff"]}), []),
    ("no_weapon", doc(CAPTAIN, {"card": "witch", "items": ["potion"]}), ["no_weapon"]),
    ("unknown_key", doc(CAPTAIN, {"card": "ogre", "items": []}), []),
    ("unknown_key", doc(CAPTAIN, {"card": "nope"}), ["unknown_key"]),
    ("unknown_key", doc({"card": "captain", "items": ["nope"]}), ["unknown_key"]),
    ("unknown_key", doc(CAPTAIN, faction="atlantis"), ["unknown_key", "faction"]),
    ("unknown_key", doc(CAPTAIN, {"custom": {"name": "Land Raider", "points": 5}}), ["unknown_key"]),
]


@pytest.mark.parametrize(("code", "data", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(codes(data)) == sorted(expected)






def test_it_prices_models_units_items_and_counts():
    r = result(doc({"card": "captain", "items": ["axe", "mail"]}, {"card": "ogre", "count": 2},
                   {"card": "shieldwall", "size": 6}))
    assert r.points.entries == [30 + 5 + 6, 40, 40 + 2 * 8]
    assert r.points.total == 41 + 40 + 56
    assert r.points.limit == 160


def test_it_says_the_totals_of_battle_size():
    v = only(doc(CAPTAIN, {"card": "ogre", "count": 2}, battle_size=69), "battle_size")
    assert v.entry is None and v.severity == "error"
    assert v.params == {"total": 70, "limit": 69, "over": 1}
    assert v.message == "70 points exceed the battle size of 69 by 1"


def test_it_names_the_card_and_numbers_in_aal():
    v = only(doc(CAPTAIN, {"card": "ogre"}, {"card": "ogre", "count": 2}), "aal")
    assert v.message == "Ogre Huscarl fielded 3 times, AAL 2"
    assert v.entry == 2


def test_it_points_at_the_second_warlord():
    v = only(doc(CAPTAIN, {"card": "ogre"}, {"card": "captain"}), "warlord")
    assert v.entry == 2 and v.params["count"] == 2


def test_it_keeps_validating_other_entries_after_an_unknown_card():
    r = result(doc(CAPTAIN, {"card": "nope"}, {"card": "ogre", "count": 3}))
    assert [(v.code, v.entry) for v in r.violations] == [("unknown_key", 1), ("aal", 2)]
    assert r.points.entries == [30, 0, 60]


def test_it_counts_an_item_on_a_repeated_entry_twice():
    v = only(doc(CAPTAIN, {"card": "ogre", "count": 2, "items": ["potion"]}), "item_unique")
    assert v.params["count"] == 2


def test_it_treats_warnings_as_valid():
    r = result(doc(CAPTAIN, {"card": "witch", "items": ["potion"]}))
    assert [v.severity for v in r.violations] == ["warning"]
    assert r.valid


def test_it_adds_armour_and_shield_to_def_and_arm():
    card = CATALOGUE.cards["captain"]
    entry = parse(doc({"card": "captain", "items": ["mail", "shield", "potion"]})).entries[0]
    stats = effective_stats(card, entry, CATALOGUE)
    assert (stats["DEF"], stats["ARM"]) == (11, 5)
    assert stats["MEL"] == STATS["MEL"]


def test_it_runs_only_the_validators_the_pack_declares():
    from dataclasses import replace

    lenient = replace(CATALOGUE, validators=(ValidatorSpec("battle_size"),))
    r = validate(lenient, parse(doc({"card": "ogre", "count": 5}, {"card": "nope"})))
    # unknown_key always runs: nothing may vanish silently.
    assert [v.code for v in r.violations] == ["unknown_key"]


def test_it_scores_destroyed_models_and_units():
    from rules.systems.godslayer import battle_points

    document = parse(doc({"card": "captain", "items": ["axe"]}, {"card": "ogre", "count": 2},
                         {"card": "shieldwall", "size": 6, "count": 3}))
    scored = battle_points(CATALOGUE, document, [
        {"destroyed": 1},          # captain with axe: 35
        {"destroyed": 1},          # one ogre of two: 20
        {"lost": [6, 3, 2]},       # destroyed 40+2*8, at half: core 40, fighting: 0
    ])
    assert [r["points"] for r in scored["entries"]] == [35, 20, 96]
    assert scored["entries"][2]["units"] == ["destroyed", "half", "fighting"]
    assert scored["total"] == 151


@pytest.mark.parametrize(("scored", "conceded", "outcome"), [
    (100, 60, "win"), (99, 60, "draw"), (60, 100, "loss"), (80, 80, "draw"),
])
def test_it_decides_by_a_quarter_of_the_battle_size(scored, conceded, outcome):
    from rules.systems.godslayer import battle_result

    result = battle_result(scored=scored, conceded=conceded, battle_size=160)
    assert result["threshold"] == 40 and result["outcome"] == outcome
