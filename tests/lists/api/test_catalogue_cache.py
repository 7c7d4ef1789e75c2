"""GET /api/v1/systems/ and /api/v1/systems/{key}/: rendered once, ETag, 304, no queries.

The game data is loaded as if committed (on_commit callbacks run), as it is in a
running app, so the per-process cache is used as it is there.
"""

import json

import pytest
from django.utils.http import http_date

from armylists.lists.api.serializers import CatalogueSerializer
from rules import selectors
from rules.models import Card
from tests.support.shipped import load_shipped

CATALOGUE = "/api/v1/systems/godslayer/"
SYSTEMS = "/api/v1/systems/"


@pytest.fixture
def godslayer(db, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return load_shipped("godslayer")


@pytest.fixture
def warm(godslayer, client):
    """The first request, which builds and renders; its response."""
    response = client.get(CATALOGUE)
    assert response.status_code == 200
    return response


def test_it_serves_the_catalogue_as_the_serializer_shapes_it(warm):
    expected = CatalogueSerializer(selectors.catalogue_get(key="godslayer")).data
    assert json.loads(warm.content) == json.loads(json.dumps(expected))
    assert warm["Content-Type"] == "application/json"


def test_it_sends_validators_for_a_conditional_request(warm, godslayer):
    assert warm["ETag"].startswith('"') and warm["ETag"].endswith('"') and len(warm["ETag"]) > 10
    godslayer.refresh_from_db()
    assert warm["Last-Modified"] == http_date(int(godslayer.updated_at.timestamp()))
    assert "no-cache" in warm["Cache-Control"]
    assert "Accept" in warm["Vary"]


def test_it_answers_a_repeat_with_the_etag_with_304_and_no_query(
    warm, client, django_assert_num_queries
):
    with django_assert_num_queries(0):
        response = client.get(CATALOGUE, HTTP_IF_NONE_MATCH=warm["ETag"])
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == warm["ETag"]


def test_it_answers_304_to_if_modified_since(warm, client):
    response = client.get(CATALOGUE, HTTP_IF_MODIFIED_SINCE=warm["Last-Modified"])
    assert response.status_code == 304


def test_it_serves_a_warm_catalogue_without_a_query(warm, client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(CATALOGUE)
    assert response.status_code == 200 and response.content == warm.content


def test_it_answers_200_with_new_data_after_an_edit(
    warm, client, django_capture_on_commit_callbacks, django_assert_max_num_queries
):
    card = Card.objects.get(key="nordgaard-ogre-huscarl")
    card.points += 7
    with django_capture_on_commit_callbacks(execute=True):
        card.save()
    with django_assert_max_num_queries(8):  # the rows, and the catalogue built once
        response = client.get(CATALOGUE, HTTP_IF_NONE_MATCH=warm["ETag"])
    assert response.status_code == 200
    assert response["ETag"] != warm["ETag"]
    cards = {c["key"]: c for c in json.loads(response.content)["cards"]}
    assert cards["nordgaard-ogre-huscarl"]["points"] == card.points


def test_it_sends_the_same_etag_from_every_process(warm, client):
    selectors.forget()  # as a fresh process would: rows re-read, catalogue rebuilt
    response = client.get(CATALOGUE)
    assert response.status_code == 200 and response["ETag"] == warm["ETag"]


def test_it_still_answers_404_with_the_error_format(godslayer, client, django_assert_num_queries):
    client.get(CATALOGUE)
    with django_assert_num_queries(0):
        response = client.get("/api/v1/systems/chess/")
    assert response.status_code == 404
    [error] = response.json()["errors"]
    assert error["code"] == "not_found" and "chess" in error["message"]


def test_it_still_serves_the_browsable_api(godslayer, client):
    response = client.get(CATALOGUE, HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert b"nordgaard-gestir-captain" in response.content


def test_it_lists_the_systems_with_an_etag_and_no_query(
    godslayer, client, django_assert_num_queries
):
    first = client.get(SYSTEMS)
    assert first.status_code == 200
    [system] = first.json()
    assert system["key"] == "godslayer" and system["url"].endswith(CATALOGUE)
    with django_assert_num_queries(0):
        again = client.get(SYSTEMS, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
