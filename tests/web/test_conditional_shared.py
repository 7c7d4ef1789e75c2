"""The kept pages live in the database (the "pages" cache), as every setting but the
tests' has them: a page rendered by one worker is served by every other, and a change is
a new entry; each worker keeps a copy of the small ones in front ("pages-here"). The
table comes from a migration (armylists 0011)."""

import re
from contextlib import contextmanager

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import Client, override_settings

from armylists.lists import services as lists_services
from config.settings import base
from tests.support.pages import list_document

SHARED = {**settings.CACHES, "pages": base.CACHES["pages"],
          "pages-here": base.CACHES["pages-here"]}


def _kept_rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM muster_pages")
        return cursor.fetchone()[0]


def _without_tokens(html: bytes) -> str:
    return re.sub(r"[A-Za-z0-9]{64}", "token", html.decode())


@pytest.fixture
def shared(godslayer, alice):
    army_list = lists_services.list_create(owner=alice, data=list_document(2))
    return army_list, f"/s/{army_list.share_token}/"


def test_it_names_the_database_outside_the_tests():
    assert base.CACHES["pages"]["BACKEND"] == "django.core.cache.backends.db.DatabaseCache"
    assert base.CACHES["pages-here"]["BACKEND"] == (
        "django.core.cache.backends.locmem.LocMemCache"
    )


@override_settings(CACHES=SHARED)
def test_a_page_rendered_once_is_served_to_everyone_from_the_table(shared):
    _army_list, url = shared
    assert _kept_rows() == 0
    first = Client().get(url)
    assert first.status_code == 200 and first.templates  # rendered
    assert _kept_rows() == 1
    # A new visitor, as another worker (without a copy of its own) would serve him: the
    # page from the table, with a CSRF token of his own.
    caches["pages-here"].clear()
    second = Client().get(url)
    assert second.status_code == 200 and not second.templates
    assert _without_tokens(second.content) == _without_tokens(first.content)
    assert "csrf-placeholder" not in second.content.decode()
    # That worker now has its copy: the table is not asked again.
    with _table_reads() as reads:
        third = Client().get(url)
    assert third.status_code == 200 and not third.templates
    assert reads == []


@contextmanager
def _table_reads():
    """The queries of the block that read the kept pages' table."""
    reads = []

    def record(execute, sql, params, many, context):
        if "muster_pages" in sql:
            reads.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield reads


@override_settings(CACHES=SHARED)
def test_a_large_page_is_kept_in_the_table_only(shared, monkeypatch):
    from armylists.web import conditional

    _army_list, url = shared
    monkeypatch.setattr(conditional, "MAX_HERE_CHARS", 1000)
    caches["pages-here"].clear()
    Client().get(url)
    assert _kept_rows() == 1
    with _table_reads() as reads:
        again = Client().get(url)
    assert again.status_code == 200 and not again.templates
    assert len(reads) == 1  # from the table: no copy in this worker


@override_settings(CACHES=SHARED)
def test_a_change_is_a_new_entry_and_shows_at_once(shared, alice):
    army_list, url = shared
    Client().get(url)
    data = army_list.document | {"name": "Renamed"}
    lists_services.list_update(army_list=army_list, data=data, expected_version=1, user=alice)
    after = Client().get(url)
    assert after.templates and "Renamed" in after.content.decode()
    assert _kept_rows() == 2
