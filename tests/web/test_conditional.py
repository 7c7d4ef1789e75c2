"""Conditional GETs and kept pages (armylists/web/conditional.py) are never stale and never
someone else's.

A page answers with an ETag made of what it shows, and 304 when the browser sends it back
unchanged; it is rendered once per state and kept. Each test shows a page (so it is
kept), changes one thing the page shows, and checks the next answer (and its ETag) shows
the change. ``response.templates`` is empty when the answer was a kept page: that is how
the tests tell a kept page from a render. The kept pages' database table is
tests/web/test_conditional_shared.py's.
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


# -- conditional GETs -------------------------------------------------------------------


def _again(client, url, response, **headers):
    """The same page asked again with the ETag ``response`` carried."""
    return client.get(url, headers={"If-None-Match": response["ETag"], **headers})


def test_a_page_answers_with_an_etag_and_304_when_it_is_sent_back(shared):
    _army_list, url = shared
    client = Client()
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    assert first["Cache-Control"] == "private, no-cache"
    vary = {v.strip() for v in first["Vary"].split(",")}
    assert {"Cookie", "Accept-Language", "HX-Request"} <= vary
    again = _again(client, url, first)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == "private, no-cache"
    # A made-up ETag is not this page: the page itself.
    assert client.get(url, headers={"If-None-Match": 'W/"made-up"'}).status_code == 200


def test_every_page_it_covers_answers_304(builder, shared, alice):
    army_list, url = shared
    owner = Client()
    owner.force_login(alice)
    for client, address in (
        (builder.client, BUILD_URL),
        (owner, f"/lists/{army_list.id}/"),
        (Client(), url),
        (Client(), url + "print/?layout=cards&paper=letter"),
    ):
        first = client.get(address)
        assert first.status_code == 200 and first.has_header("ETag"), address
        assert _again(client, address, first).status_code == 304, address


def test_a_change_of_the_list_changes_the_etag(shared, alice):
    army_list, url = shared
    client = Client()
    first = client.get(url)
    data = army_list.document | {"name": "Renamed"}
    lists_services.list_update(army_list=army_list, data=data, expected_version=1, user=alice)
    after = _again(client, url, first)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert "Renamed" in after.content.decode()


def test_an_edit_of_the_draft_changes_the_etag(builder):
    first = builder.client.get(BUILD_URL)
    builder.add(OGRE)
    after = _again(builder.client, BUILD_URL, first)
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    assert Page(after).cards == [OGRE]


def test_a_change_of_game_data_changes_the_etag(shared, django_capture_on_commit_callbacks):
    _army_list, url = shared
    client = Client()
    first = client.get(url)
    card = Card.objects.get(key=OGRE)
    with django_capture_on_commit_callbacks(execute=True):
        card.points += 7
        card.save()
    assert _again(client, url, first).status_code == 200


def test_the_language_and_the_user_change_the_etag(shared, alice, bob):
    _army_list, url = shared
    client = Client()
    english = client.get(url, headers={"Accept-Language": "en"})
    german = _again(client, url, english, **{"Accept-Language": "de"})
    assert german.status_code == 200 and 'lang="de"' in german.content.decode()
    client.force_login(alice)
    as_alice = client.get(url)
    client.force_login(bob)  # another user, the same browser
    as_bob = _again(client, url, as_alice)
    assert as_bob.status_code == 200 and ">bob<" in as_bob.content.decode()


def test_the_htmx_fragment_has_an_etag_of_its_own(builder):
    whole = builder.client.get(BUILD_URL)
    fragment = _again(builder.client, BUILD_URL, whole, **{"HX-Request": "true"})
    assert fragment.status_code == 200 and "<html" not in fragment.content.decode()
    assert fragment["ETag"] != whole["ETag"]
    again = _again(builder.client, BUILD_URL, fragment, **{"HX-Request": "true"})
    assert again.status_code == 304


def test_a_stranger_gets_404_whatever_etag_he_sends(shared, alice, bob):
    army_list, _url = shared
    address = f"/lists/{army_list.id}/"
    owner = Client()
    owner.force_login(alice)
    first = owner.get(address)
    stranger = Client()
    stranger.force_login(bob)
    for tag in (first["ETag"], "*"):
        refused = stranger.get(address, headers={"If-None-Match": tag})
        assert refused.status_code == 404 and not refused.has_header("ETag")


def test_a_revoked_link_is_404_whatever_etag_is_sent(shared):
    army_list, url = shared
    client = Client()
    first = client.get(url)
    lists_services.list_share_revoke(army_list=army_list)
    gone = _again(client, url, first)
    assert gone.status_code == 404 and not gone.has_header("ETag")


def test_a_page_with_a_message_has_no_etag_and_shows_it(builder):
    first = builder.client.get(BUILD_URL)
    builder.submit("discard", status=302)
    builder.client.post("/g/godslayer/", {"action": "undiscard"})
    shown = _again(builder.client, BUILD_URL, first)
    assert shown.status_code == 200 and not shown.has_header("ETag")
    assert "Your draft is back." in Page(shown).messages


def test_a_post_and_a_redirect_carry_no_etag(builder):
    posted = builder.submit("discard", status=302)
    assert not posted.has_header("ETag")
    gone = builder.client.get(BUILD_URL)  # no draft: to the start page
    assert gone.status_code == 302 and not gone.has_header("ETag")


def test_an_unread_query_has_no_etag_and_is_never_kept(shared):
    _army_list, url = shared
    client = Client()
    for n in range(2):
        response = client.get(f"{url}?v={n}")
        assert response.status_code == 200 and not kept(response)
        assert not response.has_header("ETag")
    print_url = f"{url}print/?layout=cards&paper=letter"
    client.get(print_url)
    assert kept(client.get(print_url))
    assert not kept(client.get(f"{url}print/?layout=cards&layout=cards"))
    assert not kept(client.get(f"{url}print/?layout=cards&layout=cards"))


def test_a_page_too_large_is_rendered_each_time(shared, monkeypatch):
    from armylists.web import conditional

    _army_list, url = shared
    monkeypatch.setattr(conditional, "MAX_KEPT_CHARS", 1000)
    client = Client()
    client.get(url)
    again = client.get(url)
    assert again.status_code == 200 and not kept(again)


def test_a_list_on_a_players_pack_is_rendered_each_time_without_an_etag(alice):
    """A list on a pack version shows what its pack's row says (its name, a newer
    version), which no stamp covers: no ETag, never kept (rules.selectors.catalogue_stamp),
    on the owner's page, the shared page and its print sheet."""
    from tests.support.pinned import RAID, alices_dearer_pack, official_pack, on

    pack = alices_dearer_pack(alice, official_pack())
    army_list = lists_services.list_create(owner=alice, data=on(pack, 2, RAID))
    owner = Client()
    owner.force_login(alice)
    shared = f"/s/{army_list.share_token}/"
    for client, url in ((owner, f"/lists/{army_list.id}/"), (Client(), shared),
                        (Client(), shared + "print/")):  # fmt: skip
        for _ in range(2):
            page = client.get(url)
            assert page.status_code == 200 and page.templates, url
            assert not page.has_header("ETag"), url
    # Its name is the pack's as it is now.
    pack.name = "Renamed Godslayer"
    pack.save()
    assert "Renamed Godslayer" in Client().get(shared).content.decode()
