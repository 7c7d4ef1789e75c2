"""POST /api/v1/validate/ over real HTTP: every contract field and every 400."""

import pytest

from tests.support.api import codes, only, validate

pytestmark = pytest.mark.django_db(transaction=True)

CAPTAIN = {"card": "nordgaard-gestir-captain"}  # the Nordgaard Warlord


@pytest.fixture
def catalogue(api, live_godslayer):
    data = api.get("/api/v1/systems/godslayer/").json()
    return {"cards": {c["key"]: c for c in data["cards"]}, "items": {i["key"]: i for i in data["items"]}}


def doc(*entries, battle_size=160, faction="nordgaard"):
    return {"format": "muster-list/1", "system": "godslayer", "name": "Nordgaard raid",
            "faction": faction, "battle_size": battle_size, "role": None,
            "entries": list(entries), "special_actions": []}








def test_it_answers_a_legal_list_with_points(api, catalogue):
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-huscarl-shieldwall", "size": 5}))
    assert result["valid"] is True and result["violations"] == []
    unit = catalogue["cards"]["nordgaard-huscarl-shieldwall"]
    captain = catalogue["cards"]["nordgaard-gestir-captain"]["points"]
    expected = [captain, unit["core_points"] + unit["soldier_points"]]
    assert result["points"] == {"total": sum(expected), "limit": 160, "entries": expected,
                                "special_actions": []}
    assert result["sample_data"] is True and result["system"] == "godslayer"


def test_it_flags_one_point_over_the_battle_size(api, catalogue):
    entries = [CAPTAIN, {"card": "nordgaard-ogre-huscarl"}]
    total = sum(catalogue["cards"][e["card"]]["points"] for e in entries)
    result = validate(api, doc(*entries, battle_size=total - 1))
    assert result["valid"] is False
    violation = only(result, "battle_size")
    assert violation["severity"] == "error" and violation["entry"] is None
    assert violation["params"]["total"] == total and violation["params"]["limit"] == total - 1
    assert str(total) in violation["message"] and str(total - 1) in violation["message"]
    assert codes(validate(api, doc(*entries, battle_size=total))) == []


def test_it_flags_two_warlords(api, catalogue):
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-ogre-huscarl"}, CAPTAIN, battle_size=500))
    assert "warlord" in codes(result)
    assert only(result, "warlord")["entry"] == 2


def test_it_flags_no_warlord(api, catalogue):
    assert codes(validate(api, doc({"card": "nordgaard-ogre-huscarl"}))) == ["warlord"]


def test_it_flags_a_card_fielded_aal_plus_one_times(api, catalogue):
    aal = catalogue["cards"]["nordgaard-ogre-huscarl"]["aal"]
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-ogre-huscarl", "count": aal + 1}, battle_size=1000))
    violation = only(result, "aal")
    assert violation["entry"] == 1
    assert violation["message"] == f"Ogre Huscarl fielded {aal + 1} times, AAL {aal}"
    assert codes(validate(api, doc(CAPTAIN, {"card": "nordgaard-ogre-huscarl", "count": aal}, battle_size=1000))) == []


@pytest.mark.parametrize(("size", "legal"), [(3, False), (4, True), (8, True), (9, False)])
def test_it_checks_unit_sizes(api, catalogue, size, legal):
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-huscarl-shieldwall", "size": size}, battle_size=1000))
    assert ("unit_size" not in codes(result)) is legal
    if not legal:
        assert only(result, "unit_size")["params"]["size"] == size


def test_it_flags_one_item_on_two_models(api, catalogue):
    result = validate(api, doc({"card": "nordgaard-gestir-captain", "items": ["nordgaard-mead-of-valour"]},
                               {"card": "nordgaard-ravenwitch", "items": ["nordgaard-raven-staff", "nordgaard-mead-of-valour"]}))
    assert codes(result) == ["item_unique"]
    assert only(result, "item_unique")["entry"] == 1


def test_it_flags_another_factions_card(api, catalogue):
    result = validate(api, doc(CAPTAIN, {"card": "halodynes-hoplites"}))
    violation = only(result, "faction")
    assert violation["entry"] == 1 and "Nordgaard" in violation["message"]


def test_it_flags_an_item_the_card_does_not_allow(api, catalogue):
    result = validate(api, doc({"card": "nordgaard-gestir-captain", "items": ["nordgaard-raven-staff"]}))
    assert codes(result) == ["item_not_allowed"]


def test_it_warns_about_a_model_without_weapon_but_stays_valid(api, catalogue):
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-ravenwitch", "items": ["nordgaard-mead-of-valour"]}))
    assert codes(result) == ["no_weapon"]
    assert only(result, "no_weapon")["severity"] == "warning"
    assert result["valid"] is True


def test_it_keeps_an_unknown_card_and_validates_the_rest(api, catalogue):
    result = validate(api, doc(CAPTAIN, {"card": "nordgaard-dragon"},
                               {"card": "nordgaard-ogre-huscarl", "count": 3}, battle_size=1000))
    assert [(v["code"], v["entry"]) for v in result["violations"]] == [("unknown_key", 1), ("aal", 2)]
    assert only(result, "unknown_key")["params"]["path"] == "entries[1].card"
    assert result["points"]["entries"][1] == 0 and len(result["points"]["entries"]) == 3


def test_it_reports_unknown_faction_and_item_keys(api, catalogue):
    result = validate(api, doc({"card": "nordgaard-gestir-captain", "items": ["nordgaard-excalibur"]}, faction="atlantis"))
    paths = [v["params"]["path"] for v in result["violations"] if v["code"] == "unknown_key"]
    assert paths == ["faction", "entries[0].items[0]"]


def test_it_prices_entries_with_count_size_and_items(api, catalogue):
    cards, items = catalogue["cards"], catalogue["items"]
    result = validate(api, doc(
        {"card": "nordgaard-gestir-captain", "items": ["nordgaard-bearded-axe", "nordgaard-chainmail"]},
        {"card": "nordgaard-ogre-huscarl", "count": 2},
        {"card": "nordgaard-huscarl-shieldwall", "size": 6}, battle_size=1000))
    unit = cards["nordgaard-huscarl-shieldwall"]
    assert result["points"]["entries"] == [
        cards["nordgaard-gestir-captain"]["points"] + items["nordgaard-bearded-axe"]["points"] + items["nordgaard-chainmail"]["points"],
        2 * cards["nordgaard-ogre-huscarl"]["points"],
        unit["core_points"] + 2 * unit["soldier_points"],
    ]
    captain_stats = cards["nordgaard-gestir-captain"]["stats"]
    assert result["breakdown"][0]["stats"]["ARM"] == captain_stats["ARM"] + items["nordgaard-chainmail"]["arm"]


def test_it_speaks_german(api, catalogue):
    r = api.post("/api/v1/validate/", json=doc({"card": "nordgaard-ogre-huscarl"}),
                 headers={"Accept-Language": "de"})
    assert "Kriegsherr" in only(r.json(), "warlord")["message"]


def errors_of(response):
    assert response.status_code == 400, response.text
    body = response.json()
    assert set(body) == {"errors"}
    return {(e["path"], e["message"]) for e in body["errors"]}, body["errors"]


def test_it_refuses_a_body_that_is_not_json(api, live_godslayer):
    r = api.session.post(api.url("/api/v1/validate/"), data="{not json",
                         headers={"Content-Type": "application/json"})
    found, errors = errors_of(r)
    assert errors[0]["path"] == "" and "JSON" in errors[0]["message"]


def test_it_refuses_json_that_is_not_an_object(api, live_godslayer):
    found, _ = errors_of(api.post("/api/v1/validate/", json=[1, 2]))
    assert ("", "must be a JSON object (the list document), not a list") in found


def test_it_refuses_a_missing_system(api, live_godslayer):
    found, _ = errors_of(api.post("/api/v1/validate/", json={"entries": []}))
    assert ("system", "is required") in found


def test_it_refuses_an_unknown_system(api, live_godslayer):
    found, errors = errors_of(api.post("/api/v1/validate/", json={"system": "chess"}))
    assert errors[0]["path"] == "system" and "chess" in errors[0]["message"] and "godslayer" in errors[0]["message"]


def test_it_refuses_wrong_types_naming_the_path(api, live_godslayer):
    data = doc(CAPTAIN, {"card": "nordgaard-ogre-huscarl"}, {"card": "nordgaard-huscarl-shieldwall", "size": "six"})
    data["battle_size"] = "160"
    found, errors = errors_of(api.post("/api/v1/validate/", json=data))
    assert {e["path"] for e in errors} == {"battle_size", "entries[2].size"}
    assert all(e["code"] for e in errors)


def test_it_reads_json_sent_with_another_content_type(api, live_godslayer):
    import json

    r = api.session.post(api.url("/api/v1/validate/"), data=json.dumps(doc(CAPTAIN)),
                         headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert r.status_code == 200 and r.json()["valid"] is True


def test_it_refuses_get(api, live_godslayer):
    r = api.get("/api/v1/validate/")
    assert r.status_code == 405 and r.json()["errors"][0]["code"] == "method_not_allowed"


def test_it_needs_no_csrf_token_or_login(api, live_godslayer):
    # A browser session cookie must not turn this stateless endpoint into a CSRF-checked one.
    api.session.cookies.set("sessionid", "whatever")
    assert api.post("/api/v1/validate/", json=doc(CAPTAIN)).status_code == 200
