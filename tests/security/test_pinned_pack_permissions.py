"""A private pack used in a list, over real HTTP: alice (its owner) builds on it; bob (a
logged-in stranger) and anonymous get the answer of a pack that does not exist wherever
they name it, and alice's list stays a 404 to them; her shared link shows the list judged
by the pinned version without telling the pack's content."""

import pytest

from tests.support import packs as pack_helpers
from tests.support.pages import CAPTAIN, OGRE, document

official, alice, bob, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.anonymous,
    pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
NOT_FOUND = {("pack", "not_found")}


def on(pack_id, version=1):
    return {**RAID, "pack": {"id": pack_id, "version": version}}


def errors(r):
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


@pytest.fixture
def pinned(alice, alices_pack):
    r = alice.post("/api/v1/lists/", json=on(alices_pack["id"]))
    assert r.status_code == 201, r.text
    return r.json()


WHO = ["bob", "anonymous"]


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/api/v1/validate/", lambda p: on(p)),
        ("post", "/api/v1/render/", lambda p: on(p)),
        ("post", "/api/v1/diff/", lambda p: {"before": RAID, "after": on(p)}),
    ],
)
def test_strangers_naming_the_private_pack_get_the_answer_of_a_missing_one(
    request, who, method, path, body, alices_pack
):
    client = request.getfixturevalue(who)
    hidden = getattr(client, method)(path, json=body(alices_pack["id"]))
    missing = getattr(client, method)(path, json=body("0" * 32))
    assert hidden.status_code == missing.status_code == 400
    assert errors(hidden) == errors(missing)
    assert {code for _, code in errors(hidden)} == {"not_found"}


def test_the_owner_builds_on_her_private_pack(alice, alices_pack, pinned):
    r = alice.post("/api/v1/validate/", json=on(alices_pack["id"]))
    assert r.status_code == 200 and r.json()["pack"]["id"] == alices_pack["id"]
    assert pinned["validation"]["pack"]["official"] is False


def test_a_stranger_cannot_save_a_list_on_it_and_anonymous_cannot_save_at_all(
    bob, anonymous, alices_pack
):
    r = bob.post("/api/v1/lists/", json=on(alices_pack["id"]))
    assert r.status_code == 400 and errors(r) == NOT_FOUND
    assert anonymous.post("/api/v1/lists/", json=on(alices_pack["id"])).status_code in (401, 403)


@pytest.mark.parametrize("who", WHO)
def test_alices_list_on_it_is_a_404_to_strangers(request, who, pinned):
    client = request.getfixturevalue(who)
    for path in (f"/api/v1/lists/{pinned['id']}/", f"/api/v1/lists/{pinned['id']}/export/"):
        r = client.get(path)
        assert r.status_code in (401, 403, 404), (path, r.status_code)
        assert pinned["name"] not in r.text


def test_bob_cannot_move_his_list_onto_the_private_pack(bob, alices_pack):
    mine = bob.post("/api/v1/lists/", json=RAID).json()
    r = bob.patch(f"/api/v1/lists/{mine['id']}/",
                  json={"version": 1, "pack": {"id": alices_pack["id"], "version": 1}})
    assert r.status_code == 400 and errors(r) == NOT_FOUND


def test_the_shared_list_reads_with_its_pin(
    alice, bob, anonymous, alices_pack, pinned
):
    token = pinned["share_token"]
    for client in (bob, anonymous):
        shared = client.get(f"/api/v1/shared/{token}/")
        assert shared.status_code == 200
        assert shared.json()["validation"]["pack"]["id"] == alices_pack["id"]
        # The pack itself stays hidden: its versions are a 404.
        r = client.get(f"/api/v1/packs/{alices_pack['id']}/versions/1/")
        assert r.status_code == 404
