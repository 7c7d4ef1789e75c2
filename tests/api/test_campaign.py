"""The Mordheim campaign log over real HTTP: state, record (typed and server rolls, each
event type), undo, every 400, who may see what, and the OpenAPI documentation."""

import pytest

from tests.support.http import Http, token_client
from tests.support.mordheim_warband import (
    CAPTAIN,
    HANS,
    KURT,
    MARKSMEN,
    START_RATING,
    SWORDSMEN,
    WARBAND,
    WARRIORS,
)

pytestmark = pytest.mark.django_db(transaction=True)

NOT_FOUND = {"errors": [{"path": "", "message": "no such list", "code": "not_found"}]}
NOT_LOGGED_IN = {"errors": [{"path": "", "code": "not_authenticated",
                             "message": "Authentication credentials were not provided."}]}
STATE_KEYS = {"events", "roster", "rating", "problems", "rout_test", "battles", "treasury",
              "stash", "shards", "finds", "battles_recorded", "starting", "unverified"}


@pytest.fixture
def packs(transactional_db, live_server):
    from tests.support.shipped import load_shipped

    load_shipped("mordheim")
    load_shipped("godslayer")


@pytest.fixture
def alice_api(api, packs, alice):
    return token_client(api, alice)


@pytest.fixture
def bob_api(api, packs, bob):
    return token_client(api, bob)


@pytest.fixture
def anonymous(api, packs):
    return Http(api.base)


@pytest.fixture
def warband(alice_api):
    r = alice_api.request("POST", "/api/v1/lists/", json=WARBAND)
    assert r.status_code == 201, r.text
    return r.json()["id"]


def campaign(list_id, suffix=""):
    return f"/api/v1/lists/{list_id}/campaign/{suffix}"


def post(client, list_id, event):
    return client.request("POST", campaign(list_id, "events/"), json=event)


def test_a_new_warband_has_an_empty_log(alice_api, warband):
    r = alice_api.get(campaign(warband))
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == STATE_KEYS
    assert body["events"] == [] and body["problems"] == [] and body["rating"] == START_RATING
    assert [f["name"] for f in body["roster"]["fighters"]] == [
        "Hans", "Otto", "Kurt", "Warrior", "Marksman", "Swordsman"]
    assert body["roster"]["fighters"][HANS]["stats"]["Ld"] == 8
    assert body["rout_test"] == {"members": 9, "leader": "Hans", "leader_ld": 8,
                                 "other_lds": [7, 7, 7, 7, 7, 7, 7, 6]}


def test_it_records_a_typed_serious_injury(alice_api, warband):
    r = post(alice_api, warband, {"type": "serious_injury", "entry": HANS, "roll": 22})
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == STATE_KEYS | {"event"}
    event = body["event"]
    assert {k: event[k] for k in ("sequence", "type", "entry", "who", "roll", "result", "card",
                                  "summary")} == {
        "sequence": 1, "type": "serious_injury", "entry": HANS, "who": "Hans", "roll": 22,
        "result": "leg_wound", "card": CAPTAIN, "summary": "Hans: 22 leg wound; M -1"}
    assert event["date"].startswith("20")
    assert body["events"] == [event]
    hans = body["roster"]["fighters"][HANS]
    assert hans["stats"]["M"] == 3 and hans["injuries"] == ["leg_wound"]
    assert alice_api.get(campaign(warband)).json()["events"] == [event]


def test_the_server_rolls_when_no_roll_is_given(alice_api, warband):
    r = post(alice_api, warband, {"type": "serious_injury", "entry": KURT})
    assert r.status_code == 201, r.text
    event = r.json()["event"]
    assert 11 <= event["roll"] <= 66 and 1 <= event["roll"] % 10 <= 6 and event["result"]
    r = post(alice_api, warband, {"type": "henchman_out_of_action", "entry": WARRIORS, "roll": None})
    assert r.status_code == 201, r.text
    assert 1 <= r.json()["event"]["roll"] <= 6


def test_it_records_henchmen_and_experience(alice_api, warband):
    r = post(alice_api, warband, {"type": "henchman_out_of_action", "entry": MARKSMEN, "roll": 2})
    assert r.status_code == 201, r.text
    assert (r.json()["event"]["result"], r.json()["roster"]["fighters"][MARKSMEN]["models"]) == (
        "lost", 1)
    r = post(alice_api, warband, {"type": "experience", "entry": KURT, "amount": 2})
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["event"]["amount"], body["event"]["roll"], body["event"]["result"]) == (
        2, None, "experience")
    assert body["roster"]["fighters"][KURT]["experience"] == 2
    assert body["rating"] == START_RATING - 5 + 2
    assert [e["sequence"] for e in body["events"]] == [1, 2]


def test_it_takes_every_die_of_a_multiple_injury(alice_api, warband):
    r = post(alice_api, warband, {"type": "serious_injury", "entry": HANS, "roll": 16, "d6": 2,
                              "injuries": [{"roll": 24, "d6": 5}, {"roll": 65, "won": False,
                                                                   "again": {"roll": 26}}]})
    assert r.status_code == 201, r.text
    event = r.json()["event"]
    assert [i["result"] for i in event["injuries"]] == ["madness", "sold_to_the_pits"]
    assert event["injuries"][1]["again"] == {"roll": 26, "result": "chest_wound"}
    hans = r.json()["roster"]["fighters"][HANS]
    assert hans["traits"] == ["frenzy"] and hans["stats"]["T"] == 2 and hans["items"] == []


def test_undo_removes_the_last_event(alice_api, warband):
    post(alice_api, warband, {"type": "serious_injury", "entry": HANS, "roll": 22})
    post(alice_api, warband, {"type": "henchman_out_of_action", "entry": SWORDSMEN, "roll": 1})
    r = alice_api.request("DELETE", campaign(warband, "events/last/"))
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["event"]["sequence"], body["event"]["type"]) == (2, "henchman_out_of_action")
    assert [e["sequence"] for e in body["events"]] == [1]
    assert body["roster"]["fighters"][SWORDSMEN]["status"] == "active"
    assert alice_api.request("DELETE", campaign(warband, "events/last/")).status_code == 200
    r = alice_api.request("DELETE", campaign(warband, "events/last/"))
    assert r.status_code == 404
    assert r.json() == {"errors": [{"path": "", "message": "the campaign log is empty",
                                    "code": "not_found"}]}
    assert alice_api.get(campaign(warband)).json()["events"] == []


@pytest.mark.parametrize(("event", "path", "code"), [
    ({"type": "serious_injury", "entry": HANS, "roll": 17}, "roll", "invalid"),
    ({"type": "serious_injury", "entry": HANS, "roll": "22"}, "roll", "invalid"),
    ({"type": "serious_injury", "entry": HANS, "roll": 22, "d6": 4}, "d6", "invalid"),
    ({"type": "serious_injury", "entry": HANS, "roll": 16, "d6": 1, "injuries": [{"roll": 61}]},
     "injuries[0].roll", "rerolled"),
    ({"type": "serious_injury", "entry": 9}, "entry", "unknown_entry"),
    ({"type": "serious_injury", "entry": -1}, "entry", "unknown_entry"),
    ({"type": "serious_injury", "entry": True}, "entry", "invalid"),
    ({"type": "serious_injury"}, "entry", "required"),
    ({"type": "serious_injury", "entry": WARRIORS}, "entry", "not_a_hero"),
    ({"type": "henchman_out_of_action", "entry": HANS, "roll": 1}, "entry", "not_a_henchman"),
    ({"type": "henchman_out_of_action", "entry": WARRIORS, "roll": 0}, "roll", "invalid"),
    ({"type": "henchman_out_of_action", "entry": WARRIORS, "amount": 1}, "amount",
     "unexpected_field"),
    ({"type": "experience", "entry": KURT}, "amount", "required"),
    ({"type": "experience", "entry": KURT, "amount": -3}, "amount", "invalid"),
    ({"type": "experience", "entry": KURT, "amount": 1.5}, "amount", "invalid"),
    ({"type": "experience", "entry": KURT, "amount": 1, "roll": 4}, "roll", "unexpected_field"),
    ({"type": "experience", "entry": KURT, "amount": 1, "rol": 4}, "rol", "unknown_field"),
    ({"type": "serious_injury", "entry": HANS, "won": "yes"}, "won", "invalid"),
    ({"type": "wedding", "entry": KURT}, "type", "invalid_choice"),
    ({"entry": KURT}, "type", "required"),
])
def test_bad_input_is_a_400_by_path(alice_api, warband, event, path, code):
    r = post(alice_api, warband, event)
    assert r.status_code == 400, r.text
    errors = r.json()["errors"]
    assert [(e["path"], e["code"]) for e in errors] == [(path, code)], errors
    assert all(e["message"] for e in errors)
    assert alice_api.get(campaign(warband)).json()["events"] == []


def test_a_body_that_is_not_an_event_is_a_400(alice_api, warband):
    r = alice_api.request("POST", campaign(warband, "events/"), data="{not json",
                      headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "parse_error"
    r = alice_api.request("POST", campaign(warband, "events/"), json=[1, 2])
    assert r.status_code == 400 and r.json()["errors"][0]["path"] == ""


def test_a_dead_hero_takes_no_more_events(alice_api, warband):
    assert post(alice_api, warband, {"type": "serious_injury", "entry": HANS, "roll": 12}).status_code == 201
    r = post(alice_api, warband, {"type": "experience", "entry": HANS, "amount": 1})
    assert r.status_code == 400
    assert r.json()["errors"] == [{"path": "entry", "code": "not_in_warband",
                                   "message": "Hans is no longer in the warband (dead)"}]


def test_only_mordheim_lists_have_a_campaign_log(alice_api):
    r = alice_api.request("POST", "/api/v1/lists/", json={
        "format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
        "battle_size": 160, "entries": [{"card": "nordgaard-gestir-captain"}]})
    raid = r.json()["id"]
    assert alice_api.get(campaign(raid)).status_code == 404
    assert alice_api.request("DELETE", campaign(raid, "events/last/")).status_code == 404
    r = post(alice_api, raid, {"type": "experience", "entry": 0, "amount": 1})
    assert r.status_code == 400
    assert [(e["path"], e["code"]) for e in r.json()["errors"]] == [("", "wrong_system")]


@pytest.mark.parametrize(("method", "suffix", "body"), [
    ("GET", "", None),
    ("POST", "events/", {"type": "experience", "entry": KURT, "amount": 1}),
    ("DELETE", "events/last/", None),
])
def test_strangers_get_404_and_anonymous_403(alice_api, bob_api, anonymous, warband, method, suffix, body):
    post(alice_api, warband, {"type": "experience", "entry": HANS, "amount": 1})
    r = bob_api.request(method, campaign(warband, suffix), json=body)
    assert (r.status_code, r.json()) == (404, NOT_FOUND)
    r = anonymous.request(method, campaign(warband, suffix), json=body)
    assert (r.status_code, r.json()) == (403, NOT_LOGGED_IN)
    for unknown in ("999999999", "abc"):
        r = alice_api.request(method, campaign(unknown, suffix), json=body)
        assert (r.status_code, r.json()) == (404, NOT_FOUND)
    events = alice_api.get(campaign(warband)).json()["events"]
    assert [(e["sequence"], e["amount"]) for e in events] == [(1, 1)]


def test_the_campaign_endpoints_are_documented(api, packs):
    schema = api.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    get = paths["/api/v1/lists/{list_id}/campaign/"]["get"]
    post_ = paths["/api/v1/lists/{list_id}/campaign/events/"]["post"]
    delete = paths["/api/v1/lists/{list_id}/campaign/events/last/"]["delete"]
    for operation, codes in ((get, {"200", "403", "404"}), (post_, {"201", "400", "403", "404"}),
                             (delete, {"200", "403", "404"})):
        assert operation["tags"] == ["campaign"]
        assert codes <= set(operation["responses"])
    body = post_["requestBody"]["content"]["application/json"]
    assert body["schema"] == {"$ref": "#/components/schemas/NewCampaignEventRequest"}
    types = {e["value"]["type"] for e in body["examples"].values()}
    assert types == {"serious_injury", "henchman_out_of_action", "experience"}
    components = schema["components"]["schemas"]
    assert {"CampaignState", "CampaignChange", "CampaignEvent", "Fighter", "Roster"} <= set(components)
    assert {"events", "roster", "rating"} <= set(components["CampaignState"]["required"])
