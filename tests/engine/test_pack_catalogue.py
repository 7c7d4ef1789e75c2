"""The pack -> catalogue converter on its own (no database): defaults, prices, aliases."""

import pytest

from rules.engine.catalogue import PackOrigin
from rules.engine.pack_catalogue import catalogue_from_pack

PACK = {
    "format": "muster-pack/1",
    "system": {
        "key": "godslayer",
        "name": "Godslayer",
        "data_version": "7",
        "attributes": {"stat_order": ["MOV", "MEL", "DEF"]},
    },
    "validators": [{"code": "points_limit"}],
    "factions": [{"key": "banebrood", "name": "Banebrood", "aliases": ["the-fallen"]}],
    "items": [
        {"key": "axe", "name": "Axe", "kind": "weapon", "points": 5},
        {"key": "shield", "name": "Shield", "kind": "armour", "def": 1},
    ],
    "cards": [
        {
            "key": "gorelord",
            "name": "Gorelord",
            "faction": "banebrood",
            "points": 40,
            "stats": {"DEF": 3, "MOV": 5, "MEL": 4},
            "items": [{"key": "axe"}, {"key": "shield", "points": 2}],
        }
    ],
    "special_actions": [
        {
            "key": "rally",
            "name": "Rally",
            "points": 3,
            "variants": [{"key": "big", "name": "Big", "points": 6}],
        }
    ],
}


def test_fields_the_pack_leaves_out_take_the_tables_defaults():
    catalogue = catalogue_from_pack(PACK)
    card = catalogue.cards["gorelord"]
    assert (card.kind, card.warlord, card.aal, card.core_size, card.max_size) == (
        "model",
        False,
        None,
        1,
        1,
    )
    assert (catalogue.sample_data, catalogue.data_version) == (False, "7")
    assert catalogue.items["shield"].points == 0 and catalogue.items["shield"].def_bonus == 1
    assert catalogue.params_for("points_limit") == {}
    assert catalogue.origin == PackOrigin()


@pytest.mark.parametrize(
    ("item", "price"),
    [("axe", 5), ("shield", 2)],  # the item's own price; the card's price for it
)
def test_a_card_pays_its_own_price_else_the_items(item, price):
    catalogue = catalogue_from_pack(PACK)
    assert catalogue.cards["gorelord"].allowed_items[item] == price


def test_stats_come_in_the_systems_order_and_old_keys_become_aliases():
    catalogue = catalogue_from_pack(PACK)
    assert list(catalogue.cards["gorelord"].stats) == ["MOV", "MEL", "DEF"]
    assert catalogue.current_key("faction", "the-fallen") == "banebrood"
    assert catalogue.factions["banebrood"].attributes["aliases"] == ["the-fallen"]
    assert catalogue.special_actions["rally"].variant("big").points == 6


def test_the_origin_is_carried():
    origin = PackOrigin(id="abc", version=3, official=False, content_hash="f" * 64)
    assert catalogue_from_pack(PACK, origin).origin is origin
