"""Saved lists over real HTTP: every contract field of /api/v1/lists/ and /api/v1/shared/,
every error (400 paths, 404, 409), history, share links, and a constant query count."""

import re
import threading
from datetime import datetime

import pytest

from tests.support.http import Http
from tests.support.users import PASSWORD

pytestmark = pytest.mark.django_db(transaction=True)

CAPTAIN = {"card": "nordgaard-gestir-captain"}  # the Nordgaard Warlord
OGRE = {"card": "nordgaard-ogre-huscarl"}
SUMMARY_FIELDS = {"id", "name", "system", "faction", "battle_size", "role", "version",
                  "data_version", "created_at", "updated_at", "url", "tags"}
DETAIL_FIELDS = SUMMARY_FIELDS | {"document", "share_token", "share_url", "export_url",
                                  "validation", "data_changes"}
TOKEN = re.compile(r"[A-Za-z0-9_-]{22,}")  # urlsafe base64 of >= 128 random bits


def doc(*entries, name="Nordgaard raid", battle_size=160, faction="nordgaard", **extra):
    return {"format": "muster-list/1", "system": "godslayer", "name": name, "faction": faction,
            "battle_size": battle_size, "role": None, "entries": list(entries),
            "special_actions": [], **extra}


def create(client, data=None, status=201):
    r = client.post("/api/v1/lists/", json=data or doc(CAPTAIN))
    assert r.status_code == status, r.text
    return r.json()


def errors_of(response, status=400):
    assert response.status_code == status, response.text
    return {(e["path"], e["code"]) for e in response.json()["errors"]}


def paths_of(response, status=400):
    return {path for path, _code in errors_of(response, status)}


def history(list_id):
    from armylists.models import ArmyListVersion

    return list(ArmyListVersion.objects.filter(army_list_id=list_id)
                .order_by("version").values_list("version", "document"))


# --- create, get, list -----------------------------------------------------------------


def test_it_creates_a_list_with_every_contract_field(alice_api, anonymous):
    document = doc(CAPTAIN, {"card": "nordgaard-huscarl-shieldwall", "size": 5})
    r = alice_api.post("/api/v1/lists/", json=document)
    assert r.status_code == 201, r.text
    body = r.json()
    assert DETAIL_FIELDS <= set(body)
    base = alice_api.base
    assert r.headers["Location"] == f"{base}/api/v1/lists/{body['id']}/"
    assert body["url"] == f"{base}/api/v1/lists/{body['id']}/"
    assert body["export_url"] == f"{base}/api/v1/lists/{body['id']}/export/"
    assert (body["name"], body["system"], body["faction"], body["battle_size"], body["role"]) == (
        "Nordgaard raid", "godslayer", "nordgaard", 160, None)
    assert body["version"] == 1
    system = anonymous.get("/api/v1/systems/godslayer/").json()
    assert body["data_version"] == system["data_version"]
    assert datetime.fromisoformat(body["created_at"]) <= datetime.fromisoformat(body["updated_at"])
    # The document is saved in canonical form: every field present, defaults filled in,
    # and every entry has an id of its own.
    ids = [e.pop("id") for e in body["document"]["entries"]]
    assert len(set(ids)) == 2 and all(re.fullmatch(r"[A-Za-z0-9_-]{1,32}", i) for i in ids)
    assert body["document"]["entries"] == [
        {"card": "nordgaard-gestir-captain", "count": 1, "size": None, "items": [], "options": []},
        {"card": "nordgaard-huscarl-shieldwall", "count": 1, "size": 5, "items": [], "options": []},
    ]
    for entry, id_ in zip(body["document"]["entries"], ids, strict=True):
        entry["id"] = id_
    assert {k: body["document"][k] for k in ("format", "system", "name", "faction", "battle_size")} == {
        k: document[k] for k in ("format", "system", "name", "faction", "battle_size")}
    assert TOKEN.fullmatch(body["share_token"])
    assert body["share_url"] == f"{base}/s/{body['share_token']}/"
    # validation is exactly what POST /api/v1/validate/ answers for the saved document.
    assert body["validation"] == anonymous.post("/api/v1/validate/", json=body["document"]).json()
    assert body["validation"]["valid"] is True and body["validation"]["violations"] == []
    assert {"total", "limit", "entries"} <= set(body["validation"]["points"])
    assert body["data_changes"] == {
        "saved_data_version": system["data_version"], "current_data_version": system["data_version"],
        "changed": False, "changes": [], "new_violations": [],
        "total_before": body["validation"]["points"]["total"],
        "total_now": body["validation"]["points"]["total"],
    }
    assert history(body["id"]) == [(1, body["document"])]


def test_it_saves_an_illegal_list_and_says_why(alice_api):
    body = create(alice_api, doc(OGRE))
    assert body["validation"]["valid"] is False
    assert [v["code"] for v in body["validation"]["violations"]] == ["warlord"]


def test_it_gets_the_same_representation_it_created(alice_api):
    created = create(alice_api)
    r = alice_api.get(f"/api/v1/lists/{created['id']}/")
    assert r.status_code == 200 and r.json() == created


def test_it_refuses_a_malformed_list_and_creates_nothing(alice_api):
    from armylists.models import ArmyList

    data = doc(CAPTAIN, OGRE, {"card": "nordgaard-huscarl-shieldwall", "size": "six"}, battle_size="160")
    assert paths_of(alice_api.post("/api/v1/lists/", json=data)) == {"battle_size", "entries[2].size"}
    found = errors_of(alice_api.post("/api/v1/lists/", json={"system": "chess"}))
    assert found == {("system", "invalid")}
    r = alice_api.session.post(alice_api.base + "/api/v1/lists/", data="{not json",
                           headers={"Content-Type": "application/json"}, timeout=30)
    assert errors_of(r) == {("", "parse_error")}
    assert paths_of(alice_api.post("/api/v1/lists/", json=[1, 2])) == {""}
    assert ArmyList.objects.count() == 0


def test_it_lists_the_callers_lists_newest_first_with_search(alice_api):
    raid = create(alice_api, doc(CAPTAIN, name="Nordgaard raid"))
    horde = create(alice_api, doc(CAPTAIN, name="Ogre horde", faction=None))
    r = alice_api.get("/api/v1/lists/")
    assert r.status_code == 200
    page = r.json()
    assert (page["count"], page["next"], page["previous"]) == (2, None, None)
    lists = page["results"]
    assert [s["id"] for s in lists] == [horde["id"], raid["id"]]
    assert all(set(s) == SUMMARY_FIELDS for s in lists)
    assert lists[0] == {k: horde[k] for k in SUMMARY_FIELDS}
    assert lists[0]["faction"] is None and lists[1]["faction"] == "nordgaard"

    def ids(**params):
        return [s["id"] for s in alice_api.get("/api/v1/lists/", params=params).json()["results"]]

    assert ids(q="HORDE") == [horde["id"]]
    assert ids(q="nordgaard") == [raid["id"]]
    assert ids(q="nothing like it") == []
    assert len(ids(system="godslayer")) == 2
    assert ids(system="kemet") == []


# --- PUT ---------------------------------------------------------------------------


def test_it_replaces_the_document_with_put_and_keeps_the_history(alice_api):
    created = create(alice_api)
    new = doc(CAPTAIN, OGRE, name="Bigger raid", battle_size=300)
    r = alice_api.put(f"/api/v1/lists/{created['id']}/", json={"version": 1, "document": new})
    assert r.status_code == 200, r.text
    body = r.json()
    assert DETAIL_FIELDS <= set(body)
    assert body["version"] == 2 and body["id"] == created["id"]
    assert body["name"] == "Bigger raid" and body["battle_size"] == 300
    assert [e["card"] for e in body["document"]["entries"]] == [CAPTAIN["card"], OGRE["card"]]
    assert len(body["validation"]["points"]["entries"]) == 2
    assert body["share_token"] == created["share_token"]
    assert body["created_at"] == created["created_at"] and body["updated_at"] > created["updated_at"]
    assert [(v, d["name"]) for v, d in history(created["id"])] == [(1, "Nordgaard raid"), (2, "Bigger raid")]
    assert alice_api.get(f"/api/v1/lists/{created['id']}/").json() == body


def test_it_refuses_the_second_of_two_edits_from_the_same_version(alice_api):
    created = create(alice_api)
    url = f"/api/v1/lists/{created['id']}/"
    first = alice_api.put(url, json={"version": 1, "document": doc(CAPTAIN, name="First edit")})
    assert first.status_code == 200 and first.json()["version"] == 2
    second = alice_api.put(url, json={"version": 1, "document": doc(CAPTAIN, OGRE, name="Second edit")})
    assert second.status_code == 409, second.text
    assert second.json() == {
        "errors": [{"path": "version", "code": "conflict", "message":
                    "this list changed elsewhere: you edited version 1, it is now at version 2"}],
        "current_version": 2,
    }
    assert second.json()["errors"][0]["message"].startswith("this list changed elsewhere: ")
    # Nothing was overwritten: both saved versions are in the history, the list is at v2.
    assert [(v, d["name"]) for v, d in history(created["id"])] == [(1, "Nordgaard raid"), (2, "First edit")]
    assert alice_api.get(url).json()["name"] == "First edit"
    # The client still has its document; it can reapply the edit from current_version.
    retry = alice_api.put(url, json={"version": 2, "document": doc(CAPTAIN, OGRE, name="Second edit")})
    assert retry.status_code == 200 and retry.json()["version"] == 3


def test_it_lets_exactly_one_of_two_simultaneous_edits_win(alice_api):
    created = create(alice_api)
    url = f"/api/v1/lists/{created['id']}/"
    start, answers = threading.Barrier(2), {}

    def edit(name):
        client = Http(alice_api.base)
        client.session.headers.update(alice_api.session.headers)
        start.wait()
        answers[name] = client.put(url, json={"version": 1, "document": doc(CAPTAIN, name=name)})

    threads = [threading.Thread(target=edit, args=(name,)) for name in ("edit A", "edit B")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    statuses = sorted((r.status_code, name) for name, r in answers.items())
    assert [s for s, _ in statuses] == [200, 409]
    winner, loser = statuses[0][1], statuses[1][1]
    assert answers[loser].json()["current_version"] == 2
    assert [(v, d["name"]) for v, d in history(created["id"])] == [(1, "Nordgaard raid"), (2, winner)]


@pytest.mark.parametrize(("body", "expected"), [
    ({"document": doc(CAPTAIN)}, {("version", "required")}),
    ({"version": "one", "document": doc(CAPTAIN)}, {("version", "invalid")}),
    ({"version": None, "document": doc(CAPTAIN)}, {("version", "null")}),
    ({"version": 0, "document": doc(CAPTAIN)}, {("version", "min_value")}),
    ({"version": 1}, {("document", "required")}),
    ({"version": 1, "document": None}, {("document", "null")}),
    ({"version": 1, "document": doc(CAPTAIN), "name": "x"}, {("name", "unknown_field")}),
    (doc(CAPTAIN), {("version", "required"), ("document", "required"), ("format", "unknown_field"),
                    ("system", "unknown_field"), ("name", "unknown_field"), ("faction", "unknown_field"),
                    ("battle_size", "unknown_field"), ("role", "unknown_field"),
                    ("entries", "unknown_field"), ("special_actions", "unknown_field")}),
    ([1], {("", "invalid")}),
])
def test_it_refuses_a_put_without_a_good_version_or_document(alice_api, body, expected):
    created = create(alice_api)
    r = alice_api.put(f"/api/v1/lists/{created['id']}/", json=body)
    assert errors_of(r) == expected
    assert history(created["id"]) == [(1, created["document"])]


def test_it_names_document_problems_under_document(alice_api):
    created = create(alice_api)
    url = f"/api/v1/lists/{created['id']}/"
    bad = doc(CAPTAIN, OGRE, {"card": "nordgaard-huscarl-shieldwall", "size": "six"}, battle_size="160")
    assert paths_of(alice_api.put(url, json={"version": 1, "document": bad})) == {
        "document.battle_size", "document.entries[2].size"}
    r = alice_api.put(url, json={"version": 1, "document": [1]})
    assert errors_of(r) == {("document", "invalid")}
    assert "JSON object" in r.json()["errors"][0]["message"]
    r = alice_api.put(url, json={"version": 1, "document": {"system": "chess"}})
    assert paths_of(r) == {"document.system"} and "chess" in r.text
    assert paths_of(alice_api.put(url, json={"version": 1, "document": {"entries": []}})) == {"document.system"}
    # A malformed document is a 400 even from a stale version: nothing to merge.
    assert paths_of(alice_api.put(url, json={"version": 7, "document": bad})) == {
        "document.battle_size", "document.entries[2].size"}
    assert history(created["id"]) == [(1, created["document"])]


# --- PATCH -------------------------------------------------------------------------


def test_it_patches_top_level_fields_into_the_document(alice_api):
    created = create(alice_api, doc(CAPTAIN, OGRE))
    url = f"/api/v1/lists/{created['id']}/"
    r = alice_api.patch(url, json={"version": 1, "name": "Renamed", "battle_size": 200})
    assert r.status_code == 200, r.text
    body = r.json()
    assert DETAIL_FIELDS <= set(body)
    assert body["version"] == 2 and body["name"] == "Renamed" and body["battle_size"] == 200
    assert body["document"] == {**created["document"], "name": "Renamed", "battle_size": 200}
    assert body["validation"]["points"]["limit"] == 200

    r = alice_api.patch(url, json={"version": 2, "document": {"entries": [CAPTAIN]}, "role": "attacker"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["version"] == 3 and body["name"] == "Renamed" and body["role"] == "attacker"
    assert [e["card"] for e in body["document"]["entries"]] == [CAPTAIN["card"]]
    r = alice_api.patch(url, json={"version": 3, "faction": None})
    assert r.status_code == 200 and r.json()["faction"] is None and r.json()["document"]["faction"] is None
    # A top-level field wins over the same field inside "document".
    r = alice_api.patch(url, json={"version": 4, "name": "Top", "document": {"name": "Inner"}})
    assert r.json()["name"] == "Top"
    assert [v for v, _ in history(created["id"])] == [1, 2, 3, 4, 5]


def test_it_refuses_a_stale_patch_with_409(alice_api):
    created = create(alice_api)
    url = f"/api/v1/lists/{created['id']}/"
    assert alice_api.patch(url, json={"version": 1, "name": "First"}).status_code == 200
    r = alice_api.patch(url, json={"version": 1, "name": "Second"})
    assert r.status_code == 409
    assert r.json()["current_version"] == 2 and errors_of(r, 409) == {("version", "conflict")}
    assert alice_api.get(url).json()["name"] == "First"


@pytest.mark.parametrize(("body", "expected"), [
    ({"name": "x"}, {("version", "required")}),
    ({"version": "x", "name": "x"}, {("version", "invalid")}),
    ({"version": 1, "battle_size": "160"}, {("battle_size", "invalid")}),
    ({"version": 1, "battle_size": -1, "name": 5}, {("battle_size", "invalid"), ("name", "invalid")}),
    ({"version": 1, "name": None}, {("name", "null")}),
    ({"version": 1, "document": {"entries": [{"card": "nordgaard-ogre-huscarl", "count": 0}]}},
     {("document.entries[0].count", "invalid")}),
    ({"version": 1, "document": {"system": "chess"}}, {("document.system", "invalid")}),
    ({"version": 1, "document": [CAPTAIN]}, {("document", "invalid")}),
    ({"version": 1, "entries": []}, {("entries", "unknown_field")}),
])
def test_it_refuses_a_bad_patch_by_path(alice_api, body, expected):
    created = create(alice_api)
    r = alice_api.patch(f"/api/v1/lists/{created['id']}/", json=body)
    assert errors_of(r) == expected
    assert history(created["id"]) == [(1, created["document"])]


# --- DELETE ------------------------------------------------------------------------


def test_it_deletes_a_list_and_its_history(alice_api):
    from armylists.models import ArmyList, ArmyListVersion

    created = create(alice_api)
    keep = create(alice_api, doc(CAPTAIN, name="Keep me"))
    url = f"/api/v1/lists/{created['id']}/"
    r = alice_api.delete(url)
    assert r.status_code == 204 and r.content == b""
    assert errors_of(alice_api.get(url), 404) == {("", "not_found")}
    assert errors_of(alice_api.delete(url), 404) == {("", "not_found")}
    assert list(ArmyList.objects.values_list("id", flat=True)) == [keep["id"]]
    assert not ArmyListVersion.objects.filter(army_list_id=created["id"]).exists()
    assert errors_of(anonymous_get(alice_api, f"/api/v1/shared/{created['share_token']}/"), 404)


def anonymous_get(client, path):
    return Http(client.base).get(path)


# --- export and import -------------------------------------------------------------


def test_it_exports_the_document_as_an_attachment(alice_api):
    created = create(alice_api, doc(CAPTAIN, OGRE, name="Nordgaard Raid: Ärger!"))
    r = alice_api.get(f"/api/v1/lists/{created['id']}/export/")
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("application/json")
    assert r.headers["Content-Disposition"] == 'attachment; filename="nordgaard-raid-arger.muster.json"'
    assert r.json() == {**created["document"], "data_version": created["data_version"]}
    # Clicked in a browser, it is the same JSON file, not the browsable API page.
    browser = alice_api.get(f"/api/v1/lists/{created['id']}/export/", headers={"Accept": "text/html,*/*;q=0.8"})
    assert browser.headers["Content-Type"].startswith("application/json") and browser.json() == r.json()
    assert created["export_url"] == alice_api.base + f"/api/v1/lists/{created['id']}/export/"


def test_it_names_an_unnamed_export_by_id(alice_api):
    created = create(alice_api, doc(CAPTAIN, name=""))
    r = alice_api.get(f"/api/v1/lists/{created['id']}/export/")
    assert r.headers["Content-Disposition"] == f'attachment; filename="list-{created["id"]}.muster.json"'


def test_it_imports_an_export_as_a_new_list(alice_api):
    created = create(alice_api, doc(CAPTAIN, OGRE))
    exported = alice_api.get(f"/api/v1/lists/{created['id']}/export/").json()
    r = alice_api.post("/api/v1/lists/import/", json=exported)
    assert r.status_code == 201, r.text
    body = r.json()
    assert DETAIL_FIELDS <= set(body)
    assert r.headers["Location"] == f"{alice_api.base}/api/v1/lists/{body['id']}/"
    assert body["id"] != created["id"] and body["version"] == 1
    assert body["document"] == created["document"] and "data_version" not in body["document"]
    assert body["share_token"] != created["share_token"]
    assert body["validation"] == created["validation"]
    assert alice_api.get("/api/v1/lists/").json()["count"] == 2


def test_it_imports_an_unknown_card_keeping_the_entry(alice_api):
    data = doc(CAPTAIN, {"card": "nordgaard-dragon", "count": 2}, data_version="1999-01")
    r = alice_api.post("/api/v1/lists/import/", json=data)
    assert r.status_code == 201, r.text
    body = r.json()
    entry = body["document"]["entries"][1]
    assert entry.pop("id") and entry == {"card": "nordgaard-dragon", "count": 2, "size": None,
                                         "items": [], "options": []}
    [unknown] = [v for v in body["validation"]["violations"] if v["code"] == "unknown_key"]
    assert unknown["entry"] == 1 and unknown["params"]["path"] == "entries[1].card"
    assert body["validation"]["valid"] is False
    assert body["validation"]["points"]["entries"][1] == 0


def test_it_refuses_a_malformed_import_by_path_and_creates_nothing(alice_api):
    from armylists.models import ArmyList, ArmyListVersion

    create(alice_api)
    before = ArmyList.objects.count(), ArmyListVersion.objects.count()
    data = doc(CAPTAIN, {"card": "nordgaard-ogre-huscarl", "count": "3"}, {"size": 2},
               battle_size=-5, format="muster-list/2")
    r = alice_api.post("/api/v1/lists/import/", json=data)
    assert paths_of(r) == {"format", "battle_size", "entries[1].count", "entries[2]"}
    assert all(e["message"] for e in r.json()["errors"])
    assert paths_of(alice_api.post("/api/v1/lists/import/", json={"system": "chess"})) == {"system"}
    assert paths_of(alice_api.post("/api/v1/lists/import/", json="a string")) == {""}
    assert (ArmyList.objects.count(), ArmyListVersion.objects.count()) == before


# --- share links -------------------------------------------------------------------


def test_it_serves_a_shared_list_to_anyone_without_owner_details(alice_api, anonymous):
    created = create(alice_api, doc(CAPTAIN, OGRE))
    r = anonymous.get(f"/api/v1/shared/{created['share_token']}/")
    assert r.status_code == 200, r.text
    body = r.json()
    for field in ("name", "system", "faction", "battle_size", "role", "document", "validation",
                  "data_changes", "version", "data_version"):
        assert body[field] == created[field], field
    assert not {"id", "owner", "share_token", "share_url", "url", "export_url"} & set(body)
    assert "alice" not in r.text and created["share_token"] not in r.text
    # A logged-in stranger sees the same; the owner too.
    assert Http(alice_api.base).get(f"/api/v1/shared/{created['share_token']}/").json() == body
    assert alice_api.get(f"/api/v1/shared/{created['share_token']}/").json() == body


def test_it_answers_404_for_an_unknown_share_token(anonymous):
    for token in ("x" * 43, "nope", "a.b"):
        r = anonymous.get(f"/api/v1/shared/{token}/")
        assert errors_of(r, 404) == {("", "not_found")}


def test_it_revokes_a_share_link(alice_api, anonymous):
    created = create(alice_api)
    old = created["share_token"]
    r = alice_api.post(f"/api/v1/lists/{created['id']}/share/", json={"action": "revoke"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert DETAIL_FIELDS <= set(body)
    assert body["share_token"] is None and body["share_url"] is None
    assert body["version"] == 1  # sharing is not an edit of the list
    assert errors_of(anonymous.get(f"/api/v1/shared/{old}/"), 404) == {("", "not_found")}
    assert alice_api.get(f"/api/v1/lists/{created['id']}/").json()["share_token"] is None


def test_it_renews_a_share_link(alice_api, anonymous):
    created = create(alice_api)
    old = created["share_token"]
    r = alice_api.post(f"/api/v1/lists/{created['id']}/share/", json={"action": "renew"})
    assert r.status_code == 200, r.text
    new = r.json()["share_token"]
    assert TOKEN.fullmatch(new) and len(new) >= 22 and new != old
    assert r.json()["share_url"] == f"{alice_api.base}/s/{new}/"
    assert anonymous.get(f"/api/v1/shared/{old}/").status_code == 404
    assert anonymous.get(f"/api/v1/shared/{new}/").status_code == 200
    # After a revoke, renew turns sharing back on with yet another token.
    alice_api.post(f"/api/v1/lists/{created['id']}/share/", json={"action": "revoke"})
    again = alice_api.post(f"/api/v1/lists/{created['id']}/share/", json={"action": "renew"}).json()
    assert again["share_token"] not in (None, old, new)
    assert anonymous.get(f"/api/v1/shared/{again['share_token']}/").status_code == 200
    assert anonymous.get(f"/api/v1/shared/{new}/").status_code == 404


@pytest.mark.parametrize(("body", "expected"), [
    ({}, {("action", "required")}),
    ({"action": "delete"}, {("action", "invalid_choice")}),
    ({"action": "renew", "token": "mine"}, {("token", "unknown_field")}),
])
def test_it_refuses_a_bad_share_action(alice_api, body, expected):
    created = create(alice_api)
    r = alice_api.post(f"/api/v1/lists/{created['id']}/share/", json=body)
    assert errors_of(r) == expected
    assert alice_api.get(f"/api/v1/lists/{created['id']}/").json()["share_token"] == created["share_token"]


# --- data changes ------------------------------------------------------------------


def test_it_reports_price_changes_since_the_save(alice_api, anonymous):
    from rules.models import Card

    created = create(alice_api, doc(CAPTAIN, OGRE))
    ogre = Card.objects.get(system__key="godslayer", key=OGRE["card"])
    old_points = ogre.points
    ogre.points = old_points + 7
    ogre.save()
    body = alice_api.get(f"/api/v1/lists/{created['id']}/").json()
    changes = body["data_changes"]
    assert changes["changed"] is True
    assert changes["changes"] == [{"kind": "card", "key": OGRE["card"], "name": "Ogre Huscarl",
                                   "change": "points", "field": "points", "old": old_points,
                                   "new": old_points + 7}]
    assert changes["total_now"] == changes["total_before"] + 7
    assert body["validation"]["points"]["total"] == changes["total_now"]
    shared = anonymous.get(f"/api/v1/shared/{created['share_token']}/").json()
    assert shared["data_changes"] == changes


# --- API tokens --------------------------------------------------------------------


def test_it_hands_out_an_api_token_for_username_and_password(alice_api, anonymous):
    r = anonymous.post("/api/v1/auth/token/", json={"username": "alice", "password": PASSWORD})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    assert token == alice_api.session.headers["Authorization"].removeprefix("Token ")
    assert Http(anonymous.base, token).get("/api/v1/lists/").status_code == 200
    r = anonymous.post("/api/v1/auth/token/", json={"username": "alice", "password": "wrong"})
    assert r.status_code == 400 and set(r.json()) == {"errors"}
    assert "token" not in r.json()


# --- queries and schema ------------------------------------------------------------


def test_it_gets_a_list_in_a_constant_number_of_queries(godslayer, django_assert_num_queries):
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("alice")
    unit = {"card": "nordgaard-huscarl-shieldwall", "size": 6}
    captain = {"card": "nordgaard-gestir-captain", "items": ["nordgaard-bearded-axe", "nordgaard-chainmail"]}
    small = lists_services.list_create(owner=owner, data=doc(captain, OGRE, unit, OGRE, unit))
    big = lists_services.list_create(owner=owner, data=doc(captain, *([OGRE, unit] * 29), {"card": "nordgaard-dragon"}))
    assert (len(small.document["entries"]), len(big.document["entries"])) == (5, 60)
    client = Client()
    client.force_login(owner)
    assert client.get(f"/api/v1/lists/{small.id}/").status_code == 200  # warm the catalogue cache
    with CaptureQueriesContext(connection) as small_queries:
        assert client.get(f"/api/v1/lists/{small.id}/").status_code == 200
    queries = len(small_queries)
    assert queries <= 5, [q["sql"] for q in small_queries.captured_queries]
    with django_assert_num_queries(queries):
        r = client.get(f"/api/v1/lists/{big.id}/")
    assert r.status_code == 200 and len(r.json()["validation"]["points"]["entries"]) == 60


def test_it_documents_every_list_endpoint_with_its_errors(anonymous):
    schema = anonymous.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    document_ref = {"$ref": "#/components/schemas/ListDocument"}
    expected = {
        # 400: a bad page_size; 404: a page past the last (pagination)
        ("/api/v1/lists/", "get"): {"200", "400", "403", "404"},
        # 413: every endpoint with a body refuses one over the size limit
        ("/api/v1/lists/", "post"): {"201", "400", "403", "413"},
        ("/api/v1/lists/{list_id}/", "get"): {"200", "403", "404"},
        ("/api/v1/lists/{list_id}/", "put"): {"200", "400", "403", "404", "409", "413"},
        ("/api/v1/lists/{list_id}/", "patch"): {"200", "400", "403", "404", "409", "413"},
        ("/api/v1/lists/{list_id}/", "delete"): {"204", "403", "404"},
        # 400: an unknown ?format= (json, text, markdown, compact)
        ("/api/v1/lists/{list_id}/export/", "get"): {"200", "400", "403", "404"},
        ("/api/v1/lists/import/", "post"): {"201", "400", "403", "413"},
        ("/api/v1/lists/{list_id}/share/", "post"): {"200", "400", "403", "404", "413"},
        ("/api/v1/shared/{token}/", "get"): {"200", "404"},
        ("/api/v1/shared/{token}/export/", "get"): {"200", "400", "404"},
    }
    for (path, method), codes in expected.items():
        operation = paths[path][method]
        assert set(operation["responses"]) == codes, (path, method)
        assert operation["tags"] == ["lists"], (path, method)
        for code in codes - {"200", "201", "204"}:
            [content] = operation["responses"][code]["content"].values()
            name = "Conflict" if code == "409" else "Errors"
            assert content["schema"] == {"$ref": f"#/components/schemas/{name}"}, (path, method, code)
    for path in ("/api/v1/lists/", "/api/v1/lists/import/"):
        assert paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"] == document_ref
    components = schema["components"]["schemas"]
    assert components["ListPutRequest"]["properties"]["document"]["allOf"] == [document_ref]
    assert components["ListPutRequest"]["required"] == ["document", "version"]
    assert components["ListPatchRequest"]["required"] == ["version"]
    assert components["ListDetail"]["properties"]["validation"]["allOf"] == [
        {"$ref": "#/components/schemas/ValidationResult"}]
    assert "security" not in paths["/api/v1/shared/{token}/"]["get"]
    assert {"200", "400"} <= set(paths["/api/v1/auth/token/"]["post"]["responses"])
