"""The throttles count in the database (the "brakes" cache), as every setting but the
tests' has it: several workers and app servers count one client together, with nothing
to run but PostgreSQL. The table comes from a migration."""

from django.conf import settings
from django.db import connection
from django.test import Client, override_settings

from config.settings import base
from tests.support.users import PASSWORD, make_user

SHARED = {**settings.CACHES, "brakes": base.CACHES["brakes"]}
LIMITS = {"window_seconds": 600, "per_ip": 2, "per_username": 100}


def _counted() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM muster_brakes")
        return cursor.fetchone()[0]


def test_it_names_the_database_outside_the_tests():
    assert base.CACHES["brakes"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"


@override_settings(CACHES=SHARED, AUTH_FORM_THROTTLE=LIMITS)
def test_it_counts_sign_ups_in_the_database(db):
    assert _counted() == 0
    for i in range(2):
        # A fresh client each time, as two workers would see: only the table remembers.
        response = Client(REMOTE_ADDR="10.9.0.1").post(
            "/accounts/signup/", {"username": f"u{i}", "password1": "a", "password2": "b"}
        )
        assert response.status_code == 400
    assert _counted() >= 1
    response = Client(REMOTE_ADDR="10.9.0.1").post(
        "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 429


@override_settings(CACHES=SHARED, AXES_FAILURE_LIMIT=100)
def test_it_counts_token_requests_in_the_database(db):
    make_user("alice")
    rest = {**settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {"auth-token": "2/min", "auth-token-username": "100/min"}}
    with override_settings(REST_FRAMEWORK=rest):
        for _ in range(2):
            response = Client(REMOTE_ADDR="10.9.1.1").post(
                "/api/v1/auth/token/", {"username": "alice", "password": "wrong"},
                content_type="application/json",
            )
            assert response.status_code == 400
        assert _counted() >= 1
        response = Client(REMOTE_ADDR="10.9.1.1").post(
            "/api/v1/auth/token/", {"username": "alice", "password": PASSWORD},
            content_type="application/json",
        )
        assert response.status_code == 429
