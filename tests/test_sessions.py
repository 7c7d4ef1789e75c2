"""armylists/sessions.py: Django's database sessions, read by a compiled query, behave as
Django's: a live session is read, an expired or unknown one is not (and a new key is made
on save), login cycles the key and logout ends it."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from armylists.sessions import SessionStore


@pytest.fixture
def stored(db):
    session = SessionStore()
    session["builder"] = "holder-1"
    session.save()
    return session.session_key


def test_it_is_the_session_engine():
    assert settings.SESSION_ENGINE == "armylists.sessions"


def test_it_reads_a_live_session(stored):
    assert SessionStore(stored)["builder"] == "holder-1"


def test_it_does_not_read_an_expired_session(stored):
    Session.objects.filter(session_key=stored).update(expire_date=timezone.now())
    session = SessionStore(stored)
    assert session.get("builder") is None
    session["x"] = 1
    session.save()
    assert session.session_key != stored  # a new session, as Django's store does


def test_it_does_not_read_an_unknown_or_empty_key(db):
    assert SessionStore("no-such-session-key-at-all").get("builder") is None
    assert dict(SessionStore(None).items()) == {}


def test_it_keeps_login_and_logout_working(alice):
    alice.set_password("a-long-password-1")
    alice.save()
    client = Client()
    assert (
        client.post(
            "/accounts/login/", {"username": "alice", "password": "a-long-password-1"}
        ).status_code
        == 302
    )
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    assert client.get("/lists/").status_code == 200
    client.post("/accounts/logout/")
    assert not Session.objects.filter(session_key=key).exists()
    assert client.get("/lists/").status_code == 302  # to the login page


def test_it_lets_a_session_live_exactly_until_it_expires(stored):
    Session.objects.filter(session_key=stored).update(
        expire_date=timezone.now() + timedelta(seconds=30)
    )
    assert SessionStore(stored)["builder"] == "holder-1"
