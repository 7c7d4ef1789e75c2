"""The shipped Godslayer pack has what the foundation issue promises."""

from collections import Counter

from rules.packs import check_pack, read_pack_file
from tests.conftest import FIXTURES

PACK = read_pack_file(FIXTURES / "godslayer.yaml")
STATS = {"MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT"}
REAL_NAMES = {"Pendragon", "Gestir Captain", "Ravenwitch", "Ogre Huscarl", "Auxiliary Prefect",
              "Demarchon", "Gorelord", "Balescorch Cyclops", "Hoplite"}


def test_it_passes_its_own_checks():
    assert check_pack(PACK) == []


def test_it_is_labelled_as_sample_data():
    assert PACK["system"]["sample_data"] is True
    assert "sample" in PACK["system"]["description"].lower()


def test_it_has_all_six_factions_with_enough_of_everything():
    factions = [f["key"] for f in PACK["factions"]]
    assert len(factions) == 6
    for faction in factions:
        cards = [c for c in PACK["cards"] if c["faction"] == faction]
        items = [i for i in PACK["items"] if i["faction"] == faction]
        kinds = Counter("warlord" if c.get("warlord") else c.get("kind", "model") for c in cards)
        assert kinds["warlord"] >= 1 and kinds["model"] >= 3 and kinds["unit"] >= 2, faction
        item_kinds = {i["kind"] for i in items}
        assert len(items) >= 4 and {"weapon", "potion"} <= item_kinds, faction
        assert any(i["kind"] in {"armour", "shield"} and (i.get("def") or i.get("arm")) for i in items)


def test_every_card_is_complete():
    for card in PACK["cards"]:
        assert set(card["stats"]) == STATS, card["key"]
        assert card["base_mm"] in {30, 40, 50} and card["movement_class"], card["key"]
        assert card.get("weapons") or card.get("items"), card["key"]
        if card.get("kind") == "unit":
            assert card["core_points"] and card["core_size"] < card["max_size"], card["key"]


def test_it_uses_the_real_model_names():
    names = " | ".join(c["name"] for c in PACK["cards"])
    assert all(name in names for name in REAL_NAMES)
