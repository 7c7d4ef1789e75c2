"""What clients see at the edges, through gunicorn with the production settings: a body
that is too large gets its 413 (read and thrown away, not a connection reset), a chunked
body a 411, the API answers JSON only (no browsable pages), no Server header names the
software; an https sign-up never sends on to plain http; the schema states its bounds."""

import socket

import pytest
import requests
from django.db import connection

from tests.support.gunicorn import AppServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def app_server(transactional_db):
    server = AppServer(connection.settings_dict, workers=1)
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def _raw(port: int, head: bytes, body_chunks=(), read=65536) -> bytes:
    """One request over a plain socket; what came back (b"" on a reset)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(head)
        for chunk in body_chunks:
            s.sendall(chunk)
        out = b""
        try:
            while True:
                data = s.recv(read)
                if not data:
                    break
                out += data
        except ConnectionResetError:
            pass
        return out


def test_edges_under_gunicorn(app_server):
    # A 5 MB body: the 413 arrives after the whole body was sent.
    size = 5 * 1024 * 1024
    head = (f"POST /api/v1/validate/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
            f"application/json\r\nContent-Length: {size}\r\nConnection: close\r\n\r\n").encode()
    answer = _raw(app_server.port, head, [b" " * 65536] * (size // 65536))
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"too_large"' in answer
    assert b"\r\nServer:" not in answer

    # A chunked body: 411, said in JSON.
    def body():
        yield b'{"format": '
        yield b'"muster-list/1"}'

    chunked = requests.post(f"{app_server.url}/api/v1/validate/", data=body(),
                            headers={"Content-Type": "application/json"}, timeout=30)
    assert chunked.status_code == 411
    assert chunked.json()["errors"][0]["code"] == "length_required"

    # JSON only, even for a browser asking for HTML; and no Server header.
    html = requests.get(f"{app_server.url}/api/v1/lists/", timeout=30,
                        headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert html.status_code == 403
    assert html.headers["Content-Type"].startswith("application/json")
    assert html.json()["errors"][0]["code"] == "not_authenticated"
    health = requests.get(f"{app_server.url}/healthz", timeout=30)
    assert health.text == "ok\n"
    assert "Server" not in html.headers and "Server" not in health.headers


def test_a_chunked_body_without_length_is_411_for_the_test_client_too(client):
    response = client.post("/api/v1/validate/", data=b"", content_type="application/json",
                           HTTP_TRANSFER_ENCODING="chunked")
    assert response.status_code == 411
    assert response.json()["errors"][0] == {
        "path": "", "code": "length_required",
        "message": "send the body with a Content-Length (chunked bodies are not read)"}


@pytest.mark.parametrize(("secure", "next_url", "lands"), [
    (True, "http://testserver/lists/", "/"),  # no downgrade to plain http
    (True, "https://testserver/lists/", "https://testserver/lists/"),
    (True, "/lists/", "/lists/"),
    (False, "http://testserver/lists/", "http://testserver/lists/"),
    (True, "https://evil.example/", "/"),
])
def test_sign_up_never_downgrades_to_http(client, secure, next_url, lands):
    from tests.support.users import PASSWORD

    response = client.post(f"/accounts/signup/?next={next_url}",
                           {"username": "dora", "password1": PASSWORD, "password2": PASSWORD},
                           secure=secure)
    assert response.status_code == 302
    assert response["Location"] == lands


def test_the_schema_states_its_bounds(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    roll = schema["components"]["schemas"]["HullBreachRequest"]["properties"]["roll"]
    assert (roll["minimum"], roll["maximum"]) == (1, 6)
    for name in ("GodslayerMatchupSideRequest", "TruppMatchupSideRequest"):
        side = schema["components"]["schemas"][name]
        assert side["anyOf"] == [{"required": ["card"]}, {"required": ["card_values"]}]
        assert "Give card or card_values" in side["description"]
    for path in ("/api/v1/render/", "/api/v1/validate/", "/api/v1/lists/"):
        assert schema["paths"][path]["post"]["requestBody"]["required"] is True
    amount = schema["components"]["schemas"]["NewCampaignEventRequest"]["properties"]["amount"]
    assert (amount["minimum"], amount["maximum"]) == (-999, 999)


def test_a_hull_breach_roll_off_the_die_keeps_the_rules_message(client):
    response = client.post("/api/v1/boarding-action/hull-breach/", {"roll": 7},
                           content_type="application/json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["path"] == "roll" and error["code"] == "invalid"
