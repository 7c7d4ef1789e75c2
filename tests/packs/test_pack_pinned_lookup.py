"""The version a list document names is found in one plain query, with what the access
check and the catalogue's origin need (its document left unread)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.packs.selectors import pack_can_read, pack_version_pinned
from tests.support.pinned import alices_dearer_pack, official_pack

pytestmark = pytest.mark.django_db


def test_one_query_finds_the_version_with_its_pack(alice, bob):
    pack = alices_dearer_pack(alice, official_pack())
    expected = pack.versions.get(number=2)
    with CaptureQueriesContext(connection) as queries:
        found = pack_version_pinned(pack_id=pack.id, number=2)
    assert len(queries) == 1
    readable = (pack_can_read(pack=found.pack, user=alice),
                pack_can_read(pack=found.pack, user=bob))  # fmt: skip
    assert (found.pk, found.number, found.content_hash) == (expected.pk, 2, expected.content_hash)
    assert (found.pack.id, found.pack.system, found.pack.official) == (pack.id, "godslayer", False)
    assert readable == (True, False)  # private: the owner reads it, a stranger does not
    assert "document" in found.get_deferred_fields()


@pytest.mark.parametrize("pack_id, number", [("no-such-pack", 1), ("godslayer", 99)])
def test_no_such_version_is_none(pack_id, number):
    official_pack()
    assert pack_version_pinned(pack_id=pack_id, number=number) is None
