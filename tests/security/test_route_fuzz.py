"""Every route of the URL configuration, each of its parameters in turn given an odd value
(NUL, control characters, overlong, odd characters, a number past any column), fetched
and posted by anonymous and by a logged-in player: never a 5xx.

The routes are read from the URL configuration itself, so a route added later is in the
table without anyone remembering to add it (and the test counts them, so a walk that
found nothing fails).
"""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.support.users import make_user

pytestmark = pytest.mark.django_db

# What each parameter is given, by name: percent-encoded as a client would send it.
ODD = {
    "nul": "%00",
    "nul-inside": "ab%00cd",
    "control": "a%0Ab%09c%7F",
    "overlong": "a" * 3000,
    "odd": "%C3%A4%E2%82%AC%F0%9F%98%80'%22%3C%3E%20%25",
    "big-number": "9" * 40,
    "dots": "..%2F..%2Fetc",
}
BENIGN = "1"  # the other parameters of the route, while one is odd

PARAMETER = re.compile(r"<(?:[^>:]+:)?([^>]+)>|\(\?P<([^>]+)>[^)]*\)")


def _routes(resolver=None, prefix="") -> list[str]:
    """Every route as a pattern string with ``<name>`` for each parameter."""
    resolver = resolver or get_resolver()
    found = []
    for entry in resolver.url_patterns:
        text = prefix + str(entry.pattern).lstrip("^").rstrip("$").replace("\\Z", "")
        if isinstance(entry, URLResolver):
            found += _routes(entry, text)
        elif isinstance(entry, URLPattern):
            found.append(text)
    return sorted(set(found))


def _names(route: str) -> list[str]:
    return [a or b for a, b in PARAMETER.findall(route)]


def _fill(route: str, values: dict) -> str:
    def one(match):
        return values[match.group(1) or match.group(2)]

    return "/" + PARAMETER.sub(one, route).replace("\\", "")


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for route in _routes():
        names = _names(route)
        for name in names:
            for label, value in ODD.items():
                values = {n: value if n == name else BENIGN for n in names}
                cases.append((route, f"{name}={label}", _fill(route, values)))
    return cases


def test_the_walk_finds_the_routes_with_parameters():
    cases = _cases()
    routes = {route for route, _, _ in cases}
    assert len(routes) >= 60, sorted(routes)
    assert any("pack_id" in route for route in routes)
    assert any("token" in route for route in routes)


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_no_route_answers_an_odd_parameter_with_a_5xx(who, settings):
    settings.DEBUG_PROPAGATE_EXCEPTIONS = False
    client = Client(raise_request_exception=False)
    if who == "player":
        client.force_login(make_user("alice"))
    failures = []
    for route, case, path in _cases():
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            if response.status_code >= 500:
                failures.append(f"{method.upper()} {route} [{case}]: {response.status_code}")
    assert not failures, "\n".join(failures)


def test_an_address_with_a_control_character_is_no_address():
    client = Client()
    page = client.get("/packs/%00/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")
    api = client.get("/api/v1/packs/%00/")
    assert api.status_code == 404
    assert api.json()["errors"][0]["code"] == "not_found"
    # A NUL in a query is the view's to judge: a search for it finds nothing.
    assert client.get("/api/v1/packs/?system=a%00b").status_code == 400
    assert client.get("/packs/g/godslayer/?q=%00").status_code == 404  # no such game here
