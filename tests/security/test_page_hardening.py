"""The pages' forms against the same classes of bad input as the API
(tests/security/test_api_hardening.py): a huge body, NUL, a float where a count goes, and in list
files (import, open, the builder's load) also deep nesting, unpaired surrogates and
unknown fields. Each answer is a 400 naming the field beside it, never a 5xx, and
nothing is stored. (A form's text cannot carry an unpaired surrogate: the browser sends
UTF-8, and Django reads undecodable bytes as U+FFFD.)
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.support.users import PASSWORD, make_user

pytestmark = pytest.mark.django_db

GOOD_DOCUMENT = {
    "format": "muster-list/1",
    "system": "godslayer",
    "name": "Raid",
    "faction": "nordgaard",
    "battle_size": 160,
    "entries": [{"card": "nordgaard-gestir-captain"}],
}


@pytest.fixture(scope="module")
def loaded(django_db_setup, django_db_blocker):
    """The packs, loaded once for the module (slow) and rolled back after it."""
    from django.db import transaction

    from tests.support.shipped import load_shipped

    with django_db_blocker.unblock(), transaction.atomic():
        for key in ("godslayer", "mordheim", "kemet", "boarding-action"):
            load_shipped(key)
        yield
        transaction.set_rollback(True)


@pytest.fixture
def packs(loaded, db):
    """The module's packs; each test's own changes are rolled back after it."""


@pytest.fixture
def alice_client(client, packs):
    client.force_login(make_user("alice"))
    return client


def _stored():
    from django.contrib.auth import get_user_model
    from django.contrib.sessions.models import Session

    from armylists.games.mordheim.models import CampaignEvent
    from armylists.models import ArmyList, ArmyListVersion, Workspace

    users = sorted(get_user_model().objects.values_list("username", "password"))
    return (
        users,
        ArmyList.objects.count(),
        ArmyListVersion.objects.count(),
        CampaignEvent.objects.count(),
        Workspace.objects.count(),
        Session.objects.count(),
    )


# Each page's form: (path, good fields, a text field, a count field or None).
FORMS = {
    "sign-up": (
        "/accounts/signup/",
        {"username": "carol", "password1": PASSWORD, "password2": PASSWORD},
        "username",
        None,
    ),
    "login": ("/accounts/login/", {"username": "alice", "password": PASSWORD}, "username", None),
    "password change": (
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": PASSWORD + "!", "new_password2": PASSWORD + "!"},
        "new_password1",
        None,
    ),
    "start": (
        "/g/godslayer/",
        {"faction": "nordgaard", "battle_size": "160", "name": "Raid"},
        "name",
        "battle_size",
    ),
    "kemet battle": (
        "/tools/kemet/",
        {
            "attacker-soldiers": "5", "attacker-card": "str2-shield2",
            "defender-soldiers": "4", "defender-card": "str2-shield2",
        },
        "attacker-card",
        "attacker-soldiers",
    ),
    "rout test": (
        "/tools/mordheim/rout-test/",
        {"members": "10", "out_of_action": "1"},
        "other_lds",
        "members",
    ),
    "hull breach": ("/tools/boarding-action/hull-breach/", {"roll": "3"}, None, "roll"),
}


ANONYMOUS_FORMS = {"sign-up", "login"}  # a logged-in visitor is sent on from these


def _as_visitor_of(client, name):
    """The client as the visitor of that form (logged out for sign-up and login)."""
    if name in ANONYMOUS_FORMS:
        client.logout()
    return client


def _field_errors(response, field):
    """The form errors of ``field`` in whichever form of the page has it."""
    found = []
    for context in response.context or []:
        for value in context.get("forms", []) or [context.get("form")]:
            if value is not None and hasattr(value, "errors"):
                name = field.split("-", 1)[1] if value.prefix and field.startswith(value.prefix + "-") else field
                found += value.errors.get(name, [])
    return found


@pytest.mark.parametrize("name", FORMS)
def test_it_refuses_a_huge_form_body(alice_client, name):
    path, good, _text, _count = FORMS[name]
    client = _as_visitor_of(alice_client, name)
    before = _stored()
    response = client.post(path, {**good, "notes": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    assert response.status_code == 400
    assert _stored() == before


@pytest.mark.parametrize("name", [n for n, f in FORMS.items() if f[2]])
def test_it_refuses_nul_in_a_text_field_naming_it(alice_client, name):
    path, good, text, _count = FORMS[name]
    client = _as_visitor_of(alice_client, name)
    before = _stored()
    response = client.post(path, {**good, text: "Ra\x00id"})
    assert response.status_code == 400, response.content[:300]
    assert _field_errors(response, text), response.content.decode()[:2000]
    assert _stored() == before


@pytest.mark.parametrize("name", [n for n, f in FORMS.items() if f[3]])
# "2.0" typed in a form is the whole number 2 (Django's IntegerField), as a player means it.
@pytest.mark.parametrize("number", ["1.5", "1e3", "2,5"])
def test_it_refuses_a_float_where_a_count_goes(alice_client, name, number):
    path, good, _text, count = FORMS[name]
    client = _as_visitor_of(alice_client, name)
    before = _stored()
    response = client.post(path, {**good, count: number})
    assert response.status_code == 400, response.content[:300]
    assert _field_errors(response, count)
    assert _stored() == before


def test_it_answers_a_login_with_a_wrong_password_400(client, packs):
    make_user("alice")
    response = client.post("/accounts/login/", {"username": "alice", "password": "nope"})
    assert response.status_code == 400
    assert "_auth_user_id" not in client.session


# -- list files: the import page, "open a list file", the builder's load -------------------


def _bad_documents():
    deep = json.loads("[" * 100 + "]" * 100)
    return {
        "deep nesting": ({**GOOD_DOCUMENT, "name": deep}, "name"),
        "very deep nesting": (b'{"system": "godslayer", "name": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", None),
        "nul": ({**GOOD_DOCUMENT, "name": "Ra\x00id"}, "name"),
        "unpaired surrogate": ({**GOOD_DOCUMENT, "name": "Ra\ud800id"}, "name"),
        "float count": (
            {**GOOD_DOCUMENT, "entries": [{"card": "nordgaard-gestir-captain", "count": 2.0}]},
            "entries[0].count",
        ),
        "unknown field": ({**GOOD_DOCUMENT, "colour": "red"}, "colour"),
        "huge": ({**GOOD_DOCUMENT, "notes": "x" * 3_000_000}, None),
    }


BAD_DOCUMENTS = _bad_documents()


def _as_bytes(document) -> bytes:
    return document if isinstance(document, bytes) else json.dumps(document).encode()


def _file_post(client, where, content: bytes):
    if where == "import":
        upload = SimpleUploadedFile("list.muster.json", content, content_type="application/json")
        return client.post("/lists/import/", {"file": upload})
    if where == "open":
        upload = SimpleUploadedFile("list.muster.json", content, content_type="application/json")
        return client.post("/lists/open/", {"file": upload})
    return client.post(
        "/g/godslayer/build/", {"action": "load", "document": content.decode()}
    )


@pytest.mark.parametrize("where", ["import", "open", "builder load"])
@pytest.mark.parametrize("case", BAD_DOCUMENTS)
def test_it_refuses_a_bad_list_file_naming_the_field(alice_client, where, case):
    document, field = BAD_DOCUMENTS[case]
    before = _stored()
    response = _file_post(alice_client, where, _as_bytes(document))
    assert response.status_code == 400, response.content[:300]
    if field is not None:
        assert field in response.content.decode()
    assert _stored() == before


@pytest.mark.parametrize("where", ["import", "open"])
def test_it_takes_the_good_list_file(alice_client, where):
    response = _file_post(alice_client, where, _as_bytes(GOOD_DOCUMENT))
    assert response.status_code == 302
