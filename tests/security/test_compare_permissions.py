"""Who may use each page and endpoint of diffs and snapshots: alice owns the list, bob is
a logged-in stranger, anonymous has no login. A private one answers bob exactly as for a
list that does not exist (404) and sends anonymous to the login page (pages) or answers
403 not_authenticated (API); a public one (by snapshot code, verify, the document diff)
answers everyone alike. Nobody but alice creates a snapshot of her list."""

import pytest
from django.test import Client

from armylists.compare import snapshots
from armylists.lists import services as lists
from armylists.models import Snapshot
from tests.support.pages import CAPTAIN, OGRE, document

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
LOGIN, PUBLIC = "login", "public"

# (method, path ({list}: alice's list id, {code}: a snapshot's code), body, alice's status,
#  who else: LOGIN (private page), "api" (private endpoint) or PUBLIC)
CASES = [
    ("get", "/lists/{list}/compare/", None, 200, LOGIN),
    ("get", "/lists/{list}/compare/?version=1", None, 200, LOGIN),
    ("post", "/lists/{list}/snapshots/", {}, 302, LOGIN),
    ("get", "/t/{code}/", None, 200, PUBLIC),
    ("get", "/t/{code}/download/", None, 200, PUBLIC),
    ("get", "/t/verify/", None, 200, PUBLIC),
    ("get", "/api/v1/lists/{list}/diff/?version=1", None, 200, "api"),
    ("get", "/api/v1/lists/{list}/snapshots/", None, 200, "api"),
    ("post", "/api/v1/lists/{list}/snapshots/", None, 200, "api"),  # frozen already: 200
    ("get", "/api/v1/snapshots/{code}/", None, 200, PUBLIC),
    ("post", "/api/v1/snapshots/verify/", {"document": RAID}, 200, PUBLIC),
    ("post", "/api/v1/diff/", {"before": RAID, "after": RAID}, 200, PUBLIC),
]
IDS = [f"{method} {path}" for method, path, *_ in CASES]


@pytest.fixture
def raid(godslayer, alice):
    army_list = lists.list_create(owner=alice, data=RAID)
    snapshots.snapshot_create(army_list=army_list)
    return army_list


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def call(client, method, path, body):
    if method == "get":
        return client.get(path)
    if path.startswith("/api/"):
        return client.post(path, body, content_type="application/json")
    return client.post(path, body or {})


@pytest.mark.parametrize(("method", "path", "body", "owner", "others"), CASES, ids=IDS)
def test_each_page_and_endpoint_answers_owner_stranger_and_anonymous(
    alice, bob, raid, method, path, body, owner, others
):
    target = path.format(list=raid.id, code=Snapshot.objects.get().code)
    assert call(client_for(alice), method, target, body).status_code == owner
    stranger = call(client_for(bob), method, target, body)
    anonymous = call(client_for(None), method, target, body)
    if others == PUBLIC:
        assert (stranger.status_code, anonymous.status_code) == (owner, owner)
        return
    assert stranger.status_code == 404
    assert "Nordgaard raid" not in stranger.content.decode()
    if others == LOGIN:
        assert anonymous.status_code == 302 and anonymous.url.startswith("/accounts/login/")
    else:
        assert anonymous.status_code == 403
        assert anonymous.json()["errors"][0]["code"] == "not_authenticated"
    assert Snapshot.objects.count() == 1  # bob and anonymous froze nothing
