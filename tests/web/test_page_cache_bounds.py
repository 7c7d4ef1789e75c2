"""The kept-pages cache is bounded in bytes (armylists/views/page_cache.PagesCache) and
keyed by what a page shows: an address with a query the page does not read is rendered
and never kept, so ``?v=1``, ``?v=2``... cannot fill a worker's memory."""

import pytest
from django.core.cache import caches
from django.test import Client

from armylists.lists import services as lists_services
from armylists.web.page_cache import PagesCache
from tests.support.pages import list_document


def kept(response) -> bool:
    return response.status_code == 200 and not response.templates


@pytest.fixture
def shared(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=list_document(2))
    return f"/s/{army_list.share_token}/"


def test_an_unread_query_is_rendered_and_never_kept(shared):
    client = Client()
    before = caches["pages"].kept_bytes()
    for n in range(3):
        response = client.get(f"{shared}?v={n}")
        assert response.status_code == 200 and not kept(response)
    assert caches["pages"].kept_bytes() == before
    client.get(shared)
    assert kept(client.get(shared))  # the page itself is kept as before


def test_the_print_sheet_keeps_each_sheet_it_reads_once(shared):
    client = Client()
    url = f"{shared}print/?layout=cards&paper=letter"
    client.get(url)
    assert kept(client.get(url))
    assert not kept(client.get(f"{shared}print/?layout=cards&paper=letter&v=1"))
    assert not kept(client.get(f"{shared}print/?layout=cards&layout=cards"))
    assert not kept(client.get(f"{shared}print/?layout=cards&layout=cards"))


def _cache(max_bytes, max_item):
    cache = PagesCache(f"bounded-test-{max_bytes}-{max_item}", {
        "TIMEOUT": 600, "OPTIONS": {"MAX_ENTRIES": 1000, "MAX_BYTES": max_bytes,
                                    "MAX_ITEM_BYTES": max_item}})
    cache.clear()
    return cache


def test_it_is_bounded_in_bytes_least_recently_used_out_first():
    cache = _cache(max_bytes=10_000, max_item=4_000)
    for n in range(10):
        cache.set(f"page{n}", "x" * 3_000)
        assert cache.kept_bytes() <= 10_000
    # The last three fit; the oldest went first.
    assert [cache.get(f"page{n}") is not None for n in range(10)] == [False] * 7 + [True] * 3
    cache.get("page7")  # used: now the newest
    cache.set("page10", "y" * 3_000)
    assert cache.get("page7") is not None and cache.get("page8") is None
    assert cache.kept_bytes() <= 10_000


def test_a_page_larger_than_one_entry_may_be_is_not_kept():
    cache = _cache(max_bytes=10_000, max_item=4_000)
    cache.set("small", "s" * 100)
    cache.set("huge", "h" * 5_000)
    assert cache.get("huge") is None and cache.get("small") is not None
    cache.set("small", "s" * 5_000)  # replaced by a value too large: gone, not stale
    assert cache.get("small") is None and cache.kept_bytes() == 0


def test_delete_and_clear_give_the_bytes_back():
    cache = _cache(max_bytes=10_000, max_item=4_000)
    cache.set("a", "a" * 1_000)
    cache.set("b", "b" * 1_000)
    first = cache.kept_bytes()
    cache.delete("a")
    assert 0 < cache.kept_bytes() < first
    cache.clear()
    assert cache.kept_bytes() == 0
