"""Tournament snapshots over real HTTP: the owner freezes (201), anyone with the code
reads (a wrong code: 404), anyone verifies; the snapshot stays as it was after an edit
and after the list is deleted."""

import copy

import pytest

from tests.support.pages import CAPTAIN, OGRE, document

pytestmark = pytest.mark.django_db(transaction=True)

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
FIELDS = {"code", "hash", "url", "api_url", "created_at", "system", "data_version",
          "list_version", "document", "validation"}  # fmt: skip


@pytest.fixture
def raid(alice_api):
    r = alice_api.post("/api/v1/lists/", json=RAID)
    assert r.status_code == 201, r.text
    return r.json()


def freeze(client, list_id):
    return client.post(f"/api/v1/lists/{list_id}/snapshots/")


def test_the_owner_freezes_a_list_and_anyone_reads_it_by_code(alice_api, anonymous, raid):
    r = freeze(alice_api, raid["id"])
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == FIELDS
    assert len(body["code"]) == 20 and body["hash"].startswith(body["code"])
    assert body["url"].endswith(f"/t/{body['code']}/")
    assert r.headers["Location"].endswith(f"/api/v1/snapshots/{body['code']}/")
    assert body["data_version"] == raid["data_version"] and body["list_version"] == 1
    assert body["document"] == {**raid["document"], "data_version": raid["data_version"]}
    assert body["validation"]["valid"] is True and body["validation"]["points"]["total"] == 78

    read = anonymous.get(f"/api/v1/snapshots/{body['code']}/")
    assert read.status_code == 200, read.text
    got = read.json()
    assert set(got) == FIELDS | {"still_valid", "data_changes", "validation_today"}
    assert {k: got[k] for k in FIELDS} == body
    assert got["still_valid"] is True and got["data_changes"]["changed"] is False

    again = freeze(alice_api, raid["id"])
    assert again.status_code == 200 and again.json()["code"] == body["code"]
    listed = alice_api.get(f"/api/v1/lists/{raid['id']}/snapshots/")
    assert [s["code"] for s in listed.json()] == [body["code"]]


def test_a_snapshot_survives_an_edit_and_the_deletion_of_its_list(alice_api, anonymous, raid):
    frozen = freeze(alice_api, raid["id"]).json()
    edited = copy.deepcopy(RAID)
    edited["entries"][1]["count"] = 3
    r = alice_api.put(f"/api/v1/lists/{raid['id']}/", json={"version": 1, "document": edited})
    assert r.status_code == 200, r.text
    url = f"/api/v1/snapshots/{frozen['code']}/"
    after_edit = anonymous.get(url).json()
    assert {k: after_edit[k] for k in FIELDS} == frozen

    second = freeze(alice_api, raid["id"]).json()
    assert second["code"] != frozen["code"] and second["validation"]["valid"] is False
    assert alice_api.delete(f"/api/v1/lists/{raid['id']}/").status_code == 204
    for snapshot in (frozen, second):
        got = anonymous.get(f"/api/v1/snapshots/{snapshot['code']}/")
        assert got.status_code == 200
        assert {k: got.json()[k] for k in FIELDS} == snapshot


def test_verify_matches_an_exported_copy_and_not_one_changed_count(alice_api, anonymous, raid):
    frozen = freeze(alice_api, raid["id"]).json()
    exported = alice_api.get(f"/api/v1/lists/{raid['id']}/export/").json()
    for copy_ in (frozen["document"], exported):
        r = anonymous.post("/api/v1/snapshots/verify/", json={"document": copy_})
        assert r.status_code == 200, r.text
        assert r.json() == {"matches": True, "code": frozen["code"], "url": frozen["url"],
                            "hash": frozen["hash"]}  # fmt: skip
    changed = copy.deepcopy(frozen["document"])
    changed["entries"][1]["count"] = 2
    r = anonymous.post("/api/v1/snapshots/verify/", json={"document": changed})
    assert r.json() == {"matches": False, "code": None, "url": None, "hash": None}


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, {("document", "required")}),
        ({"document": RAID, "code": "x"}, {("code", "unknown_field")}),
        ({"document": {**RAID, "entries": [{"count": 1}]}}, {("document.entries[0]", "invalid")}),
        ({"document": "text"}, {("document", "invalid")}),
    ],
    ids=["missing", "unknown field", "no card", "not an object"],
)
def test_verify_refuses_a_malformed_body_by_path(anonymous, body, expected):
    r = anonymous.post("/api/v1/snapshots/verify/", json=body)
    assert r.status_code == 400, r.text
    assert {(e["path"], e["code"]) for e in r.json()["errors"]} == expected


@pytest.mark.parametrize("code", ["0" * 20, "f" * 19, "g" * 20, "x" * 200, "verify2"])
def test_a_wrong_code_is_404(anonymous, code):
    r = anonymous.get(f"/api/v1/snapshots/{code}/")
    assert r.status_code == 404
    assert r.json()["errors"][0]["code"] == "not_found"


def test_only_the_owner_freezes_or_lists_snapshots(alice_api, bob_api, anonymous, raid):
    url = f"/api/v1/lists/{raid['id']}/snapshots/"
    for method in ("post", "get"):
        r = getattr(bob_api, method)(url)
        assert (r.status_code, r.json()["errors"][0]["code"]) == (404, "not_found")
        r = getattr(anonymous, method)(url)
        assert (r.status_code, r.json()["errors"][0]["code"]) == (403, "not_authenticated")
    assert alice_api.get(url).json() == []
    r = alice_api.post("/api/v1/lists/abc/snapshots/")
    assert r.status_code == 404
