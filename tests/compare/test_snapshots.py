"""Tournament snapshots: the hash (canonical, stable, over exactly what the docstring of
armylists/compare/canonical.py says), the code (80 bits), immutability across list
edits, list deletion and a pack reload with a new data version, and verification."""

import json

import pytest
from django.db import IntegrityError, transaction

from armylists.compare import snapshots
from armylists.compare.canonical import CODE_LENGTH, canonical_json, snapshot_hash
from armylists.lists import services as lists
from armylists.lists.documents import document_read
from armylists.models import Snapshot
from rules.engine import parse
from tests.support.pages import CAPTAIN, OGRE, document
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db

RAID = document({"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE})


@pytest.fixture
def raid(godslayer, alice):
    return lists.list_create(owner=alice, data=RAID)


def hash_of(data, version="v1"):
    return snapshot_hash(document=parse(data), system="godslayer", data_version=version)


# --- the hash --------------------------------------------------------------------------


def test_it_writes_canonical_json_sorted_compact_utf8():
    assert canonical_json({"b": [1, {"z": None, "a": "Æsir"}], "a": True}) == (
        '{"a":true,"b":[1,{"a":"Æsir","z":null}]}'.encode()
    )


def test_the_hash_is_stable_across_key_order_whitespace_and_omitted_defaults():
    text = json.dumps(RAID)
    reordered = json.dumps(dict(reversed(list(RAID.items()))), indent=7)
    sparse = {k: v for k, v in RAID.items() if k not in ("role", "special_actions")}
    sparse["entries"] = [{"id": e["id"], "card": e["card"]} for e in RAID["entries"]]
    hashes = {
        snapshot_hash(document=document_read(body=body.encode()), system="godslayer",
                      data_version="v1")
        for body in (text, reordered, json.dumps(sparse, separators=(",", ":")))
    }  # fmt: skip
    assert len(hashes) == 1
    [digest] = hashes
    assert len(digest) == 64 and int(digest, 16) >= 0


def test_the_hash_leaves_out_entry_ids_but_not_their_order():
    without_ids = {**RAID, "entries": [{k: v for k, v in e.items() if k != "id"}
                                       for e in RAID["entries"]]}  # fmt: skip
    assert hash_of(without_ids) == hash_of(RAID)
    swapped = {**RAID, "entries": list(reversed(RAID["entries"]))}
    assert hash_of(swapped) != hash_of(RAID)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["entries"][1].update(count=2),
        lambda d: d.update(name="Another raid"),
        lambda d: d.update(battle_size=200),
        lambda d: d["entries"][0].update(items=["nordgaard-chainmail"]),
    ],
    ids=["count", "name", "battle size", "items"],
)
def test_the_hash_changes_with_the_army(change):
    other = json.loads(json.dumps(RAID))
    change(other)
    assert hash_of(other) != hash_of(RAID)


def test_the_hash_covers_the_data_version_and_the_system():
    document_ = parse(RAID)
    assert hash_of(RAID, "v2") != hash_of(RAID, "v1")
    assert snapshot_hash(document=document_, system="other", data_version="v1") != hash_of(RAID)


# --- freezing --------------------------------------------------------------------------


def test_it_freezes_the_saved_version_with_an_80_bit_code(raid):
    snapshot, created = snapshots.snapshot_create(army_list=raid)
    assert created is True
    assert CODE_LENGTH * 4 >= 80 and len(snapshot.code) == CODE_LENGTH
    assert snapshot.hash.startswith(snapshot.code) and int(snapshot.code, 16) >= 0
    assert snapshot.hash == snapshot_hash(
        document=parse(raid.document), system="godslayer", data_version=raid.data_version
    )
    assert (snapshot.list_version, snapshot.data_version) == (1, raid.data_version)
    assert snapshot.validation["valid"] is True
    assert snapshot.validation["points"]["total"] == 78


def test_freezing_the_same_army_twice_gives_the_same_snapshot(raid):
    first, _ = snapshots.snapshot_create(army_list=raid)
    again, created = snapshots.snapshot_create(army_list=raid)
    assert (again.pk, created) == (first.pk, False)
    assert Snapshot.objects.count() == 1


def frozen_state(snapshot):
    row = Snapshot.objects.get(pk=snapshot.pk)
    return (row.code, row.hash, row.document, row.validation, row.data_version, row.prices,
            row.created_at, row.list_version)  # fmt: skip


def test_a_snapshot_stays_as_it_was_when_the_list_is_edited(raid, alice):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    before = frozen_state(snapshot)
    edited = json.loads(json.dumps(RAID))
    edited["entries"][1]["count"] = 3
    lists.list_update(army_list=raid, data=edited, expected_version=1, user=alice)
    assert frozen_state(snapshot) == before
    assert Snapshot.objects.get(pk=snapshot.pk).army_list_id == raid.id


def test_a_snapshot_outlives_its_list(raid):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    before = frozen_state(snapshot)
    lists.list_delete(army_list=raid)
    assert frozen_state(snapshot) == before
    assert Snapshot.objects.get(pk=snapshot.pk).army_list_id is None


def test_a_snapshot_stays_as_it_was_when_the_data_changes(raid):
    from armylists.packs.tables import load_pack, read_pack_file

    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    before = frozen_state(snapshot)
    pack = read_pack_file(FIXTURES / "godslayer.yaml")
    old_version = pack["system"]["data_version"]
    pack["system"]["data_version"] = old_version + ".bumped"
    ogre = next(c for c in pack["cards"] if c["key"] == OGRE)
    ogre["points"] += 100  # 178 of 160 points now
    load_pack(pack)

    assert frozen_state(snapshot) == before
    payload = snapshots.snapshot_payload(snapshot=Snapshot.objects.get(pk=snapshot.pk), today=True)
    assert payload["data_version"] == old_version
    assert payload["validation"]["valid"] is True
    assert payload["still_valid"] is False
    changes = payload["data_changes"]
    assert changes["saved_data_version"] == old_version
    assert changes["current_data_version"] == old_version + ".bumped"
    assert {(c["key"], c["old"], c["new"]) for c in changes["changes"]} == {
        (OGRE, ogre["points"] - 100, ogre["points"])
    }
    assert [v["code"] for v in changes["new_violations"]] == ["battle_size"]


def test_the_database_refuses_to_change_a_snapshot(raid):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    with pytest.raises(ValueError, match="never changes"):
        snapshot.save()
    for change in ({"document": {}}, {"data_version": "x"}, {"validation": {"valid": True}}):
        with pytest.raises(IntegrityError), transaction.atomic():
            Snapshot.objects.filter(pk=snapshot.pk).update(**change)
    with pytest.raises(IntegrityError), transaction.atomic():
        Snapshot.objects.filter(pk=snapshot.pk).update(army_list=None, system="other")
    assert frozen_state(snapshot)[2] == Snapshot.objects.get(pk=snapshot.pk).document


# --- verifying -------------------------------------------------------------------------


def verify(data):
    return snapshots.snapshot_verify(document=document_read(body=json.dumps(data).encode()))


def test_an_exported_copy_matches_and_one_changed_count_does_not(raid):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    copy_ = snapshots.snapshot_export(snapshot=snapshot)
    assert verify(copy_) == snapshot
    assert verify(lists.list_export(army_list=raid)) == snapshot  # the list's own export
    copy_["entries"][1]["count"] = 2
    assert verify(copy_) is None


def test_a_copy_without_ids_or_data_version_matches_but_another_data_version_does_not(raid):
    snapshot, _ = snapshots.snapshot_create(army_list=raid)
    copy_ = snapshots.snapshot_export(snapshot=snapshot)
    bare = {k: v for k, v in copy_.items() if k != "data_version"}
    bare["entries"] = [{k: v for k, v in e.items() if k != "id"} for e in bare["entries"]]
    assert verify(bare) == snapshot
    assert verify({**copy_, "data_version": "1999.1"}) is None
