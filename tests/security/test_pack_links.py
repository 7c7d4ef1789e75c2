"""A pack shared by link, kept for one's lists ("Use this pack for my lists"), over real
HTTP: bob, who has the link, keeps it and builds on it without a copy; charlie (no link)
and anonymous cannot; when alice renews the link or makes the pack private, bob's keep
ends (his saved list stays on its version, as every saved list does)."""

import pytest

from tests.support import packs as pack_helpers
from tests.support.pages import CAPTAIN, OGRE, document

official, alice, bob, charlie, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.charlie,
    pack_helpers.anonymous, pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})


def on(pack_id, version=1):
    return {**RAID, "pack": {"id": pack_id, "version": version}}


@pytest.fixture
def link(alice, alices_pack):
    """alice's pack, shared by link: its token."""
    r = alice.patch(f"/api/v1/packs/{alices_pack['id']}/", json={"visibility": "link"})
    assert r.status_code == 200, r.text
    return r.json()["share_token"]


def listed(client, pack_id):
    r = client.get("/api/v1/packs/", params={"system": "godslayer"})
    assert r.status_code == 200, r.text
    return pack_id in {p["id"] for p in r.json()["results"]}


def validates(client, pack_id):
    return client.post("/api/v1/validate/", json=on(pack_id)).status_code == 200


def test_bob_keeps_the_pack_from_its_link_and_builds_on_it(bob, alices_pack, link):
    pack_id = alices_pack["id"]
    assert (listed(bob, pack_id), validates(bob, pack_id)) == (False, False)
    r = bob.post(f"/api/v1/packs/by-token/{link}/keep/")
    assert r.status_code == 200, r.text
    assert r.json() == {"id": pack_id, "kept": True}
    assert (listed(bob, pack_id), validates(bob, pack_id)) == (True, True)
    saved = bob.post("/api/v1/lists/", json=on(pack_id))
    assert saved.status_code == 201, saved.text
    assert saved.json()["document"]["pack"] == {"id": pack_id, "version": 1}
    assert bob.delete(f"/api/v1/packs/by-token/{link}/keep/").status_code == 204
    assert (listed(bob, pack_id), validates(bob, pack_id)) == (False, False)


@pytest.mark.parametrize("end", ["renew the link", "make it private"])
def test_a_renewed_link_or_a_private_pack_ends_the_keep(alice, bob, alices_pack, link, end):
    pack_id = alices_pack["id"]
    assert bob.post(f"/api/v1/packs/by-token/{link}/keep/").status_code == 200
    saved = bob.post("/api/v1/lists/", json=on(pack_id)).json()
    change = {"renew_token": True} if end == "renew the link" else {"visibility": "private"}
    r = alice.patch(f"/api/v1/packs/{pack_id}/", json=change)
    assert r.status_code == 200, r.text
    assert (listed(bob, pack_id), validates(bob, pack_id)) == (False, False)
    # His saved list is read with the version it was saved on.
    mine = bob.get(f"/api/v1/lists/{saved['id']}/")
    assert mine.status_code == 200, mine.text
    assert mine.json()["validation"]["pack"]["id"] == pack_id


def test_strangers_cannot_keep_without_the_link(charlie, anonymous, alices_pack, link):
    wrong = "x" * 43
    assert charlie.post(f"/api/v1/packs/by-token/{wrong}/keep/").status_code == 404
    refused = anonymous.post(f"/api/v1/packs/by-token/{link}/keep/")
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["code"] == "not_authenticated"
    assert (listed(charlie, alices_pack["id"]), validates(charlie, alices_pack["id"])) == (
        False, False)  # fmt: skip


def test_the_owner_keeps_nothing(alice, alices_pack, link):
    r = alice.post(f"/api/v1/packs/by-token/{link}/keep/")
    assert r.json() == {"id": alices_pack["id"], "kept": False}
    assert listed(alice, alices_pack["id"])


erik = pack_helpers.erik


def test_an_editor_keeps_nothing_and_builds_on_it_anyway(alice, erik, alices_pack, link):
    r = alice.patch(f"/api/v1/packs/{alices_pack['id']}/", json={"editors": ["erik"]})
    assert r.status_code == 200, r.text
    kept = erik.post(f"/api/v1/packs/by-token/{link}/keep/")
    assert kept.json() == {"id": alices_pack["id"], "kept": False}
    assert (listed(erik, alices_pack["id"]), validates(erik, alices_pack["id"])) == (True, True)
