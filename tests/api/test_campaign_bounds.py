"""Every number a player stores in a campaign is bounded by what the game allows: an
experience event can take a fighter no further than the end of his experience track
(the pack's campaign thresholds), and the cards print sheet never draws more boxes than
the track has, whatever number a log holds."""

import pytest
from django.utils import translation

from armylists.games.mordheim.cards import _fighter_parts, experience_track
from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from rules import selectors as rules_selectors
from rules.systems.mordheim.campaign import experience_cap
from tests.support.http import Http, token_client
from tests.support.mordheim_warband import HANS, KURT, WARBAND, WARRIORS

HERO_CAP, HENCHMAN_CAP = 90, 14  # the last thresholds of fixtures/mordheim.yaml's tracks


@pytest.fixture
def catalogue(load_system):
    load_system("mordheim")
    return rules_selectors.catalogue_get(key="mordheim")


def test_the_cap_is_the_end_of_each_track(catalogue):
    assert experience_cap(catalogue, hero=True) == HERO_CAP
    assert experience_cap(catalogue, hero=False) == HENCHMAN_CAP


# (fighter, experience he starts with, amount, refused?)
EVENTS = [
    pytest.param(KURT, 0, HERO_CAP, False, id="a hero up to the end of his track"),
    pytest.param(KURT, 0, HERO_CAP + 1, True, id="a hero past the end"),
    pytest.param(HANS, 20, HERO_CAP - 20, False, id="the captain's 20 count"),
    pytest.param(HANS, 20, HERO_CAP - 19, True, id="the captain's 20 count, one too many"),
    pytest.param(WARRIORS, 0, HENCHMAN_CAP, False, id="henchmen up to the end of theirs"),
    pytest.param(WARRIORS, 0, HENCHMAN_CAP + 1, True, id="henchmen past the end"),
    pytest.param(KURT, 0, 10**30, True, id="an absurd number"),
]


@pytest.mark.parametrize(("entry", "start", "amount", "refused"), EVENTS)
def test_an_experience_event_stays_within_the_track(catalogue, alice, entry, start, amount,
                                                    refused):
    army_list = lists_services.list_create(owner=alice, data=WARBAND)
    event = {"type": "experience", "entry": entry, "amount": amount}
    if not refused:
        campaign.campaign_record_event(army_list=army_list, event=event, user=alice)
        fighter = campaign.campaign_state(army_list=army_list)["roster"]["fighters"][entry]
        assert fighter["experience"] == start + amount
        return
    with pytest.raises(campaign.CampaignRefused) as info:
        campaign.campaign_record_event(army_list=army_list, event=event, user=alice)
    [(path, message, code)] = info.value.problems
    assert (path, code) == ("amount", "out_of_range")
    assert "end of the experience track" in message
    assert campaign.campaign_state(army_list=army_list)["events"] == []


def test_the_track_is_drawn_to_its_end_and_no_further(catalogue):
    for experience in (0, 20, HERO_CAP, 2_000_000):
        track = experience_track(catalogue, hero=True, experience=experience)
        assert len(track) == HERO_CAP
        assert sum(box["had"] for box in track) == min(experience, HERO_CAP)
    card = catalogue.cards["reikland-youngblood"]
    within = _fighter_parts(catalogue, card, hero=True, leader=False, experience=HERO_CAP)
    beyond = _fighter_parts(catalogue, card, hero=True, leader=False, experience=2_000_000)
    assert within["xp_beyond"] is False
    assert beyond["xp_beyond"] is True and len(beyond["xp_track"]) == HERO_CAP
    assert beyond["experience"] == 2_000_000  # the number is still said, only not drawn


def test_the_cards_sheet_says_when_it_stops_drawing(catalogue):
    from django.template.loader import render_to_string

    card = catalogue.cards["reikland-youngblood"]
    block = _fighter_parts(catalogue, card, hero=True, leader=False, experience=2_000_000)
    html = render_to_string("systems/mordheim/print_cards_extra.html", {"block": block})
    assert 'data-testid="xp-beyond"' in html
    assert "only its 90 boxes are drawn" in html
    assert html.count("<span") - 1 <= HERO_CAP + 1  # the number's span and 90 boxes
    with translation.override("de"):
        german = render_to_string("systems/mordheim/print_cards_extra.html", {"block": block})
    assert "nur ihre 90 Kästchen sind gezeichnet" in german
    within = _fighter_parts(catalogue, card, hero=True, leader=False, experience=12)
    assert "xp-beyond" not in render_to_string("systems/mordheim/print_cards_extra.html",
                                               {"block": within})


# --- over real HTTP ------------------------------------------------------------------------


@pytest.fixture
def owner(transactional_db, live_server, api, alice):
    from tests.support.shipped import load_shipped

    load_shipped("mordheim")
    return token_client(api, alice)


@pytest.mark.parametrize("amount", [10**30, HERO_CAP + 1, -(10**30)])
def test_the_api_refuses_experience_past_the_track_with_a_400_naming_the_field(owner, amount):
    created = owner.request("POST", "/api/v1/lists/", json=WARBAND)
    assert created.status_code == 201, created.text
    list_id = created.json()["id"]
    r = owner.request("POST", f"/api/v1/lists/{list_id}/campaign/events/",
                      json={"type": "experience", "entry": KURT, "amount": amount})
    assert r.status_code == 400, r.text
    [error] = r.json()["errors"]
    assert error["path"] == "amount"
    assert owner.get(f"/api/v1/lists/{list_id}/campaign/").json()["events"] == []


def test_the_api_takes_experience_up_to_the_end_of_the_track(owner):
    list_id = owner.request("POST", "/api/v1/lists/", json=WARBAND).json()["id"]
    r = owner.request("POST", f"/api/v1/lists/{list_id}/campaign/events/",
                      json={"type": "experience", "entry": KURT, "amount": HERO_CAP})
    assert r.status_code == 201, r.text
    assert r.json()["roster"]["fighters"][KURT]["experience"] == HERO_CAP
    anonymous = Http(owner.base)
    assert anonymous.get(f"/api/v1/lists/{list_id}/campaign/").status_code in (403, 404)
