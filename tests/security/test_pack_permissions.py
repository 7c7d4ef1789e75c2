"""Who may do what with a pack, over real HTTP, endpoint by endpoint.

alice owns the pack, erik is its editor, bob a logged-in stranger, anonymous has no
credentials. A private pack is a 404 to everyone but its owner and editors (the same
answer as for a pack that does not exist); anything that writes needs a login (403
not_authenticated); readers who may not change it get 403 permission_denied. Each row
tries the strangers first and the owner last, and the pack is as it was after every
refused attempt.
"""

import pytest

from tests.support import packs as pack_helpers
from tests.support.packs import OFFICIAL, card, document_of, fork

official, alice, bob, erik, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.erik,
    pack_helpers.anonymous, pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

OGRE = "nordgaard-ogre-huscarl"
NOT_LOGGED_IN = ("", "not_authenticated")
DENIED = ("", "permission_denied")
NOT_FOUND = ("", "not_found")


def state(client, pack_id):
    """The pack as its owner sees it (without the times that any save moves)."""
    got = client.get(f"/api/v1/packs/{pack_id}/").json()
    return {k: v for k, v in got.items() if k != "updated_at"}


def publish_body(client, pack_id, points):
    document = document_of(client, pack_id)
    card(document, OGRE)["points"] = points
    return {"document": document, "note": "", "base_version": 1}


# (name, method, path under /api/v1/packs/{id}, body or None)
ENDPOINTS = [
    ("detail", "GET", "/", None),
    ("version", "GET", "/versions/1/", None),
    ("download", "GET", "/versions/1/download/", None),
    ("diff", "GET", "/diff/?from=1&to=1", None),
    ("change", "PATCH", "/", {"name": "Renamed"}),
    ("publish", "POST", "/versions/", "publish"),
    ("delete", "DELETE", "/", None),
]

# The answer each reader gets from a PRIVATE pack: (status, error) or status alone.
PRIVATE = {
    "detail": {"bob": (404, NOT_FOUND), "anonymous": (404, NOT_FOUND), "erik": 200, "alice": 200},
    "version": {"bob": (404, NOT_FOUND), "anonymous": (404, NOT_FOUND), "erik": 200,
                "alice": 200},
    "download": {"bob": (404, NOT_FOUND), "anonymous": (404, NOT_FOUND), "erik": 200,
                 "alice": 200},
    "diff": {"bob": (404, NOT_FOUND), "anonymous": (404, NOT_FOUND), "erik": 200, "alice": 200},
    "change": {"bob": (404, NOT_FOUND), "anonymous": (403, NOT_LOGGED_IN),
               "erik": (403, DENIED), "alice": 200},
    "publish": {"bob": (404, NOT_FOUND), "anonymous": (403, NOT_LOGGED_IN), "erik": 201},
    "delete": {"bob": (404, NOT_FOUND), "anonymous": (403, NOT_LOGGED_IN),
               "erik": (403, DENIED), "alice": 204},
}  # fmt: skip
# A PUBLIC pack: everyone reads; only the owner changes, owner and editors publish.
PUBLIC = {
    **{name: {"bob": 200, "anonymous": 200, "erik": 200, "alice": 200}
       for name in ("detail", "version", "download", "diff")},
    "change": {"bob": (403, DENIED), "anonymous": (403, NOT_LOGGED_IN), "erik": (403, DENIED),
               "alice": 200},
    "publish": {"bob": (403, DENIED), "anonymous": (403, NOT_LOGGED_IN), "alice": 201},
    "delete": {"bob": (403, DENIED), "anonymous": (403, NOT_LOGGED_IN), "erik": (403, DENIED),
               "alice": 204},
}  # fmt: skip


@pytest.fixture
def clients(alice, bob, erik, anonymous):
    return {"alice": alice, "bob": bob, "erik": erik, "anonymous": anonymous}


def shared_pack(alice, alices_pack, visibility):
    url = f"/api/v1/packs/{alices_pack['id']}/"
    r = alice.patch(url, json={"visibility": visibility, "editors": ["erik"]})
    assert r.status_code == 200, r.text
    return alices_pack["id"]


def attempt(clients, who, method, pack_id, path, body, points):
    client = clients[who]
    if body == "publish":
        body = publish_body(clients["alice"], pack_id, points)
    return client.request(method, f"/api/v1/packs/{pack_id}{path}", json=body)


@pytest.mark.parametrize("visibility", ["private", "public"])
@pytest.mark.parametrize(("name", "method", "path", "body"), ENDPOINTS, ids=[e[0] for e in ENDPOINTS])
def test_each_reader_gets_what_the_table_says(
    clients, alices_pack, visibility, name, method, path, body
):
    pack_id = shared_pack(clients["alice"], alices_pack, visibility)
    expected = (PRIVATE if visibility == "private" else PUBLIC)[name]
    for points, (who, answer) in enumerate(expected.items(), start=30):
        before = state(clients["alice"], pack_id)
        r = attempt(clients, who, method, pack_id, path, body, points)
        status, error = answer if isinstance(answer, tuple) else (answer, None)
        assert r.status_code == status, (who, r.text)
        if error is not None:
            assert {(e["path"], e["code"]) for e in r.json()["errors"]} == {error}, who
            assert state(clients["alice"], pack_id) == before, who


def test_a_pack_shared_by_link_is_read_and_forked_with_its_token_only(clients, alices_pack):
    alice, bob, anonymous = clients["alice"], clients["bob"], clients["anonymous"]
    pack_id = shared_pack(alice, alices_pack, "link")
    token = alice.get(f"/api/v1/packs/{pack_id}/").json()["share_token"]
    for path in ("/", "/versions/1/", "/versions/1/download/", "/diff/?from=1&to=1"):
        joiner = "&" if "?" in path else "?"
        assert bob.get(f"/api/v1/packs/{pack_id}{path}").status_code == 404, path
        assert bob.get(f"/api/v1/packs/{pack_id}{path}{joiner}token=wrong").status_code == 404
        assert bob.get(f"/api/v1/packs/{pack_id}{path}{joiner}token={token}").status_code == 200
        assert anonymous.get(f"/api/v1/packs/{pack_id}{path}{joiner}token={token}").status_code == 200
    by_token = anonymous.get(f"/api/v1/packs/by-token/{token}/")
    assert by_token.status_code == 200 and by_token.json()["id"] == pack_id
    assert by_token.json()["share_token"] is None  # the owner's only
    # Reading by link gives no right to change or publish.
    r = bob.patch(f"/api/v1/packs/{pack_id}/?token={token}", json={"name": "Mine now"})
    assert r.status_code == 403
    assert fork(bob, pack_id=pack_id).status_code == 404
    forked = fork(bob, pack_id=pack_id, token=token)
    assert forked.status_code == 201, forked.text
    assert forked.json()["forked_from"] == {"id": pack_id, "version": 1}
    # Private again: the token opens nothing.
    alice.patch(f"/api/v1/packs/{pack_id}/", json={"visibility": "private"})
    assert anonymous.get(f"/api/v1/packs/by-token/{token}/").status_code == 404
    assert bob.get(f"/api/v1/packs/{pack_id}/?token={token}").status_code == 404


def test_forking_a_private_pack_is_for_its_owner_and_editors(clients, alices_pack):
    pack_id = shared_pack(clients["alice"], alices_pack, "private")
    assert fork(clients["bob"], pack_id=pack_id).status_code == 404
    r = fork(clients["anonymous"], pack_id=pack_id)
    assert r.status_code == 403 and r.json()["errors"][0]["code"] == "not_authenticated"
    assert fork(clients["erik"], pack_id=pack_id).status_code == 201
    assert fork(clients["alice"], pack_id=pack_id).status_code == 201


def test_the_official_pack_is_read_by_all_and_changed_by_none(clients):
    for who in ("alice", "bob", "anonymous"):
        client = clients[who]
        assert client.get(f"/api/v1/packs/{OFFICIAL}/").status_code == 200
        assert client.get(f"/api/v1/packs/{OFFICIAL}/versions/1/").status_code == 200
        expected = 403
        assert client.patch(f"/api/v1/packs/{OFFICIAL}/", json={"name": "x"}).status_code == expected
        assert client.delete(f"/api/v1/packs/{OFFICIAL}/").status_code == expected
        body = publish_body(clients["alice"], OFFICIAL, 31)
        assert client.post(f"/api/v1/packs/{OFFICIAL}/versions/", json=body).status_code == expected
    assert clients["anonymous"].get(f"/api/v1/packs/{OFFICIAL}/").json()["latest_version"] == 1


def test_a_pack_that_does_not_exist_is_the_same_404(clients):
    for path in ("/", "/versions/1/", "/versions/1/download/", "/diff/?from=1&to=1"):
        r = clients["bob"].get(f"/api/v1/packs/{'0' * 32}{path}")
        assert r.status_code == 404 and r.json()["errors"][0]["code"] == "not_found", path
    assert clients["bob"].get(f"/api/v1/packs/{'x' * 300}/").status_code == 404
    assert clients["bob"].get("/api/v1/packs/by-token/nothing/").status_code == 404
