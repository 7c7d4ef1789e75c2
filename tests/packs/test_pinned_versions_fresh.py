"""The version a list names is kept with its pack's row for at most a second, like the
game data (rules/freshness.py): who may build on a pack is its row, so a change made in
this process is seen at once and one made in another process within that second."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

import armylists.packs.selectors
from armylists.packs import services as packs
from armylists.packs.models import Pack
from armylists.packs.selectors import PinnedVersions, pinned_versions
from tests.support.pinned import RAID, alices_dearer_pack, official_pack, on


class Clock:
    now = 0.0

    def __call__(self):
        return self.now


@pytest.fixture
def pack(transactional_db, alice):
    """alice's pack, public, committed (no test transaction around it)."""
    found = alices_dearer_pack(alice, official_pack())
    packs.pack_update(pack=found, visibility=Pack.PUBLIC)
    yield found
    pinned_versions.forget()


def read(kept, pack_id, number=2):
    with CaptureQueriesContext(connection) as queries:
        found = kept.get(pack_id, number)
    return found, len(queries)


def test_it_asks_the_database_once_a_second(pack):
    clock = Clock()
    kept = PinnedVersions(clock=clock)
    first, asked = read(kept, pack.id)
    assert (first.number, first.pack.visibility, asked) == (2, Pack.PUBLIC, 1)
    clock.now = 0.999
    assert read(kept, pack.id) == (first, 0)
    clock.now = 1.0
    assert read(kept, pack.id)[1] == 1


def test_another_process_change_is_seen_within_a_second(pack):
    clock = Clock()
    kept = PinnedVersions(clock=clock)
    read(kept, pack.id)
    # As another process would: the row changes, and no signal reaches this one.
    Pack.objects.filter(pk=pack.pk).update(visibility=Pack.PRIVATE)
    clock.now = 0.5
    assert read(kept, pack.id)[0].pack.visibility == Pack.PUBLIC
    clock.now = 1.0
    assert read(kept, pack.id)[0].pack.visibility == Pack.PRIVATE


@pytest.mark.parametrize("change", ["private", "delete", "editors"])
def test_a_change_made_here_is_seen_at_once(pack, alice, change, monkeypatch):
    kept = PinnedVersions(clock=Clock())  # the clock stands still: only a change drops
    read(kept, pack.id)
    # The signals tell the process's instance: make this one the one they tell.
    monkeypatch.setattr(armylists.packs.selectors, "pinned_versions", kept)
    if change == "private":
        packs.pack_update(pack=pack, visibility=Pack.PRIVATE)
    elif change == "delete":
        packs.pack_delete(pack=pack)
    else:
        get_user_model().objects.create_user("bob-editor", password="x")
        packs.pack_update(pack=pack, editors=["bob-editor"])
    found, asked = read(kept, pack.id)
    assert asked == 1  # dropped by the change, read again at once
    if change == "private":
        assert found.pack.visibility == Pack.PRIVATE
    if change == "delete":
        assert found.pack.deleted_at is not None


def test_inside_a_transaction_it_reads_fresh_and_keeps_nothing(pack):
    kept = PinnedVersions(clock=Clock())
    with transaction.atomic():
        assert read(kept, pack.id)[1] == 1
        assert read(kept, pack.id)[1] == 1
    assert read(kept, pack.id)[1] == 1  # nothing was kept from inside
    assert read(kept, pack.id)[1] == 0


def test_it_keeps_a_bounded_number_and_no_missing_version(pack):
    kept = PinnedVersions(clock=Clock(), max_kept=1)
    read(kept, pack.id, 1)
    read(kept, pack.id, 2)
    assert read(kept, pack.id, 2)[1] == 0
    assert read(kept, pack.id, 1)[1] == 1  # pushed out by version 2
    assert read(kept, pack.id, 3) == (None, 1)
    assert read(kept, pack.id, 3) == (None, 1)  # a version published now is found now


def test_validate_refuses_a_pack_made_private_at_once(pack, alice):
    """End to end, in one process: anonymous validates on alice's public pack, she makes
    it private, and the next validate is refused at ``pack``."""
    body = json.dumps(on(pack, 2, RAID))
    client = Client()
    first = client.post("/api/v1/validate/", body, content_type="application/json")
    again = client.post("/api/v1/validate/", body, content_type="application/json")
    assert (first.status_code, again.status_code) == (200, 200)
    packs.pack_update(pack=pack, visibility=Pack.PRIVATE)
    refused = client.post("/api/v1/validate/", body, content_type="application/json")
    assert refused.status_code in (400, 404), refused.content
    assert [e["path"] for e in refused.json()["errors"]] == ["pack"]
