"""Lists pinned to a pack version, on the pages: the builder says which pack and version
judge the list (English and German), offers a newer version with what it would change,
moves to it in one click that Undo takes back; the shared page, print sheet and text
export use the pinned version; a private pack's list is still a 404 to strangers; the
list page's queries stay few and constant."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists
from tests.support.pages import Builder, Page
from tests.support.pinned import (
    DEARER_BY,
    RAID_POINTS,
    alices_dearer_pack,
    official_pack,
    on,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def official(db):
    return official_pack()


@pytest.fixture
def pack(alice, official):
    return alices_dearer_pack(alice, official)


@pytest.fixture
def pinned(alice, pack):
    """alice's list on version 1 of her private pack (version 2 exists)."""
    return lists.list_create(owner=alice, data=on(pack, 1))


def test_the_builder_names_the_pack_and_its_version_and_that_it_is_not_official(
    alice_client, pinned
):
    page = Page(alice_client.get(f"/lists/{pinned.id}/"))
    [badge] = page.testid("pack-badge")
    assert "Club Godslayer" in badge.text and "version 1" in badge.text
    assert page.testid("own-data") and not page.testid("sample-data")
    assert page.total == RAID_POINTS


@pytest.mark.parametrize(("language", "list_words", "pack_words"), [
    ("en", "list version 3", "pack “Club Godslayer”, version 1"),
    ("de", "Listenversion 3", "Paket „Club Godslayer“, Version 1"),
])
def test_the_builder_tells_the_lists_version_from_the_packs(alice, pinned, language,
                                                            list_words, pack_words):
    """Issue 32: two "version"s side by side in the header, each saying whose it is."""
    for _ in range(2):
        pinned = lists.list_update(army_list=pinned, data={**pinned.document, "name": "Raid"},
                                   expected_version=pinned.version, user=alice)
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(alice)
    page = Page(client.get(f"/lists/{pinned.id}/"))
    assert page.testid("list-version")[0].text == list_words
    assert page.testid("pack-badge")[0].text == pack_words


def test_a_list_on_the_official_pack_stays_sample_data(alice_client, alice, official):
    from tests.support.pinned import RAID

    saved = lists.list_create(owner=alice, data={**RAID, "pack": {"id": "godslayer",
                                                                  "version": 1}})
    page = Page(alice_client.get(f"/lists/{saved.id}/"))
    assert page.testid("pack-badge") and page.testid("sample-data")
    assert not page.testid("own-data")
    plain = lists.list_create(owner=alice, data=RAID)
    page = Page(alice_client.get(f"/lists/{plain.id}/"))
    assert not page.testid("pack-badge") and page.testid("sample-data")


def test_the_newer_version_is_offered_with_what_it_changes_for_this_list(alice_client, pinned):
    page = Page(alice_client.get(f"/lists/{pinned.id}/"))
    [notice] = page.testid("newer-pack")
    assert "A newer version of this pack exists." in notice.text
    [effect] = notice.find_all(data_testid="newer-effect")
    assert f"{RAID_POINTS} → {RAID_POINTS + DEARER_BY}" in effect.text
    [changes] = notice.find_all(data_testid="newer-changes")
    assert "Ogre" in changes.text and "points" in changes.text
    assert "pack_update:2" in page.actions


def test_the_update_is_one_edit_and_undo_takes_it_back(alice_client, pinned):
    tab = Builder(alice_client, f"/lists/{pinned.id}/")
    tab.open()
    tab.submit("pack_update:2")
    updated = tab.page
    assert updated.total == RAID_POINTS + DEARER_BY
    assert "version 2" in updated.testid("pack-badge")[0].text
    assert not updated.testid("newer-pack")
    assert "update to version 2 of the pack" in updated.text
    tab.submit("undo")
    undone = tab.page
    assert undone.total == RAID_POINTS and "version 1" in undone.testid("pack-badge")[0].text
    tab.submit("redo")
    assert tab.page.total == RAID_POINTS + DEARER_BY
    tab.submit("save", status=302)
    pinned.refresh_from_db()
    assert pinned.document["pack"]["version"] == 2 and pinned.version == 2


def test_a_version_that_does_not_exist_is_refused_and_changes_nothing(alice_client, pinned):
    tab = Builder(alice_client, f"/lists/{pinned.id}/")
    tab.open()
    tab.submit("pack_update:9", status=400)
    refused = tab.page
    assert "This pack has no such version." in refused.errors
    assert refused.total == RAID_POINTS


def test_the_notice_speaks_german(client, alice, pinned):
    client.force_login(alice)
    page = Page(client.get(f"/lists/{pinned.id}/", headers={"Accept-Language": "de"}))
    [notice] = page.testid("newer-pack")
    assert "Es gibt eine neuere Version dieses Pakets." in notice.text
    assert "Version 1" in page.testid("pack-badge")[0].text


def test_shared_print_and_text_use_the_pinned_version(alice, pack):
    saved = lists.list_create(owner=alice, data=on(pack, 2))
    anonymous = Client()
    shared = Page(anonymous.get(f"/s/{saved.share_token}/"))
    assert str(RAID_POINTS + DEARER_BY) in shared.text
    assert shared.testid("own-data")
    printed = anonymous.get(f"/s/{saved.share_token}/print/")
    assert printed.status_code == 200 and str(RAID_POINTS + DEARER_BY) in printed.content.decode()
    assert "Club Godslayer" in printed.content.decode()


def test_a_list_on_a_private_pack_is_still_a_404_to_strangers(bob_client, pinned):
    for url in (f"/lists/{pinned.id}/", f"/lists/{pinned.id}/print/",
                f"/lists/{pinned.id}/export/"):
        assert bob_client.get(url).status_code == 404
        assert Client().get(url).status_code in (302, 404)  # anonymous: to the login


@pytest.mark.parametrize(
    ("version", "most"),
    [
        # session, user, the list with its system, its pack version, whether its owner
        # may still use the pack (that version's row again: inside the test's transaction
        # nothing is kept; outside it both reads are the kept row), the newest version,
        # the pack's name
        (2, 7),
        # ...and, with a newer version to offer, both versions' documents for its diff
        (1, 8),
    ],
)
def test_the_pinned_list_page_costs_few_queries_whatever_its_size(
    alice, official, pack, version, most
):
    from tests.support.pages import list_document

    client = Client()
    client.force_login(alice)
    counts = {}
    for size in (5, 60):
        saved = lists.list_create(owner=alice, data={**list_document(size),
                                                     "pack": {"id": pack.id, "version": version}})
        client.get(f"/lists/{saved.id}/")  # warm: the versions' catalogues are built once
        with CaptureQueriesContext(connection) as queries:
            page = Page(client.get(f"/lists/{saved.id}/"))
        assert bool(page.testid("newer-pack")) == (version == 1)
        counts[size] = len(queries)
    assert counts[5] == counts[60], counts
    assert counts[5] <= most, counts


def test_the_start_page_offers_the_packs_the_player_can_use(alice_client, bob_client, pack):
    offered = Page(alice_client.get("/g/godslayer/"))
    [packs] = offered.testid("start-packs")
    assert "official data" in packs.text and "Club Godslayer · v2 · yours" in packs.text
    # bob cannot see alice's private pack: no choice is offered at all.
    assert not Page(bob_client.get("/g/godslayer/")).testid("start-packs")


def test_a_list_started_on_a_pack_is_built_and_saved_on_its_version(alice_client, pack):
    from tests.support.pages import OGRE

    response = alice_client.post(
        "/g/godslayer/",
        {"faction": "nordgaard", "battle_size": "160", "name": "On my pack",
         "pack": f"{pack.id}:2"},
    )
    assert response.status_code == 302, response.content[:500]
    tab = Builder(alice_client, "/g/godslayer/build/")
    page = tab.open()
    assert "version 2" in page.testid("pack-badge")[0].text
    tab.submit(f"add:{OGRE}")
    ogre = pack.versions.get(number=2).document
    points = next(c for c in ogre["cards"] if c["key"] == OGRE)["points"]
    assert tab.page.total == points
    tab.submit("save", status=302)
    from armylists.models import ArmyList

    saved = ArmyList.objects.get(name="On my pack")
    assert saved.document["pack"] == {"id": pack.id, "version": 2}


def test_a_pack_that_is_not_offered_cannot_be_posted(bob_client, pack):
    response = bob_client.post(
        "/g/godslayer/",
        {"faction": "nordgaard", "battle_size": "160", "pack": f"{pack.id}:2"},
    )
    # bob has no packs to choose from: the field is not there, the choice is ignored
    assert response.status_code == 302
    tab = Builder(bob_client, "/g/godslayer/build/")
    assert not tab.open().testid("pack-badge")


def test_a_copy_of_a_shared_pinned_list_keeps_its_pin(bob_client, pinned):
    from armylists.models import ArmyList

    response = bob_client.post(f"/s/{pinned.share_token}/copy/")
    assert response.status_code == 302
    copy = ArmyList.objects.exclude(pk=pinned.pk).get()
    assert copy.document["pack"] == pinned.document["pack"]
    # bob's copy is judged by alice's version 1, though he cannot read her pack itself
    assert Page(bob_client.get(f"/lists/{copy.id}/")).total == RAID_POINTS


def test_the_text_export_names_the_pack_version_and_that_it_is_not_official(alice_client, pinned):
    text = alice_client.get(f"/api/v1/lists/{pinned.id}/export/", {"format": "text"})
    assert text.status_code == 200, text.content[:300]
    body = text.content.decode()
    assert "pack “Club Godslayer”, version 1" in body
    assert "a player’s own data, not official" in body and "sample data" not in body
    assert str(RAID_POINTS) in body


def test_my_lists_labels_a_list_on_a_players_pack_as_not_official(alice_client, alice, pinned):
    from tests.support.pinned import RAID

    lists.list_create(owner=alice, data={**RAID, "name": "On the official data"})
    page = Page(alice_client.get("/lists/"))
    assert len(page.testid("own-data")) == 1 and len(page.testid("sample-data")) == 1
