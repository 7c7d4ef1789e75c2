"""Behind a load balancer: one function (armylists/web/client_address.py) decides the client's
address from PROXY_COUNT, and the login lockouts (axes), the form brakes and the API's
throttles all count that address. A client cannot choose its address by sending its own
X-Forwarded-For, and one abusive client never locks out another behind the same proxy."""

import pytest
import requests
from django.conf import settings
from django.test import Client, RequestFactory, override_settings

from armylists.web.client_address import client_address
from tests.support.users import PASSWORD, make_user

PROXY = "10.0.0.2"  # the load balancer: every request's socket address behind it
SECOND_PROXY = "10.0.0.3"

# (proxies in front, the socket address, X-Forwarded-For as it arrives, the client)
CASES = [
    pytest.param(0, "192.0.2.7", None, "192.0.2.7", id="direct"),
    pytest.param(0, "192.0.2.7", "203.0.113.9", "192.0.2.7", id="direct, spoofed header ignored"),
    pytest.param(1, PROXY, "198.51.100.4", "198.51.100.4", id="one proxy, honest"),
    pytest.param(1, PROXY, "203.0.113.9, 198.51.100.4", "198.51.100.4",
                 id="one proxy, spoofed left part ignored"),
    pytest.param(1, PROXY, "1.1.1.1, 2.2.2.2 ,198.51.100.4", "198.51.100.4",
                 id="one proxy, several spoofed hops"),
    pytest.param(2, SECOND_PROXY, f"198.51.100.4, {PROXY}", "198.51.100.4", id="two proxies"),
    pytest.param(2, SECOND_PROXY, f"203.0.113.9, 198.51.100.4, {PROXY}", "198.51.100.4",
                 id="two proxies, spoofed"),
    pytest.param(1, PROXY, None, PROXY, id="one proxy, header missing: the socket"),
    pytest.param(2, SECOND_PROXY, PROXY, SECOND_PROXY, id="fewer hops than proxies: the socket"),
    pytest.param(1, PROXY, "not-an-address", PROXY, id="garbage hop: the socket"),
    pytest.param(1, PROXY, "198.51.100.4:5123", "198.51.100.4", id="hop with a port"),
    pytest.param(1, PROXY, "[2001:db8::1]:443", "2001:db8::1", id="IPv6 hop with a port"),
    pytest.param(1, PROXY, "2001:DB8::1", "2001:db8::1", id="IPv6 hop, normalised"),
]


@pytest.mark.parametrize(("proxies", "remote", "forwarded", "expected"), CASES)
def test_it_takes_the_right_most_trusted_hop(proxies, remote, forwarded, expected):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    request = RequestFactory().get("/", **extra)
    with override_settings(PROXY_COUNT=proxies):
        assert client_address(request) == expected


def test_everyone_asks_the_same_function():
    from axes.helpers import get_client_ip_address

    from armylists.api.auth_token import TokenAttemptsPerIP, TokenAttemptsPerUsername
    from armylists.web.brakes import client_ip

    request = RequestFactory().get("/", REMOTE_ADDR=PROXY,
                                   HTTP_X_FORWARDED_FOR="203.0.113.9, 198.51.100.4")
    with override_settings(PROXY_COUNT=1):
        assert get_client_ip_address(request) == "198.51.100.4"
        assert client_ip(request) == "198.51.100.4"
        assert TokenAttemptsPerIP().get_ident(request) == "198.51.100.4"
        assert TokenAttemptsPerUsername().get_ident(request) == "198.51.100.4"


def _behind_proxy(client_ip: str, spoof: str | None = None) -> Client:
    """A browser at ``client_ip`` behind one proxy that appends it to what it sent."""
    forwarded = f"{spoof}, {client_ip}" if spoof else client_ip
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)


@override_settings(PROXY_COUNT=1, AXES_FAILURE_LIMIT=3)
def test_an_abusive_client_is_locked_out_alone(db):
    make_user("alice")
    attacker = "198.51.100.66"
    statuses = [
        # A new spoofed left part each time does not make a new client.
        _behind_proxy(attacker, spoof=f"203.0.113.{i}").post(
            "/accounts/login/", {"username": f"nouser{i}", "password": "x"}
        ).status_code
        for i in range(4)
    ]
    assert statuses == [400, 400, 429, 429]
    # alice, another client behind the same proxy, logs in.
    response = _behind_proxy("198.51.100.5").post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}
    )
    assert response.status_code == 302


@override_settings(PROXY_COUNT=2, AXES_FAILURE_LIMIT=3)
def test_two_proxies_lock_out_the_client_not_the_first_proxy(db):
    make_user("alice")

    def through_both(client_ip, spoof):
        return Client(REMOTE_ADDR=SECOND_PROXY,
                      HTTP_X_FORWARDED_FOR=f"{spoof}, {client_ip}, {PROXY}")

    statuses = [
        through_both("198.51.100.66", f"203.0.113.{i}").post(
            "/accounts/login/", {"username": f"nouser{i}", "password": "x"}
        ).status_code
        for i in range(3)
    ]
    assert statuses == [400, 400, 429]
    right = through_both("198.51.100.5", "198.51.100.66").post(
        "/accounts/login/", {"username": "alice", "password": PASSWORD}
    )
    assert right.status_code == 302


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_login_to_ones_own_account_does_not_reset_the_count(db):
    make_user("mallory")
    make_user("alice")
    mallory = Client(REMOTE_ADDR="198.51.100.66")
    for i in range(2):
        failed = mallory.post("/accounts/login/", {"username": f"nouser{i}", "password": "x"})
        assert failed.status_code == 400
    own = mallory.post("/accounts/login/", {"username": "mallory", "password": PASSWORD})
    assert own.status_code == 302
    mallory.logout()
    third = mallory.post("/accounts/login/", {"username": "alice", "password": "guess"})
    assert third.status_code == 429


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_login_forgets_the_users_own_mistakes_from_that_client(db):
    make_user("alice")
    alice = Client(REMOTE_ADDR="198.51.100.5")
    for _ in range(2):
        assert alice.post("/accounts/login/",
                          {"username": "alice", "password": "typo"}).status_code == 400
    assert alice.post("/accounts/login/",
                      {"username": "alice", "password": PASSWORD}).status_code == 302
    alice.logout()
    # Her two typos are forgotten: two more do not lock her out.
    for _ in range(2):
        assert alice.post("/accounts/login/",
                          {"username": "alice", "password": "typo"}).status_code == 400


@override_settings(PROXY_COUNT=1, AUTH_FORM_THROTTLE={
    "window_seconds": 600, "per_ip": 2, "per_username": 100})
def test_the_sign_up_brake_counts_the_real_client(db):
    statuses = [
        _behind_proxy("198.51.100.66", spoof=f"203.0.113.{i}").post(
            "/accounts/signup/", {"username": f"u{i}", "password1": "a", "password2": "b"}
        ).status_code
        for i in range(3)
    ]
    assert statuses == [400, 400, 429]
    honest = _behind_proxy("198.51.100.5").post(
        "/accounts/signup/", {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert honest.status_code == 302


# --- over real HTTP: the live server's socket address is the "proxy" (127.0.0.1) ------------


def _token(base, client_ip, username, password, spoof=None):
    forwarded = f"{spoof}, {client_ip}" if spoof else client_ip
    return requests.post(f"{base}/api/v1/auth/token/",
                         json={"username": username, "password": password},
                         headers={"X-Forwarded-For": forwarded}, timeout=30)


@override_settings(PROXY_COUNT=1, AXES_FAILURE_LIMIT=3)
def test_the_token_endpoint_locks_out_the_abusive_client_only(transactional_db, live_server):
    make_user("alice")
    statuses = []
    for i in range(4):
        response = _token(live_server.url, "198.51.100.66", f"nouser{i}", "x",
                          spoof=f"203.0.113.{i}")
        statuses.append(response.status_code)
    assert statuses == [400, 400, 429, 429]
    assert response.json()["errors"][0]["code"] == "throttled"
    honest = _token(live_server.url, "198.51.100.5", "alice", PASSWORD)
    assert honest.status_code == 200
    assert honest.json()["token"]


@override_settings(PROXY_COUNT=1, AXES_FAILURE_LIMIT=100)
def test_the_token_throttle_counts_the_real_client(transactional_db, live_server):
    make_user("alice")
    rest = {**settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {"auth-token": "2/min", "auth-token-username": "100/min"}}
    with override_settings(REST_FRAMEWORK=rest):
        statuses = [
            _token(live_server.url, "198.51.100.66", "alice", "x",
                   spoof=f"203.0.113.{i}").status_code
            for i in range(3)
        ]
        assert statuses == [400, 400, 429]
        assert _token(live_server.url, "198.51.100.5", "alice", PASSWORD).status_code == 200
