"""POST/GET /api/v1/events/{id}/submissions/, the submission, the withdrawal and the
exports over real HTTP: every field of a submission, what each refusal says, who sees
whose list before and after the reveal, the frozen copy (judged on the event's pack
version and battle size, never the live list), and the hash that verifies."""

from __future__ import annotations

import copy
import csv
import io
import re

import pytest

from tests.support import events as ev
from tests.support.http import token_client
from tests.support.pinned import DEARER_BY, alices_dearer_pack, official_pack
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)
HEX64 = re.compile(r"[0-9a-f]{64}")


def _errors(r) -> set[tuple[str, str]]:
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


@pytest.fixture
def world(api, live_godslayer, alice, bob):
    """alice's event; bob and dora joined; erik is staff (read); charlie a stranger."""
    event = ev.open_event(alice)
    dora, erik, charlie = make_user("dora"), make_user("erik"), make_user("charlie")
    for player in (bob, dora):
        ev.join(event, player)
    ev.make_staff(event, erik)
    clients = {name: token_client(api, user) for name, user in
               (("alice", alice), ("bob", bob), ("dora", dora), ("erik", erik),
                ("charlie", charlie))}  # fmt: skip
    return event, clients, {"bob": bob, "dora": dora}


def _submit(client, event, list_id):
    return client.post(f"/api/v1/events/{event.pk}/submissions/", json={"list": list_id})


def test_a_submission_answers_201_with_every_field(world):
    event, c, users = world
    bobs = ev.save_list(users["bob"], ev.LEGAL)
    r = _submit(c["bob"], event, bobs.pk)
    assert r.status_code == 201, r.text
    s = r.json()
    assert r.headers["Location"].endswith(f"/api/v1/events/{event.pk}/submissions/{s['id']}/")
    assert HEX64.fullmatch(s["hash"]) and s["code"] == s["hash"][:20]
    assert s["submitted_at"] and s["withdrawn_at"] is None
    assert s["valid"] is True and s["violations"] == []
    assert s["points"] == {"total": 40 + 6, "limit": 160, "entries": [46], "special_actions": []}
    assert (s["player"], s["name"], s["faction"], s["faction_name"]) == (
        "bob", "Legal raid", "nordgaard", "Nordgaard")
    assert (s["current"], s["rejudged"], s["list_pack"], s["list_battle_size"]) == (
        True, False, None, 160)
    assert (s["list"], s["list_version"]) == (bobs.pk, 1)
    assert s["url"].endswith(f"/api/v1/events/{event.pk}/submissions/{s['id']}/")
    assert s["page_url"].endswith(f"/events/{event.pk}/submissions/{s['id']}/")
    # The frozen copy verifies on the snapshot verifier, and its hash is the snapshot's.
    detail = c["alice"].get(f"/api/v1/events/{event.pk}/submissions/{s['id']}/").json()
    assert detail["list"] is None  # bob's list id is bob's business
    verified = c["charlie"].post("/api/v1/snapshots/verify/", json={"document": detail["document"]})
    assert verified.json() == {**verified.json(), "matches": True, "code": s["code"]}


def test_an_illegal_list_says_why_and_the_fixed_one_counts(world):
    event, c, users = world
    bobs = ev.save_list(users["bob"], ev.ILLEGAL)
    first = _submit(c["bob"], event, bobs.pk).json()
    assert first["valid"] is False
    assert [(v["code"], v["entry_id"], v["message"]) for v in first["violations"]] == [
        (ev.ILLEGAL_CODE, "ogres", "Ogre Huscarl fielded 3 times, AAL 2")]
    fixed = copy.deepcopy(ev.ILLEGAL)
    fixed["entries"][1]["count"] = 2
    c["bob"].put(f"/api/v1/lists/{bobs.pk}/", json={"version": 1, "document": fixed})
    second = _submit(c["bob"], event, bobs.pk).json()
    assert second["valid"] is True and second["list_version"] == 2
    listed = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/").json()
    assert [(s["id"], s["current"]) for s in listed["results"]] == [
        (second["id"], True), (first["id"], False)]  # each kept, newest first
    german = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/{first['id']}/",
                          headers={"Accept-Language": "de"}).json()  # fmt: skip
    # The frozen verdict in the reader's language, the card by its German name if any.
    assert german["violations"][0]["message"].endswith("3-mal aufgestellt, ASL 2")


def test_submit_refusals(api, world, alice):
    event, c, users = world
    from armylists.events import submitting
    from tests.support.shipped import load_shipped

    url = f"/api/v1/events/{event.pk}/submissions/"
    assert _errors(c["bob"].post(url, json={})) == {("list", "required")}
    assert _errors(c["bob"].post(url, json={"list": "abc"})) == {("list", "invalid")}
    assert _errors(c["bob"].post(url, json={"list": 0})) == {("list", "min_value")}
    assert _errors(c["bob"].post(url, json={"list": 1, "x": 1})) == {("x", "unknown_field")}
    doras = ev.save_list(users["dora"])
    not_his = _submit(c["bob"], event, doras.pk)
    assert not_his.status_code == 400 and _errors(not_his) == {("list", "not_found")}
    load_shipped("trupp")
    trupp = ev.save_list(users["bob"], {"format": "muster-list/1", "system": "trupp",
                                        "name": "Wardens", "entries": []})  # fmt: skip
    assert _errors(_submit(c["bob"], event, trupp.pk)) == {("list", "wrong_system")}
    mine = ev.save_list(users["bob"])
    stranger = token_client(api, make_user("zed"))
    assert _submit(stranger, event, ev.save_list(make_user("yan")).pk).status_code == 404
    assert _submit(c["charlie"], event, mine.pk).status_code == 404
    staff = _submit(c["erik"], event, mine.pk)
    assert staff.status_code == 403 and _errors(staff) == {("", "not_a_player")}
    organiser = _submit(c["alice"], event, ev.save_list(alice).pk)
    assert organiser.status_code == 403
    submitting.MAX_SUBMISSIONS, limit = 2, submitting.MAX_SUBMISSIONS
    try:
        assert _submit(c["bob"], event, mine.pk).status_code == 201
        assert _submit(c["bob"], event, mine.pk).status_code == 201
        over = _submit(c["bob"], event, mine.pk)
        assert over.status_code == 409 and _errors(over) == {("", "submission_limit")}
    finally:
        submitting.MAX_SUBMISSIONS = limit
    ev.close(event)
    closed = _submit(c["dora"], event, doras.pk)
    assert closed.status_code == 409 and _errors(closed) == {("", "event_closed")}
    assert "closed" in closed.json()["errors"][0]["message"]


def _seen(client, event, **params) -> dict:
    r = client.get(f"/api/v1/events/{event.pk}/submissions/", params=params)
    assert r.status_code == 200, r.text
    return {s["player"]: s for s in reversed(r.json()["results"])}


def test_who_sees_whose_list_before_and_after_the_reveal(world):
    event, c, users = world
    bob_first = _submit(c["bob"], event, ev.save_list(users["bob"], ev.ILLEGAL).pk).json()
    bob_now = _submit(c["bob"], event, ev.save_list(users["bob"]).pk).json()
    dora = _submit(c["dora"], event, ev.save_list(users["dora"]).pk).json()
    assert set(_seen(c["bob"], event)) == {"bob"}
    assert set(_seen(c["dora"], event)) == {"dora"}
    assert c["bob"].get(f"/api/v1/events/{event.pk}/submissions/{dora['id']}/").status_code == 404
    for insider in ("alice", "erik"):
        r = c[insider].get(f"/api/v1/events/{event.pk}/submissions/")
        assert r.json()["count"] == 3
    assert c["charlie"].get(f"/api/v1/events/{event.pk}/submissions/").status_code == 404
    ev.reveal_later(event)  # closed, the reveal tomorrow: still only his own
    assert set(_seen(c["bob"], event)) == {"bob"}
    ev.close(event)  # revealed at the close
    seen = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/").json()["results"]
    assert {(s["player"], s["id"]) for s in seen} == {
        ("bob", bob_now["id"]), ("bob", bob_first["id"]), ("dora", dora["id"])}
    doras = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/{dora['id']}/")
    assert doras.status_code == 200 and doras.json()["document"]["name"] == "Legal raid"
    counting = _seen(c["dora"], event, current="true")
    assert {s["id"] for s in counting.values()} == {bob_now["id"], dora["id"]}
    # dora never sees bob's older list, only the one that counts.
    old = c["dora"].get(f"/api/v1/events/{event.pk}/submissions/{bob_first['id']}/")
    assert old.status_code == 404
    assert _errors(c["bob"].get(f"/api/v1/events/{event.pk}/submissions/",
                                params={"current": "yes"})) == {("current", "invalid")}
    assert _errors(c["bob"].get(f"/api/v1/events/{event.pk}/submissions/",
                                params={"who": "all"})) == {("who", "unknown_parameter")}
    twice = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/?current=true&current=false")
    assert _errors(twice) == {("current", "repeated")}
    for page in ("x", "0", ""):
        r = c["bob"].get(f"/api/v1/events/{event.pk}/submissions/", params={"page": page})
        assert _errors(r) == {("page", "invalid")}, page
        assert _errors(c["bob"].get("/api/v1/events/", params={"page": page})) == {
            ("page", "invalid")}
    assert c["bob"].get("/api/v1/events/", params={"page": 9}).status_code == 404


def test_a_reveal_set_to_never_shows_only_the_organiser_and_staff(world):
    event, c, users = world
    from armylists.events.models import Event

    dora = _submit(c["dora"], event, ev.save_list(users["dora"]).pk).json()
    _submit(c["bob"], event, ev.save_list(users["bob"]).pk)
    Event.objects.filter(pk=event.pk).update(reveal_never=True, reveal_at=None)
    ev.close(event)
    assert set(_seen(c["bob"], event)) == {"bob"}
    assert c["bob"].get(f"/api/v1/events/{event.pk}/submissions/{dora['id']}/").status_code == 404
    assert set(_seen(c["erik"], event)) == {"bob", "dora"}


def test_withdrawing(world):
    event, c, users = world
    url = f"/api/v1/events/{event.pk}/withdraw/"
    none = c["bob"].post(url)
    assert none.status_code == 404 and _errors(none) == {("", "not_found")}
    made = _submit(c["bob"], event, ev.save_list(users["bob"]).pk).json()
    r = c["bob"].post(url)
    assert r.status_code == 200 and r.json()["id"] == made["id"]
    assert r.json()["current"] is False and r.json()["withdrawn_at"]
    assert _seen(c["alice"], event, current="true") == {}
    assert _seen(c["alice"], event)["bob"]["withdrawn_at"]  # kept on record
    assert c["erik"].post(url).status_code == 403
    assert c["charlie"].post(url).status_code == 404
    _submit(c["bob"], event, ev.save_list(users["bob"]).pk)
    ev.close(event)
    closed = c["bob"].post(url)
    assert closed.status_code == 409 and _errors(closed) == {("", "event_closed")}


def test_the_copy_is_judged_on_the_events_pack_and_size_and_the_list_never_changes(
    api, live_godslayer, alice, bob
):
    from armylists.models import ArmyList
    from armylists.packs.services import pack_update

    pack = alices_dearer_pack(alice, official_pack())  # version 2: the ogre dearer
    pack_update(pack=pack, visibility="public")
    event = ev.open_event(alice, pack={"id": pack.id, "version": 2}, battle_size=130)
    ev.join(event, bob)
    data = copy.deepcopy(ev.ILLEGAL)
    data["entries"][1]["count"] = 2
    data["battle_size"] = 400  # a bigger list than the event plays
    bobs = ev.save_list(bob, data)  # on the official data as loaded
    before = (bobs.version, copy.deepcopy(bobs.document))
    s = _submit(token_client(api, bob), event, bobs.pk).json()
    assert (s["rejudged"], s["list_pack"], s["list_battle_size"]) == (True, None, 400)
    assert s["points"]["total"] == 40 + 2 * (38 + DEARER_BY)  # 136: the pack's dearer ogre
    # Legal at its own 400 points on the official data; over the event's 130.
    assert s["points"]["limit"] == 130 and s["valid"] is False
    assert [v["code"] for v in s["violations"]] == ["battle_size"]
    bobs = ArmyList.objects.get(pk=bobs.pk)
    assert (bobs.version, bobs.document) == before
    path = "/" + s["url"].split("/", 3)[3]
    detail = token_client(api, alice).get(path).json()["document"]
    assert detail["pack"] == {"id": pack.id, "version": 2} and detail["battle_size"] == 130


def test_the_exports(world):
    event, c, users = world
    _submit(c["bob"], event, ev.save_list(users["bob"], {**ev.LEGAL, "name": "=HYPERLINK()"}).pk)
    url = f"/api/v1/events/{event.pk}/export/"
    as_json = c["erik"].get(url)
    assert as_json.status_code == 200 and as_json.headers["Content-Type"] == "application/json"
    data = as_json.json()
    assert data["event"]["id"] == event.pk and data["event"]["system"] == "godslayer"
    [only] = data["submissions"]
    assert only["player"] == "bob" and HEX64.fullmatch(only["hash"])
    assert only["document"]["name"] == "=HYPERLINK()" and "data_version" in only["document"]
    text = c["alice"].get(url, params={"format": "text"})
    assert text.headers["Content-Type"].startswith("text/plain")
    assert "Player: bob" in text.text and only["hash"] in text.text
    as_csv = c["alice"].get(url, params={"format": "csv"})
    assert as_csv.headers["Content-Type"].startswith("text/csv")
    assert as_csv.headers["Content-Disposition"] == 'attachment; filename="nordgaard-open.csv"'
    rows = list(csv.reader(io.StringIO(as_csv.text)))
    assert rows[0] == ["player", "list", "faction", "points", "limit", "legal", "submitted_at",
                       "hash"]  # fmt: skip
    assert rows[1][:6] == ["bob", "'=HYPERLINK()", "Nordgaard", "46", "160", "yes"]
    assert rows[1][7] == only["hash"]
    assert rows[2] == ["dora", "", "", "", "", "", "", ""]  # joined, nothing submitted
    assert _errors(c["alice"].get(url, params={"format": "xml"})) == {("format", "unknown_format")}
    assert _errors(c["alice"].get(url, params={"fmt": "csv"})) == {("fmt", "unknown_parameter")}
    assert c["bob"].get(url).status_code == 403
    assert c["charlie"].get(url).status_code == 404
