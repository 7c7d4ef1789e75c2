"""Health for a load balancer: /healthz answers before any heavy middleware and asks the
database nothing; /readyz asks PostgreSQL; while PostgreSQL cannot be reached every
request answers 503 with Retry-After (JSON under /api/), never 500."""

import pytest
import requests
from django.test import Client, override_settings

from tests.support.database import unreachable_database
from tests.support.users import make_user


def test_healthz_answers_ok_without_a_query(db, client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok\n"
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response and "Content-Security-Policy" not in response


@override_settings(SECURE_SSL_REDIRECT=True, ALLOWED_HOSTS=["muster.example"])
def test_healthz_answers_before_the_https_redirect_and_the_host_check(client):
    # The balancer checks each app server by its address, over plain HTTP.
    response = client.get("/healthz", HTTP_HOST="10.0.0.7:8000")
    assert response.status_code == 200
    assert client.get("/", HTTP_HOST="10.0.0.7:8000").status_code == 400  # pages still check


def test_health_answers_head_and_refuses_other_methods(db, client):
    assert client.head("/healthz").status_code == 200
    assert client.head("/readyz").status_code == 200
    refused = client.post("/healthz")
    assert refused.status_code == 405 and refused["Allow"] == "GET, HEAD"


def test_readyz_asks_postgresql(db, client, django_assert_num_queries):
    with django_assert_num_queries(1):
        response = client.get("/readyz")
    assert response.status_code == 200 and response.content == b"ready\n"


def test_health_over_real_http(live_server):
    assert requests.get(f"{live_server.url}/healthz", timeout=10).text == "ok\n"
    assert requests.get(f"{live_server.url}/readyz", timeout=10).text == "ready\n"


@pytest.mark.django_db(transaction=True)
def test_readyz_is_503_while_postgresql_is_down(client):
    with unreachable_database():
        response = client.get("/readyz")
        assert client.get("/healthz").status_code == 200  # alive, only not ready
    assert response.status_code == 503 and int(response["Retry-After"]) > 0
    assert client.get("/readyz").status_code == 200  # back as soon as it is


@pytest.mark.django_db(transaction=True)
def test_the_api_answers_503_json_with_retry_after_while_postgresql_is_down():
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=make_user("alice")).key
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token}")
    with unreachable_database():
        lists = client.get("/api/v1/lists/")
        systems = client.get("/api/v1/systems/")
    for response in (lists, systems):
        assert response.status_code == 503
        assert int(response["Retry-After"]) > 0
        [error] = response.json()["errors"]
        assert error["code"] == "unavailable" and "try again" in error["message"]
    assert client.get("/api/v1/lists/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_page_answers_503_with_retry_after_while_postgresql_is_down():
    client = Client(raise_request_exception=False)
    user = make_user("alice")
    client.force_login(user)
    with unreachable_database():
        response = client.get("/lists/")
    assert response.status_code == 503 and int(response["Retry-After"]) > 0
    assert "try again" in response.content.decode()
    assert client.get("/lists/").status_code == 200
