"""The page of a pack shared by link offers "Use this pack for my lists" to a logged-in
player who has the link; kept, the pack is offered on his start page. Nobody else gets
the button or the pack."""

import pytest
from django.test import Client

from armylists.packs import services as packs
from armylists.packs.models import Pack
from tests.support.pinned import alices_dearer_pack, official_pack

pytestmark = pytest.mark.django_db


@pytest.fixture
def shared(alice):
    pack = alices_dearer_pack(alice, official_pack())
    packs.pack_update(pack=pack, visibility=Pack.LINK)
    pack.refresh_from_db()
    return pack


def logged_in(user, language="en"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def start_offers(client, pack) -> bool:
    page = client.get("/g/godslayer/")
    assert page.status_code == 200
    return pack.id in page.content.decode()


def test_bob_keeps_the_pack_and_his_start_page_offers_it(bob, shared):
    client = logged_in(bob)
    page = client.get(f"/p/{shared.share_token}/").content.decode()
    assert 'data-testid="keep-pack"' in page and "Use this pack for my lists" in page
    assert not start_offers(client, shared)
    answer = client.post(f"/p/{shared.share_token}/keep/", {"keep": "1"}, follow=True)
    text = answer.content.decode()
    assert 'data-testid="pack-kept"' in text and "choose it on the start page" in text
    assert start_offers(client, shared)
    client.post(f"/p/{shared.share_token}/keep/", {"keep": "0"})
    assert not start_offers(client, shared)


def test_the_button_speaks_german(bob, shared):
    page = logged_in(bob, "de").get(f"/p/{shared.share_token}/").content.decode()
    assert "Dieses Paket für meine Listen verwenden" in page


def test_no_button_for_the_owner_or_anonymous(alice, shared):
    for client in (logged_in(alice), Client()):
        page = client.get(f"/p/{shared.share_token}/").content.decode()
        assert 'data-testid="keep-pack"' not in page


def test_keeping_needs_a_login_and_the_link(bob, charlie, shared):
    anonymous = Client().post(f"/p/{shared.share_token}/keep/", {"keep": "1"})
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    assert logged_in(charlie).post("/p/not-the-token/keep/", {"keep": "1"}).status_code == 404
    assert not start_offers(logged_in(charlie), shared)


def test_a_renewed_link_ends_the_keep(alice, bob, shared):
    client = logged_in(bob)
    client.post(f"/p/{shared.share_token}/keep/", {"keep": "1"})
    packs.pack_update(pack=shared, renew_token=True)
    assert not start_offers(client, shared)
    assert client.get(f"/packs/{shared.id}/").status_code == 404
