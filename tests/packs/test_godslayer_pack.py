"""The shipped Godslayer pack has what the foundation issue promises."""

from collections import Counter

from armylists.packs.checks import check_pack
from armylists.packs.tables import read_pack_file
from tests.support.paths import FIXTURES

PACK = read_pack_file(FIXTURES / "godslayer.yaml")
STATS = {"MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT"}
# The real model names docs/rules/godslayer.md lists (Sample data), by faction.
DIGEST_NAMES = {
    "wyldfolk": {"Pendragon", "Bard", "Bladesinger", "Farfarer", "Druid", "Scabtha Hunter",
                 "Cromlech Guard"},
    "nordgaard": {"Gestir Captain", "Ravenwitch", "Ogre Huscarl"},
    "mortans": {"Auxiliary Prefect", "Cornicen", "Provincial Auxiliary", "Necromagus",
                "Mortifex", "Princeptor"},
    "halodynes": {"Demarchon", "Priestess", "Hoplite", "Syntarch"},
    "banebrood": {"Bisotaur Shaman", "Reavers", "Minotaurs", "Fomorians", "Stag Centaurs",
                  "Lycanthropes"},
    "troglodytes": {"Trolloth", "Gnolls", "Shadow Trolls", "Wild Trolls", "Balescorch Cyclops"},
}
REAL_NAMES = {"Pendragon", "Gestir Captain", "Ravenwitch", "Ogre Huscarl", "Auxiliary Prefect",
              "Demarchon", "Bisotaur Shaman", "Balescorch Cyclops", "Hoplite"}


def is_digest_name(name, faction):
    """One model of a range the digest names in the plural counts too (Minotaur, Minotaurs)."""
    return any(name.removesuffix("s") == real.removesuffix("s") for real in DIGEST_NAMES[faction])


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


def test_every_card_has_a_real_name_or_says_its_name_is_a_sample():
    for card in PACK["cards"]:
        real = is_digest_name(card["name"], card["faction"])
        assert card["attributes"].get("sample_name", False) is not real, card["name"]


def test_the_banebrood_are_the_sixth_faction_with_their_real_models():
    banebrood = next(f for f in PACK["factions"] if f["key"] == "banebrood")
    assert (banebrood["name"], banebrood["names"]["de"]) == ("Banebrood", "Verdorbene")
    assert banebrood["aliases"] == ["the-fallen"]
    cards = {c["name"]: c for c in PACK["cards"] if c["faction"] == "banebrood"}
    assert set(cards) == {"Bisotaur Shaman", "Reavers", "Minotaur", "Fomorian", "Stag Centaurs",
                          "Lycanthrope"}
    assert [n for n, c in cards.items() if c.get("warlord")] == ["Bisotaur Shaman"]
    assert not any(c["attributes"].get("sample_name") for c in cards.values())


def test_no_current_key_is_an_old_one_and_every_old_fallen_key_is_kept():
    old = {a for section in ("factions", "items", "cards") for row in PACK[section]
           for a in row.get("aliases", [])}
    assert "the-fallen" in old
    assert {a.removeprefix("the-fallen-") for a in old if a != "the-fallen"} == {
        "gore-cleaver", "hexed-crook", "bone-plate", "hide-shield", "blood-philter",
        "gorelord", "plague-shaman", "blight-brute", "flayer", "marauders", "beastkin-raiders"}
    keys = {row["key"] for section in ("factions", "items", "cards") for row in PACK[section]}
    assert not keys & old
    assert not any(k.startswith("the-fallen") for k in keys)
