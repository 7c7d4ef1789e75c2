"""Table-driven tests of the Trupp validators (docs/rules/trupp.md).

Each rule code has at least one legal and one illegal list. The catalogue is built by
hand here, so the tests hold whatever the sample pack says; a few tests at the end check
that the shipped pack is well-formed and agrees with the code.
"""

from dataclasses import replace

import pytest

from rules.engine import Card, Catalogue, Item, ValidatorSpec, parse, rules_for
from rules.systems.trupp import RULES, STAT_KEYS, effective_stat_rows, effective_stats
from tests.support.engine import Probe
from tests.support.paths import FIXTURES, read_yaml


def row(kg_n, a_n, stae, bew, wid, agi, kg_f=None, a_f=None, zg=None, mana=None):
    return {"KG_N": kg_n, "A_N": a_n, "KG_F": kg_f, "A_F": a_f, "STAE": stae, "BEW": bew,
            "WID": wid, "AGI": agi, "ZG": zg, "Mana": mana}


def character(key, name, points, alignment, rows, options=(), mook=False, sorcery=False,
              included_spells=(), equipment=()):
    return Card(
        key=key, name=name, points=points, stats=rows[0],
        allowed_options=dict(options),
        attributes={"alignment": alignment, "mook": mook, "sorcery": sorcery,
                    "included_spells": list(included_spells), "equipment": list(equipment),
                    "stat_rows": rows},
    )


KNIGHT_ROWS = [row(6, 2, 5, 12, 9, 8), row(5, 2, 5, 10, 9, 7), row(4, 1, 4, 8, 8, 6)]
WITCH_ROWS = [row(3, 1, 3, 12, 8, 9, zg=6, mana=8), row(2, 1, 3, 10, 8, 8, zg=5, mana=8)]

CARDS = [
    character("knight", "Knight Errant", 30, "good", KNIGHT_ROWS, equipment=["sword"],
              options={"shield": 2, "seasoned": 4, "hardened": 4, "hardy": 4}),
    character("witch", "Hedge Witch", 22, "good", WITCH_ROWS, sorcery=True,
              included_spells=["heal"], options={"bless": 2, "firebolt": 5}),
    character("militia", "Militia Spearman", 7, "good", [row(4, 1, 4, 12, 8, 8)], mook=True,
              options={"shield": 2, "seasoned": 4}),
    character("orc", "Orc Chieftain", 28, "evil", [row(5, 2, 5, 12, 10, 7)] * 2,
              options={"berserk": 4}),
    character("skeleton", "Skeleton Warrior", 6, "evil", [row(3, 1, 4, 10, 9, 7)], mook=True),
    character("sellsword", "Sellsword", 15, "neutral",
              [row(5, 1, 4, 12, 8, 8, kg_f=4, a_f=1)], options={"shield": 2, "seasoned": 4}),
    character("apprentice", "Apprentice Mage", 12, "neutral",
              [row(2, 1, 3, 12, 7, 8, zg=4, mana=4)], options={"sorcery": 8, "firebolt": 4}),
]


def item(key, name, kind, points, **attributes):
    return Item(key=key, name=name, kind=kind, points=points, attributes=attributes)


ITEMS = [
    item("sword", "Sword", "equipment", 2, modifiers={"KG_N": 1}),
    item("shield", "Shield", "equipment", 2, modifiers={"AGI": 1}),
    item("boots", "Boots of Striding", "equipment", 3, modifiers={"BEW": 3}),
    item("sorcery", "Sorcery", "ability", 8, sorcery=True),
    item("hardy", "Hardy", "ability", 4, modifiers={"WID": 1}),
    item("berserk", "Berserk", "ability", 4, modifiers={"A_N": 1, "AGI": -1}),
    item("heal", "Healing Word", "spell", 3),
    item("bless", "Bless", "spell", 2),
    item("firebolt", "Firebolt", "spell", 4),
    item("seasoned", "Veteran: Seasoned", "veteran", 4, modifiers={"KG_N": 1}),
    item("hardened", "Veteran: Hardened", "veteran", 4, modifiers={"WID": 1}),
]

CATALOGUE = Catalogue(
    system="trupp",
    name="Trupp",
    data_version="test",
    cards={c.key: c for c in CARDS},
    items={i.key: i for i in ITEMS},
    validators=tuple(
        ValidatorSpec(code, params)
        for code, params in [
            ("unknown_key", {}), ("battle_size", {"default": 100}),
            ("alignment", {"opposed": ["good", "evil"]}), ("unique_character", {}),
            ("option_not_allowed", {}), ("one_veteran_variant", {}),
            ("spell_needs_sorcery", {}),
        ]
    ),
)


def doc(*entries, battle_size=None):
    return {"system": "trupp", "faction": None, "battle_size": battle_size,
            "entries": [{"card": e} if isinstance(e, str) else e for e in entries]}


_probe = Probe(CATALOGUE)
result, codes, only = _probe.result, _probe.codes, _probe.only






CASES = [
    # (rule code, list, expected codes)
    ("battle_size", doc("knight", "witch", "sellsword", battle_size=67), []),
    ("battle_size", doc("knight", "witch", "sellsword", battle_size=66), ["battle_size"]),
    ("battle_size", doc({"card": "skeleton", "count": 16}), []),  # 96, default 100
    ("battle_size", doc({"card": "skeleton", "count": 17}), ["battle_size"]),
    ("alignment", doc("knight", "witch", "sellsword"), []),
    ("alignment", doc("orc", "skeleton", "sellsword"), []),
    ("alignment", doc("knight", "orc"), ["alignment"]),
    ("alignment", doc("sellsword", "skeleton", "militia"), ["alignment"]),
    ("unique_character", doc("knight", "witch"), []),
    ("unique_character", doc("knight", "knight"), ["unique_character"]),
    ("unique_character", doc({"card": "knight", "count": 2}), ["unique_character"]),
    ("unique_character", doc({"card": "skeleton", "count": 5}), []),
    ("unique_character", doc("skeleton", {"card": "skeleton", "count": 4}), []),
    ("option_not_allowed", doc({"card": "knight", "options": ["shield", "hardy"]}), []),
    ("option_not_allowed", doc({"card": "knight", "options": ["boots"]}), ["option_not_allowed"]),
    ("option_not_allowed", doc({"card": "orc", "options": ["seasoned"]}), ["option_not_allowed"]),
    ("option_not_allowed", doc({"card": "witch", "options": ["heal"]}), ["option_not_allowed"]),
    ("option_not_allowed", doc({"card": "knight", "options": ["shield", "shield"]}),
     ["option_not_allowed"]),
    ("option_not_allowed", doc({"card": "knight", "items": ["shield"]}), ["option_not_allowed"]),
    ("one_veteran_variant", doc({"card": "knight", "options": ["seasoned", "hardy"]}), []),
    ("one_veteran_variant", doc({"card": "knight", "options": ["seasoned", "hardened"]}),
     ["one_veteran_variant"]),
    ("one_veteran_variant", doc({"card": "militia", "options": ["seasoned", "seasoned"]}),
     ["one_veteran_variant"]),
    ("spell_needs_sorcery", doc({"card": "witch", "options": ["bless", "firebolt"]}), []),
    ("spell_needs_sorcery", doc({"card": "apprentice", "options": ["sorcery", "firebolt"]}), []),
    ("spell_needs_sorcery", doc({"card": "apprentice", "options": ["firebolt"]}),
     ["spell_needs_sorcery"]),
    ("spell_needs_sorcery", doc({"card": "knight", "options": ["bless"]}),
     ["spell_needs_sorcery"]),
    ("unknown_key", doc("knight", {"card": "militia", "options": []}), []),
    ("unknown_key", doc("nope"), ["unknown_key"]),
    ("unknown_key", doc({"card": "knight", "options": ["nope"]}), ["unknown_key"]),
    ("unknown_key", doc({"custom": {"name": "Hero", "points": 5}}), ["unknown_key"]),
]


@pytest.mark.parametrize(
    ("code", "data", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_it_reports_exactly_the_broken_rules(code, data, expected):
    assert sorted(codes(data)) == sorted(expected)


# -- What the issue says must hold ------------------------------------------------------------


def test_a_good_and_an_evil_character_together_break_alignment():
    v = only(doc("knight", "sellsword", "orc"), "alignment")
    assert v.entry == 2 and v.severity == "error"
    assert v.params == {"card": "orc", "name": "Orc Chieftain", "alignment": "evil",
                        "other_entry": 0, "other_card": "knight", "other_name": "Knight Errant",
                        "other_alignment": "good"}
    assert v.message == "Orc Chieftain is evil and cannot join a troop with Knight Errant (good)"


def test_the_same_character_twice_is_not_unique():
    v = only(doc("knight", "witch", "knight"), "unique_character")
    assert v.entry == 2
    assert v.params == {"card": "knight", "name": "Knight Errant", "count": 2}
    assert v.message == (
        "Knight Errant is fielded 2 times; only a Mook may be fielded more than once"
    )


def test_the_same_mook_five_times_passes():
    r = result(doc({"card": "skeleton", "count": 5}))
    assert r.valid and r.violations == []
    assert r.points.total == 30


# -- Messages, params and entry indexes ---------------------------------------------------------


def test_it_names_the_option_the_sheet_does_not_list():
    v = only(doc("militia", {"card": "knight", "options": ["boots"]}), "option_not_allowed")
    assert v.entry == 1
    assert v.params == {"card": "knight", "name": "Knight Errant", "option_key": "boots",
                        "option": "Boots of Striding", "kind": "equipment"}
    assert v.message == (
        "Knight Errant may not take Boots of Striding: it is not on the character's sheet"
    )


def test_it_says_when_a_spell_already_comes_with_sorcery():
    v = only(doc({"card": "witch", "options": ["heal"]}), "option_not_allowed")
    assert v.message == "Hedge Witch already has Healing Word: it comes with Sorcery"


def test_it_asks_for_options_instead_of_items():
    v = only(doc({"card": "knight", "items": ["shield"]}), "option_not_allowed")
    assert v.message == (
        "Knight Errant: Shield is listed under items; Trupp characters buy it as an option"
    )


def test_it_names_both_veteran_variants():
    v = only(doc({"card": "knight", "options": ["hardened", "seasoned"]}), "one_veteran_variant")
    assert v.entry == 0
    assert v.params["variant_keys"] == ["hardened", "seasoned"]
    assert v.message == (
        "Knight Errant takes 2 veteran variants (Veteran: Hardened, Veteran: Seasoned); at most one"
    )


def test_it_names_each_spell_without_sorcery_once():
    r = result(doc({"card": "knight", "options": ["bless", "firebolt"]}))
    assert [(v.code, v.params["spell_key"]) for v in r.violations] == [
        ("spell_needs_sorcery", "bless"), ("spell_needs_sorcery", "firebolt")]
    assert r.violations[0].message == "Knight Errant has no Sorcery and cannot learn Bless"


def test_it_says_the_totals_of_battle_size():
    v = only(doc("knight", "witch", "sellsword", battle_size=66), "battle_size")
    assert v.entry is None
    assert v.params == {"total": 67, "limit": 66, "over": 1}
    assert v.message == "67 points exceed the agreed limit of 66 by 1"


def test_it_keeps_validating_other_entries_after_an_unknown_card():
    r = result(doc("nope", "knight", "knight"))
    assert [(v.code, v.entry) for v in r.violations] == [
        ("unknown_key", 0), ("unique_character", 2)]
    assert r.points.entries == [0, 30, 30]


# -- Points -------------------------------------------------------------------------------------


def test_it_prices_base_options_and_count():
    r = result(doc(
        {"card": "knight", "options": ["shield", "seasoned"]},  # 30 + 2 + 4
        {"card": "witch", "options": ["firebolt"]},  # the sheet's price 5, not the item's 4
        {"card": "militia", "count": 3, "options": ["shield"]},  # (7 + 2) * 3
    ))
    assert r.points.entries == [36, 27, 27]
    assert r.points.total == 90
    assert r.points.limit == 100


def test_an_option_off_the_sheet_costs_the_items_points():
    assert result(doc({"card": "knight", "options": ["boots"]})).points.entries == [33]


# -- Effective stats ----------------------------------------------------------------------------


def entry_of(data):
    return parse(data).entries[0]


def test_effective_stats_add_equipment_modifiers_to_the_row_for_0_wounds():
    card = CATALOGUE.cards["knight"]
    entry = entry_of(doc({"card": "knight", "options": ["shield", "seasoned", "hardy"]}))
    stats = effective_stats(card, entry, CATALOGUE)
    # sword (normal equipment) +1 and veteran +1 KG_N; shield +1 AGI; hardy +1 WID
    assert stats == {**KNIGHT_ROWS[0], "KG_N": 8, "AGI": 9, "WID": 10}
    assert stats["KG_F"] is None  # no ranged attacks: stays null


def test_effective_stat_rows_modify_every_row():
    card = CATALOGUE.cards["knight"]
    rows = effective_stat_rows(card, entry_of(doc({"card": "knight"})), CATALOGUE)
    assert [r["KG_N"] for r in rows] == [7, 6, 5]
    assert [r["BEW"] for r in rows] == [12, 10, 8]


def test_modifiers_never_take_a_stat_below_zero():
    cat = replace(CATALOGUE, items={**CATALOGUE.items, "berserk": item(
        "berserk", "Berserk", "ability", 4, modifiers={"AGI": -20})})
    card = cat.cards["orc"]
    assert effective_stats(card, entry_of(doc({"card": "orc", "options": ["berserk"]})),
                           cat)["AGI"] == 0


def test_without_sorcery_there_is_no_zg_and_no_mana():
    card = CATALOGUE.cards["apprentice"]
    plain = effective_stats(card, entry_of(doc("apprentice")), CATALOGUE)
    mage = effective_stats(card, entry_of(doc({"card": "apprentice", "options": ["sorcery"]})),
                           CATALOGUE)
    assert (plain["ZG"], plain["Mana"]) == (None, None)
    assert (mage["ZG"], mage["Mana"]) == (4, 4)


def test_the_system_shows_effective_stats():
    card = CATALOGUE.cards["witch"]
    stats = rules_for("trupp").stats_for(card, entry_of(doc("witch")), CATALOGUE)
    assert stats == WITCH_ROWS[0]
    assert list(stats) == list(STAT_KEYS)


def test_a_card_without_stat_rows_uses_its_stats():
    card = Card(key="x", name="X", stats={"AGI": 8, "Luck": 1, "KG_N": 3},
                attributes={"sorcery": False})
    entry = entry_of(doc({"card": "x", "options": ["shield"]}))
    stats = effective_stats(card, entry, CATALOGUE)
    assert stats == {"KG_N": 3, "AGI": 9, "Luck": 1}
    assert list(stats) == ["KG_N", "AGI", "Luck"]  # sheet order, unknown stats last


# -- The shipped pack ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pack():
    return read_yaml(FIXTURES / "trupp.yaml")


def test_the_pack_is_well_formed(pack):
    import json

    from jsonschema import Draft202012Validator

    from rules.engine.document import SCHEMA_PATH

    schema = json.loads((SCHEMA_PATH.parent / "pack.schema.json").read_text())
    assert list(Draft202012Validator(schema).iter_errors(pack)) == []
    assert pack["system"]["sample_data"] is True
    assert {v["code"] for v in pack["validators"]} <= set(RULES.validators)


def test_the_packs_characters_are_complete(pack):
    items = {i["key"]: i for i in pack["items"]}
    cards = pack["cards"]
    assert len(cards) >= 12
    assert {c["attributes"]["alignment"] for c in cards} == {"good", "evil", "neutral"}
    assert any(c["attributes"]["mook"] for c in cards)
    assert {i["kind"] for i in items.values()} == {"equipment", "ability", "spell", "veteran"}
    for c in cards:
        a = c["attributes"]
        rows = a["stat_rows"]
        assert c["stats"] == rows[0], c["key"]
        assert all(set(r) == set(STAT_KEYS) for r in rows), c["key"]
        assert all(k in items for k in a.get("equipment", [])), c["key"]
        assert all(items[k]["kind"] == "spell" for k in a.get("included_spells", [])), c["key"]
        if a["sorcery"]:
            assert rows[0]["ZG"] is not None and rows[0]["Mana"] is not None, c["key"]
        spells = [o["key"] for o in c.get("options", []) if items[o["key"]]["kind"] == "spell"]
        if spells and not a["sorcery"]:
            assert any(items[o["key"]]["attributes"].get("sorcery")
                       for o in c.get("options", [])), c["key"]
