"""POST /api/v1/packs/import/battlescribe/ over real HTTP: a Boarding Action pack from a
BattleScribe catalogue (the hand-written test codex), every field of the answer and of
its report, the next version of one's own pack, and every refusal (400, 403, 404, 413,
429) in the API's error shape, with nothing stored."""

import pytest

from armylists.packs.models import Pack
from tests.support.battlescribe import ROSTERS, zipped
from tests.support.battlescribe_catalogues import CAT, ENTITIES, GST, MALFORMED, catz, zip_bomb
from tests.support.http import Http, token_client
from tests.support.paths import FIXTURES
from tests.support.users import make_user

URL = "/api/v1/packs/import/battlescribe/"
DETAIL_FIELDS = {
    "id", "system", "name", "description", "owner", "official", "visibility",
    "latest_version", "forked_from", "url", "created_at", "updated_at", "deleted",
    "versions", "editors", "can_publish", "can_manage", "share_token", "share_api_url",
}
ROW_FIELDS = {"entry", "entry_id", "type", "became", "card", "unit_type", "points", "models",
              "base_mm", "base_mm_default", "options", "max_per_list", "not_offered",
              "problems", "rules", "limit", "limit_alone"}
REPORT_FIELDS = {"entries", "skipped", "not_evaluated", "applied", "rules", "modifiers"}
EVALUATED_FIELDS = {"where", "modifier", "conditions", "status", "cards"}
EVAL = ROSTERS / "evaluator-test.cat"


@pytest.fixture
def official(transactional_db, live_server):
    from armylists.packs.versions import load_official_pack_file

    return load_official_pack_file(FIXTURES / "boarding-action.yaml")[1]


@pytest.fixture
def alice(api, official, alice):
    return token_client(api, alice)


@pytest.fixture
def bob(api, official, bob):
    return token_client(api, bob)


@pytest.fixture
def anonymous(api, official):
    return Http(api.base)


def send(client, catalogue=CAT, game_system=GST, **fields):
    files = {"catalogue": ("codex.cat", catalogue)}
    if game_system is not None:
        files["game_system"] = ("system.gst", game_system)
    return client.post(URL, files=files, data={"name": "Club Marines", **fields})


def errors(r):
    assert r.headers["Content-Type"].startswith("application/json"), r.text[:200]
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


def mine():
    return Pack.objects.filter(official=False).count()


def test_it_makes_a_private_pack_with_a_report(alice):
    r = send(alice)
    assert r.status_code == 201, r.text
    body = r.json()
    assert set(body) == DETAIL_FIELDS | {"version", "report"}
    assert r.headers["Location"] == body["url"]
    assert (body["system"], body["name"], body["owner"], body["official"],
            body["visibility"], body["latest_version"], body["version"]) == (
        "boarding-action", "Club Marines", "alice", False, "private", 1, 1)
    assert body["forked_from"] is None and body["deleted"] is False
    assert body["can_publish"] is body["can_manage"] is True
    [version] = body["versions"]
    assert version["note"] == "imported from BattleScribe: Muster Test Marines (revision 7)"
    assert version["author"] == "alice"
    # The same fields as GET /api/v1/packs/{id}/ shows.
    detail = alice.get(f"/api/v1/packs/{body['id']}/").json()
    assert {k: body[k] for k in DETAIL_FIELDS} == detail

    report = body["report"]
    assert set(report) == REPORT_FIELDS
    rows = {row["entry"]: row for row in report["entries"]}
    assert sorted(rows) == ["Assault Marines", "Brother Dreadnought", "Chapter Champion",
                            "Land Speeder", "Tactical Marines"]
    assert all(set(row) == ROW_FIELDS for row in rows.values())
    assert rows["Brother Dreadnought"] | {"became": ""} == {
        "entry": "Brother Dreadnought", "entry_id": "se-dread", "type": "model", "became": "",
        "card": "brother-dreadnought", "unit_type": "walker", "points": 100, "models": 1,
        "base_mm": 60, "base_mm_default": True, "options": 1, "max_per_list": None,
        "not_offered": [], "problems": [], "rules": 0, "limit": None, "limit_alone": None}
    assert rows["Chapter Champion"]["max_per_list"] == 1
    assert [s["entry"] for s in report["skipped"]] == ["Legacy Squad", "Chapter Tactics"]
    assert [s["code"] for s in report["skipped"]] == ["hidden", "not_a_unit"]
    assert all({"entry", "entry_id", "reason", "code"} <= set(s) for s in report["skipped"])
    assert report["not_evaluated"] == report["applied"] == []
    assert report["rules"] == [{
        "where": "Chapter Champion", "modifier": "set pts 70",
        "conditions": ["roster has at least 1 selections of Assault Marines"],
        "status": "became a rule", "cards": ["Chapter Champion"]}]
    assert report["modifiers"] == {"total": 1, "applied": 0, "rules": 1, "not_evaluated": 0}


def test_every_modifier_of_a_codex_has_its_outcome_in_the_report(alice):
    body = send(alice, catalogue=EVAL.read_bytes()).json()
    report = body["report"]
    assert report["modifiers"] == {"total": 11, "applied": 5, "rules": 3, "not_evaluated": 3}
    assert all(set(r) == EVALUATED_FIELDS for r in report["applied"] + report["rules"])
    assert {r["status"] for r in report["applied"]} == {"applied"}
    assert {r["status"] for r in report["rules"]} == {"became a rule"}
    assert all(set(r) == {"where", "modifier", "conditions", "status", "reason"}
               and r["status"] == "not evaluated" and r["reason"]
               for r in report["not_evaluated"])
    shield = next(r for r in report["applied"] if r["modifier"] == "set pts 15")
    assert shield == {"where": "Vanguard Captain > Vanguard Captain > Void Shield",
                      "modifier": "set pts 15", "conditions": [], "status": "applied",
                      "cards": ["Vanguard Captain"]}
    rows = {r["entry"]: r for r in report["entries"]}
    assert (rows["Vanguard Captain"]["rules"], rows["Strike Squad"]["rules"]) == (2, 1)


def test_the_stored_version_holds_the_mapped_cards(alice):
    body = send(alice).json()
    r = alice.get(f"/api/v1/packs/{body['id']}/versions/1/")
    document = r.json()["document"]
    cards = {c["key"]: c for c in document["cards"]}
    assert cards["assault-marines"]["points"] == 86
    assert cards["assault-marines"]["attributes"]["base_unconfirmed"] is True
    assert {o["key"] for o in cards["assault-marines"]["options"]} == {"opt-melta-bombs",
                                                                      "opt-jump-packs"}
    assert cards["tactical-marines"]["attributes"]["battlescribe_id"] == "sse-tactical"


def test_zipped_files_a_catalogue_alone_and_another_cost_type(alice):
    r = send(alice, catalogue=catz(), game_system=zipped({"system.gst": GST}))
    assert r.status_code == 201, r.text
    assert len(r.json()["report"]["entries"]) == 5
    # Without its game system, the links into it are reported, not followed.
    alone = send(alice, game_system=None)
    assert alone.status_code == 201, alone.text
    rows = {row["entry"]: row for row in alone.json()["report"]["entries"]}
    assert rows["Assault Marines"]["problems"] == [
        "el-as-pistol: no entry with id gs-bolt-pistol", "el-as-melta: no entry with id gs-melta-bombs"]
    pl = send(alice, cost_type="PL")
    assert pl.status_code == 201, pl.text
    assert {row["points"] for row in pl.json()["report"]["entries"]} == {0}


def test_the_next_version_of_ones_own_pack(alice, bob):
    first = send(alice).json()
    changed = CAT.replace(b'value="17.0"', b'value="16.0"')
    r = send(alice, catalogue=changed, pack=first["id"], name="Club Marines")
    assert r.status_code == 201, r.text
    body = r.json()
    assert (body["id"], body["version"], body["latest_version"]) == (first["id"], 2, 2)
    rows = {row["entry"]: row for row in body["report"]["entries"]}
    assert rows["Assault Marines"]["points"] == 18 + 4 * 16
    # The same catalogue again: nothing changed, nothing to publish.
    again = send(alice, catalogue=changed, pack=first["id"])
    assert again.status_code == 400
    assert errors(again) == {("document", "unchanged")}
    # Someone else's pack: private, so it does not exist for him.
    r = send(bob, pack=first["id"])
    assert r.status_code == 404, r.text
    assert errors(r) == {("", "not_found")}


def test_an_editor_may_import_a_version_a_reader_may_not(alice, bob, api):
    first = send(alice).json()
    assert alice.patch(f"/api/v1/packs/{first['id']}/",
                       json={"visibility": "public"}).status_code == 200
    r = send(bob, pack=first["id"])
    assert r.status_code == 403, r.text
    assert errors(r) == {("", "permission_denied")}
    assert alice.patch(f"/api/v1/packs/{first['id']}/", json={"editors": ["bob"]}).status_code == 200
    assert send(bob, pack=first["id"], catalogue=catz(CAT.replace(b'value="50.0"', b'value="45.0"'))).status_code == 201


def test_login_is_required(anonymous):
    before = mine()
    r = send(anonymous)
    assert r.status_code == 403, r.text
    assert errors(r) == {("", "not_authenticated")}
    assert mine() == before


REFUSED = [
    ("malformed", {"catalogue": MALFORMED}, {("catalogue", "invalid_xml")}),
    ("entity expansion", {"catalogue": ENTITIES}, {("catalogue", "forbidden_xml")}),
    ("zip bomb", {"catalogue": zip_bomb()}, {("catalogue", "too_large")}),
    ("two catalogues zipped", {"catalogue": zipped({"a.cat": CAT, "b.cat": CAT})},
     {("catalogue", "invalid_zip")}),
    ("a catalogue as the game system", {"game_system": CAT},
     {("game_system", "not_a_game_system")}),
    ("a broken game system", {"game_system": MALFORMED}, {("game_system", "invalid_xml")}),
    ("another game system", {"game_system": GST.replace(b'"gs-muster-test"', b'"gs-x"')},
     {("catalogue", "wrong_game_system")}),
    ("no name", {"name": ""}, {("name", "required")}),
    ("a long name", {"name": "x" * 101}, {("name", "invalid")}),
    ("an unknown field", {"colour": "red"}, {("colour", "unknown_field")}),
    ("a game without catalogues", {"system": "godslayer"}, {("system", "not_importable")}),
]


@pytest.mark.parametrize(("what", "change", "expected"), REFUSED, ids=[r[0] for r in REFUSED])
def test_it_refuses_with_the_reason_and_stores_nothing(alice, what, change, expected):
    before = mine()
    files = {"catalogue": ("codex.cat", change.pop("catalogue", CAT)),
             "game_system": ("system.gst", change.pop("game_system", GST))}
    r = alice.post(URL, files=files, data={"name": "Club Marines", **change})
    assert r.status_code == 400, r.text
    assert errors(r) == expected
    assert all(e["message"] for e in r.json()["errors"])
    assert mine() == before


def test_a_missing_catalogue_and_a_catalogue_sent_as_text(alice):
    r = alice.post(URL, files={"game_system": ("system.gst", GST)}, data={"name": "x"})
    assert r.status_code == 400 and errors(r) == {("catalogue", "required")}
    # A multipart form whose catalogue is a text field, not a file.
    r = alice.post(URL, files={"catalogue": (None, "not a file"), "name": (None, "x")})
    assert r.status_code == 400, r.text
    assert errors(r) == {("catalogue", "required")}
    r = alice.post(URL, json={"name": "x"})
    assert r.status_code == 415, r.text
    assert errors(r) == {("", "unsupported_media_type")}


def test_a_body_past_the_endpoints_bound_is_413(alice):
    before = mine()
    r = alice.post(URL, files={"catalogue": ("codex.cat", b" " * 25_000_001)},
                   data={"name": "x"})
    assert r.status_code == 413, r.text
    assert errors(r) == {("", "too_large")}
    assert mine() == before


def test_a_real_codex_sized_upload_is_not_refused_for_its_size(alice):
    # 3.3 MB of catalogue and game system (a real codex and its game system), over the
    # 2.5 MB that other endpoints take.
    padded = CAT.replace(b"<selectionEntries>", b"<selectionEntries>" + b" " * 3_300_000, 1)
    r = send(alice, catalogue=padded)
    assert r.status_code == 201, r.text


def test_it_is_rate_limited_like_pack_creation(alice, bob, settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
                                   "pack-write": "1/hour"},
    }  # fmt: skip
    assert send(alice).status_code == 201
    r = send(alice)
    assert r.status_code == 429, r.text
    assert errors(r) == {("", "throttled")} and "Retry-After" in r.headers
    assert send(bob).status_code == 201  # per user


def test_it_is_in_the_openapi_schema_with_an_example(api, official):
    schema = api.get("/api/schema/", headers={"Accept": "application/json"}).json()
    operation = schema["paths"][URL]["post"]
    assert operation["operationId"] == "v1_packs_import_battlescribe"
    body = operation["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert body["required"] == ["catalogue", "name"]
    assert {"catalogue", "game_system", "name", "pack", "cost_type", "system"} == set(
        body["properties"])
    answer = operation["responses"]["201"]["content"]["application/json"]
    assert answer["examples"]
    report = schema["components"]["schemas"]["ImportReport"]["properties"]
    assert set(report) == REPORT_FIELDS
    [example] = answer["examples"].values()
    assert set(example["value"]["report"]) == REPORT_FIELDS
    assert {"400", "403", "404", "413", "429"} <= set(operation["responses"])


def test_a_charlie_stranger_cannot_see_the_imported_pack(alice, api):
    body = send(alice).json()
    charlie = token_client(api, make_user("charlie"))
    r = charlie.get(f"/api/v1/packs/{body['id']}/")
    assert r.status_code == 404
    assert errors(r) == {("", "not_found")}
