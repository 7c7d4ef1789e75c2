"""The shipped Mordheim pack's numbers where players found them wrong (issue 27): prices with
dice, chart and list prices apart, one key per item, races, skill lists, a warband's
choices, the grade-2a material, hired swords' equipment, German names, the description;
and the transcription's reading of the chart's prices."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from rules.engine.aliases import canonical_document
from rules.engine.pack_catalogue import catalogue_from_pack
from tests.support.paths import FIXTURES, read_yaml

ROOT = Path(__file__).resolve().parents[2]
PACK = read_yaml(FIXTURES / "mordheim.yaml")
CATALOGUE = catalogue_from_pack(PACK)
ITEMS = {i["key"]: i for i in PACK["items"]}
CARDS = {c["key"]: c for c in PACK["cards"]}
FACTIONS = {f["key"]: f for f in PACK["factions"]}
TABLES = PACK["system"]["attributes"]["campaign"]


def _script(name):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(ROOT / "scripts"))


PRICES = _script("mordheim_source_prices")


@pytest.mark.parametrize(("text", "price"), [
    (30, {"base": 30, "dice": None}),
    ("35+3D6", {"base": 35, "dice": {"count": 3, "times": 1}}),
    ("30+D6", {"base": 30, "dice": {"count": 1, "times": 1}}),
    ("10+1D6", {"base": 10, "dice": {"count": 1, "times": 1}}),
    ("100+D6×10", {"base": 100, "dice": {"count": 1, "times": 10}}),
    ("200+10D6", {"base": 200, "dice": {"count": 10, "times": 1}}),
    ("30 (Paar 60)", {"base": 30, "dice": None, "pair": {"base": 60, "dice": None}}),
    ("25+1D6 (Paar 46+2D6)", {"base": 25, "dice": {"count": 1, "times": 1},
                              "pair": {"base": 46, "dice": {"count": 2, "times": 1}}}),
    ("4× Preis", {"base": 0, "dice": None, "multiple": {"times": 4, "of": "weapon"}}),
    ("+25", {"base": 25, "dice": None, "increment": True}),
    ("+15/+20", {"base": 15, "dice": None, "increment": True, "later": 20}),
])
def test_the_transcription_reads_every_way_the_chart_writes_a_price(text, price):
    assert PRICES.check(text) == price


@pytest.mark.parametrize("text", ["about 30", "30+D8", "D6×10", "3× weapon"])
def test_a_price_written_another_way_stops_the_transcription(text):
    with pytest.raises(ValueError):
        PRICES.check(text)


@pytest.mark.parametrize(("rare", "found"), [
    ("Rare 9", {"rarity": 9}), ("Rare 9 (Paar Rare 10)", {"rarity": 9, "pair_rarity": 10}),
    ("Common", {"rarity": None}), ("", {"rarity": None}), ("Special", {"rarity": None}),
])
def test_the_transcription_reads_rarity(rare, found):
    assert PRICES.parse_rarity(rare) == found


# -- prices ---------------------------------------------------------------------------


def test_a_price_with_dice_is_its_base_and_its_dice_never_zero():
    cloak = ITEMS["elven-cloak"]
    assert cloak["points"] == 100
    assert cloak["attributes"]["price"] == {"base": 100, "dice": {"count": 1, "times": 10}}
    assert cloak["attributes"]["price_text"] == "100+D6×10"
    assert cloak["attributes"]["price_dice"] == "D6×10"
    assert ITEMS["tome-of-magic"]["points"] == 200
    assert ITEMS["blessed-water"]["attributes"]["price_dice"] == "3D6"
    priced_zero = [k for k, i in ITEMS.items() if i["points"] == 0
                   and not i["attributes"]["price"].get("multiple")]
    assert priced_zero == []


def test_a_multiple_and_an_increment_are_data_too():
    assert ITEMS["gromril-weapon"]["attributes"]["price"]["multiple"] == {"times": 4,
                                                                       "of": "weapon"}
    blade = ITEMS["dark-elf-blade"]["attributes"]["price"]
    assert (blade["base"], blade["later"], blade["increment"]) == (15, 20, True)


def test_the_chart_price_stays_the_items_and_a_list_price_the_lists():
    assert ITEMS["duelling-pistol"]["points"] == 30
    assert ITEMS["brace-of-duelling-pistols"]["points"] == 60
    merc = {i["key"]: i["points"] for i in CARDS["reikland-mercenary-captain"]["items"]}
    assert (merc["duelling-pistol"], merc["brace-of-duelling-pistols"]) == (25, 50)
    assert CATALOGUE.item_points(CATALOGUE.cards["reikland-mercenary-captain"],
                                 "duelling-pistol") == 25
    assert CATALOGUE.item_points(None, "duelling-pistol") == 30


# -- one item, one key ------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new"), [
    ("javelin", "javelins"), ("sun-staff", "sunstaff"), ("superior-black-powder",
                                                         "superior-blackpowder"),
    ("throwing-knives", "throwing-stars"), ("elf-wine", "elven-wine"),
    ("hunting-rifle", "hochland-long-rifle"), ("holy-relic", "holy-unholy-relic"),
    ("pigeon-bombs", "hersten-wenkler-pigeon-bombs"),
])
def test_a_duplicate_item_is_an_alias_and_a_list_saved_with_it_still_reads(old, new):
    assert old not in ITEMS and old in ITEMS[new]["aliases"]
    saved = {"system": "mordheim", "faction": "reikland",
             "entries": [{"card": "reikland-mercenary-captain", "items": [old]}]}
    data, renames = canonical_document(CATALOGUE, saved)
    assert data["entries"][0]["items"] == [new]
    assert renames[0]["old"] == old and renames[0]["new"] == new


def test_every_fighters_list_names_an_item_of_the_pack():
    assert {i["key"] for c in PACK["cards"] for i in c["items"]} <= set(ITEMS)
    names = [re.sub(r" \(unofficial\)$", "", i["name"]).lower() for i in PACK["items"]]
    assert len(names) == len(set(names))  # no item twice under two names


# -- races and their maximums -------------------------------------------------------------


@pytest.mark.parametrize(("card", "race"), [
    ("ostlanders-ogre", "ogre"), ("pit-fighters-dwarf-troll-slayer", "dwarf"),
    ("pit-fighters-ogre-pit-fighter", "ogre"), ("lizardmen-skink-brave", "skink"),
    ("lizardmen-skink-priest", "skink"), ("averlanders-halfling-scout", "halfling"),
    ("orc-mob-goblin", "goblin"), ("hired-chameleon-skink", "skink"),
    ("hired-ogre-bodyguard", "ogre"), ("skaven-of-clan-pestilens-plague-monk", "skavenpest"),
])
def test_a_fighter_has_his_own_race(card, race):
    assert CARDS[card]["attributes"]["race"] == race


def test_every_race_the_pack_uses_has_its_maximums():
    used = {c["attributes"].get("race") for c in PACK["cards"]} - {None}
    assert used <= set(TABLES["maxima"])
    assert all(set(TABLES["maxima"][r]) == set(TABLES["stat_order"]) for r in used)
    assert used <= set(TABLES["races"])


# -- skill lists and a warband's choices ----------------------------------------------------


def test_a_tilean_hero_learns_from_his_citys_lists():
    by_city = CARDS["tileans-champion"]["attributes"]["by_choice"]
    assert by_city["remas"]["skill_lists"] == ["combat", "academic", "strength"]
    assert by_city["miragliano"]["skill_lists"] == ["combat", "shooting", "speed"]
    assert by_city["remas"]["stat_bonus"] == {"Ld": 1}


def test_the_highwayman_and_the_roadwarden_have_the_riding_skills():
    for key in ("hired-highwayman", "hired-roadwarden"):
        assert "cavalry" in CARDS[key]["attributes"]["skill_lists"]
    assert "Combat Riding" in TABLES["skill_lists"]["cavalry"]["skills"]


def test_every_skill_list_a_card_names_is_a_table():
    used = {s for c in PACK["cards"] for s in c["attributes"].get("skill_lists") or ()}
    used |= {s for c in PACK["cards"] for o in (c["attributes"].get("by_choice") or {}).values()
             for s in o.get("skill_lists") or ()}
    assert used <= set(TABLES["skill_lists"])


def test_the_tilean_cities_and_the_hung_are_choices_with_their_numbers():
    cities = {o["key"]: o for o in FACTIONS["tileans"]["attributes"]["choices"]["options"]}
    assert cities["trantio"]["starting_gold"] == 600
    assert cities["remas"]["starting_gold"] == 500
    tribes = {o["key"]: o for o in
              FACTIONS["marauders-of-chaos"]["attributes"]["choices"]["options"]}
    assert tribes["hung"]["max_size"] == 12 and "max_size" not in tribes["kurgan"]


# -- what was missing -------------------------------------------------------------------------


def test_the_wood_elves_and_the_grade_2a_hired_swords_are_there_labelled():
    elves = FACTIONS["wood-elves-of-athel-loren"]
    assert elves["name"] == "Wood Elves of Athel Loren (unofficial, grade 2a)"
    assert elves["names"]["de"].endswith("(inoffiziell, Grad 2a)")
    assert elves["attributes"]["official"] is False
    grade_2a = [c for c in PACK["cards"] if c["attributes"].get("grade") == "2a"]
    assert len(grade_2a) == 20
    assert all(c["name"].endswith("(unofficial, grade 2a)") for c in grade_2a)


def test_an_item_only_unofficial_warbands_use_is_labelled():
    assert ITEMS["sun-king-mask"]["name"] == "Sun King Mask (unofficial)"
    assert ITEMS["sun-king-mask"]["attributes"]["official"] is False
    assert ITEMS["elven-cloak"]["attributes"].get("official") is not False


def test_every_hired_sword_carries_his_equipment():
    swords = [c for c in PACK["cards"] if c["attributes"].get("hired_sword")]
    bare = [c["key"] for c in swords if not c["attributes"]["equipment"]]
    assert bare == ["hired-bone-goliath"]  # the data: he never carries weapons or armour
    highwayman = CARDS["hired-highwayman"]["attributes"]["equipment"]
    assert [(p["name"], p["item"], p["counts_as"]) for p in highwayman] == [
        ("Dagger", "dagger", None), ("Brace of pistols", "brace-of-pistols", None),
        ("Rapier", "rapier", None), ("Cloak", None, "buckler"), ("Horse", "horse", None)]
    slayer = CARDS["hired-dwarf-troll-slayer"]["attributes"]["equipment"]
    assert [(p["name"], p["count"], p["choice"]) for p in slayer] == [
        ("Axe", 2, 1), ("Double-Handed Axe", 1, 1)]


@pytest.mark.parametrize(("item", "german"), [
    ("club", "Knüppel"), ("handgun", "Handfeuerwaffe"), ("elven-cloak", "Elfenumhang"),
    ("dagger", "Dolch"),
])
def test_an_item_has_the_charts_german_name(item, german):
    assert ITEMS[item]["names"]["de"] == german


def test_the_pack_describes_itself_as_it_is():
    text = PACK["system"]["description"]
    assert "six warbands" not in text and "veterans.ts" not in text
    assert f"{len(PACK['factions'])} warbands" in text
    assert "365ba6d465cc3c6e87201956b64eeada9e8659e8" in text
    for path in re.findall(r"(?:fixtures|scripts)/[\w/.-]+\.(?:json|py)", text):
        assert (ROOT / path).is_file(), path
