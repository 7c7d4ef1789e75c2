"""The import page with a BattleScribe roster onto one of the player's packs (issue 20,
item 4): the hand-written roster of the test codex onto a pack made from
tests/fixtures/battlescribe/boarding-test.cat opens in the builder pinned to the pack's
latest version, its units the pack's cards; only the player's own packs are offered, and
another's pack is refused without a draft."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from armylists.models import Workspace
from armylists.packs import catalogue_import as pack_catalogues
from tests.support.battlescribe import ROSTERS
from tests.support.battlescribe_catalogues import CAT, GST
from tests.support.pages import Page, csrf_token
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db
ROSTER = (ROSTERS / "boarding-test-marines.ros").read_bytes()


@pytest.fixture
def pack(db, alice):
    from armylists.packs.versions import load_official_pack_file

    load_official_pack_file(FIXTURES / "boarding-action.yaml")
    return pack_catalogues.pack_from_catalogue(
        user=alice, catalogue=CAT, game_system=GST, name="Club Marines"
    ).pack


def browser(user) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def upload(client, **fields):
    page = Page(client.get("/lists/import/"))
    return page, client.post("/lists/import/", {
        "csrfmiddlewaretoken": csrf_token(page),
        "file": SimpleUploadedFile("marines.ros", ROSTER), **fields,
    })


def test_the_roster_opens_on_the_pack_with_its_cards(pack, alice):
    client = browser(alice)
    page, response = upload(client, pack=pack.id)
    offered = [o.attrs["value"] for o in page.root.find("select", name="pack").find_all("option")]
    assert offered == ["", pack.id]
    assert response.status_code == 302 and response.url == "/g/boarding-action/build/"
    document = Workspace.objects.get().document
    assert document["pack"] == {"id": pack.id, "version": 1}
    assert [e.get("card") for e in document["entries"]] == [
        "assault-marines", "tactical-marines", "brother-dreadnought", None]
    builder = Page(client.get(response.url))
    assert builder.status == 200
    assert "forbidden_wargear" in set(builder.all_codes)


def test_another_players_pack_is_not_offered_nor_taken(pack, bob):
    client = browser(bob)
    page, response = upload(client, pack=pack.id)
    offered = [o.attrs["value"] for o in page.root.find("select", name="pack").find_all("option")]
    assert offered == [""]
    assert response.status_code == 400
    assert not Workspace.objects.exists()
