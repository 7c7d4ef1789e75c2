"""The pages' brakes: the Content-Security-Policy and the other headers, the login lockout
and the sign-up and password-change throttles, short sessions for browsers without an
account, and the daily cleanup of expired sessions and their builder lists."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import timezone

from tests.support.users import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        part.split()[0]: part.split()[1:] for part in (p.strip() for p in header.split(";")) if part
    }


# --- headers --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/lists/open/", "/api/v1/systems/"])
def test_it_sends_a_strict_content_security_policy(client, path):
    response = client.get(path)
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


def test_it_lets_only_the_api_docs_inline_style_in_by_its_hash(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"]
    [hash_] = [s for s in policy["style-src"] if s.startswith("'sha256-")]
    assert policy["style-src"] == ["'self'", hash_]
    html = response.content.decode()
    assert "<script>" not in html  # the start script comes from ?script
    script = client.get("/api/docs/", {"script": ""})
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")


def test_it_sends_no_inline_script_or_handler_in_its_pages(client):
    """What the policy would block: <script> without src, on*= handlers, style attributes."""
    import re

    html = client.get("/").content.decode() + client.get("/accounts/login/").content.decode()
    assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", html)
    assert not re.search(r"\son[a-z]+\s*=", html)
    assert " style=" not in html


def test_it_sends_the_other_security_headers(client):
    response = client.get("/")
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


# --- login lockout (django-axes) ------------------------------------------------------------


@override_settings(AXES_FAILURE_LIMIT=3)
def test_it_locks_out_a_login_after_failures_per_username_and_says_so(db):
    make_user("alice")
    for i in range(2):
        response = Client(REMOTE_ADDR=f"10.1.0.{i}").post(
            "/accounts/login/", {"username": "alice", "password": "wrong"}
        )
        assert response.status_code == 400
    locked = Client(REMOTE_ADDR="10.1.0.9").post(
        "/accounts/login/", {"username": "alice", "password": "wrong"}
    )
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    assert int(locked["Retry-After"]) == 15 * 60
    # Even the right password, from yet another address, waits.
    right = Client(REMOTE_ADDR="10.1.0.10").post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}
    )
    assert right.status_code == 429
    # Someone else logs in as before.
    make_user("bob")
    bob = Client(REMOTE_ADDR="10.1.0.11").post(
        "/accounts/login/", {"username": "bob", "password": PASSWORD}
    )
    assert bob.status_code == 302


@override_settings(AXES_FAILURE_LIMIT=3)
def test_it_locks_out_an_address_that_tries_many_usernames(db):
    client = Client(REMOTE_ADDR="10.2.0.1")
    statuses = [
        client.post("/accounts/login/", {"username": f"user{i}", "password": "x"}).status_code
        for i in range(4)
    ]
    assert statuses == [400, 400, 429, 429]
    assert Client(REMOTE_ADDR="10.2.0.2").get("/accounts/login/").status_code == 200


# --- sign-up and password change ------------------------------------------------------------


LIMITS = {"window_seconds": 600, "per_ip": 3, "per_username": 2}


@override_settings(AUTH_FORM_THROTTLE=LIMITS)
def test_it_throttles_sign_ups_per_address(db):
    client = Client(REMOTE_ADDR="10.4.0.1")
    for i in range(3):
        response = client.post("/accounts/signup/", {"username": f"u{i}", "password1": "a", "password2": "b"})
        assert response.status_code == 400
    response = client.post(
        "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert response["Retry-After"] == "600"
    from django.contrib.auth import get_user_model

    assert not get_user_model().objects.filter(username="carol").exists()
    assert Client(REMOTE_ADDR="10.4.0.2").post(
        "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    ).status_code == 302


@override_settings(AUTH_FORM_THROTTLE=LIMITS)
def test_it_throttles_sign_ups_per_username_from_any_address(db):
    for i in range(2):
        Client(REMOTE_ADDR=f"10.5.0.{i}").post(
            "/accounts/signup/", {"username": "carol", "password1": "a", "password2": "b"}
        )
    response = Client(REMOTE_ADDR="10.5.0.9").post(
        "/accounts/signup/", {"username": "Carol", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 429


@override_settings(AUTH_FORM_THROTTLE=LIMITS)
def test_it_throttles_password_changes_per_user(db):
    alice = make_user("alice")
    for i in range(2):
        client = Client(REMOTE_ADDR=f"10.6.0.{i}")
        client.force_login(alice)
        response = client.post(
            "/accounts/password/",
            {"old_password": "wrong", "new_password1": "x", "new_password2": "x"},
        )
        assert response.status_code == 400
    client = Client(REMOTE_ADDR="10.6.0.9")
    client.force_login(alice)
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": PASSWORD + "!", "new_password2": PASSWORD + "!"},
    )
    assert response.status_code == 429
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


def test_it_leaves_page_views_alone(client):
    for _ in range(30):
        assert client.get("/accounts/signup/").status_code == 200


# --- anonymous sessions and their drafts ----------------------------------------------------


@pytest.fixture
def godslayer_pack(db):
    from tests.support.shipped import load_shipped

    load_shipped("godslayer")


def _start_draft(client):
    response = client.post("/g/godslayer/", {"faction": "nordgaard", "battle_size": 160})
    assert response.status_code == 302, response.content[:300]


@override_settings(ANONYMOUS_SESSION_AGE=3600)
def test_it_gives_a_visitor_without_an_account_a_short_session(client, godslayer_pack):
    _start_draft(client)
    session = Session.objects.get()
    left = session.expire_date - timezone.now()
    assert timedelta(minutes=55) < left <= timedelta(hours=1)


@override_settings(ANONYMOUS_SESSION_AGE=3600)
def test_it_gives_an_account_the_usual_session_after_login(client, godslayer_pack):
    _start_draft(client)
    make_user("alice")
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    session = Session.objects.get()
    assert session.expire_date - timezone.now() > timedelta(days=13)
    assert session.get_decoded().get("builder")  # the draft came along


def test_it_clears_expired_sessions_and_the_drafts_only_they_held(godslayer_pack):
    from armylists.models import Workspace

    gone, kept = Client(), Client()
    _start_draft(gone)
    _start_draft(kept)
    assert Workspace.objects.count() == 2
    old = timezone.now() - timedelta(days=1)
    Workspace.objects.update(updated_at=old)
    gone_key = gone.session.session_key
    Session.objects.filter(session_key=gone_key).update(expire_date=old)
    call_command("clearworkspaces")
    assert not Session.objects.filter(session_key=gone_key).exists()
    [left] = Workspace.objects.all()
    assert left.holder == kept.session["builder"]
    assert kept.get("/g/godslayer/build/").status_code == 200


def test_it_keeps_a_draft_made_a_moment_ago_even_without_a_session(godslayer_pack):
    from armylists.models import Workspace

    client = Client()
    _start_draft(client)
    Session.objects.all().delete()
    call_command("clearworkspaces")
    assert Workspace.objects.count() == 1  # within the grace hour
