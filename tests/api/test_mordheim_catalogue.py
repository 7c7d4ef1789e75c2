"""GET /api/v1/systems/mordheim/ with every warband, hired sword and item of the pack, and
POST /api/v1/validate/ with a hired sword, over real HTTP (the live server)."""

import pytest

from tests.support.api import codes, validate
from tests.support.catalogue import by_key, catalogue, doc

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def data(load_system, live_server, api):
    load_system("mordheim")
    return catalogue(api, "mordheim")


def test_it_lists_every_official_warband_and_the_unofficial_ones_marked(data):
    factions = data["factions"]
    official = [f for f in factions if "(unofficial)" not in f["name"]]
    assert len(official) >= 38
    keys = {f["key"] for f in factions}
    # the six of before keep their keys; the rulebook's other two are there
    assert {"reikland", "middenheim", "marienburg", "skaven", "undead", "possessed",
            "witch-hunters", "sisters-of-sigmar", "orc-mob", "dwarf-treasure-hunters",
            "beastmen-raiders", "kislevites", "ostlanders", "averlanders",
            "carnival-of-chaos"} <= keys
    witch_hunters = by_key(factions)["witch-hunters"]
    assert (witch_hunters["starting_gold"], witch_hunters["min_size"],
            witch_hunters["max_size"]) == (500, 3, 12)
    assert witch_hunters["names"] == {"de": "Hexenjäger"}
    assert by_key(factions)["marienburg"]["starting_gold"] == 600


def test_a_hired_sword_is_a_card_with_fee_upkeep_and_rating(data):
    cards = by_key(data["cards"])
    swords = [c for c in data["cards"] if c["hired_sword"]]
    assert len([c for c in swords if "(unofficial)" not in c["name"]]) >= 43
    scout = cards["hired-halfling-scout"]
    assert (scout["hired_sword"], scout["hire_fee"], scout["upkeep"], scout["rating"],
            scout["points"], scout["faction"], scout["fighter"]) == (
        True, 15, 5, 5, 15, None, "hired_sword")
    assert scout["names"] == {"de": "Halblingspäher"}
    assert scout["attributes"]["size_bonus"] == 1
    ogre = cards["hired-ogre-bodyguard"]
    assert (ogre["hire_fee"], ogre["upkeep"], ogre["rating"]) == (80, 30, 25)
    captain = cards["reikland-mercenary-captain"]
    assert (captain["hired_sword"], captain["hire_fee"], captain["upkeep"],
            captain["rating"]) == (False, None, None, None)


def test_every_item_has_a_rarity_null_for_common(data):
    items = by_key(data["items"])
    assert all("rarity" in item for item in data["items"])
    assert len(items) >= 243 - 10  # the chart, a few rows shared with the list items
    assert items["dagger"]["rarity"] is None
    assert items["pistol"]["rarity"] == 8
    assert items["hochland-long-rifle"]["rarity"] == 11
    assert items["sword"]["names"] == {"de": "Schwert"}
    assert items["ball-and-chain"]["names"] == {"de": "Eisenkugel & Kette"}
    assert items["elf-bow"]["attributes"]["price_dice"] == "3D6"


def test_german_names_come_with_accept_language_de(load_system, live_server, api):
    load_system("mordheim")
    r = api.get("/api/v1/systems/mordheim/", headers={"Accept-Language": "de"})
    assert r.status_code == 200
    cards = by_key(r.json()["cards"])
    assert cards["witch-hunters-witch-hunter-captain"]["names"]["de"] == "Hexenjäger-Hauptmann"


WH = [{"card": "witch-hunters-witch-hunter-captain", "name": "Mathias"},
      {"card": "witch-hunters-zealot", "size": 5}, {"card": "witch-hunters-zealot", "size": 5},
      {"card": "witch-hunters-warhound"}]


def test_a_witch_hunter_warband_of_13_with_a_halfling_scout_is_legal(load_system, live_server,
                                                                     api):
    load_system("mordheim")
    result = validate(api, doc("mordheim", *WH, {"card": "hired-halfling-scout"},
                               faction="witch-hunters"))
    assert result["valid"] is True, result["violations"]
    assert result["points"]["total"] == 60 + 10 * 20 + 15 + 15
    assert result["breakdown"][-1]["fighter"] == "hired_sword"
    fourteen = validate(api, doc("mordheim", *WH, {"card": "witch-hunters-warhound"},
                                 {"card": "hired-halfling-scout"}, faction="witch-hunters"))
    [size] = [v for v in fourteen["violations"] if v["code"] == "warband_size"]
    assert (size["params"]["count"], size["params"]["max_size"]) == (14, 13)


@pytest.mark.parametrize(("extra", "code"), [
    ([{"card": "hired-highwayman"}], "hired_sword_not_allowed"),
    ([{"card": "hired-halfling-scout"}, {"card": "hired-halfling-scout"}], "hired_sword_limit"),
])
def test_the_hired_sword_codes_over_http(load_system, live_server, api, extra, code):
    load_system("mordheim")
    result = validate(api, doc("mordheim", *WH[:2], *extra, faction="witch-hunters"))
    assert code in codes(result)
    violation = next(v for v in result["violations"] if v["code"] == code)
    assert violation["entry_id"] and violation["message"]


def test_a_conflict_over_http(load_system, live_server, api):
    load_system("mordheim")
    result = validate(api, doc("mordheim", {"card": "reikland-mercenary-captain"},
                               {"card": "reikland-warrior", "size": 2},
                               {"card": "hired-roadwarden"}, {"card": "hired-highwayman"},
                               faction="reikland"))
    assert codes(result) == ["hired_sword_conflict"]


def test_names_come_in_german_with_accept_language_de(data, api):
    german = api.get("/api/v1/systems/mordheim/", headers={"Accept-Language": "de"})
    assert german.status_code == 200
    assert "Accept-Language" in german.headers["Vary"]
    factions, cards, items = (by_key(german.json()[k]) for k in ("factions", "cards", "items"))
    assert factions["witch-hunters"]["name"] == "Hexenjäger"
    assert cards["hired-halfling-scout"]["name"] == "Halblingspäher"
    assert items["sword"]["name"] == "Schwert"
    # every translation is still there, and a row without one keeps the data's own name
    assert factions["witch-hunters"]["names"] == {"de": "Hexenjäger"}
    untranslated = next(c for c in german.json()["cards"] if not c["names"])
    assert untranslated["name"] == by_key(data["cards"])[untranslated["key"]]["name"]
    # English answers stay as they were, with their own ETag
    assert by_key(data["factions"])["witch-hunters"]["name"] == "Witch Hunters"
    english = api.get("/api/v1/systems/mordheim/", headers={"Accept-Language": "en"})
    assert english.headers["ETag"] != german.headers["ETag"]
    assert by_key(english.json()["items"])["sword"]["name"] == "Sword"
