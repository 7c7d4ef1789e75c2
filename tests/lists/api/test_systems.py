"""GET /api/v1/systems/ and /api/v1/systems/{system}/ over real HTTP."""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

CARD_FIELDS = {"key", "name", "faction", "kind", "warlord", "aal", "allowed_items", "base_mm", "stats"}
MODEL_FIELDS = CARD_FIELDS | {"points"}
UNIT_FIELDS = CARD_FIELDS | {"core_points", "soldier_points", "core_size", "max_size"}
ITEM_FIELDS = {"key", "name", "faction", "points", "kind", "def", "arm"}
STATS = {"MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT"}


def test_it_lists_the_systems(api, live_godslayer):
    r = api.get("/api/v1/systems/")
    assert r.status_code == 200
    [system] = r.json()
    assert system["key"] == "godslayer"
    assert system["data_version"] == live_godslayer.data_version
    assert system["sample_data"] is True
    assert system["url"].endswith("/api/v1/systems/godslayer/")


def test_it_serves_the_catalogue_contract(api, live_godslayer):
    r = api.get("/api/v1/systems/godslayer/")
    assert r.status_code == 200
    data = r.json()
    assert {"key", "name", "data_version", "sample_data", "factions", "cards", "items"} <= set(data)
    assert data["key"] == "godslayer" and data["name"] == "Godslayer"
    assert data["sample_data"] is True
    assert data["data_version"] == live_godslayer.data_version
    assert len(data["factions"]) == 6
    assert all(set(f) >= {"key", "name"} for f in data["factions"])

    cards = {c["key"]: c for c in data["cards"]}
    captain = cards["nordgaard-gestir-captain"]
    assert MODEL_FIELDS <= set(captain)
    assert captain["kind"] == "model" and captain["warlord"] is True and captain["aal"] == 1
    assert captain["faction"] == "nordgaard" and isinstance(captain["points"], int)
    assert set(captain["stats"]) == STATS and captain["base_mm"] in (30, 40, 50)
    assert {"key": "nordgaard-chainmail", "points": 6} in captain["allowed_items"]

    unit = cards["nordgaard-huscarl-shieldwall"]
    assert UNIT_FIELDS <= set(unit) and unit["kind"] == "unit" and unit["warlord"] is False
    assert (unit["core_points"], unit["soldier_points"], unit["core_size"], unit["max_size"]) == (45, 9, 4, 8)
    assert unit["allowed_items"] == []  # takes no items

    items = {i["key"]: i for i in data["items"]}
    shield = items["nordgaard-round-shield"]
    assert ITEM_FIELDS <= set(shield)
    assert (shield["kind"], shield["def"], shield["arm"], shield["faction"]) == ("shield", 1, 1, "nordgaard")
    assert all(ITEM_FIELDS <= set(i) for i in data["items"])


def test_it_answers_404_with_json_for_an_unknown_system(api, live_godslayer):
    r = api.get("/api/v1/systems/chess/")
    assert r.status_code == 404
    [error] = r.json()["errors"]
    assert error["path"] == "" and "chess" in error["message"] and error["code"] == "not_found"
