"""A list of 500 entries costs its pages the same number of queries as one of 6 (issue 22:
a page's cost is linear in the list, and its queries do not grow with it at all).

The game data's rows are re-read at most once a second (rules/selectors.py), which a
slow machine can hit during either request: the test keeps them fresh for its length,
so the counts compare the page's own queries, not the clock. tests/pages/test_queries.py
holds the pages to a small ceiling of queries.
"""

import pytest
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from armylists.lists import services as lists_services
from rules import selectors
from tests.support.pages import Page, list_document, with_draft

SIZES = (6, 500)


@pytest.fixture(autouse=True)
def game_data_kept_fresh(monkeypatch):
    monkeypatch.setattr(selectors.game_data, "_fresh_for", 600.0)


def queries_for(client, url, *, entries):
    client.get(url)  # warm: the catalogue, and anything else built once
    # Rendered, not kept: a big page is too big for the kept pages, a small one is not,
    # and the cost compared is the first view after a change, at either size.
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert len(Page(response).entries) == entries  # the whole list was on the page
    return [q["sql"] for q in queries]


def test_the_draft_builder_costs_the_same_queries_for_6_and_500_entries(godslayer):
    counts = {}
    for size in SIZES:
        client = Client()  # a browser of its own: one draft each
        with_draft(client, list_document(size))
        counts[size] = len(queries_for(client, "/g/godslayer/build/", entries=size))
    assert counts[6] == counts[500], counts


@pytest.mark.parametrize("page", ["owner", "shared", "print"])
def test_a_saved_list_costs_the_same_queries_for_6_and_500_entries(godslayer, alice, page):
    counts = {}
    for size in SIZES:
        army_list = lists_services.list_create(owner=alice, data=list_document(size))
        client = Client()
        if page == "owner":
            client.force_login(alice)
        url = {
            "owner": f"/lists/{army_list.id}/",
            "shared": f"/s/{army_list.share_token}/",
            "print": f"/s/{army_list.share_token}/print/",
        }[page]
        counts[size] = len(queries_for(client, url, entries=size))
    assert counts[6] == counts[500], counts
