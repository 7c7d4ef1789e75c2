"""POST/GET/PATCH /api/v1/events/ and POST /api/v1/events/{id}/join/ over real HTTP:
every field of the answer, every field of the bodies with what it refuses (by path and
code), who may change what, and joining by the link's token."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.support import events as ev
from tests.support.http import token_client
from tests.support.pinned import alices_dearer_pack, official_pack
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)

TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{43}")


def _in(days=7) -> str:
    return (ev.now() + timedelta(days=days)).isoformat()


def _body(**more) -> dict:
    return {"name": "Nordgaard Open", "system": "godslayer", "battle_size": 160, "pack": None,
            "lists_close": _in(7), "reveal": None, **more}  # fmt: skip


def _errors(r) -> set[tuple[str, str]]:
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


def test_opening_an_event_answers_201_with_every_field(alice_api, alice):
    close = ev.now() + timedelta(days=7)
    r = alice_api.post("/api/v1/events/", json=_body(
        lists_close=close.isoformat(), house_rules="No named heroes.", visibility="public",
        player_limit=12))  # fmt: skip
    assert r.status_code == 201, r.text
    e = r.json()
    assert r.headers["Location"].endswith(f"/api/v1/events/{e['id']}/")
    assert isinstance(e["id"], int)
    assert (e["name"], e["system"], e["battle_size"], e["pack"]) == (
        "Nordgaard Open", "godslayer", 160, None)
    assert e["house_rules"] == "No named heroes."
    assert e["lists_close"].startswith(close.strftime("%Y-%m-%dT"))
    assert e["reveal"] is None and e["reveals_at"] == e["lists_close"]
    assert (e["closed"], e["revealed"]) == (False, False)
    assert (e["visibility"], e["player_limit"], e["players"]) == ("public", 12, 0)
    assert e["organiser"] == "alice"
    assert e["role"] == {"organiser": True, "staff": "", "player": False}
    assert TOKEN_SHAPE.fullmatch(e["join_token"])  # 256 random bits
    assert e["join_url"].endswith(f"/e/{e['join_token']}/")
    assert e["staff"] == []
    assert e["url"].endswith(f"/api/v1/events/{e['id']}/")
    assert e["page_url"].endswith(f"/events/{e['id']}/")
    assert e["created_at"] and e["updated_at"]
    # The same through GET, and in the organiser's list of events.
    again = alice_api.get(f"/api/v1/events/{e['id']}/").json()
    assert again == e
    listed = alice_api.get("/api/v1/events/").json()
    assert listed["count"] == 1 and listed["results"][0]["id"] == e["id"]


def test_the_reveal_is_a_time_null_or_never(alice_api):
    at = ev.now() + timedelta(days=9)
    r = alice_api.post("/api/v1/events/", json=_body(reveal=at.isoformat()))
    assert r.status_code == 201, r.text
    assert r.json()["reveal"] == r.json()["reveals_at"] and r.json()["reveal"].startswith(
        at.strftime("%Y-%m-%dT"))
    r = alice_api.post("/api/v1/events/", json=_body(reveal="never"))
    assert r.status_code == 201
    assert (r.json()["reveal"], r.json()["reveals_at"]) == ("never", None)


@pytest.fixture
def bobs_public_pack(live_godslayer, alice, bob):
    """bob's fork of the official Godslayer pack (version 2: the ogre dearer), public."""
    from armylists.packs.services import pack_update

    pack = alices_dearer_pack(bob, official_pack(), name="Bob's Godslayer")
    pack_update(pack=pack, visibility="public")
    return pack


def test_an_event_on_a_players_pack_version(alice_api, bobs_public_pack):
    pack = bobs_public_pack
    r = alice_api.post("/api/v1/events/", json=_body(pack={"id": pack.id, "version": 1}))
    assert r.status_code == 201, r.text
    version = pack.versions.get(number=1)
    assert r.json()["pack"] == {"id": pack.id, "version": 1, "content_hash": version.content_hash,
                                "name": "Bob's Godslayer", "official": False}  # fmt: skip


def test_a_pack_the_organiser_may_not_use_is_refused_as_one_that_does_not_exist(
    alice_api, bobs_public_pack
):
    from armylists.packs.services import pack_update

    pack = bobs_public_pack
    r = alice_api.post("/api/v1/events/", json=_body(pack={"id": pack.id, "version": 9}))
    assert _errors(r) == {("pack.version", "not_found")}
    pack_update(pack=pack, visibility="private")
    private = alice_api.post("/api/v1/events/", json=_body(pack={"id": pack.id, "version": 1}))
    missing = alice_api.post("/api/v1/events/", json=_body(pack={"id": "nope", "version": 1}))
    assert private.status_code == missing.status_code == 400
    assert _errors(private) == _errors(missing) == {("pack", "not_found")}
    assert pack.id not in private.text.replace(f"'{pack.id}'", "")  # named only as sent


CREATE_REFUSALS = [
    # (what is sent instead, the problems by path and code)
    ({"name": None}, {("name", "null")}),
    ({"name": ""}, {("name", "blank")}),
    ({"name": "x" * 201}, {("name", "max_length")}),
    ({"system": "chess"}, {("system", "not_found")}),
    ({"system": "kemet"}, {("system", "no_lists")}),
    ({"system": "no spaces"}, {("system", "invalid")}),
    ({"battle_size": 0}, {("battle_size", "min_value")}),
    ({"battle_size": 100_001}, {("battle_size", "max_value")}),
    ({"battle_size": 1.5}, {("battle_size", "invalid")}),
    ({"pack": {"id": "godslayer"}}, {("pack.version", "required")}),
    ({"pack": {"id": "godslayer", "version": 0}}, {("pack.version", "min_value")}),
    ({"pack": {"id": "x", "version": 1, "token": "t"}}, {("pack.token", "unknown_field")}),
    ({"pack": "godslayer"}, {("pack", "invalid")}),
    ({"lists_close": "tomorrow"}, {("lists_close", "invalid")}),
    ({"lists_close": None}, {("lists_close", "null")}),
    ({"lists_close": "2001-01-01T00:00:00Z"}, {("lists_close", "in_the_past")}),
    ({"lists_close": "2999-01-01T00:00:00Z"}, {("lists_close", "too_far")}),
    ({"reveal": "sometimes"}, {("reveal", "invalid")}),
    ({"reveal": 5}, {("reveal", "invalid")}),
    ({"reveal": "2001-01-01T00:00:00Z"}, {("reveal", "before_close")}),
    ({"house_rules": "x" * 5001}, {("house_rules", "max_length")}),
    ({"visibility": "private"}, {("visibility", "invalid_choice")}),
    ({"player_limit": 0}, {("player_limit", "min_value")}),
    ({"player_limit": 1001}, {("player_limit", "max_value")}),
    ({"join_token": "mine"}, {("join_token", "unknown_field")}),
]


def test_each_bad_field_is_refused_by_path_and_nothing_is_stored(alice_api):
    from armylists.events.models import Event
    from tests.support.shipped import load_shipped

    load_shipped("kemet")
    wrong = []
    for change, expected in CREATE_REFUSALS:
        body = {**_body(), **change}
        if "name" in change and change["name"] is None:
            body["name"] = None
        r = alice_api.post("/api/v1/events/", json=body)
        if r.status_code != 400 or _errors(r) != expected:
            wrong.append((change, r.status_code, r.text[:300]))
    missing = alice_api.post("/api/v1/events/", json={"name": "x"})
    assert _errors(missing) == {("system", "required"), ("lists_close", "required")}
    assert not wrong, wrong
    assert Event.objects.count() == 0


# -- changing it --------------------------------------------------------------------------


@pytest.fixture
def event(live_godslayer, alice, bob):
    made = ev.open_event(alice)
    ev.join(made, bob)
    return made


def test_the_organiser_changes_each_field(alice_api, event):
    close = ev.now() + timedelta(days=3)
    body = {"name": "Renamed", "house_rules": "Bring dice.", "lists_close": close.isoformat(),
            "reveal": "never", "visibility": "public", "player_limit": 20, "battle_size": 200}
    r = alice_api.patch(f"/api/v1/events/{event.pk}/", json=body)
    assert r.status_code == 200, r.text
    e = r.json()
    assert (e["name"], e["house_rules"], e["reveal"], e["visibility"], e["player_limit"],
            e["battle_size"]) == ("Renamed", "Bring dice.", "never", "public", 20, 200)
    assert e["lists_close"].startswith(close.strftime("%Y-%m-%dT")) and e["players"] == 1
    old = e["join_token"]
    renewed = alice_api.patch(f"/api/v1/events/{event.pk}/", json={"renew_join_token": True})
    assert TOKEN_SHAPE.fullmatch(renewed.json()["join_token"]) and renewed.json()[
        "join_token"] != old


def test_a_renewed_link_no_longer_joins(api, alice_api, event):
    charlie = token_client(api, make_user("charlie"))
    old = event.join_token
    alice_api.patch(f"/api/v1/events/{event.pk}/", json={"renew_join_token": True})
    r = charlie.post(f"/api/v1/events/{event.pk}/join/", json={"join_token": old})
    assert r.status_code == 404
    event.refresh_from_db()
    r = charlie.post(f"/api/v1/events/{event.pk}/join/", json={"join_token": event.join_token})
    assert r.status_code == 200 and r.json()["role"]["player"] is True


def test_the_organiser_names_the_staff_and_each_part_changes_what_it_may(api, alice_api, event):
    erik, fay = make_user("erik"), make_user("fay")
    url = f"/api/v1/events/{event.pk}/"
    r = alice_api.patch(url, json={"staff": [{"username": "erik", "rights": "edit"},
                                             {"username": "fay", "rights": "read"}]})
    assert r.status_code == 200, r.text
    assert r.json()["staff"] == [{"username": "erik", "rights": "edit"},
                                 {"username": "fay", "rights": "read"}]  # fmt: skip
    erik_api, fay_api = token_client(api, erik), token_client(api, fay)
    bob_api = token_client(api, event.participants.get(player=True).user)
    seen = erik_api.get(url).json()
    assert seen["role"] == {"organiser": False, "staff": "edit", "player": False}
    assert seen["join_token"] == event.join_token
    assert erik_api.patch(url, json={"name": "By erik"}).status_code == 200
    denied = erik_api.patch(url, json={"staff": []})
    assert denied.status_code == 403 and denied.json()["errors"][0]["code"] == "permission_denied"
    assert fay_api.patch(url, json={"name": "By fay"}).status_code == 403
    player = bob_api.get(url).json()
    assert player["role"] == {"organiser": False, "staff": "", "player": True}
    assert (player["join_token"], player["join_url"], player["staff"]) == (None, None, None)
    assert bob_api.patch(url, json={"name": "By bob"}).status_code == 403
    # Leaving fay out ends her part: the event is a 404 to her again.
    alice_api.patch(url, json={"staff": [{"username": "erik", "rights": "edit"}]})
    assert fay_api.get(url).status_code == 404


@pytest.mark.parametrize(("staff", "expected"), [
    ([{"username": "nobody", "rights": "read"}], {("staff[0].username", "unknown_user")}),
    ([{"username": "alice", "rights": "read"}], {("staff[0].username", "organiser")}),
    ([{"username": "bob", "rights": "read"}, {"username": "bob", "rights": "edit"}],
     {("staff[1].username", "duplicate")}),
    ([{"username": "bob", "rights": "all"}], {("staff[0].rights", "invalid_choice")}),
    ([{"username": "bob"}], {("staff[0].rights", "required")}),
    ([{"username": f"u{i}", "rights": "read"} for i in range(21)], {("staff", "max_length")}),
])  # fmt: skip
def test_the_staff_refused(alice_api, event, staff, expected):
    r = alice_api.patch(f"/api/v1/events/{event.pk}/", json={"staff": staff})
    assert r.status_code == 400 and _errors(r) == expected, r.text


def test_what_no_longer_changes(alice_api, event, bob):
    ev.submit(event, bob, ev.save_list(bob))
    url = f"/api/v1/events/{event.pk}/"
    r = alice_api.patch(url, json={"battle_size": 200, "pack": {"id": "x", "version": 1}})
    assert _errors(r) == {("battle_size", "has_submissions"), ("pack", "has_submissions")}
    # Sent as they are, they are no change: nothing to refuse.
    assert alice_api.patch(url, json={"battle_size": 160, "pack": None}).status_code == 200
    ev.close(event)  # revealed at the close
    r = alice_api.patch(url, json={"lists_close": _in(3), "reveal": "never"})
    assert _errors(r) == {("lists_close", "revealed"), ("reveal", "revealed")}
    same = {"lists_close": event.lists_close.isoformat(), "reveal": None}
    assert alice_api.patch(url, json=same).status_code == 200
    assert alice_api.patch(url, json={"name": "After"}).status_code == 200


def test_closing_early_and_reopening_before_the_reveal(alice_api, event):
    url = f"/api/v1/events/{event.pk}/"
    later = ev.now() + timedelta(days=5)
    r = alice_api.patch(url, json={"lists_close": ev.now().isoformat(),
                                   "reveal": later.isoformat()})  # fmt: skip
    assert r.status_code == 200 and r.json()["closed"] is True and r.json()["revealed"] is False
    r = alice_api.patch(url, json={"lists_close": _in(2)})
    assert r.status_code == 200 and r.json()["closed"] is False
    r = alice_api.patch(url, json={"reveal": ev.now().isoformat()})
    assert _errors(r) == {("reveal", "before_close")}


# -- joining ------------------------------------------------------------------------------


def test_joining_by_the_link(api, event):
    dora = token_client(api, make_user("dora"))
    url = f"/api/v1/events/{event.pk}/join/"
    r = dora.post(url, json={"join_token": event.join_token})
    assert r.status_code == 200, r.text
    assert r.json()["role"] == {"organiser": False, "staff": "", "player": True}
    assert r.json()["players"] == 2 and r.json()["join_token"] is None
    assert dora.post(url, json={"join_token": event.join_token}).status_code == 200  # again
    assert event.participants.filter(player=True).count() == 2
    wrong = dora.post(url, json={"join_token": "x" * 43})
    assert wrong.status_code == 400 and _errors(wrong) == {("join_token", "invalid")}


def test_join_refusals(api, alice, event):
    stranger = token_client(api, make_user("dora"))
    url = f"/api/v1/events/{event.pk}/join/"
    assert stranger.post(url, json={"join_token": "x" * 43}).status_code == 404
    assert stranger.post(f"/api/v1/events/{event.pk + 1}/join/",
                         json={"join_token": event.join_token}).status_code == 404  # fmt: skip
    assert _errors(stranger.post(url, json={})) == {("join_token", "required")}
    assert _errors(stranger.post(url, json={"join_token": "x" * 65})) == {
        ("join_token", "max_length")}
    from armylists.events.models import Event

    Event.objects.filter(pk=event.pk).update(player_limit=1)
    full = stranger.post(url, json={"join_token": event.join_token})
    assert full.status_code == 409 and _errors(full) == {("", "event_full")}
    Event.objects.filter(pk=event.pk).update(player_limit=None)
    ev.close(event)
    closed = stranger.post(url, json={"join_token": event.join_token})
    assert closed.status_code == 409 and _errors(closed) == {("", "event_closed")}


def test_the_list_of_events_costs_the_same_queries_for_few_and_many(alice_api, alice, bob):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from armylists.events import selectors
    from armylists.events.api.common import event_payload

    class Request:  # what event_payload reads of a request
        user = alice

        @staticmethod
        def build_absolute_uri(path):
            return "http://testserver" + path

    counts = []
    for n in (2, 6):
        while selectors.events_of(user=alice).count() < n:
            made = ev.open_event(alice)
            ev.join(made, bob)
        with CaptureQueriesContext(connection) as queries:
            events = list(selectors.events_of(user=alice))
            roles = selectors.roles_in(user=alice, events=events)
            [event_payload(Request, roles[e.pk], ev.now()) for e in events]
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    r = alice_api.get("/api/v1/events/")
    assert r.json()["count"] == 6 and all(e["players"] == 1 for e in r.json()["results"])
