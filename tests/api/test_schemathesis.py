"""The API against its own OpenAPI schema: schemathesis generates requests from
/api/schema/ and checks every answer (no 5xx, status codes, content types, headers and
bodies as documented, bad data refused, good data accepted) with all its checks.

In-process over WSGI (no server, no network): each operation is one test, run once
anonymously and once with a token, and each gets its examples, its boundary cases
(coverage phase) and FUZZ_EXAMPLES generated cases. The game data, a user with a token
and lists of every kind are made once for the module and rolled back after it, so the
path parameters name real lists (and a share token that works) as well as made-up ones.
"""

from __future__ import annotations

import os
import time

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections, transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tests.support.paths import FIXTURES

# Generated cases per operation and caller in the fuzzing phase (the examples and
# coverage phases add their own): 20 operations x 2 callers, see MIN_CASES.
FUZZ_EXAMPLES = 25
# The whole run must have tried at least this many requests.
MIN_CASES = 2000

# Where a body the schema allows may still be refused (400): what only the server can
# know. An unknown game system or card key (the game data changes at run time), ids of
# entries that must be unique, dice results the rules do not allow together, a wrong
# password. Everywhere else a schema-valid request must be accepted.
KNOWN_ONLY_TO_THE_SERVER = [
    ("POST", "^/api/v1/validate/$"),  # unknown system
    ("POST", "^/api/v1/render/$"),  # unknown system
    ("POST", "^/api/v1/lists/$"),  # unknown system
    ("POST", "^/api/v1/lists/import/$"),  # unknown system; a roster file's content
    ("PUT", "^/api/v1/lists/[^/]+/$"),  # unknown system, duplicate entry ids
    ("PATCH", "^/api/v1/lists/[^/]+/$"),  # the merged document: the same
    ("POST", "^/api/v1/lists/[^/]+/campaign/events/$"),  # the fighter, the dice
    ("POST", "^/api/v1/kemet/battles/$"),  # unknown card keys
    ("POST", "^/api/v1/mordheim/rout-test/$"),  # more out of action than members, Ld due
    ("POST", "^/api/v1/auth/token/$"),  # wrong username or password
    # Exactly one of ?version, ?against, ?shared: OpenAPI cannot say "one of" for query
    # parameters (the description does); and the version or list must exist.
    ("GET", "^/api/v1/lists/[^/]+/diff/$"),
    ("POST", "^/api/v1/diff/$"),  # unknown system, duplicate entry ids
    ("POST", "^/api/v1/snapshots/verify/$"),  # unknown system
    ("POST", "^/api/v1/(godslayer|trupp)/matchup/$"),  # unknown card, weapon or item keys
    # Packs: a fork or an import (one of two), the pack schema and the pack's own keys,
    # user names that exist, versions that exist.
    ("POST", "^/api/v1/packs/$"),
    ("POST", "^/api/v1/packs/[^/]+/versions/$"),
    ("PATCH", "^/api/v1/packs/[^/]+/$"),
    ("GET", "^/api/v1/packs/[^/]+/diff/$"),
    # A BattleScribe catalogue's content (well-formed, a catalogue, its game system's).
    ("POST", "^/api/v1/packs/import/battlescribe/$"),
    # Events: a game that is loaded, a close in the future and a reveal after it, a pack
    # the caller may use, user names that exist; the event's join token; a list of the
    # caller's of the event's game; lists closed (409) or not yet revealed.
    ("POST", "^/api/v1/events/$"),
    ("PATCH", "^/api/v1/events/[^/]+/$"),
    ("POST", "^/api/v1/events/[^/]+/join/$"),
    ("POST", "^/api/v1/events/[^/]+/submissions/$"),
]
ACCEPTED = ["2xx", "400", "401", "403", "404", "409", "429"]

# The token of the test's user (made in its test database, rolled back after): set as
# the schema's own header, so the auth checks know it is the real one.
TOKEN = "schemathesis0fuzzer0token0of0the0tests0"


def _config(token=None):
    auth = {"openapi": {"tokenAuth": {"api_key": f"Token {token}"}}} if token else {}
    return schemathesis.config.SchemathesisConfig.from_dict({**SETTINGS, "auth": auth})


SETTINGS = {
        "generation": {"max-examples": FUZZ_EXAMPLES, "database": "none"},
        "phases": {"stateful": {"enabled": False}},
        "checks": {
            "enabled": True,
            # A body over the size limit is refused before it is read: 413, documented.
            "negative_data_rejection": {
                "expected-statuses": ["400", "401", "403", "404", "405", "406", "409", "413",
                                      "415", "422", "429"],
            },
        },
        "operations": [
            {
                "include-method": method,
                "include-path-regex": path,
                "checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}},
            }
            for method, path in KNOWN_ONLY_TO_THE_SERVER
        ],
}

# CI tries the same cases in every run (derandomised: a red run is the code's fault, and
# it replays); MUSTER_FUZZ_RANDOM=1 draws new ones to go looking for more.
DERANDOMIZE = not os.environ.get("MUSTER_FUZZ_RANDOM")

RUN = {"cases": 0, "seconds": 0.0, "operations": set()}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Game data, a user with a token, and lists of every game: made once, rolled back
    when the module is done."""
    from rest_framework.authtoken.models import Token

    from armylists.lists import services as lists
    from armylists.packs.tables import load_pack_file
    from armylists.packs.versions import record_official_version
    from tests.support.users import make_user

    # Requests go through Django's WSGI handler, whose signals close the database
    # connection after each one; the test's transaction must outlive them (as Django's
    # test client arranges for its own requests).
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        with django_db_blocker.unblock(), transaction.atomic():
            for pack in sorted(FIXTURES.glob("*.yaml")):
                system = load_pack_file(pack)
                # The official pack of each game: real pack ids for the pack endpoints.
                REAL["packs"].append(record_official_version(system.key)[0].pack_id)
            user = make_user("fuzzer")
            Token.objects.create(user=user, key=TOKEN)
            made = [
                lists.list_import(owner=user, data=document) for document in SAMPLE_DOCUMENTS
            ]
            REAL.update(lists=[m.id for m in made], shares=[m.share_token for m in made])
            _events(user, made[0])
            yield
            transaction.set_rollback(True)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


SAMPLE_DOCUMENTS = [
    {"format": "muster-list/1", "system": "godslayer", "name": "Fuzzed raid",
     "faction": "nordgaard", "battle_size": 160,
     "entries": [{"card": "nordgaard-gestir-captain", "items": ["nordgaard-chainmail"]}]},
    {"format": "muster-list/1", "system": "mordheim", "name": "Fuzzed warband",
     "faction": "reikland", "entries": []},
    {"format": "muster-list/1", "system": "boarding-action", "name": "Fuzzed boarders",
     "entries": [{"custom": {"name": "Our own squad", "points": 50}}]},
]


def _events(user, godslayer_list):
    """An event the fuzzer organises, one he plays in with a list submitted: real ids."""
    from tests.support import events as ev
    from tests.support.users import make_user

    own = ev.open_event(user)
    played = ev.open_event(make_user("organiser"))
    ev.join(played, user)
    submitted = ev.submit(played, user, godslayer_list)
    REAL.update(events=[own.pk, played.pk], submissions=[submitted.pk])


def _served_schema() -> dict:
    """/api/schema/ as the app serves it (no database needed: no game data in it)."""
    from django.test import Client

    response = Client().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200, response.content[:500]
    return response.json()


def _app():
    from django.core.wsgi import get_wsgi_application

    return get_wsgi_application()


# A roster import may be a raw zip (.rosz): send generated bytes as they are, like
# application/octet-stream (schemathesis knows no serializer for application/zip).
schemathesis.serializer.alias("application/zip", "application/octet-stream")

_SCHEMA = _served_schema()
anonymous = schemathesis.openapi.from_dict(_SCHEMA, config=_config())
anonymous.app = _app()
with_token = schemathesis.openapi.from_dict(_SCHEMA, config=_config(TOKEN))
with_token.app = anonymous.app
REAL = {"lists": [], "shares": [], "packs": [], "events": [], "submissions": []}  # filled by the world fixture before any case runs


def flatmap_path_parameters(ctx, path_parameters):
    # As often a real list (or share token) as a made-up one, so that more than the 404
    # is tried. The choice is drawn by Hypothesis, so a failure replays.
    choices = [path_parameters]
    if not path_parameters:
        return st.just(path_parameters)
    if "list_id" in path_parameters:
        choices += [{**path_parameters, "list_id": i} for i in REAL["lists"]]
    if "token" in path_parameters:
        choices += [{**path_parameters, "token": t} for t in REAL["shares"]]
    if "pack_id" in path_parameters:
        choices += [{**path_parameters, "pack_id": i} for i in REAL["packs"]]
    if "event_id" in path_parameters:
        choices += [{**path_parameters, "event_id": i, **(
            {"submission_id": REAL["submissions"][0]} if "submission_id" in path_parameters else {}
        )} for i in REAL["events"]]
    return st.sampled_from(choices)


anonymous.hook(flatmap_path_parameters)
with_token.hook(flatmap_path_parameters)


def _call(case):
    started = time.perf_counter()
    try:
        case.call_and_validate()
    finally:
        RUN["cases"] += 1
        RUN["seconds"] += time.perf_counter() - started
        RUN["operations"].add(case.operation.label)


@anonymous.parametrize()
@settings(deadline=None, derandomize=DERANDOMIZE, suppress_health_check=list(HealthCheck))
def test_it_answers_anonymous_callers_as_documented(case, db, world):
    _call(case)


@with_token.parametrize()
@settings(deadline=None, derandomize=DERANDOMIZE, suppress_health_check=list(HealthCheck))
def test_it_answers_a_token_holder_as_documented(case, db, world):
    _call(case)


def test_it_tried_enough_cases():
    """Runs after the two above (file order): the run generated what the README says."""
    print(f"\nschemathesis: {RUN['cases']} cases on {len(RUN['operations'])} operations")
    assert len(RUN["operations"]) >= 20
    assert RUN["cases"] >= MIN_CASES
