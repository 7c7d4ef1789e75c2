"""The diff over real HTTP: a list against one of its versions, another of the caller's
lists and a list shared by token; two posted documents without login; every refusal as
{"errors": [{"path", "message", "code"}]}; who may ask what."""

import copy

import pytest

from tests.support.pages import CAPTAIN, MAIL, OGRE, document
from tests.support.pinned import official_pack

pytestmark = pytest.mark.django_db(transaction=True)

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
BIGGER = copy.deepcopy(RAID)
BIGGER["entries"][1]["count"] = 2
BIGGER["entries"][0]["items"] = [MAIL]
BIGGER["battle_size"] = 200


def create(client, data=RAID):
    r = client.post("/api/v1/lists/", json=data)
    assert r.status_code == 201, r.text
    return r.json()


def save(client, created, data):
    r = client.put(f"/api/v1/lists/{created['id']}/", json={"version": created["version"],
                                                            "document": data})  # fmt: skip
    assert r.status_code == 200, r.text
    return r.json()


def expect_bigger(body):
    assert body["header"] == {"battle_size": [160, 200]}
    changed = {row["id"]: row for row in body["entries"]["changed"]}
    assert changed["ogre"]["fields"] == {"count": [1, 2]}
    assert changed["ogre"]["card"] == OGRE
    assert changed["cpt"]["fields"] == {"items": [[], [MAIL]]}
    assert body["entries"]["added"] == [] and body["entries"]["removed"] == []
    points = body["points"]
    assert points["delta"] == points["after"] - points["before"] > 0
    assert set(body["violations"]) == {"gained", "lost"}


def test_it_diffs_a_list_against_an_earlier_version(alice_api):
    created = create(alice_api)
    save(alice_api, created, BIGGER)
    r = alice_api.get(f"/api/v1/lists/{created['id']}/diff/?version=1")
    assert r.status_code == 200, r.text
    expect_bigger(r.json())
    back = alice_api.get(f"/api/v1/lists/{created['id']}/diff/?version=2&to=1").json()
    assert back["header"] == {"battle_size": [200, 160]}


def test_it_diffs_a_list_against_another_of_yours(alice_api):
    first = create(alice_api)
    second = create(alice_api, BIGGER)
    r = alice_api.get(f"/api/v1/lists/{second['id']}/diff/?against={first['id']}")
    assert r.status_code == 200, r.text
    expect_bigger(r.json())


def test_it_diffs_a_list_against_one_shared_with_you(alice_api, bob_api):
    shared = create(bob_api)
    mine = create(alice_api, BIGGER)
    r = alice_api.get(f"/api/v1/lists/{mine['id']}/diff/?shared={shared['share_token']}")
    assert r.status_code == 200, r.text
    expect_bigger(r.json())


def test_it_diffs_lists_on_a_pack_shared_with_you(alice_api, bob_api):
    # Was a 500: saved lists were judged as if no one read them, and a pack is not public.
    official_pack()
    fork = bob_api.post("/api/v1/packs/", json={"fork": {"id": "godslayer", "version": 1},
                                                "name": "House rules"})  # fmt: skip
    assert fork.status_code == 201, fork.text
    shared = create(bob_api, {**RAID, "pack": {"id": fork.json()["id"], "version": 1}})
    mine = create(alice_api, BIGGER)
    r = alice_api.get(f"/api/v1/lists/{mine['id']}/diff/?shared={shared['share_token']}")
    assert r.status_code == 200, r.text
    assert r.json()["entries"]["changed"]


def test_it_diffs_two_posted_documents_without_login(anonymous):
    r = anonymous.post("/api/v1/diff/", json={"before": RAID, "after": BIGGER})
    assert r.status_code == 200, r.text
    expect_bigger(r.json())


def test_it_matches_posted_documents_without_ids_by_card(anonymous):
    strip = lambda doc: {**doc, "entries": [{k: v for k, v in e.items() if k != "id"}  # noqa: E731
                                            for e in doc["entries"]]}  # fmt: skip
    body = anonymous.post("/api/v1/diff/", json={"before": strip(RAID), "after": strip(BIGGER)})
    assert body.status_code == 200, body.text
    assert body.json()["matched_by"] == "card"
    assert {row["card"] for row in body.json()["entries"]["changed"]} == {CAPTAIN, OGRE}


def errors(r):
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"after": RAID}, {("before", "required")}),
        ({"before": RAID, "after": RAID, "extra": 1}, {("extra", "unknown_field")}),
        ({"before": {**RAID, "entries": [{"card": OGRE, "count": 0}]}, "after": RAID},
         {("before.entries[0].count", "invalid")}),
        ({"before": RAID, "after": {**RAID, "system": "no-such-game"}}, {("after.system", "invalid")}),
        ([RAID, RAID], {("", "invalid")}),
    ],
    ids=["missing", "unknown field", "bad count", "unknown system", "not an object"],
)  # fmt: skip
def test_it_refuses_a_malformed_body_by_path(anonymous, body, expected):
    r = anonymous.post("/api/v1/diff/", json=body)
    assert r.status_code == 400, r.text
    assert errors(r) == expected


def test_it_refuses_a_body_that_is_not_json(anonymous):
    r = anonymous.post("/api/v1/diff/", data=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["errors"][0]["code"] == "parse_error"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", {("", "one_of")}),
        ("?version=1&against=3", {("", "one_of")}),
        ("?version=abc", {("version", "invalid")}),
        ("?version=0", {("version", "min_value")}),
        ("?version=99999999999", {("version", "max_value")}),
        ("?against=12x", {("against", "invalid")}),
        ("?shared=" + "a" * 65, {("shared", "invalid")}),
        ("?to=2&against=1", {("to", "invalid")}),
    ],
    ids=["nothing", "two", "not a number", "zero", "too big", "bad id", "long token", "to alone"],
)
def test_it_refuses_a_bad_question(alice_api, query, expected):
    created = create(alice_api)
    r = alice_api.get(f"/api/v1/lists/{created['id']}/diff/{query}")
    assert r.status_code == 400, r.text
    assert errors(r) == expected


NOT_FOUND = {"path": "", "code": "not_found"}


def test_it_answers_404_for_what_you_may_not_read(alice_api, bob_api, anonymous):
    mine = create(alice_api)
    theirs = create(bob_api)
    base = f"/api/v1/lists/{mine['id']}/diff/"
    for query in (f"?against={theirs['id']}", "?version=9", "?against=999999", "?shared=nope"):
        r = alice_api.get(base + query)
        assert r.status_code == 404, (query, r.text)
        assert {k: r.json()["errors"][0][k] for k in ("path", "code")} == NOT_FOUND
    # bob's own list with a revoked token: 404 like any unknown token
    r = bob_api.post(f"/api/v1/lists/{theirs['id']}/share/", json={"action": "revoke"})
    assert r.status_code == 200
    assert alice_api.get(base + f"?shared={theirs['share_token']}").status_code == 404
    # a stranger asking about alice's list: 404; anonymous: 403 before any lookup
    r = bob_api.get(base + "?version=1")
    assert (r.status_code, r.json()["errors"][0]["code"]) == (404, "not_found")
    r = anonymous.get(base + "?version=1")
    assert (r.status_code, r.json()["errors"][0]["code"]) == (403, "not_authenticated")
    assert alice_api.get(base + "?version=1").status_code == 200
