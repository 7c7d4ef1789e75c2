"""Trupp's stat abbreviations are explained where they show (the builder's stat line and
the card page), and what a character may buy shows its price with its unit; English and
German."""

import pytest

from tests.support.pages import Builder, Page

pytestmark = pytest.mark.django_db

KNIGHT = "knight-errant"
BUILD = "/g/trupp/build/"


@pytest.fixture
def builder(client, load_system):
    load_system("trupp")
    response = client.post("/g/trupp/", {"name": "Fellowship", "battle_size": "150"})
    assert response.status_code == 302
    builder = Builder(client, url=BUILD)
    builder.open()
    builder.submit(f"add:{KNIGHT}")
    return builder


@pytest.mark.parametrize(
    ("language", "explained"),
    [
        ("en", {"KG (N)": "Melee skill (Kampfgeschick, Nahkampf)", "BEW": "Move (Bewegung), in cm"}),
        ("de", {"KG (N)": "Kampfgeschick im Nahkampf", "BEW": "Bewegung, in cm"}),
    ],
)
def test_every_stat_in_the_builder_is_explained(client, builder, language, explained):
    page = Page(client.get(BUILD, HTTP_ACCEPT_LANGUAGE=language))
    [row] = page.testid("entry")
    abbrs = [a for a in row.find_all("abbr") if a.parent.attrs.get("class") == "stat"]
    assert abbrs, "no stat line"
    titles = {a.text: a.attrs.get("title") for a in abbrs}
    assert all(titles.values()), titles  # none left unexplained
    for label, words in explained.items():
        assert titles[label] == words


def test_the_card_page_explains_the_stats(client, builder):
    page = Page(client.get(f"/g/trupp/cards/{KNIGHT}/"))
    assert page.status == 200
    titles = {a.text: a.attrs.get("title") for a in page.root.find_all("abbr")}
    assert titles.get("STÄ") == "Strength (Stärke): against toughness, for a wound"


def test_what_a_character_may_buy_shows_its_unit(client, builder):
    [row] = builder.page.testid("entry")
    prices = [small.text.strip() for small in row.find_all("small")
              if small.parent.attrs.get("class") == "item"]
    assert prices, "no options offered"
    assert all(p == "?" or p.endswith(" pts") for p in prices), prices


def test_the_print_cards_explain_the_stats(alice_client, alice, builder, client):
    from armylists.lists import services as lists

    army_list = lists.list_import(owner=alice, data=builder.document)
    page = Page(alice_client.get(f"/lists/{army_list.id}/print/?layout=cards"))
    assert page.status == 200
    [table] = page.testid("stat-rows")[:1]
    titles = {a.text: a.attrs.get("title") for a in table.find_all("abbr")}
    assert titles.get("WID") == "Toughness (Widerstand)", titles
