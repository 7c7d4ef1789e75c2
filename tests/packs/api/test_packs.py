"""Packs over real HTTP: every field and error of the pack endpoints (list, fork,
import, read, change, delete, publish, versions, diff, download). Who may do what is in
test_api_pack_permissions.py."""

import pytest
import yaml

from armylists.packs.versions import content_hash
from tests.support import packs as pack_helpers
from tests.support.packs import OFFICIAL, card, document_of, fork

# The pack fixtures (users over HTTP, the official pack, alice's fork).
official, alice, bob, charlie, erik, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.charlie,
    pack_helpers.erik, pack_helpers.anonymous, pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

SUMMARY = {"id", "system", "name", "description", "owner", "official", "visibility",
           "latest_version", "forked_from", "url", "created_at", "updated_at", "deleted"}
DETAIL = SUMMARY | {"versions", "editors", "can_publish", "can_manage", "share_token",
                    "share_api_url"}  # fmt: skip
OGRE = "nordgaard-ogre-huscarl"
CAPTAIN = "nordgaard-gestir-captain"


def errors(r):
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


def publish(client, pack_id, document, base=1, note="from the printed cards"):
    return client.post(
        f"/api/v1/packs/{pack_id}/versions/",
        json={"document": document, "note": note, "base_version": base},
    )


# --- listing --------------------------------------------------------------------------


def test_the_official_pack_is_listed_for_everyone(anonymous, official):
    r = anonymous.get("/api/v1/packs/")
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["count"], body["next"], body["previous"]) == (1, None, None)
    [pack] = body["results"]
    assert set(pack) == SUMMARY
    assert {k: pack[k] for k in ("id", "system", "name", "owner", "official", "visibility",
                                 "latest_version", "forked_from", "deleted")} == {
        "id": OFFICIAL, "system": "godslayer", "name": "Godslayer", "owner": None,
        "official": True, "visibility": "public", "latest_version": 1, "forked_from": None,
        "deleted": False,
    }  # fmt: skip
    assert pack["url"].endswith(f"/api/v1/packs/{OFFICIAL}/")


def test_the_list_shows_my_packs_and_public_ones_but_not_others_private_ones(
    alice, bob, alices_pack
):
    mine = {p["id"] for p in alice.get("/api/v1/packs/").json()["results"]}
    theirs = {p["id"] for p in bob.get("/api/v1/packs/").json()["results"]}
    assert mine == {OFFICIAL, alices_pack["id"]} and theirs == {OFFICIAL}
    alice.patch(f"/api/v1/packs/{alices_pack['id']}/", json={"visibility": "link"})
    assert {p["id"] for p in bob.get("/api/v1/packs/").json()["results"]} == {OFFICIAL}
    alice.patch(f"/api/v1/packs/{alices_pack['id']}/", json={"visibility": "public"})
    assert {p["id"] for p in bob.get("/api/v1/packs/").json()["results"]} == {
        OFFICIAL, alices_pack["id"]}  # fmt: skip


def test_the_list_filters_by_system(alice, alices_pack):
    assert alice.get("/api/v1/packs/?system=godslayer").json()["count"] == 2
    assert alice.get("/api/v1/packs/?system=trupp").json()["count"] == 0


@pytest.mark.parametrize(
    ("query", "expected"),
    [("system=no%20such!", {("system", "invalid")}), ("page_size=0", {("page_size", "invalid")}),
     ("sytem=godslayer", {("sytem", "unknown_parameter")}), ("page=", {("page", "invalid")}),
     ("page=x", {("page", "invalid")})],
)  # fmt: skip
def test_the_list_refuses_a_bad_query_by_name(anonymous, query, expected):
    r = anonymous.get(f"/api/v1/packs/?{query}")
    assert r.status_code == 400, r.text
    assert errors(r) == expected


def test_the_list_costs_the_same_queries_for_one_pack_and_for_many(alice, official):
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    user = get_user_model().objects.get(username="alice")
    client = Client()
    client.force_login(user)
    with CaptureQueriesContext(connection) as one:
        assert client.get("/api/v1/packs/").status_code == 200
    for i in range(8):
        assert fork(alice, name=f"Fork {i}").status_code == 201
    with CaptureQueriesContext(connection) as many:
        r = client.get("/api/v1/packs/")
    assert r.json()["count"] == 9
    assert len(many) == len(one), [q["sql"] for q in many.captured_queries]
    assert len(one) <= 6, [q["sql"] for q in one.captured_queries]


# --- fork and import ------------------------------------------------------------------


def test_a_fork_is_a_private_copy_of_the_version(alice, official):
    r = fork(alice, name="Club Godslayer")
    assert r.status_code == 201, r.text
    pack = r.json()
    assert set(pack) == DETAIL
    assert r.headers["Location"] == pack["url"]
    assert {k: pack[k] for k in ("system", "name", "owner", "official", "visibility",
                                 "latest_version", "forked_from", "editors", "can_publish",
                                 "can_manage", "deleted")} == {
        "system": "godslayer", "name": "Club Godslayer", "owner": "alice", "official": False,
        "visibility": "private", "latest_version": 1,
        "forked_from": {"id": OFFICIAL, "version": 1}, "editors": [], "can_publish": True,
        "can_manage": True, "deleted": False,
    }  # fmt: skip
    [version] = pack["versions"]
    assert set(version) == {"number", "note", "author", "created_at", "content_hash"}
    assert version["number"] == 1 and version["author"] == "alice"
    assert version["note"] == "forked from Godslayer v1"
    assert version["content_hash"] == official.content_hash
    assert document_of(alice, pack["id"]) == official.document
    assert len(pack["share_token"]) >= 43  # 256 bits, base64
    assert pack["share_api_url"].endswith(f"/api/v1/packs/by-token/{pack['share_token']}/")


def test_an_import_is_checked_whole_and_becomes_version_1(alice, official):
    document = document_of(alice, OFFICIAL)
    card(document, OGRE)["points"] = 25
    r = alice.post("/api/v1/packs/", json={"system": "godslayer", "name": "From my cards",
                                           "document": document, "note": "typed in"})
    assert r.status_code == 201, r.text
    pack = r.json()
    assert pack["forked_from"] is None and pack["latest_version"] == 1
    assert pack["versions"][0]["note"] == "typed in"
    assert pack["versions"][0]["content_hash"] == content_hash(document)
    assert card(document_of(alice, pack["id"]), OGRE)["points"] == 25


def test_an_import_names_every_problem_by_path(alice, official):
    document = document_of(alice, OFFICIAL)
    card(document, OGRE)["points"] = -1
    document["cards"][0]["items"][0]["key"] = "no-such-item"
    r = alice.post("/api/v1/packs/", json={"system": "godslayer", "name": "x",
                                           "document": document})
    assert r.status_code == 400, r.text
    ogre = next(i for i, c in enumerate(document["cards"]) if c["key"] == OGRE)
    # The schema first: a pack that breaks it is not checked for references yet.
    assert errors(r) == {(f"document.cards[{ogre}].points", "invalid")}
    card(document, OGRE)["points"] = 1
    r = alice.post("/api/v1/packs/", json={"system": "godslayer", "name": "x",
                                           "document": document})
    assert errors(r) == {("document.cards[0].items[0].key", "invalid")}
    assert "unknown item 'no-such-item'" in r.text
    assert alice.get("/api/v1/packs/").json()["count"] == 1  # nothing was created


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({}, {("name", "required")}),  # the fields first, then which of the two
        ({"name": "x"}, {("", "fork_or_import")}),
        ({"name": "x", "fork": {"id": OFFICIAL, "version": 1}, "system": "godslayer"},
         {("", "fork_or_import")}),
        ({"name": "x", "system": "godslayer"}, {("document", "required")}),
        ({"name": "x", "fork": {"id": OFFICIAL}}, {("fork.version", "required")}),
        ({"name": "x", "fork": {"id": OFFICIAL, "version": 0}}, {("fork.version", "min_value")}),
        ({"name": "", "fork": {"id": OFFICIAL, "version": 1}}, {("name", "blank")}),
        ({"name": "x" * 101, "fork": {"id": OFFICIAL, "version": 1}}, {("name", "max_length")}),
        ({"name": "x", "fork": {"id": OFFICIAL, "version": 1}, "owner": "bob"},
         {("owner", "unknown_field")}),
        ({"name": "x\u0000", "fork": {"id": OFFICIAL, "version": 1}}, {("name", "nul_character")}),
        ({"name": "x", "system": "godslayer", "document": "a pack"}, {("document", "invalid")}),
        ({"name": "x", "system": "trupp", "document": {"format": "muster-pack/1",
          "system": {"key": "godslayer", "name": "G", "data_version": "1"}}},
         {("document.system.key", "wrong_system")}),
        ({"name": "x", "system": "godslayer", "document": {"format": "muster-pack/1",
          "system": {"key": "godslayer", "name": "G", "data_version": "1"},
          "factions": [{"key": f"f{i}", "name": "F"} for i in range(2001)]}},
         {("document.factions", "too_many_rows")}),
        ({"name": "x", "system": "godslayer", "document": {"format": "muster-pack/1",
          "system": {"key": "godslayer", "name": "G", "data_version": "1",
                     "attributes": {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {"i": {
                         "j": {"k": {"l": {"m": {"n": {"o": {"p": {}}}}}}}}}}}}}}}}}}}},
         {("document.system.attributes.a.b.c.d.e.f.g.h.i.j.k.l.m", "too_deep")}),
    ],
    ids=["empty", "neither", "both", "import without document", "fork without version",
         "version 0", "blank name", "long name", "unknown field", "NUL", "document not an object",
         "another game's document", "too many rows", "too deep"],
)  # fmt: skip
def test_a_bad_create_body_is_refused_by_path(alice, body, expected):
    r = alice.post("/api/v1/packs/", json=body)
    assert r.status_code == 400, r.text
    assert errors(r) == expected
    assert alice.get("/api/v1/packs/").json()["count"] == 1


@pytest.mark.parametrize("ref", [{"id": "nope", "version": 1}, {"id": OFFICIAL, "version": 2}])
def test_forking_what_does_not_exist_is_404(alice, ref):
    r = alice.post("/api/v1/packs/", json={"fork": ref, "name": "x"})
    assert r.status_code == 404, r.text
    assert errors(r) == {("", "not_found")}


def test_creating_and_publishing_are_rate_limited_per_user(alice, bob, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                   "pack-write": "2/hour"},
    }  # fmt: skip
    first = fork(alice)
    assert first.status_code == 201
    document = document_of(alice, first.json()["id"])
    card(document, OGRE)["points"] = 21
    assert publish(alice, first.json()["id"], document).status_code == 201
    r = fork(alice)
    assert r.status_code == 429, r.text
    assert errors(r) == {("", "throttled")} and "Retry-After" in r.headers
    assert alice.get("/api/v1/packs/").status_code == 200  # reading is not counted
    assert fork(bob).status_code == 201  # per user


# --- read, change, delete -------------------------------------------------------------


def test_the_detail_of_the_official_pack(anonymous, official):
    r = anonymous.get(f"/api/v1/packs/{OFFICIAL}/")
    assert r.status_code == 200, r.text
    pack = r.json()
    assert set(pack) == DETAIL
    assert (pack["editors"], pack["can_publish"], pack["can_manage"], pack["share_token"],
            pack["share_api_url"]) == (None, False, False, None, None)  # fmt: skip
    assert [v["number"] for v in pack["versions"]] == [1]
    assert pack["versions"][0]["author"] is None


def test_the_owner_changes_name_description_visibility_and_editors(alice, erik, alices_pack):
    url = f"/api/v1/packs/{alices_pack['id']}/"
    r = alice.patch(url, json={"name": "Club data", "description": "From the cards, 2026",
                               "visibility": "link", "editors": ["erik"]})
    assert r.status_code == 200, r.text
    pack = r.json()
    assert (pack["name"], pack["description"], pack["visibility"], pack["editors"]) == (
        "Club data", "From the cards, 2026", "link", ["erik"])  # fmt: skip
    seen_by_erik = erik.get(url).json()
    assert (seen_by_erik["editors"], seen_by_erik["can_publish"], seen_by_erik["can_manage"],
            seen_by_erik["share_token"]) == (["erik"], True, False, None)  # fmt: skip
    assert alice.patch(url, json={"editors": []}).json()["editors"] == []
    assert erik.get(url).status_code == 404  # private, and no editor any more


def test_a_renewed_token_ends_the_old_link(alice, bob, alices_pack):
    url = f"/api/v1/packs/{alices_pack['id']}/"
    old = alice.patch(url, json={"visibility": "link"}).json()["share_token"]
    assert bob.get(f"/api/v1/packs/by-token/{old}/").status_code == 200
    new = alice.patch(url, json={"renew_token": True}).json()["share_token"]
    assert new != old
    assert bob.get(f"/api/v1/packs/by-token/{old}/").status_code == 404
    assert bob.get(f"/api/v1/packs/by-token/{new}/").json()["id"] == alices_pack["id"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"visibility": "everyone"}, {("visibility", "invalid_choice")}),
        ({"editors": ["nobody-here"]}, {("editors[0]", "unknown_user")}),
        ({"editors": ["alice"]}, {("editors[0]", "owner")}),
        ({"editors": ["x"] * 51}, {("editors", "max_length")}),
        ({"name": ""}, {("name", "blank")}),
        ({"description": "x" * 2001}, {("description", "max_length")}),
        ({"owner": "bob"}, {("owner", "unknown_field")}),
        ({"renew_token": "yes please"}, {("renew_token", "invalid")}),
    ],
)  # fmt: skip
def test_a_bad_change_is_refused_by_path_and_changes_nothing(alice, alices_pack, body, expected):
    url = f"/api/v1/packs/{alices_pack['id']}/"
    r = alice.patch(url, json=body)
    assert r.status_code == 400, r.text
    assert errors(r) == expected
    after = alice.get(url).json()
    assert {k: after[k] for k in ("name", "visibility", "editors", "share_token")} == {
        k: alices_pack[k] for k in ("name", "visibility", "editors", "share_token")}  # fmt: skip


def test_a_deleted_pack_leaves_the_lists_but_its_versions_stay_readable(alice, alices_pack):
    url = f"/api/v1/packs/{alices_pack['id']}/"
    assert alice.delete(url).status_code == 204
    assert alice.get("/api/v1/packs/").json()["count"] == 1
    detail = alice.get(url)
    assert detail.status_code == 200 and detail.json()["deleted"] is True
    assert (detail.json()["can_publish"], detail.json()["can_manage"]) == (False, False)
    assert alice.get(f"{url}versions/1/").status_code == 200
    assert alice.get(f"{url}versions/1/download/").status_code == 200
    for r in (alice.patch(url, json={"name": "x"}), alice.delete(url),
              publish(alice, alices_pack["id"], {}),
              fork(alice, pack_id=alices_pack["id"])):  # fmt: skip
        assert r.status_code == 404, r.text


# --- publish, versions, diff, download ------------------------------------------------


def test_publishing_makes_the_next_version(alice, alices_pack):
    document = document_of(alice, alices_pack["id"])
    card(document, OGRE).update(points=26, aal=3)
    r = publish(alice, alices_pack["id"], document, note="points from the printed cards")
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == {"version", "content_hash", "url"}
    assert body["version"] == 2 and body["content_hash"] == content_hash(document)
    assert r.headers["Location"] == body["url"]
    assert body["url"].endswith(f"/api/v1/packs/{alices_pack['id']}/versions/2/")
    got = alice.get(f"/api/v1/packs/{alices_pack['id']}/versions/2/").json()
    assert set(got) == {"version", "note", "author", "created_at", "content_hash", "document"}
    assert (got["version"], got["note"], got["author"], got["document"]) == (
        2, "points from the printed cards", "alice", document)  # fmt: skip
    assert alice.get(f"/api/v1/packs/{alices_pack['id']}/").json()["latest_version"] == 2


def test_publishing_from_an_old_version_is_a_conflict(alice, erik, alices_pack):
    alice.patch(f"/api/v1/packs/{alices_pack['id']}/", json={"editors": ["erik"]})
    document = document_of(alice, alices_pack["id"])
    card(document, OGRE)["points"] = 26
    assert publish(erik, alices_pack["id"], document).status_code == 201
    card(document, OGRE)["points"] = 27
    r = publish(alice, alices_pack["id"], document, base=1)
    assert r.status_code == 409, r.text
    assert r.json() == {"errors": [{"path": "base_version", "code": "stale",
                                    "message": "base_version is not the latest: version 2 is"}]}
    assert publish(alice, alices_pack["id"], document, base=2).json()["version"] == 3


@pytest.mark.parametrize(
    ("change", "body", "expected"),
    [
        (None, {"note": "x", "base_version": 1}, {("document", "required")}),
        (None, {"document": {}, "note": "x"}, {("base_version", "required")}),
        (None, {"document": {}, "base_version": 1, "extra": 1}, {("extra", "unknown_field")}),
        (None, {"document": {}, "base_version": 1, "note": "n" * 501}, {("note", "max_length")}),
        ("unchanged", {}, {("document", "unchanged")}),
        ("bad refs", {}, {("document.cards[0].items[0].key", "invalid"),
                          ("document.cards[1].faction", "invalid")}),
        ("other game", {}, {("document.system.key", "wrong_system")}),
        ("NUL", {}, {("document.cards[0].name", "nul_character")}),
        ("validator params", {}, {("document.validators[1].params.default", "invalid"),
                                  ("document.validators[2].params", "invalid")}),
    ],
)  # fmt: skip
def test_a_bad_publish_names_every_problem(alice, alices_pack, change, body, expected):
    if change is not None:
        document = document_of(alice, alices_pack["id"])
        if change == "bad refs":
            document["cards"][0]["items"][0]["key"] = "no-such-item"
            document["cards"][1]["faction"] = "no-such-faction"
        elif change == "other game":
            document["system"]["key"] = "trupp"
        elif change == "NUL":
            document["cards"][0]["name"] = "Jarl\u0000"
        elif change == "validator params":
            assert [v["code"] for v in document["validators"][1:3]] == ["battle_size", "faction"]
            document["validators"][1]["params"] = {"default": 10**12}
            document["validators"][2]["params"] = {"strict": True}
        body = {"document": document, "note": "", "base_version": 1}
    r = alice.post(f"/api/v1/packs/{alices_pack['id']}/versions/", json=body)
    assert r.status_code == 400, r.text
    assert errors(r) == expected
    assert alice.get(f"/api/v1/packs/{alices_pack['id']}/").json()["latest_version"] == 1


def test_the_diff_names_changes_and_renames(alice, alices_pack):
    pack_id = alices_pack["id"]
    document = document_of(alice, pack_id)
    before_ogre = dict(card(document, OGRE))
    card(document, OGRE).update(points=before_ogre["points"] + 2, aal=3)
    captain = card(document, CAPTAIN)
    captain.update(key="nordgaard-jarl", aliases=[CAPTAIN])
    item = document["items"][0]
    item["points"] = item["points"] + 1
    assert publish(alice, pack_id, document).status_code == 201
    r = alice.get(f"/api/v1/packs/{pack_id}/diff/?from=1&to=2")
    assert r.status_code == 200, r.text
    assert r.json() == {"from": 1, "to": 2, "changes": [
        {"kind": "item", "key": item["key"], "change": "changed",
         "fields": {"points": {"before": item["points"] - 1, "after": item["points"]}}},
        {"kind": "card", "key": "nordgaard-jarl", "change": "renamed",
         "fields": {"key": {"before": CAPTAIN, "after": "nordgaard-jarl"}}},
        {"kind": "card", "key": OGRE, "change": "changed",
         "fields": {"aal": {"before": before_ogre["aal"], "after": 3},
                    "points": {"before": before_ogre["points"],
                               "after": before_ogre["points"] + 2}}},
    ]}  # fmt: skip
    assert alice.get(f"/api/v1/packs/{pack_id}/diff/?from=2&to=2").json()["changes"] == []


@pytest.mark.parametrize(
    ("query", "status", "expected"),
    [("", 400, {("from", "invalid"), ("to", "invalid")}),
     ("from=1&to=x", 400, {("to", "invalid")}),
     ("from=0&to=1", 400, {("from", "invalid")}),
     ("from=1&to=1&x=1", 400, {("x", "unknown_parameter")}),
     ("from=1&to=9", 404, {("", "not_found")}),
     ("from=99999999999&to=1", 400, {("from", "invalid")})],
)  # fmt: skip
def test_a_bad_diff_query_is_refused_by_name(alice, alices_pack, query, status, expected):
    r = alice.get(f"/api/v1/packs/{alices_pack['id']}/diff/?{query}")
    assert r.status_code == status, r.text
    assert errors(r) == expected


@pytest.mark.parametrize("number", ["2", "0", "x", "-1", "1" * 40])
def test_a_version_that_does_not_exist_is_404(alice, alices_pack, number):
    for path in ("", "download/"):
        r = alice.get(f"/api/v1/packs/{alices_pack['id']}/versions/{number}/{path}")
        assert r.status_code == 404, r.text
        assert errors(r) == {("", "not_found")}


@pytest.mark.parametrize("fmt", ["yaml", "json"])
def test_a_version_downloads_as_a_file_that_loadpack_reads(alice, alices_pack, fmt, tmp_path):
    from django.core.management import call_command

    from armylists.packs.tables import dump_pack

    document = document_of(alice, alices_pack["id"])
    card(document, OGRE)["points"] = 29
    publish(alice, alices_pack["id"], document)
    r = alice.get(f"/api/v1/packs/{alices_pack['id']}/versions/2/download/?format={fmt}")
    assert r.status_code == 200, r.text
    assert r.headers["Content-Type"] == f"application/{fmt}; charset=utf-8"
    filename = f"godslayer-{alices_pack['id'][:12]}-v2.{fmt}"
    assert r.headers["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert yaml.safe_load(r.text) == document  # JSON is YAML too
    path = tmp_path / filename
    path.write_bytes(r.content)
    call_command("loadpack", str(path))
    assert dump_pack("godslayer") == document


def test_the_default_download_is_yaml_and_an_unknown_format_is_400(alice, alices_pack):
    url = f"/api/v1/packs/{alices_pack['id']}/versions/1/download/"
    assert alice.get(url).headers["Content-Type"] == "application/yaml; charset=utf-8"
    r = alice.get(url + "?format=xml")
    assert r.status_code == 400 and errors(r) == {("format", "unknown_format")}


def test_every_pack_endpoint_is_in_the_schema_with_its_errors(anonymous):
    paths = anonymous.get("/api/schema/?format=json").json()["paths"]
    expected = {
        ("/api/v1/packs/", "get"): {"200", "400", "404"},
        ("/api/v1/packs/", "post"): {"201", "400", "403", "404", "413", "429"},
        ("/api/v1/packs/{pack_id}/", "get"): {"200", "404"},
        ("/api/v1/packs/{pack_id}/", "patch"): {"200", "400", "403", "404", "413"},
        ("/api/v1/packs/{pack_id}/", "delete"): {"204", "403", "404"},
        ("/api/v1/packs/by-token/{token}/", "get"): {"200", "404"},
        ("/api/v1/packs/by-token/{token}/keep/", "post"): {"200", "403", "404"},
        ("/api/v1/packs/by-token/{token}/keep/", "delete"): {"204", "403", "404"},
        ("/api/v1/packs/{pack_id}/versions/", "post"): {"201", "400", "403", "404", "409",
                                                        "413", "429"},
        ("/api/v1/packs/{pack_id}/versions/{number}/", "get"): {"200", "404"},
        ("/api/v1/packs/{pack_id}/versions/{number}/download/", "get"): {"200", "400", "404"},
        ("/api/v1/packs/{pack_id}/diff/", "get"): {"200", "400", "404"},
    }  # fmt: skip
    for (path, method), codes in expected.items():
        assert set(paths[path][method]["responses"]) == codes, (path, method)
