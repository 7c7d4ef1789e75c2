"""The lists page's game filter offers the games the player has lists of, no others (and
the game filtered by, so the choice shows); strangers' lists do not count."""

import pytest

from armylists.lists import services as lists
from tests.support.pages import Page, list_document

pytestmark = pytest.mark.django_db


def offered(response) -> list[str]:
    select = Page(response).root.find("select", name="system")
    return [o.attrs["value"] for o in select.find_all("option")]


def test_it_offers_only_games_with_lists(alice_client, alice, bob, godslayer, load_system):
    load_system("trupp")
    load_system("mordheim")
    assert offered(alice_client.get("/lists/")) == [""]  # no lists yet: "All games" only
    lists.list_create(owner=alice, data=list_document(1))
    trupp = {"format": "muster-list/1", "system": "trupp", "name": "Bob's troop",
             "battle_size": 150, "entries": []}
    lists.list_import(owner=bob, data=trupp)  # a stranger's list of another game
    assert offered(alice_client.get("/lists/")) == ["", "godslayer"]


def test_it_keeps_the_game_filtered_by(alice_client, alice, godslayer, load_system):
    load_system("trupp")
    lists.list_create(owner=alice, data=list_document(1))
    response = alice_client.get("/lists/?system=trupp")
    assert offered(response) == ["", "godslayer", "trupp"]
    selected = Page(response).root.find("option", value="trupp")
    assert "selected" in selected.attrs
