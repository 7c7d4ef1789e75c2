"""Sessions are Django's own database sessions: a live session is read, an expired or
unknown one is not (and a new key is made on save), login cycles the key and logout ends
it, for every worker at once.

Not ``cached_db``: the default cache is per process (LocMemCache), so a session ended in
one worker (a logout) would stay readable from another worker's memory."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone


@pytest.fixture
def stored(db):
    session = SessionStore()
    session["builder"] = "holder-1"
    session.save()
    return session.session_key


def test_it_is_djangos_database_session_engine():
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"


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


def test_a_logout_in_one_worker_ends_the_session_in_every_other(stored):
    """Two stores of one key stand for two workers: once one ends the session, the other
    reads nothing (no copy kept in a process's memory)."""
    first, second = SessionStore(stored), SessionStore(stored)
    assert first["builder"] == second["builder"] == "holder-1"
    first.flush()
    assert SessionStore(stored).get("builder") is None


def test_it_lets_a_session_live_exactly_until_it_expires(stored):
    Session.objects.filter(session_key=stored).update(
        expire_date=timezone.now() + timedelta(seconds=30)
    )
    assert SessionStore(stored)["builder"] == "holder-1"
