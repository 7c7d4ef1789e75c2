"""The text export over the API: every format of every game for saved lists (the owner;
strangers get 404, anonymous callers 403), shared lists (anyone with the link) and unsaved
documents (POST /api/v1/render/); JSON stays the default and unchanged; text/plain to a
client that asks for it; an unknown format is a 400 naming it."""

import pytest

from tests.support.text_export import DOCUMENTS, EXPECTED, FORMATS, TYPICAL_GODSLAYER

pytestmark = pytest.mark.django_db

ANSWER_KEYS = {"format", "text", "characters", "discord_limit", "fits_discord", "valid",
               "share_url"}
CASES = [(game, fmt) for game in DOCUMENTS for fmt in FORMATS]


@pytest.fixture(scope="module")
def _packs(django_db_setup, django_db_blocker):
    """Every game's pack, loaded once for the module and rolled back after it."""
    from django.db import transaction

    from tests.support.shipped import load_shipped

    with django_db_blocker.unblock(), transaction.atomic():
        for key in DOCUMENTS:
            load_shipped(key)
        yield
        transaction.set_rollback(True)


@pytest.fixture
def packs(_packs, db):
    return None


@pytest.fixture
def saved(packs, alice):
    from armylists.lists import services as lists

    return {key: lists.list_import(owner=alice, data=doc) for key, doc in DOCUMENTS.items()}


def render(client, document, fmt, **headers):
    return client.post(f"/api/v1/render/?format={fmt}", document,
                       content_type="application/json", headers=headers)


def _says_all(text: str, game: str):
    missing = [word for word in EXPECTED[game] if word not in text]
    assert not missing, f"{game}: {missing} not in\n{text}"


@pytest.mark.parametrize(("game", "fmt"), CASES)
def test_it_renders_an_unsaved_document_of_every_game(client, packs, game, fmt):
    r = render(client, DOCUMENTS[game], fmt)
    assert r.status_code == 200, r.content
    body = r.json()
    assert set(body) == ANSWER_KEYS
    assert body["format"] == fmt and body["share_url"] is None
    assert body["characters"] == len(body["text"]) and body["discord_limit"] == 2000
    assert body["fits_discord"] is True
    _says_all(body["text"], game)


@pytest.mark.parametrize(("game", "fmt"), CASES)
def test_it_exports_a_saved_list_of_every_game_to_its_owner(alice_client, saved, game, fmt):
    army_list = saved[game]
    r = alice_client.get(f"/api/v1/lists/{army_list.id}/export/?format={fmt}")
    assert r.status_code == 200, r.content
    body = r.json()
    share_url = f"http://testserver/s/{army_list.share_token}/"
    assert body["share_url"] == share_url and share_url in body["text"]
    _says_all(body["text"], game)


@pytest.mark.parametrize(("game", "fmt"), CASES)
def test_it_exports_a_shared_list_of_every_game_to_anyone(client, saved, game, fmt):
    army_list = saved[game]
    r = client.get(f"/api/v1/shared/{army_list.share_token}/export/?format={fmt}")
    assert r.status_code == 200, r.content
    assert r.json()["share_url"] == f"http://testserver/s/{army_list.share_token}/"
    _says_all(r.json()["text"], game)


@pytest.mark.parametrize("fmt", ["json", *FORMATS])
def test_it_answers_strangers_404_and_anonymous_403(client, bob_client, saved, fmt):
    path = f"/api/v1/lists/{saved['godslayer'].id}/export/?format={fmt}"
    r = bob_client.get(path)
    assert r.status_code == 404
    assert r.json() == {"errors": [{"path": "", "message": "no such list", "code": "not_found"}]}
    r = client.get(path)
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "not_authenticated"


def test_it_answers_404_for_a_revoked_share_link(client, saved):
    from armylists.lists import services as lists

    army_list = saved["godslayer"]
    token = army_list.share_token
    lists.list_share_revoke(army_list=army_list)
    r = client.get(f"/api/v1/shared/{token}/export/?format=text")
    assert r.status_code == 404 and r.json()["errors"][0]["code"] == "not_found"


def test_it_keeps_the_json_export_as_it_was(alice_client, client, saved):
    army_list = saved["godslayer"]
    for query in ("", "?format=json"):
        r = alice_client.get(f"/api/v1/lists/{army_list.id}/export/{query}")
        assert r.status_code == 200
        assert r["Content-Type"] == "application/json"
        assert r["Content-Disposition"] == 'attachment; filename="nordgaard-raid.muster.json"'
        body = r.json()
        assert list(body)[:2] == ["format", "system"]
        assert body["data_version"] == army_list.data_version
        assert body["entries"][1]["name"] == "Thorvald"
        assert "$schema" not in body and "text" not in body
    shared = client.get(f"/api/v1/shared/{army_list.share_token}/export/")
    assert shared.json() == body


def test_it_links_the_json_export_to_its_schema_which_is_served(alice_client, client, saved):
    r = alice_client.get(f"/api/v1/lists/{saved['godslayer'].id}/export/")
    assert r["Link"] == ('<http://testserver/api/v1/schemas/list-document/1.json>; '
                         'rel="describedby"; type="application/schema+json"')
    schema = client.get("/api/v1/schemas/list-document/1.json").json()
    assert schema["$id"] == "https://muster.example/schemas/list-document/1.json"
    assert schema["version"].split(".")[0] == "1"
    assert schema["properties"]["format"]["const"] == "muster-list/1"
    assert client.get("/api/v1/schemas/list-document.json").json() == schema
    assert client.get("/api/v1/schemas/list-document/2.json").status_code == 404
    assert client.get("/api/v1/schemas/pack/1.json").status_code == 404


def test_it_takes_its_json_export_back_as_an_import(alice_client, saved):
    exported = alice_client.get(f"/api/v1/lists/{saved['mordheim'].id}/export/").json()
    r = alice_client.post("/api/v1/lists/import/", exported, content_type="application/json")
    assert r.status_code == 201, r.content


def test_it_renders_json_as_export_writes_it(client, packs):
    from rules.models import GameSystem

    r = render(client, DOCUMENTS["godslayer"], "json")
    assert r.status_code == 200 and "describedby" in r["Link"]
    body = r.json()
    assert body["data_version"] == GameSystem.objects.get(key="godslayer").data_version
    assert [e["card"] for e in body["entries"]] == [
        e["card"] for e in DOCUMENTS["godslayer"]["entries"]]
    assert all(e["id"] for e in body["entries"])
    default = client.post("/api/v1/render/", DOCUMENTS["godslayer"],
                          content_type="application/json").json()
    assert set(default) == set(body) and default["name"] == body["name"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_it_answers_the_text_alone_to_a_client_that_accepts_text(client, alice_client, saved,
                                                                  fmt):
    army_list = saved["trupp"]
    for r in (
        render(client, DOCUMENTS["trupp"], fmt, Accept="text/plain"),
        alice_client.get(f"/api/v1/lists/{army_list.id}/export/?format={fmt}",
                         headers={"Accept": "text/plain"}),
        client.get(f"/api/v1/shared/{army_list.share_token}/export/?format={fmt}",
                   headers={"Accept": "text/plain, application/json;q=0.5"}),
    ):
        assert r.status_code == 200
        assert r["Content-Type"] == "text/plain; charset=utf-8"
        assert "Knight Errant" in r.content.decode()
    # */* (curl's default) and JSON first: the JSON answer.
    r = render(client, DOCUMENTS["trupp"], fmt, Accept="*/*")
    assert r["Content-Type"] == "application/json" and r.json()["format"] == fmt


@pytest.mark.parametrize("path", ["/api/v1/lists/{id}/export/", "/api/v1/shared/{token}/export/",
                                  "/api/v1/render/"])
@pytest.mark.parametrize("fmt", ["xml", "TEXT", "", "x" * 300])
def test_it_refuses_an_unknown_format(alice_client, saved, path, fmt):
    army_list = saved["godslayer"]
    url = path.format(id=army_list.id, token=army_list.share_token) + f"?format={fmt}"
    if path.endswith("render/"):
        r = alice_client.post(url, DOCUMENTS["godslayer"], content_type="application/json")
    else:
        r = alice_client.get(url, headers={"Accept": "text/plain"})
    assert r.status_code == 400
    [error] = r.json()["errors"]
    assert error["path"] == "format" and error["code"] == "unknown_format"
    assert "json, text, markdown, compact" in error["message"]


def test_it_refuses_a_malformed_document_as_validate_does(client, packs):
    bad = {**DOCUMENTS["godslayer"], "entries": [{"card": "x", "count": 0}]}
    r = render(client, bad, "text")
    assert r.status_code == 400
    assert r.json()["errors"][0]["path"] == "entries[0].count"
    assert client.post("/api/v1/validate/", bad, content_type="application/json").json() == (
        r.json())


def test_it_fits_a_typical_160_point_godslayer_list_in_one_discord_message(client, packs):
    valid = client.post("/api/v1/validate/", TYPICAL_GODSLAYER, content_type="application/json")
    assert valid.json()["points"]["total"] <= 160 and valid.json()["valid"], valid.json()
    body = render(client, TYPICAL_GODSLAYER, "compact").json()
    assert body["characters"] <= 2000 and body["fits_discord"] is True
    assert "Jarl Thorvald Ironbeard (Gestir Captain)" in body["text"]
    assert body["text"].count("\n") <= 8


def test_it_says_so_when_a_compact_list_does_not_fit(client, packs):
    huge = {**TYPICAL_GODSLAYER,
            "entries": [{"card": "nordgaard-berserker", "name": f"Berserker number {n}"}
                        for n in range(120)]}
    body = render(client, huge, "compact").json()
    assert body["fits_discord"] is False and body["characters"] > 2000
    *lines, last = body["text"].splitlines()
    assert last == f"({len(chr(10).join(lines))} characters: too long for one Discord message of 2000)"
    assert body["valid"] is False
    assert "Not legal" in body["text"]


def test_it_says_what_makes_a_list_illegal(client, packs):
    illegal = {**DOCUMENTS["godslayer"],
               "entries": [{"card": "nordgaard-ogre-huscarl", "count": 3}]}
    for fmt in FORMATS:
        body = render(client, illegal, fmt).json()
        assert body["valid"] is False
        assert "Not legal: " in body["text"] and "AAL 2" in body["text"], body["text"]
    legal = render(client, DOCUMENTS["godslayer"], "markdown").json()
    assert legal["valid"] and "✅ **Legal**" in legal["text"]


def test_it_escapes_markdown_in_names(client, packs):
    doc = {**DOCUMENTS["godslayer"], "name": "**Bold** _raid_ #1"}
    text = render(client, doc, "markdown").json()["text"]
    assert text.splitlines()[0] == r"## \*\*Bold\*\* \_raid\_ \#1"


def test_it_writes_gold_for_mordheim_never_points(client, packs):
    for fmt in FORMATS:
        text = render(client, DOCUMENTS["mordheim"], fmt).json()["text"]
        assert "gc" in text and "pts" not in text and "points" not in text


def test_it_writes_the_text_in_the_readers_language(client, packs):
    body = render(client, DOCUMENTS["trupp"], "text", **{"Accept-Language": "de"}).json()
    assert "Gut" in body["text"] and "Runenklinge" in body["text"] and "Legal" not in body["text"]


def test_it_tells_a_warbands_campaign_experience_and_injuries(alice_client, saved):
    warband = saved["mordheim"]
    events = f"/api/v1/lists/{warband.id}/campaign/events/"
    for event in ({"type": "serious_injury", "entry": 0, "roll": 22},
                  {"type": "experience", "entry": 1, "amount": 3}):
        r = alice_client.post(events, event, content_type="application/json")
        assert r.status_code == 201, r.content
    for fmt in FORMATS:
        text = alice_client.get(f"/api/v1/lists/{warband.id}/export/?format={fmt}").json()["text"]
        assert "injuries: leg wound" in text, text
        assert "experience 3" in text and "treasury" in text and "gc" in text
        assert "pts" not in text


def test_it_documents_the_formats_and_both_answers_in_the_schema(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    paths = schema["paths"]
    for path, method in (("/api/v1/lists/{list_id}/export/", "get"),
                         ("/api/v1/shared/{token}/export/", "get"),
                         ("/api/v1/render/", "post")):
        operation = paths[path][method]
        [fmt] = [p for p in operation["parameters"] if p["name"] == "format"]
        assert fmt["schema"]["enum"] == ["json", "text", "markdown", "compact"]
        assert fmt["schema"]["default"] == "json"
        ok = operation["responses"]["200"]["content"]
        assert set(ok) == {"application/json", "text/plain"}
        assert ok["application/json"]["schema"]["oneOf"] == [
            {"$ref": "#/components/schemas/ListDocument"},
            {"$ref": "#/components/schemas/TextExport"}]
        assert ok["text/plain"]["schema"] == {"type": "string"}
    assert "Link" in paths["/api/v1/lists/{list_id}/export/"]["get"]["responses"]["200"]["headers"]
    assert "security" not in paths["/api/v1/render/"]["post"]
    text_export = schema["components"]["schemas"]["TextExport"]
    assert set(text_export["required"]) == ANSWER_KEYS


def test_it_refuses_a_query_parameter_it_does_not_read(client, saved):
    r = client.get(f"/api/v1/shared/{saved['trupp'].share_token}/export/?fromat=text")
    assert r.status_code == 400
    assert r.json() == {"errors": [{"path": "fromat", "code": "unknown_parameter",
                                    "message": "unknown query parameter: only format is read"}]}
