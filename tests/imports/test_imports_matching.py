"""The forgiving name matching and the Boarding Action type table of the roster import
(pure: no database)."""

import pytest

from armylists.battlescribe.names import NameIndex, fold_name
from armylists.battlescribe.rosters import Category, Selection
from armylists.games.boarding_action.battlescribe import unit_type_of, wargear_of
from tests.support.paths import FIXTURES, read_yaml

SAME = [
    ("Warriors", "Warrior"),
    ("Swordsmen", "Swordsman"),
    ("Dire Wolves", "Dire Wolf"),
    ("MORNINGSTAR", "Morning star"),
    ("Double-Handed Weapon", "Double-handed weapon"),
    ("Weeping Blades", "Weeping blades (pair)"),
    ("Dagger (free)", "Dagger"),
    ("Sword & Shield", "sword and shield"),
    ("Brace of Pistols", "Brace of pistols"),
    ("Zombies", "Zombie"),
    ("Harpies", "Harpy"),
]
DIFFERENT = [("Sword", "Swords man"), ("Bow", "Long bow"), ("Wing", "Winged helm")]


@pytest.mark.parametrize(("roster", "ours"), SAME)
def test_it_folds_spelling_variants_together(roster, ours):
    assert fold_name(roster) == fold_name(ours)


@pytest.mark.parametrize(("roster", "ours"), DIFFERENT)
def test_it_keeps_different_names_apart(roster, ours):
    assert fold_name(roster) != fold_name(ours)


def test_an_index_finds_by_name_key_and_alias():
    index = NameIndex([("reikland-mercenary-captain", "Mercenary Captain"),
                       ("light-armour", "Light armour")],
                      {"Captain": "Mercenary Captain", "Light Armor": "Light armour"})
    assert index.find("mercenary captains") == "reikland-mercenary-captain"
    assert index.find("Captain") == "reikland-mercenary-captain"
    assert index.find("LIGHT ARMOR") == "light-armour"
    assert index.find("Light-Armour") == "light-armour"
    assert index.find("Lucky charm") is None and index.find("!!!") is None


SETTINGS = read_yaml(FIXTURES / "boarding-action.yaml")[
    "system"]["attributes"]["battlescribe"]

TYPES = [
    # (category names, our unit type)
    (("Vehicle", "Walker"), "walker"),
    (("Walker", "VEHICLE"), "walker"),
    (("Infantry", "Character"), "infantry"),
    (("Jump Infantry",), "infantry"),
    (("Monster",), "monstrous_creature"),
    (("Monstrous Creatures",), "monstrous_creature"),
    (("Bikes",), "bike"),
    (("Mounted",), "bike"),
    (("Jetbike",), "jetbike"),
    (("Beasts",), "beast"),
    (("Swarms",), "swarm"),
    (("Vehicle", "Transport"), "vehicle"),
    (("Fortification",), None),
    (("Character", "Faction: Test"), None),
    ((), None),
]


@pytest.mark.parametrize(("categories", "unit_type"), TYPES)
def test_it_reads_the_unit_type_from_the_categories(categories, unit_type):
    selection = Selection("Unit", "unit", categories=tuple(Category(c) for c in categories))
    assert unit_type_of(selection, SETTINGS) == unit_type


def test_wargear_is_every_name_under_the_unit_but_its_models():
    unit = Selection("Squad", "unit", selections=(
        Selection("Marine", "model", number=4, selections=(
            Selection("Jump Pack", "upgrade"), Selection("Bolt Pistol", "upgrade"))),
        Selection("Sergeant", "model", selections=(Selection("Jump Pack", "upgrade"),)),
        Selection("Banner", "upgrade")))
    assert wargear_of(unit) == ["Jump Pack", "Bolt Pistol", "Banner"]
