"""Who may do what with a saved list, over real HTTP.

alice owns the list, bob is a logged-in stranger, anonymous has no credentials. Every
private endpoint: alice gets her answer; bob gets the same 404 as for a list that does
not exist (never a 403 that would say it exists); anonymous gets DRF's 403
not_authenticated before any lookup. And the list is unchanged after their attempts.
"""

import pytest

from tests.support.http import Http, token_client
from tests.support.users import make_user

pytestmark = pytest.mark.django_db(transaction=True)

CAPTAIN = {"card": "nordgaard-gestir-captain"}
DOCUMENT = {"format": "muster-list/1", "system": "godslayer", "name": "Alice's raid",
            "faction": "nordgaard", "battle_size": 160, "role": None, "entries": [CAPTAIN],
            "special_actions": []}
OTHER = {**DOCUMENT, "name": "Taken over", "entries": [CAPTAIN, {"card": "nordgaard-ogre-huscarl"}]}
NOT_FOUND = {"errors": [{"path": "", "message": "no such list", "code": "not_found"}]}
NOT_LOGGED_IN = {"errors": [{"path": "", "code": "not_authenticated",
                             "message": "Authentication credentials were not provided."}]}

# (method, path under /api/v1/lists/{id}, body, the owner's status)
PRIVATE = [
    ("GET", "/", None, 200),
    ("PUT", "/", {"version": 1, "document": OTHER}, 200),
    ("PATCH", "/", {"version": 1, "name": "Taken over"}, 200),
    ("DELETE", "/", None, 204),
    ("GET", "/export/", None, 200),
    ("POST", "/share/", {"action": "renew"}, 200),
    ("POST", "/share/", {"action": "revoke"}, 200),
]
IDS = [f"{method} {path} {(body or {}).get('action', '')}".strip() for method, path, body, _ in PRIVATE]


@pytest.fixture
def alices_list(alice_api):
    r = alice_api.request("POST", "/api/v1/lists/", json=DOCUMENT)
    assert r.status_code == 201, r.text
    return r.json()


def snapshot(list_id):
    """Everything about the list in the database, history included."""
    from armylists.models import ArmyList, ArmyListVersion

    row = ArmyList.objects.filter(id=list_id).values(
        "owner__username", "name", "document", "version", "share_token", "updated_at").first()
    versions = list(ArmyListVersion.objects.filter(army_list_id=list_id).values_list("version", "document"))
    return row, versions


@pytest.mark.parametrize(("method", "path", "body", "owner_status"), PRIVATE, ids=IDS)
def test_it_lets_only_the_owner_use_a_private_endpoint(alice_api, bob_api, anonymous, alices_list,
                                                       method, path, body, owner_status):
    url = f"/api/v1/lists/{alices_list['id']}{path}"
    before = snapshot(alices_list["id"])
    assert before[0] is not None

    r = bob_api.request(method, url, json=body)
    assert (r.status_code, r.json()) == (404, NOT_FOUND), r.text
    r = anonymous.request(method, url, json=body)
    assert (r.status_code, r.json()) == (403, NOT_LOGGED_IN), r.text
    r = Http(alice_api.base, "not-a-token").request(method, url, json=body)
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "authentication_failed"
    assert snapshot(alices_list["id"]) == before

    r = alice_api.request(method, url, json=body)
    assert r.status_code == owner_status, r.text


@pytest.mark.parametrize(("method", "path", "body", "owner_status"), PRIVATE, ids=IDS)
def test_it_answers_a_missing_list_like_a_strangers_one(alice_api, alices_list, method, path, body,
                                                        owner_status):
    # The same 404 for an id that never existed, one that cannot exist, and not a number.
    for list_id in (alices_list["id"] + 1000, "99999999999999999999999", "abc", "-1"):
        r = alice_api.request(method, f"/api/v1/lists/{list_id}{path}", json=body)
        assert (r.status_code, r.json()) == (404, NOT_FOUND), (list_id, r.text)


def test_it_answers_a_deleted_list_with_404(alice_api, alices_list):
    url = f"/api/v1/lists/{alices_list['id']}/"
    assert alice_api.request("DELETE", url).status_code == 204
    for method, path, body, _ in PRIVATE:
        r = alice_api.request(method, f"/api/v1/lists/{alices_list['id']}{path}", json=body)
        assert (r.status_code, r.json()) == (404, NOT_FOUND)


def test_it_keeps_the_list_collection_private(alice_api, bob_api, anonymous, alices_list):
    from armylists.models import ArmyList

    assert [s["id"] for s in alice_api.get("/api/v1/lists/").json()["results"]] == [alices_list["id"]]
    assert bob_api.get("/api/v1/lists/").json()["results"] == []
    assert bob_api.get("/api/v1/lists/", params={"q": "Alice"}).json()["results"] == []
    assert bob_api.get("/api/v1/lists/", params={"system": "godslayer"}).json()["results"] == []
    r = anonymous.get("/api/v1/lists/")
    assert (r.status_code, r.json()) == (403, NOT_LOGGED_IN)
    for path in ("/api/v1/lists/", "/api/v1/lists/import/"):
        r = anonymous.request("POST", path, json=DOCUMENT)
        assert (r.status_code, r.json()) == (403, NOT_LOGGED_IN)
    assert ArmyList.objects.count() == 1
    # What bob creates or imports is his: alice does not see it, and he sees only his.
    mine = bob_api.request("POST", "/api/v1/lists/import/", json=DOCUMENT).json()
    assert [s["id"] for s in bob_api.get("/api/v1/lists/").json()["results"]] == [mine["id"]]
    assert [s["id"] for s in alice_api.get("/api/v1/lists/").json()["results"]] == [alices_list["id"]]
    assert ArmyList.objects.get(id=mine["id"]).owner.username == "bob"


def test_it_lets_anyone_read_a_shared_list_but_change_nothing(bob_api, anonymous, alices_list):
    before = snapshot(alices_list["id"])
    token = alices_list["share_token"]
    for client in (bob_api, anonymous):
        assert client.get(f"/api/v1/shared/{token}/").status_code == 200
        for method in ("PUT", "PATCH", "DELETE", "POST"):
            r = client.request(method, f"/api/v1/shared/{token}/", json={"version": 1, "name": "x"})
            assert r.status_code == 405 and r.json()["errors"][0]["code"] == "method_not_allowed"
    assert snapshot(alices_list["id"]) == before


def session_client(api, user):
    """A browser-like client: logged in with Django's session cookie, no token."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    http = Http(api.base)
    http.session.cookies.set("sessionid", client.cookies["sessionid"].value)
    return http


def test_it_checks_csrf_for_session_logins_but_not_for_tokens(api, live_godslayer):
    alice = make_user("alice")
    browser = session_client(api, alice)
    created = browser.request("GET", "/api/v1/lists/")
    assert created.status_code == 200 and created.json()["results"] == []  # reads need no CSRF

    r = browser.request("POST", "/api/v1/lists/", json=DOCUMENT)
    assert r.status_code == 403 and "CSRF" in r.json()["errors"][0]["message"]
    csrf = "x" * 32
    browser.session.cookies.set("csrftoken", csrf)
    r = browser.request("POST", "/api/v1/lists/", json=DOCUMENT, headers={"X-CSRFToken": csrf})
    assert r.status_code == 201, r.text
    list_id = r.json()["id"]
    before = snapshot(list_id)

    no_csrf = session_client(api, alice)
    for method, path, body, _ in PRIVATE:
        if method == "GET":
            continue
        r = no_csrf.request(method, f"/api/v1/lists/{list_id}{path}", json=body)
        assert r.status_code == 403 and "CSRF" in r.json()["errors"][0]["message"], (method, path)
    assert snapshot(list_id) == before

    r = browser.request("PATCH", f"/api/v1/lists/{list_id}/", json={"version": 1, "name": "Ok"},
                        headers={"X-CSRFToken": csrf})
    assert r.status_code == 200 and r.json()["name"] == "Ok"
    # A script with a token needs no CSRF token.
    r = token_client(api, alice).request("PATCH", f"/api/v1/lists/{list_id}/", json={"version": 2, "name": "Script"})
    assert r.status_code == 200 and r.json()["version"] == 3
