"""The big pages make a constant number of queries, whatever the list's size.

Each page is requested once first, so the game system's catalogue is built and cached
(a pack load in the test changes the system's updated_at, so the first request builds
it); then the same page is measured for a 5-entry and a 60-entry list, and both counts
must be equal.
"""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists_services
from tests.support.pages import Page, list_document, with_draft

# The most a page may take: session, user, list, system (twice: the page and the check).
MOST = 8


@pytest.fixture
def lists(godslayer, alice):
    return {size: lists_services.list_create(owner=alice, data=list_document(size)) for size in (5, 60)}


def count_queries(client, url, *, entries):
    client.get(url)  # warm: the catalogue cache, and anything else built once
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert len(Page(response).entries) == entries  # the whole list was rendered
    return len(queries)


def test_it_shows_a_saved_list_in_the_builder_with_constant_queries(lists, alice):
    client = Client()
    client.force_login(alice)
    counts = {
        size: count_queries(client, f"/lists/{army_list.id}/", entries=size)
        for size, army_list in lists.items()
    }
    assert counts[5] == counts[60], counts
    assert counts[5] <= MOST, counts


def test_it_shows_a_shared_list_with_constant_queries(lists):
    client = Client()  # anonymous: no session, no user
    counts = {
        size: count_queries(client, f"/s/{army_list.share_token}/", entries=size)
        for size, army_list in lists.items()
    }
    assert counts[5] == counts[60], counts
    assert counts[5] <= MOST, counts


def test_it_prints_a_shared_list_with_constant_queries(lists):
    client = Client()
    counts = {
        size: count_queries(client, f"/s/{army_list.share_token}/print/", entries=size)
        for size, army_list in lists.items()
    }
    assert counts[5] == counts[60], counts


@pytest.mark.parametrize("layout", ["roster", "cards"])
def test_it_prints_a_list_for_its_owner_with_constant_queries(lists, alice, layout):
    client = Client()
    client.force_login(alice)
    counts = {}
    for size, army_list in lists.items():
        url = f"/lists/{army_list.id}/print/?layout={layout}&paper=letter"
        client.get(url)  # warm
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        page = Page(response)
        assert response.status_code == 200
        # every entry printed: a row each, or a card each (equal entries merged)
        assert len(page.entries) == size if layout == "roster" else page.testid("card")
        counts[size] = len(queries)
    assert counts[5] == counts[60], counts
    assert counts[5] <= MOST, counts


def test_it_prints_a_shared_list_as_cards_with_constant_queries(lists):
    client = Client()
    counts = {}
    for size, army_list in lists.items():
        url = f"/s/{army_list.share_token}/print/?layout=cards"
        client.get(url)
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        assert response.status_code == 200 and Page(response).testid("card")
        counts[size] = len(queries)
    assert counts[5] == counts[60], counts
    assert counts[5] <= MOST, counts


@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged in"])
def test_it_shows_the_draft_builder_with_constant_queries(godslayer, alice, logged_in):
    counts = {}
    for size in (5, 60):
        client = Client()
        if logged_in:
            client.force_login(alice)
        with_draft(client, list_document(size))
        counts[size] = count_queries(client, "/g/godslayer/build/", entries=size)
    assert counts[5] == counts[60], counts
    assert counts[5] <= MOST, counts


def test_it_posts_to_the_draft_builder_with_constant_queries(godslayer):
    """An edit (one plain post of the whole form) costs the same for 5 and 60 entries."""
    counts = {}
    for size in (5, 60):
        client = Client()
        with_draft(client, list_document(size))
        page = Page(client.get("/g/godslayer/build/"))
        data = {**page.fields(), "action": "update"}
        client.post("/g/godslayer/build/", data)  # warm
        with CaptureQueriesContext(connection) as queries:
            response = client.post("/g/godslayer/build/", data)
        assert response.status_code == 200 and len(Page(response).entries) == size
        counts[size] = len(queries)
    assert counts[5] == counts[60], counts


def test_it_saves_a_list_with_constant_queries(lists, alice):
    """A save (lock, update, one history row) costs the same for 5 and 60 entries."""
    client = Client()
    client.force_login(alice)
    for army_list in lists.values():  # this browser's builder id, and its edits of each list
        client.post(f"/lists/{army_list.id}/", {"action": "update"})
    counts = {}
    for size, army_list in lists.items():
        url = f"/lists/{army_list.id}/"
        page = Page(client.get(url))
        with CaptureQueriesContext(connection) as queries:
            response = client.post(url, {**page.fields(), "action": "save"})
        assert response.status_code == 302
        army_list.refresh_from_db()
        assert army_list.version == 2
        counts[size] = len(queries)
    assert counts[5] == counts[60], counts


def test_it_lists_many_lists_with_constant_queries(godslayer, alice):
    client = Client()
    client.force_login(alice)
    counts = {}
    for total in (3, 30):
        while len(alice.army_lists.all()) < total:
            lists_services.list_create(owner=alice, data=list_document(1))
        client.get("/lists/")
        with CaptureQueriesContext(connection) as queries:
            response = client.get("/lists/")
        assert response.status_code == 200
        assert len(Page(response).testid("list-row")) == min(total, 25)  # a page at a time
        counts[total] = len(queries)
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        counts[f"home {total}"] = len(queries)
    assert counts[3] == counts[30], counts
    assert counts["home 3"] == counts["home 30"], counts


@pytest.mark.parametrize("size", [5, 60])
def test_it_keeps_the_query_budget_of_the_builder_and_the_shared_page(
    lists, alice, size, django_assert_num_queries
):
    """The same fixed budget for 5 and for 60 entries (the catalogue itself is cached)."""
    army_list = lists[size]
    owner = Client()
    owner.force_login(alice)
    owner.get(f"/lists/{army_list.id}/")  # warm the catalogue cache
    # session, user, the list joined with its system (no workspace: nothing was edited)
    with django_assert_num_queries(3):
        assert owner.get(f"/lists/{army_list.id}/").status_code == 200
    shared = f"/s/{army_list.share_token}/"
    # Rendered: the list's stamp, then the list joined with its system; catalogue cached.
    with django_assert_num_queries(2):
        assert Client().get(shared).status_code == 200
    with django_assert_num_queries(1):  # kept: the stamp alone
        assert Client().get(shared).status_code == 200


def test_it_shows_a_kept_draft_with_one_query_of_the_draft(godslayer):
    """A draft's page, kept: the draft's stamp and the pack it is on come in one query
    (beside the session's, and the game data's re-read inside a test's transaction)."""
    client = Client()
    with_draft(client, list_document(6))
    assert client.get("/g/godslayer/build/").status_code == 200  # rendered and kept
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/g/godslayer/build/").status_code == 200
    sql = [q["sql"] for q in queries]
    assert len([q for q in sql if "armylists_workspace" in q]) == 1, sql
    assert not [q for q in sql if "rules_pack" in q], sql
    assert len(sql) <= 3, sql
