"""The play view (``/lists/<id>/play/`` for the owner, ``/s/<token>/play/`` for anyone with
the link): who may open it, what each game's cards carry (effective stats, weapons,
items with what they do, the game's sections) and the tracks each model ticks at the
table, by entry id."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from armylists.games.godslayer.cards import tactic_line
from armylists.lists import services as lists_services
from tests.support.pages import Page, list_document
from tests.support.print_lists import LISTS


@pytest.fixture
def saved(load_system, alice):
    """Alice's saved list of a game, shared (its link) unless ``shared=False``."""

    def make(system, *, shared=True):
        load_system(system)
        army_list = lists_services.list_create(owner=alice, data=LISTS[system])
        if shared:
            lists_services.list_share_renew(army_list=army_list)
        else:
            lists_services.list_share_revoke(army_list=army_list)
        army_list.refresh_from_db()
        return army_list

    return make


def play_page(client, url) -> Page:
    response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return Page(response)


def cards(page: Page) -> dict[str, list]:
    found: dict[str, list] = {}
    for node in page.testid("play-card"):
        found.setdefault(node.attrs["data-card"], []).append(node)
    return found


def ticks(card, track: str) -> list[str]:
    return [
        box.attrs["data-tick"]
        for node in card.find_all("div")
        if node.attrs.get("data-track") == track
        for box in node.find_all("input")
    ]


# --- who may open it ------------------------------------------------------------------


def test_it_opens_the_owners_play_view_only_for_the_owner(alice_client, bob_client, saved):
    army_list = saved("godslayer", shared=False)
    url = f"/lists/{army_list.id}/play/"
    assert play_page(alice_client, url).testid("play")
    assert bob_client.get(url).status_code == 404
    assert Client().get(url).status_code == 404  # anonymous: nothing said about the list
    charlie = Client()
    assert charlie.get(f"/lists/{army_list.id + 1000}/play/").status_code == 404


def test_it_opens_a_shared_play_view_for_anyone_with_the_link(bob_client, saved):
    army_list = saved("godslayer")
    url = f"/s/{army_list.share_token}/play/"
    assert play_page(Client(), url).testid("play-card")
    assert play_page(bob_client, url).testid("play-card")
    lists_services.list_share_revoke(army_list=army_list)
    assert Client().get(url).status_code == 404
    assert Client().get("/s/not-a-token/play/").status_code == 404
    assert Client().get("/s/" + "x" * 300 + "/play/").status_code == 404


def test_the_list_page_and_the_shared_page_link_to_the_play_view(alice_client, saved):
    army_list = saved("godslayer")
    own = Page(alice_client.get(f"/lists/{army_list.id}/"))
    assert own.testid("play-link")[0].attrs["href"] == f"/lists/{army_list.id}/play/"
    shared = Page(Client().get(f"/s/{army_list.share_token}/"))
    assert shared.testid("play-link")[0].attrs["href"] == f"/s/{army_list.share_token}/play/"


# --- what each game's cards carry -----------------------------------------------------


@pytest.mark.parametrize("system", list(LISTS))
def test_it_shows_one_card_per_entry_keyed_by_its_id(alice_client, saved, system):
    army_list = saved(system)
    page = play_page(alice_client, f"/lists/{army_list.id}/play/")
    entries = army_list.document["entries"]
    assert [c.attrs["data-entry"] for c in page.testid("play-card")] == [e["id"] for e in entries]
    key = page.testid("play")[0].attrs["data-ticks-key"]
    assert key == f"muster-play:{army_list.id}:{army_list.version}"
    for card in page.testid("play-card"):
        for box in card.find_all("input"):
            assert box.attrs["data-tick"].startswith(card.attrs["data-entry"] + ".")
            assert box.attrs["aria-label"].strip()


def test_godslayer_cards_tick_hit_points_and_action_tokens_per_model(alice_client, saved):
    page = play_page(alice_client, f"/lists/{saved('godslayer').id}/play/")
    found = cards(page)
    [captain] = found["nordgaard-gestir-captain"]
    entry = captain.attrs["data-entry"]
    assert ticks(captain, "hit-points") == [f"{entry}.1.hit-points.{n}" for n in range(1, 17)]
    assert len(ticks(captain, "actions")) == 4  # ACT 4 on the card
    # Each model of a unit has its own tracks (5 archers).
    [archers, _again] = found["nordgaard-tundra-archers"]
    assert len(archers.find_all("fieldset")) == 5
    # The captain's chainmail says what it does; his tactics are listed.
    assert "ARM +2" in captain.text
    assert "Hold the Line" in captain.text
    # A unit's weapons as lines with their columns named.
    assert captain.find(data_testid="play-weapons")


def test_boarding_action_ticks_each_special_action_use_by_its_purchase(alice_client, saved):
    army_list = saved("boarding-action")
    page = play_page(alice_client, f"/lists/{army_list.id}/play/")
    actions = page.testid("play-action")
    picks = army_list.document["special_actions"]
    assert len(actions) == len(picks)
    welded = actions[1]
    assert ticks(welded, "uses") == [f"action-{picks[1]['id']}.1.uses.{n}" for n in (1, 2)]
    troopers = cards(page)["line-trooper"][0]
    assert len(troopers.find_all("fieldset")) == 3  # three troopers, each out or not
    assert len(ticks(troopers, "out")) == 3


def test_mordheim_ticks_wounds_and_out_of_action_per_model(alice_client, saved):
    page = play_page(alice_client, f"/lists/{saved('mordheim').id}/play/")
    [warriors] = cards(page)["reikland-warrior"][-1:]
    assert len(warriors.find_all("fieldset")) == 3  # a henchman group of three
    assert len(ticks(warriors, "out")) == 3
    assert len(ticks(warriors, "wounds")) == 3  # W 1 each
    assert "Out of action" in warriors.text


def test_trupp_ticks_a_wound_per_row_of_the_sheet(alice_client, saved):
    page = play_page(alice_client, f"/lists/{saved('trupp').id}/play/")
    [knight] = cards(page)["knight-errant"]
    assert ticks(knight, "wounds")
    assert knight.find(data_testid="stat-rows")


def test_the_play_view_is_in_german_too(alice_client, saved):
    army_list = saved("godslayer")
    alice_client.cookies["django_language"] = "de"
    page = play_page(alice_client, f"/lists/{army_list.id}/play/")
    assert "Neues Spiel" in page.text
    assert "Verlorene Lebenspunkte" in page.text and "Verbrauchte Aktionsmarker" in page.text


def test_a_tactic_says_what_it_does_when_the_pack_gives_a_text():
    tactic = {"name": "Shield Wall", "type": "unit", "act": 2,
              "text": "Adjacent models add 1 to DEF.", "texts": {"de": "Benachbarte Modelle: DEF +1."}}
    with translation.override("en"):
        assert tactic_line(tactic) == "Shield Wall (unit, ACT 2): Adjacent models add 1 to DEF."
    with translation.override("de"):
        assert tactic_line(tactic) == "Shield Wall (unit, ACT 2): Benachbarte Modelle: DEF +1."
    assert tactic_line({"name": "Oathbound", "act": 1}) == "Oathbound (ACT 1)"  # no text: none
    assert tactic_line({"name": "Odd", "text": ["not", "a", "text"]}) == "Odd"


def test_a_card_shows_the_entrys_points_for_all_its_models(alice_client, saved):
    page = play_page(alice_client, f"/lists/{saved('boarding-action').id}/play/")
    troopers = cards(page)["line-trooper"][0]
    assert "30 pts" in troopers.text  # three at 10 each


def test_the_play_view_makes_a_constant_number_of_queries(alice, godslayer):
    """Whatever the list's size: a 5-entry and a 60-entry list cost the same queries."""
    client = Client()
    client.force_login(alice)
    counts = {}
    for size in (5, 60):
        army_list = lists_services.list_create(owner=alice, data=list_document(size))
        url = f"/lists/{army_list.id}/play/"
        client.get(url)  # warm: the catalogue cache
        with CaptureQueriesContext(connection) as queries:
            page = play_page(client, url)
        assert len(page.testid("play-card")) == size
        counts[size] = len(queries)
    assert counts[5] == counts[60] <= 8, counts
