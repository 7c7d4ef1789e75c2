"""How many lists use a pack (lists pinned to any of its versions): in the game's
directory and on the pack's page; a list on the official data as loaded names no version
and is not counted; the directory's queries do not grow with the packs it shows."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists
from armylists.packs.services import pack_update
from tests.support.pack_pages import client_of
from tests.support.pages import Page
from tests.support.pinned import RAID, alices_dearer_pack, official_pack, on

pytestmark = pytest.mark.django_db


@pytest.fixture
def official():
    return official_pack()


@pytest.fixture
def pack(alice, official):
    pack = alices_dearer_pack(alice, official)
    pack_update(pack=pack, visibility="public")
    return pack


def directory_counts(client) -> dict[str, tuple[str, str]]:
    page = Page(client.get("/packs/g/godslayer/"))
    return {
        row.find("a").text: (row.find(data_testid="forks").text, row.find(data_testid="lists").text)
        for row in page.testid("pack-row")
    }


def test_the_directory_counts_the_lists_on_every_version_of_a_pack(alice, bob, pack, official):
    lists.list_create(owner=alice, data=on(pack, 1))
    lists.list_create(owner=alice, data=on(pack, 2))
    lists.list_create(owner=bob, data=on(pack, 2))
    lists.list_create(owner=bob, data=on(official.pack, 1))
    lists.list_create(owner=bob, data=RAID)  # the official data as loaded: no version
    counts = directory_counts(client_of(None))
    assert counts["Club Godslayer"] == ("0", "3")
    assert counts[official.pack.name] == ("1", "1")


def test_a_pack_no_list_uses_counts_zero(pack):
    assert directory_counts(client_of(None))["Club Godslayer"] == ("0", "0")


def test_the_pack_page_says_how_many_lists_use_it(alice, bob, pack):
    lists.list_create(owner=alice, data=on(pack, 1))
    lists.list_create(owner=bob, data=on(pack, 2))
    page = Page(client_of(bob).get(f"/packs/{pack.id}/"))
    assert page.testid("pack-lists")[0].text == "used by 2 lists"
    lists.list_create(owner=bob, data=on(pack, 2))
    german = client_of(bob).get(f"/packs/{pack.id}/", headers={"Accept-Language": "de"})
    text = Page(german).testid("pack-lists")
    assert text[0].text == "von 3 Listen genutzt"


def test_the_directory_costs_the_same_queries_for_one_pack_or_many(alice, bob, pack, official):
    from armylists.packs.services import pack_fork

    client = client_of(None)
    client.get("/packs/g/godslayer/")
    with CaptureQueriesContext(connection) as few:
        client.get("/packs/g/godslayer/")
    for n in range(4):
        fork = pack_fork(user=bob, source=pack.versions.get(number=2), name=f"Fork {n}")
        pack_update(pack=fork, visibility="public")
        lists.list_create(owner=bob, data=on(fork, 1))
    with CaptureQueriesContext(connection) as many:
        counts = directory_counts(client)
    assert counts["Fork 3"] == ("0", "1") and counts["Club Godslayer"] == ("4", "0")
    assert len(many) == len(few)
