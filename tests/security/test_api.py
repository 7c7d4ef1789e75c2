"""The API's brakes and defaults: JSON errors everywhere under /api/, the strict default
permission, pagination, and the token endpoint's throttles and lockout."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver

from tests.support.users import PASSWORD, make_user

pytestmark = pytest.mark.django_db

ERROR_KEYS = {"path", "message", "code"}


def _errors(response, status):
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    errors = response.json()["errors"]
    assert errors and all(set(e) == ERROR_KEYS for e in errors)
    return errors


# --- every error under /api/ is JSON --------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path", "status", "code"),
    [
        ("GET", "/api/v1/nothing-here/", 404, "not_found"),
        ("GET", "/api/nothing/", 404, "not_found"),
        ("POST", "/api/v1/lists", 404, "not_found"),  # no redirect that drops the body
        ("PUT", "/api/v1/validate", 404, "not_found"),
        ("GET", "/api/v1/validate/", 405, "method_not_allowed"),
        ("DELETE", "/api/v1/systems/", 405, "method_not_allowed"),
    ],
)
@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_it_answers_json_for_every_api_error(client, method, path, status, code, debug):
    with override_settings(DEBUG=debug):
        errors = _errors(client.generic(method, path), status)
    assert errors[0]["code"] == code


def test_it_says_where_the_endpoint_is_when_the_slash_is_missing(client):
    errors = _errors(client.post("/api/v1/lists", {}, content_type="application/json"), 404)
    assert "/api/v1/lists/" in errors[0]["message"]


@pytest.mark.parametrize("debug", [False, True], ids=["production", "debug"])
def test_it_answers_json_500_when_a_view_fails(client, monkeypatch, debug, caplog):
    from armylists.lists.api import views

    def broken():
        raise RuntimeError("the database fell over")

    monkeypatch.setattr(views.selectors, "system_list", broken)
    client.raise_request_exception = False
    with override_settings(DEBUG=debug):
        errors = _errors(client.get("/api/v1/systems/"), 500)
    assert errors[0]["code"] == "server_error"
    assert "fell over" not in errors[0]["message"]  # the traceback is logged, not shown
    assert "the database fell over" in caplog.text


@pytest.mark.parametrize("size", [6_000_000, 2_621_441])
def test_it_refuses_a_large_body_with_413_before_reading_it(client, size):
    body = b"[" + b"1," * (size // 2) + b"1]"
    errors = _errors(
        client.post("/api/v1/validate/", body, content_type="application/json"), 413
    )
    assert errors[0]["code"] == "too_large"


def test_it_refuses_a_content_length_that_is_not_a_number(client):
    response = client.post(
        "/api/v1/validate/", b"{}", content_type="application/json", CONTENT_LENGTH="ten"
    )
    assert _errors(response, 400)[0]["code"] == "bad_request"


def test_it_keeps_html_error_pages_outside_the_api(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


# --- permissions --------------------------------------------------------------------------


def _api_views():
    """Every DRF view under /api/: (route, view class)."""

    def walk(patterns, prefix):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                cls = getattr(pattern.callback, "cls", None)
                route = prefix + str(pattern.pattern)
                if cls is not None and route.startswith("api/"):
                    yield route, cls

    return list(walk(get_resolver().url_patterns, ""))


def test_it_makes_login_the_default_permission():
    from rest_framework.permissions import IsAuthenticated
    from rest_framework.settings import api_settings

    assert api_settings.DEFAULT_PERMISSION_CLASSES == [IsAuthenticated]


def test_it_has_every_public_endpoint_say_allow_any_itself():
    """No API view takes its permission from the default by accident: each names its
    classes, and those open to anyone name AllowAny."""
    from rest_framework.permissions import AllowAny
    from rest_framework.views import APIView

    views = _api_views()
    assert len(views) >= 15
    public = set()
    for route, cls in views:
        declared = next(k for k in cls.__mro__ if "permission_classes" in vars(k))
        assert declared is not APIView, f"{route} takes the default permission"
        if AllowAny in cls.permission_classes:
            public.add(route)
    assert {
        "api/v1/systems/",
        "api/v1/validate/",
        "api/v1/auth/token/",
        "api/v1/shared/<str:token>/",
        "api/schema/",
        "api/docs/",
    } <= public
    assert not any(r.startswith("api/v1/lists/") for r in public)


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/v1/lists/"),
        ("POST", "/api/v1/lists/"),
        ("POST", "/api/v1/lists/import/"),
        ("GET", "/api/v1/lists/1/"),
        ("PUT", "/api/v1/lists/1/"),
        ("PATCH", "/api/v1/lists/1/"),
        ("DELETE", "/api/v1/lists/1/"),
        ("GET", "/api/v1/lists/1/export/"),
        ("POST", "/api/v1/lists/1/share/"),
        ("GET", "/api/v1/lists/1/campaign/"),
        ("POST", "/api/v1/lists/1/campaign/events/"),
        ("DELETE", "/api/v1/lists/1/campaign/events/last/"),
    ],
)
def test_it_refuses_anonymous_callers_on_private_endpoints(client, method, path):
    errors = _errors(client.generic(method, path, b"{}", content_type="application/json"), 403)
    assert errors[0]["code"] == "not_authenticated"


# --- pagination ---------------------------------------------------------------------------


@pytest.fixture
def many_lists(db):
    from armylists.models import ArmyList
    from rules.models import GameSystem

    alice = make_user("alice")
    system = GameSystem.objects.create(key="chess", name="Chess", data_version="1")
    ArmyList.objects.bulk_create(
        ArmyList(owner=alice, system=system, name=f"List {i:02}", document={}, data_version="1")
        for i in range(60)
    )
    return alice


def test_it_pages_the_list_collection(client, many_lists):
    client.force_login(many_lists)
    page = client.get("/api/v1/lists/").json()
    assert set(page) == {"count", "next", "previous", "results"}
    assert (page["count"], len(page["results"]), page["previous"]) == (60, 25, None)
    assert page["next"].endswith("/api/v1/lists/?page=2")
    last = client.get("/api/v1/lists/", {"page": 3}).json()
    assert (len(last["results"]), last["next"]) == (10, None)
    seen = {s["id"] for p in (1, 2, 3) for s in client.get("/api/v1/lists/", {"page": p}).json()["results"]}
    assert len(seen) == 60
    assert len(client.get("/api/v1/lists/", {"page_size": 100}).json()["results"]) == 60
    assert client.get("/api/v1/lists/", {"page_size": 7, "q": "List 0"}).json()["count"] == 10


@pytest.mark.parametrize("params", [{"page_size": 0}, {"page_size": 101}, {"page_size": "ten"}])
def test_it_names_a_bad_page_size(client, many_lists, params):
    client.force_login(many_lists)
    assert _errors(client.get("/api/v1/lists/", params), 400)[0]["path"] == "page_size"


@pytest.mark.parametrize("page", [0, 4, "last-but-one"])
def test_it_answers_404_for_a_page_that_is_not_there(client, many_lists, page):
    client.force_login(many_lists)
    _errors(client.get("/api/v1/lists/", {"page": page}), 404)


# --- the token endpoint: throttles and the shared lockout ---------------------------------


TOKEN = "/api/v1/auth/token/"


def _token(client, username, password, ip="10.0.0.1"):
    return client.post(
        TOKEN, {"username": username, "password": password}, content_type="application/json",
        REMOTE_ADDR=ip,
    )


@override_settings(AXES_FAILURE_LIMIT=100)
def test_it_throttles_token_requests_per_ip(client):
    make_user("alice")
    rates = {"auth-token": "3/min", "auth-token-username": "100/min"}
    with override_settings(REST_FRAMEWORK={**_rest(), "DEFAULT_THROTTLE_RATES": rates}):
        for i in range(3):
            assert _token(client, f"user{i}", "x").status_code == 400
        response = _token(client, "alice", PASSWORD)
        errors = _errors(response, 429)
        assert errors[0]["code"] == "throttled" and int(response["Retry-After"]) > 0
        # Another address is not slowed down.
        assert _token(client, "alice", PASSWORD, ip="10.0.0.2").status_code == 200


@override_settings(AXES_FAILURE_LIMIT=100)
def test_it_throttles_token_requests_per_username_from_any_address(client):
    make_user("alice")
    rates = {"auth-token": "100/min", "auth-token-username": "2/min"}
    with override_settings(REST_FRAMEWORK={**_rest(), "DEFAULT_THROTTLE_RATES": rates}):
        assert _token(client, "alice", "wrong", ip="10.0.0.1").status_code == 400
        assert _token(client, "Alice ", "wrong", ip="10.0.0.2").status_code == 400
        _errors(_token(client, "alice", PASSWORD, ip="10.0.0.3"), 429)
        assert _token(client, "bob", "x", ip="10.0.0.3").status_code == 400


@override_settings(AXES_FAILURE_LIMIT=3)
def test_it_locks_out_a_username_after_failed_token_requests(client):
    make_user("alice")
    for i in range(2):
        assert _token(client, "alice", "wrong", ip=f"10.0.1.{i}").status_code == 400
    # The third failure reaches the limit: that answer already says so.
    _errors(_token(client, "alice", "wrong", ip="10.0.1.9"), 429)
    errors = _errors(_token(client, "alice", PASSWORD, ip="10.0.2.1"), 429)
    assert "too many failed logins" in errors[0]["message"]
    # The login page shares the count: the same username is locked out there too.
    page = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert page.status_code == 429


def _rest():
    from django.conf import settings

    return settings.REST_FRAMEWORK


def test_it_searches_lists_for_a_nul_as_for_nothing(alice_client):
    """Found by schemathesis: a NUL in ?system= reached PostgreSQL (a 500)."""
    r = alice_client.get("/api/v1/lists/", {"system": "<\x009", "q": "\x00"})
    assert r.status_code == 200 and r.json()["count"] == 0


def test_it_answers_a_json_404_when_a_plain_view_finds_nothing(client):
    """The published schemas are a plain Django view: its Http404 is the API's 404."""
    r = client.get("/api/v1/schemas/no-such-schema.json")
    assert r.status_code == 404 and r.json()["errors"][0]["code"] == "not_found"
