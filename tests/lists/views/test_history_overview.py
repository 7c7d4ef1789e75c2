"""The history page shows each version's points against its limit and whether it is legal
with today's data, in English and German; strangers get 404, anonymous callers the login."""

import pytest

from armylists.lists import services as lists
from tests.support.pages import CAPTAIN, OGRE, Page, list_document

pytestmark = pytest.mark.django_db


@pytest.fixture
def army_list(godslayer, alice):
    captain = {"card": CAPTAIN, "count": 1}
    first = list_document(0) | {"battle_size": 160, "entries": [captain, {"card": OGRE}]}
    army_list = lists.list_create(owner=alice, data=first)
    too_many = first | {"entries": [captain, {"card": OGRE, "count": 3}]}  # AAL 2
    return lists.list_update(army_list=army_list, data=too_many, expected_version=1, user=alice)


def rows(response):
    page = Page(response)
    return [
        (
            node.attrs["data-version"],
            node.find(data_testid="version-points").text.strip(),
            node.find(data_testid="version-verdict").text.strip(),
        )
        for node in page.testid("version")
    ]


def test_it_shows_points_and_legality_per_version(alice_client, army_list):
    response = alice_client.get(f"/lists/{army_list.id}/history/")
    assert response.status_code == 200
    assert rows(response) == [
        ("2", "154 / 160 pts", "✖ not legal"),
        ("1", "78 / 160 pts", "✔ legal"),
    ]
    assert "Legal today" in Page(response).text


def test_it_shows_them_in_german(alice_client, army_list):
    response = alice_client.get(f"/lists/{army_list.id}/history/", HTTP_ACCEPT_LANGUAGE="de")
    [newest, oldest] = rows(response)
    assert newest[2].startswith("✖") and oldest[2].startswith("✔")
    assert "Heute gültig" in Page(response).text


def test_strangers_and_anonymous_see_no_history(client, bob_client, army_list):
    assert bob_client.get(f"/lists/{army_list.id}/history/").status_code == 404
    response = client.get(f"/lists/{army_list.id}/history/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
