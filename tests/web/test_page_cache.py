"""Kept pages (armylists/web/page_cache.py) are never stale and never someone else's.

A page is kept per state: each test shows a page (so it is kept), changes one thing the
page shows, and checks the next answer shows the change. ``response.templates`` is empty
when the answer was a kept page: that is how the tests tell a kept page from a render.
"""

import re

import pytest
from django.test import Client

from armylists.lists import services as lists_services
from rules.models import Card
from tests.support.pages import (
    BUILD_URL,
    CAPTAIN,
    OGRE,
    Builder,
    Page,
    csrf_token,
    list_document,
    start_draft,
)


def kept(response) -> bool:
    return response.status_code == 200 and not response.templates


@pytest.fixture
def builder(client, godslayer):
    start_draft(client)
    builder = Builder(client)
    builder.open()
    return builder


@pytest.fixture
def shared(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=list_document(2))
    return army_list, f"/s/{army_list.share_token}/"


# -- kept, and for whom ---------------------------------------------------------------------


def test_it_keeps_the_builder_and_the_shared_page(builder, shared):
    again = builder.client.get(BUILD_URL)
    assert kept(again)
    assert again.content.decode().count("csrf-placeholder") == 0
    _army_list, url = shared
    assert not kept(Client().get(url))
    assert kept(Client().get(url))


def test_it_gives_each_visitor_a_working_csrf_token_of_their_own(godslayer, shared):
    _army_list, url = shared
    alice, bob = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    first, second = alice.get(url), bob.get(url)
    assert kept(second)
    tokens = {csrf_token(Page(first)), csrf_token(Page(second))}
    assert len(tokens) == 2
    # The kept page's token is bob's own: with it (and his cookie) a post is accepted.
    response = bob.post(
        "/i18n/setlang/",
        {"language": "de", "next": "/", "csrfmiddlewaretoken": csrf_token(Page(second))},
    )
    assert response.status_code == 302


def test_it_shows_each_user_their_own_name(shared, alice, bob):
    _army_list, url = shared
    for user in (alice, bob, alice):
        client = Client()
        client.force_login(user)
        page = client.get(url)
        assert f">{user.username}<" in page.content.decode()
        other = "bob" if user == alice else "alice"
        assert f">{other}<" not in page.content.decode()


def test_it_keeps_the_htmx_fragment_apart_from_the_page(builder):
    whole = builder.client.get(BUILD_URL)
    fragment = builder.client.get(BUILD_URL, headers={"HX-Request": "true"})
    assert "<html" in whole.content.decode()
    assert "<html" not in fragment.content.decode()


def test_it_never_keeps_a_page_with_a_message(builder):
    """Discarded and back: the same state as the kept page, but now with a message."""
    assert kept(builder.client.get(BUILD_URL))
    builder.submit("discard", status=302)
    response = builder.client.post("/g/godslayer/", {"action": "undiscard"}, follow=True)
    assert response.redirect_chain[-1][0] == BUILD_URL
    assert "Your draft is back." in Page(response).messages
    again = builder.client.get(BUILD_URL)
    assert Page(again).messages == []  # shown once, as always


# -- a change is shown at once ----------------------------------------------------------


def test_it_shows_every_edit_undo_and_redo(builder):
    builder.add(CAPTAIN, OGRE)
    assert Page(builder.client.get(BUILD_URL)).cards == [CAPTAIN, OGRE]
    builder.submit("remove:0")
    assert Page(builder.client.get(BUILD_URL)).cards == [OGRE]
    builder.submit("undo")
    assert Page(builder.client.get(BUILD_URL)).cards == [CAPTAIN, OGRE]
    builder.submit("redo")
    assert Page(builder.client.get(BUILD_URL)).cards == [OGRE]


def test_it_shows_a_saved_change_of_the_list(shared, alice):
    army_list, url = shared
    assert "Renamed" not in Client().get(url).content.decode()
    data = army_list.document | {"name": "Renamed"}
    lists_services.list_update(army_list=army_list, data=data, expected_version=1, user=alice)
    assert "Renamed" in Client().get(url).content.decode()


def test_it_shows_the_owner_a_new_link(shared, alice):
    army_list, _url = shared
    owner = Client()
    owner.force_login(alice)
    page = f"/lists/{army_list.id}/"
    old = army_list.share_token
    assert old in owner.get(page).content.decode()
    new = lists_services.list_share_renew(army_list=army_list).share_token
    html = owner.get(page).content.decode()
    assert new in html and old not in html


def test_it_stops_showing_a_revoked_link(shared):
    army_list, url = shared
    assert Client().get(url).status_code == 200
    lists_services.list_share_revoke(army_list=army_list)
    assert Client().get(url).status_code == 404


def test_it_shows_the_page_in_the_visitors_language(shared):
    _army_list, url = shared
    english = Client().get(url, headers={"Accept-Language": "en"})
    german = Client().get(url, headers={"Accept-Language": "de"})
    assert english.content != german.content
    assert 'lang="de"' in german.content.decode()


def test_it_shows_a_change_of_game_data_at_once(
    godslayer, alice, django_capture_on_commit_callbacks
):
    army_list = lists_services.list_create(owner=alice, data=list_document(2))
    url = f"/s/{army_list.share_token}/"

    def ogre_points(client):  # the row ends with its points (two Ogres here)
        entries = Page(client.get(url)).entries
        return int(next(e["text"] for e in entries if e["card"] == OGRE).split()[-1])

    before = ogre_points(Client())
    assert kept(Client().get(url))
    card = Card.objects.get(key=OGRE)
    with django_capture_on_commit_callbacks(execute=True):
        card.points += 7
        card.save()  # as the admin saves it
    assert ogre_points(Client()) == before + 2 * 7


def test_it_shows_a_draft_after_game_data_changed(builder, django_capture_on_commit_callbacks):
    builder.add(OGRE)
    before = Page(builder.client.get(BUILD_URL)).entries[0]["points"]
    card = Card.objects.get(key=OGRE)
    with django_capture_on_commit_callbacks(execute=True):
        card.points += 3
        card.save()
    assert Page(builder.client.get(BUILD_URL)).entries[0]["points"] == before + 3


def test_it_keeps_no_placeholder_in_any_answer(builder, shared):
    for response in (
        builder.client.get(BUILD_URL),
        builder.client.get(BUILD_URL),
        Client().get(shared[1]),
        Client().get(shared[1]),
        Client().get(shared[1] + "print/"),
    ):
        html = response.content.decode()
        assert "csrf-placeholder" not in html
        assert re.search(r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]{64}"', html) or (
            "print" in response.request["PATH_INFO"]
        )
