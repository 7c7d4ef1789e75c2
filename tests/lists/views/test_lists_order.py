"""My lists in the order the player chooses (``?sort=``): last saved first (the default),
first saved first, by name either way (case does not matter); the pages carry the order;
an order that does not exist is the default, never an error."""

import pytest

from armylists.lists import services as lists
from armylists.models import ArmyList
from tests.support.pages import Page, list_document


def named(name: str) -> dict:
    return {**list_document(1), "name": name}

pytestmark = pytest.mark.django_db


def names(client, query="") -> list[str]:
    page = Page(client.get(f"/lists/{query}"))
    return [row.find("a").text for row in page.testid("list-row")]


@pytest.fixture
def three(alice, godslayer):
    made = [lists.list_create(owner=alice, data=named(name))
            for name in ("bravo", "Alpha", "charlie")]
    # Saved in this order: bravo first, charlie last.
    for n, army_list in enumerate(made):
        ArmyList.objects.filter(id=army_list.id).update(
            updated_at=army_list.updated_at.replace(year=2020 + n))
    return made


def test_it_sorts_by_date_and_by_name(alice_client, three):
    assert names(alice_client) == ["charlie", "Alpha", "bravo"]
    assert names(alice_client, "?sort=saved") == ["charlie", "Alpha", "bravo"]
    assert names(alice_client, "?sort=oldest") == ["bravo", "Alpha", "charlie"]
    assert names(alice_client, "?sort=name") == ["Alpha", "bravo", "charlie"]
    assert names(alice_client, "?sort=-name") == ["charlie", "bravo", "Alpha"]


def test_an_order_that_does_not_exist_is_the_default(alice_client, three):
    for odd in ("?sort=points;drop", "?sort=" + "x" * 5000, "?sort=%00"):
        response = alice_client.get(f"/lists/{odd}")
        assert response.status_code == 200
        assert names(alice_client, odd) == ["charlie", "Alpha", "bravo"]
        options = Page(response).root.find("select", name="sort").find_all("option")
        assert [o.attrs["value"] for o in options if "selected" in o.attrs] == ["saved"]


def test_the_pages_keep_the_order(alice_client, alice, godslayer, monkeypatch):
    monkeypatch.setattr("armylists.lists.views.my_lists.PAGE_SIZE", 2)
    for name in ("d", "b", "c", "a"):
        lists.list_create(owner=alice, data=named(name))
    assert names(alice_client, "?sort=name") == ["a", "b"]
    page = Page(alice_client.get("/lists/?sort=name"))
    [older] = [a for a in page.root.find_all("a") if a.attrs.get("rel") == "next"]
    assert "sort=name" in older.attrs["href"]
    assert names(alice_client, older.attrs["href"].replace("&amp;", "&")) == ["c", "d"]


def test_the_order_is_in_german_too(alice_client, three):
    alice_client.cookies["django_language"] = "de"
    assert "Zuletzt gespeicherte zuerst" in Page(alice_client.get("/lists/")).text
