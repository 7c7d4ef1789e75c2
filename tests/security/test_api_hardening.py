"""Every API endpoint that takes a body (lists, play aids, campaigns, events), against every class of bad input: a huge body,
deep nesting, NUL, an unpaired surrogate, a float where a count goes, an unknown field.
Each answer is a 4xx in the JSON error shape naming the field (never a 5xx), and
nothing is stored. In-process (Django's test client): the whole middleware stack runs.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings

from tests.support.mordheim_warband import WARBAND

pytestmark = pytest.mark.django_db

GODSLAYER = {
    "format": "muster-list/1",
    "system": "godslayer",
    "name": "Raid",
    "faction": "nordgaard",
    "battle_size": 160,
    "entries": [{"card": "nordgaard-gestir-captain", "items": ["nordgaard-chainmail"]}],
}
KEMET_SIDE = {"soldiers": 5, "card": "str2-shield2"}


@pytest.fixture(scope="module")
def saved(django_db_setup, django_db_blocker):
    """The packs, alice with a token, a saved Godslayer list and a Mordheim warband: made
    once for the module (loading packs is slow) and rolled back after it."""
    from django.db import transaction
    from rest_framework.authtoken.models import Token

    from armylists.lists import services as lists
    from tests.support.shipped import load_shipped
    from tests.support.users import make_user

    with django_db_blocker.unblock(), transaction.atomic():
        for key in ("godslayer", "mordheim", "kemet", "boarding-action"):
            load_shipped(key)
        alice = make_user("alice")
        raid = lists.list_import(owner=alice, data=GODSLAYER)
        warband = lists.list_import(owner=alice, data=WARBAND)
        token = Token.objects.create(user=alice).key
        # alice organises one event and plays in bob's, whose join token is known.
        from armylists.events.models import Event
        from tests.support import events as ev

        own = ev.open_event(alice)
        joined = ev.open_event(make_user("bob"))
        Event.objects.filter(pk=joined.pk).update(join_token=JOIN_TOKEN)
        joined.refresh_from_db()
        ev.join(joined, alice)
        ENDPOINTS["event submit"][2]["list"] = raid.id
        yield {"token": token, "raid": raid.id, "warband": warband.id, "event": own.pk,
               "joined": joined.pk}
        transaction.set_rollback(True)


@pytest.fixture
def world(saved, db):
    """The module's data; each test's own changes are rolled back after it."""
    return saved


# Each endpoint: (method, path, a good body, where a count goes, auth needed). "{raid}" and
# "{warband}" are the saved lists' ids; "{event}" alice's event, "{joined}" the event she
# joined (its join token JOIN_TOKEN); the list a submission names is set by ``saved``.
JOIN_TOKEN = "hardening0join0token0of0the0tests0000000000"
CLOSE = (datetime.now(UTC) + timedelta(days=30)).isoformat()
ENDPOINTS = {
    "validate": ("POST", "/api/v1/validate/", GODSLAYER, ("entries", 0, "count"), False),
    "render": ("POST", "/api/v1/render/?format=text", GODSLAYER, ("entries", 0, "count"), False),
    "lists create": ("POST", "/api/v1/lists/", GODSLAYER, ("entries", 0, "count"), True),
    "lists import": ("POST", "/api/v1/lists/import/", GODSLAYER, ("entries", 0, "count"), True),
    "lists update": (
        "PUT", "/api/v1/lists/{raid}/", {"version": 1, "document": GODSLAYER},
        ("document", "entries", 0, "count"), True,
    ),
    "lists patch": (
        "PATCH", "/api/v1/lists/{raid}/", {"version": 1, "battle_size": 200},
        ("battle_size",), True,
    ),
    "lists share": ("POST", "/api/v1/lists/{raid}/share/", {"action": "renew"}, None, True),
    "campaign": (
        "POST", "/api/v1/lists/{warband}/campaign/events/",
        {"type": "experience", "entry": 0, "amount": 1}, ("amount",), True,
    ),
    "kemet battle": (
        "POST", "/api/v1/kemet/battles/", {"attacker": KEMET_SIDE, "defender": KEMET_SIDE},
        ("attacker", "soldiers"), False,
    ),
    "hull breach": (
        "POST", "/api/v1/boarding-action/hull-breach/", {"roll": 3}, ("roll",), False,
    ),
    "rout test": (
        "POST", "/api/v1/mordheim/rout-test/", {"members": 10, "out_of_action": 1},
        ("members",), False,
    ),
    "token": (
        "POST", "/api/v1/auth/token/", {"username": "alice", "password": "wrong"}, None, False,
    ),
    "event create": (
        "POST", "/api/v1/events/",
        {"name": "Open", "system": "godslayer", "battle_size": 160, "lists_close": CLOSE},
        ("battle_size",), True,
    ),
    "event patch": (
        "PATCH", "/api/v1/events/{event}/", {"name": "Renamed", "player_limit": 10},
        ("player_limit",), True,
    ),
    "event join": (
        "POST", "/api/v1/events/{joined}/join/", {"join_token": JOIN_TOKEN}, None, True,
    ),
    "event submit": (
        "POST", "/api/v1/events/{joined}/submissions/", {"list": 0}, ("list",), True,
    ),
}
# A string field of each endpoint's body, where NUL and surrogates go.
TEXT_FIELD = {
    "validate": ("name",),
    "render": ("name",),
    "lists create": ("name",),
    "lists import": ("name",),
    "lists update": ("document", "name"),
    "lists patch": ("name",),
    "lists share": ("action",),
    "campaign": ("entry_id",),
    "kemet battle": ("attacker", "card"),
    "hull breach": ("roll",),
    "rout test": ("members",),
    "token": ("username",),
    "event create": ("name",),
    "event patch": ("house_rules",),
    "event join": ("join_token",),
    "event submit": ("list",),
}


def _set(body, where, value):
    body = json.loads(json.dumps(body))
    node = body
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    return body


def _path(where) -> str:
    out = ""
    for part in where:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


def _encode(body) -> bytes:
    # ensure_ascii: surrogates travel as \\ud800 escapes, as a client would send them.
    return json.dumps(body, ensure_ascii=True).encode()


def _stored():
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from armylists.events.models import Event, Participant, Submission
    from armylists.games.mordheim.models import CampaignEvent
    from armylists.models import ArmyList, ArmyListVersion, Workspace

    lists = sorted(ArmyList.objects.values_list("id", "version", "share_token", "name"))
    events = sorted(Event.objects.values_list("id", "name", "player_limit", "join_token"))
    return (
        lists,
        events,
        Participant.objects.count(),
        Submission.objects.count(),
        ArmyListVersion.objects.count(),
        CampaignEvent.objects.count(),
        Workspace.objects.count(),
        Token.objects.count(),
        get_user_model().objects.count(),
    )


def _send(client, world, name, body: bytes, **extra):
    method, path, _good, _count, auth = ENDPOINTS[name]
    if auth:
        extra["HTTP_AUTHORIZATION"] = f"Token {world['token']}"
    return client.generic(
        method, path.format(**world), body, content_type="application/json", **extra
    )


def _refused(response, status=400):
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert errors and all(set(e) == {"path", "message", "code"} for e in errors)
    return errors


def _names(errors, where) -> bool:
    """One error is about the field at ``where`` (or inside it)."""
    path = _path(where)
    return any(e["path"] == path or e["path"].startswith((path + ".", path + "[")) for e in errors)


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_takes_the_good_body_of_each_endpoint(client, world, name):
    """The table's good bodies are good: what the bad ones break is only what they add."""
    response = _send(client, world, name, _encode(ENDPOINTS[name][2]))
    created = ("lists create", "lists import", "campaign", "event create", "event submit")
    expected = 400 if name == "token" else (201 if name in created else 200)
    assert response.status_code == expected, response.content[:500]


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_refuses_a_huge_body_before_reading_it(client, world, name):
    before = _stored()
    body = b'{"name": "' + b"x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE + b'"}'
    errors = _refused(_send(client, world, name, body), 413)
    assert errors[0]["code"] == "too_large"
    assert _stored() == before


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_refuses_deep_nesting_naming_the_field(client, world, name):
    before = _stored()
    where = TEXT_FIELD[name]
    nested = json.loads("[" * 100 + "]" * 100)
    errors = _refused(_send(client, world, name, _encode(_set(ENDPOINTS[name][2], where, nested))))
    assert _names(errors, where), errors
    assert _stored() == before


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_refuses_nesting_deeper_than_any_parser_goes(client, world, name):
    before = _stored()
    body = b'{"name": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    errors = _refused(_send(client, world, name, body))
    assert errors[0]["message"]
    assert _stored() == before


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("text", ["Ra\x00id", "Ra\ud800id", "\udc00"], ids=["nul", "high-surrogate", "low-surrogate"])
def test_it_refuses_strings_the_database_cannot_hold(client, world, name, text):
    before = _stored()
    where = TEXT_FIELD[name]
    errors = _refused(_send(client, world, name, _encode(_set(ENDPOINTS[name][2], where, text))))
    assert _names(errors, where), errors
    assert _stored() == before


@pytest.mark.parametrize("name", [n for n, e in ENDPOINTS.items() if e[3]])
@pytest.mark.parametrize("number", [2.0, 1.5, 1e3], ids=["2.0", "1.5", "1e3"])
def test_it_refuses_a_float_where_a_count_goes(client, world, name, number):
    before = _stored()
    where = ENDPOINTS[name][3]
    errors = _refused(_send(client, world, name, _encode(_set(ENDPOINTS[name][2], where, number))))
    assert _names(errors, where), errors
    assert _stored() == before


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_refuses_an_unknown_field_by_name(client, world, name):
    before = _stored()
    body = {**ENDPOINTS[name][2], "colour": "red"}
    errors = _refused(_send(client, world, name, _encode(body)))
    assert _names(errors, ("colour",)), errors
    assert _stored() == before


@pytest.mark.parametrize("name", ENDPOINTS)
def test_it_refuses_what_is_not_json(client, world, name):
    before = _stored()
    for body in (b"{not json", b"\xff\xfe", b"[1, 2"):
        _refused(_send(client, world, name, body))
    assert _stored() == before
