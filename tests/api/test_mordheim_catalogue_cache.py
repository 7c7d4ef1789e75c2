"""The Mordheim catalogue, now every warband, hired sword and item, is still built once
and then served without a query (and 304 on a repeat)."""

import pytest

from rules import selectors
from tests.support.shipped import load_shipped

CATALOGUE = "/api/v1/systems/mordheim/"


@pytest.fixture
def mordheim(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return load_shipped("mordheim")


def test_a_warm_mordheim_catalogue_costs_no_query(mordheim, client, django_assert_num_queries,
                                                  monkeypatch):
    # the systems' rows are re-read once a second: a shared, loaded machine may take
    # longer than that between the requests, which is not what this test is about
    monkeypatch.setattr(selectors.game_data, "_fresh_for", 600.0)
    first = client.get(CATALOGUE)
    assert first.status_code == 200
    assert len(first.json()["factions"]) >= 38
    with django_assert_num_queries(0):
        again = client.get(CATALOGUE)
    assert again.status_code == 200 and again.content == first.content
    with django_assert_num_queries(0):
        cached = client.get(CATALOGUE, HTTP_IF_NONE_MATCH=first["ETag"])
    assert cached.status_code == 304
