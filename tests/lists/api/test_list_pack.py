"""A list document's ``pack`` over real HTTP: validate, lists (create, read, replace,
change), render, export, diff and snapshots take it and answer with it; every error
path; who may build on which pack (alice owns the private pack, bob is a stranger)."""

import pytest

from armylists.compare.canonical import snapshot_hash
from rules.engine import parse
from tests.support import packs as pack_helpers
from tests.support.packs import OFFICIAL, card, document_of, fork
from tests.support.pages import CAPTAIN, OGRE, document

# The pack fixtures (users over HTTP, the official pack, alice's fork).
official, alice, bob, anonymous, alices_pack = (
    pack_helpers.official, pack_helpers.alice, pack_helpers.bob, pack_helpers.anonymous,
    pack_helpers.alices_pack,
)

pytestmark = pytest.mark.django_db(transaction=True)

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})
RAID_POINTS = 78  # on the official data (tests/compare/api/test_snapshots.py)


def on(pack_id, version, doc=RAID):
    return {**doc, "pack": {"id": pack_id, "version": version}}


def errors(r):
    return {(e["path"], e["code"]) for e in r.json()["errors"]}


@pytest.fixture
def dearer(alice, alices_pack):
    """alice's pack at version 2: the ogre costs 10 more than in version 1."""
    doc = document_of(alice, alices_pack["id"])
    card(doc, OGRE)["points"] += 10
    r = alice.post(
        f"/api/v1/packs/{alices_pack['id']}/versions/",
        json={"document": doc, "note": "dearer ogre", "base_version": 1},
    )
    assert r.status_code == 201, r.text
    return alices_pack["id"]


def content_hash_of(client, pack_id, number):
    return client.get(f"/api/v1/packs/{pack_id}/versions/{number}/").json()["content_hash"]


# --- validate ------------------------------------------------------------------------


def test_a_document_without_pack_is_judged_by_the_official_data_as_before(anonymous):
    r = anonymous.post("/api/v1/validate/", json=RAID)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["pack"] is None and body["points"]["total"] == RAID_POINTS
    assert body["sample_data"] is True


def test_the_official_pack_named_gives_the_same_verdict(anonymous):
    r = anonymous.post("/api/v1/validate/", json=on(OFFICIAL, 1))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["points"]["total"] == RAID_POINTS and body["sample_data"] is True
    assert body["pack"] == {"id": OFFICIAL, "version": 1, "official": True,
                            "content_hash": content_hash_of(anonymous, OFFICIAL, 1)}


def test_each_version_of_a_users_pack_judges_by_its_own_numbers(alice, dearer):
    first = alice.post("/api/v1/validate/", json=on(dearer, 1)).json()
    second = alice.post("/api/v1/validate/", json=on(dearer, 2)).json()
    assert first["points"]["total"] == RAID_POINTS
    assert second["points"]["total"] == RAID_POINTS + 10
    assert second["pack"]["id"] == dearer and second["pack"]["version"] == 2
    assert second["pack"]["official"] is False


@pytest.mark.parametrize("who", ["bob", "anonymous"])
def test_a_private_pack_is_refused_to_others_like_one_that_does_not_exist(
    request, who, alices_pack
):
    client = request.getfixturevalue(who)
    hidden = client.post("/api/v1/validate/", json=on(alices_pack["id"], 1))
    missing = client.post("/api/v1/validate/", json=on("no-such-pack", 1))
    assert hidden.status_code == missing.status_code == 400
    assert errors(hidden) == errors(missing) == {("pack", "not_found")}
    # Nothing in the message tells the two apart but the id the client sent itself.
    said = hidden.json()["errors"][0]["message"].replace(alices_pack["id"], "X")
    assert said == missing.json()["errors"][0]["message"].replace("no-such-pack", "X")


@pytest.mark.parametrize(
    ("pack", "expected"),
    [
        ({"id": OFFICIAL, "version": 9}, {("pack.version", "not_found")}),
        ({"id": OFFICIAL, "version": 0}, {("pack.version", "invalid")}),
        ({"id": OFFICIAL, "version": 2**31}, {("pack.version", "invalid")}),
        ({"id": OFFICIAL, "version": "1"}, {("pack.version", "invalid")}),
        ({"id": "", "version": 1}, {("pack.id", "invalid")}),
        ({"id": "x" * 65, "version": 1}, {("pack.id", "invalid")}),
        ({"id": OFFICIAL}, {("pack.version", "required")}),
        ({"id": OFFICIAL, "version": 1, "extra": 1}, {("pack.extra", "invalid")}),
        ("godslayer", {("pack", "invalid")}),
    ],
)
def test_a_bad_pack_is_refused_by_path(anonymous, pack, expected):
    r = anonymous.post("/api/v1/validate/", json={**RAID, "pack": pack})
    assert r.status_code == 400, r.text
    assert {path for path, _ in errors(r)} == {path for path, _ in expected}
    if ("pack.version", "not_found") in expected:
        assert errors(r) == expected
        assert "its latest is 1" in r.json()["errors"][0]["message"]


def test_a_pack_of_another_game_is_refused(anonymous, load_mordheim_pack):
    r = anonymous.post("/api/v1/validate/", json=on("mordheim", 1))
    assert r.status_code == 400
    assert {path for path, _ in errors(r)} == {"pack"}
    assert "mordheim" in r.json()["errors"][0]["message"]


@pytest.fixture
def load_mordheim_pack(official):
    from armylists.packs.versions import load_official_pack_file
    from tests.support.paths import FIXTURES

    load_official_pack_file(FIXTURES / "mordheim.yaml")


# --- saved lists ---------------------------------------------------------------------


@pytest.fixture
def pinned(alice, dearer):
    """alice's list on version 1 of her (private) pack."""
    r = alice.post("/api/v1/lists/", json=on(dearer, 1))
    assert r.status_code == 201, r.text
    return r.json()


def test_a_saved_list_keeps_its_pack_and_answers_with_it(alice, pinned, dearer):
    assert pinned["document"]["pack"] == {"id": dearer, "version": 1}
    r = alice.get(f"/api/v1/lists/{pinned['id']}/")
    body = r.json()
    assert body["document"]["pack"] == {"id": dearer, "version": 1}
    assert body["validation"]["pack"]["version"] == 1
    assert body["validation"]["points"]["total"] == RAID_POINTS


def test_a_list_without_pack_is_saved_without_one(alice, official):
    r = alice.post("/api/v1/lists/", json=RAID)
    assert r.status_code == 201
    assert "pack" not in r.json()["document"] and r.json()["validation"]["pack"] is None


def test_changing_the_version_is_an_edit_of_the_list(alice, pinned, dearer):
    r = alice.patch(
        f"/api/v1/lists/{pinned['id']}/",
        json={"version": 1, "pack": {"id": dearer, "version": 2}},
    )
    assert r.status_code == 200, r.text
    assert r.json()["document"]["pack"]["version"] == 2
    assert r.json()["validation"]["points"]["total"] == RAID_POINTS + 10


@pytest.mark.parametrize(
    ("pack", "expected"),
    [({"version": 9}, ("pack.version", "not_found")), ({"id": "nope"}, ("pack", "not_found"))],
)
def test_a_bad_pack_in_an_edit_is_refused_and_changes_nothing(
    alice, pinned, dearer, pack, expected
):
    new = {"id": dearer, "version": 1, **pack}
    r = alice.patch(f"/api/v1/lists/{pinned['id']}/", json={"version": 1, "pack": new})
    assert r.status_code == 400 and errors(r) == {expected}
    put = alice.put(
        f"/api/v1/lists/{pinned['id']}/", json={"version": 1, "document": on(new["id"],
                                                                            new["version"])}
    )
    assert put.status_code == 400
    assert errors(put) == {(f"document.{expected[0]}", expected[1])}
    assert alice.get(f"/api/v1/lists/{pinned['id']}/").json()["version"] == 1


def test_a_stranger_cannot_save_a_list_on_a_private_pack(bob, alices_pack):
    r = bob.post("/api/v1/lists/", json=on(alices_pack["id"], 1))
    assert r.status_code == 400 and errors(r) == {("pack", "not_found")}


def test_a_pinned_list_stays_readable_and_editable_after_its_pack_goes_away(
    alice, bob, official
):
    # bob's public pack, alice's list on it; then bob makes it private and deletes it.
    made = fork(bob, name="Bob's data").json()
    assert bob.patch(f"/api/v1/packs/{made['id']}/", json={"visibility": "public"}).ok
    saved = alice.post("/api/v1/lists/", json=on(made["id"], 1)).json()
    assert bob.patch(f"/api/v1/packs/{made['id']}/", json={"visibility": "private"}).ok
    assert bob.delete(f"/api/v1/packs/{made['id']}/").status_code == 204
    body = alice.get(f"/api/v1/lists/{saved['id']}/").json()
    assert body["validation"]["pack"]["id"] == made["id"]
    # Her edits keep the version she is on...
    r = alice.patch(f"/api/v1/lists/{saved['id']}/", json={"version": 1, "name": "Renamed"})
    assert r.status_code == 200, r.text
    # ...but a new list may not name a pack she can no longer see.
    assert alice.post("/api/v1/lists/", json=on(made["id"], 1)).status_code == 400


def test_the_shared_list_and_its_export_use_the_pinned_version(alice, anonymous, dearer):
    saved = alice.post("/api/v1/lists/", json=on(dearer, 2)).json()
    token = alice.post(f"/api/v1/lists/{saved['id']}/share/", json={"action": "renew"})
    token = token.json().get("share_token") or saved["share_token"]
    shared = anonymous.get(f"/api/v1/shared/{token}/")
    assert shared.status_code == 200, shared.text
    assert shared.json()["validation"]["points"]["total"] == RAID_POINTS + 10
    exported = alice.get(f"/api/v1/lists/{saved['id']}/export/")
    assert exported.json()["pack"] == {"id": dearer, "version": 2}
    text = alice.get(f"/api/v1/lists/{saved['id']}/export/", params={"format": "text"})
    assert str(RAID_POINTS + 10) in text.text


def test_render_takes_the_pack_too(alice, anonymous, dearer):
    r = alice.post("/api/v1/render/", json=on(OFFICIAL, 1))
    assert r.status_code == 200 and r.json()["pack"] == {"id": OFFICIAL, "version": 1}
    # Render reads no login: a private pack is refused like a missing one.
    hidden = anonymous.post("/api/v1/render/", json=on(dearer, 1))
    assert hidden.status_code == 400 and errors(hidden) == {("pack", "not_found")}


def test_the_diff_says_which_pack_each_side_was_judged_by(anonymous, official):
    r = anonymous.post("/api/v1/diff/", json={"before": RAID, "after": on(OFFICIAL, 1)})
    assert r.status_code == 200, r.text
    assert r.json()["pack"]["before"] is None
    assert r.json()["pack"]["after"]["id"] == OFFICIAL
    hidden = anonymous.post("/api/v1/diff/", json={"before": RAID, "after": on("nope", 1)})
    assert hidden.status_code == 400 and errors(hidden) == {("after.pack", "not_found")}


def test_a_list_diff_across_a_version_update_shows_both_packs(alice, pinned, dearer):
    alice.patch(f"/api/v1/lists/{pinned['id']}/",
                json={"version": 1, "pack": {"id": dearer, "version": 2}})
    r = alice.get(f"/api/v1/lists/{pinned['id']}/diff/", params={"version": 1, "to": 2})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["pack"]["before"]["version"], body["pack"]["after"]["version"]) == (1, 2)
    assert body["points"]["delta"] == 10


# --- snapshots -----------------------------------------------------------------------


def test_a_snapshot_hash_covers_the_pack_versions_content(alice, anonymous, pinned, dearer):
    r = alice.post(f"/api/v1/lists/{pinned['id']}/snapshots/")
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["document"]["pack"] == {"id": dearer, "version": 1}
    expected = snapshot_hash(
        document=parse(pinned["document"]),
        system="godslayer",
        data_version=body["data_version"],
        pack_hash=content_hash_of(alice, dearer, 1),
    )
    assert body["hash"] == expected
    # The same army on the official data is another snapshot.
    plain = alice.post("/api/v1/lists/", json=RAID).json()
    other = alice.post(f"/api/v1/lists/{plain['id']}/snapshots/").json()
    assert other["hash"] != body["hash"]
    # Anyone with the code reads it judged by the pinned version, and verifies the export.
    read = anonymous.get(f"/api/v1/snapshots/{body['code']}/", params={"today": "1"})
    assert read.status_code == 200
    assert read.json()["validation"]["points"]["total"] == RAID_POINTS
    verified = anonymous.post("/api/v1/snapshots/verify/", json={"document": body["document"]})
    assert verified.status_code == 200, verified.text
    assert verified.json()["code"] == body["code"]


def test_a_version_a_list_is_pinned_to_cannot_be_deleted(pinned, dearer):
    from django.db.models import ProtectedError

    from armylists.models import ArmyList
    from armylists.packs.models import Pack

    saved = ArmyList.objects.get(pk=pinned["id"])
    assert (saved.pack_version.pack_id, saved.pack_version.number) == (dearer, 1)
    with pytest.raises(ProtectedError):
        Pack.objects.filter(pk=dearer).delete()
    assert ArmyList.objects.get(pk=pinned["id"]).pack_version.number == 1
