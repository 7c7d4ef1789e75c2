"""A Mordheim warband on a pack its owner can no longer use (alice renewed the link bob
kept it from): its log stays and shows, but nothing more is recorded on it, through the
services, the API or the campaign page, since a purchase or a hire would be priced from
the lost pack. Undo still takes back; moving the list to the official data lets the
campaign go on."""

import pytest
from django.test import Client

from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.lists import services as lists_services
from armylists.packs.services import pack_fork, pack_keep, pack_update
from tests.support.mordheim_warband import WARBAND
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db(transaction=True)

BATTLE = {"won": True}


@pytest.fixture
def lost_warband(alice, bob):
    """bob's warband on alice's Mordheim pack, kept from its link, which she then renewed."""
    from armylists.packs.versions import load_official_pack_file

    _, official, _ = load_official_pack_file(FIXTURES / "mordheim.yaml")
    pack = pack_fork(user=alice, source=official, name="Club Mordheim")
    pack_update(pack=pack, visibility="link")
    assert pack_keep(pack=pack, user=bob)
    warband = lists_services.list_create(
        owner=bob, data={**WARBAND, "pack": {"id": pack.id, "version": 1}}
    )
    event = {"type": "experience", "entry_id": warband.document["entries"][2]["id"], "amount": 1}
    campaign.campaign_record_event(army_list=warband, event=event, user=bob)
    pack_update(pack=pack, renew_token=True)
    warband.refresh_from_db()
    return warband, event


def codes(refused) -> set:
    return set(refused.value.codes)


def test_the_services_record_nothing_more(bob, lost_warband):
    warband, event = lost_warband
    with pytest.raises(campaign.CampaignRefused) as refused:
        campaign.campaign_record_event(army_list=warband, event=event, user=bob)
    assert codes(refused) == {"pack_not_available"}
    assert "Club Mordheim" in refused.value.problems[0][1]
    with pytest.raises(campaign.CampaignRefused) as refused:
        campaign_battles.battle_preview(army_list=warband, spec=BATTLE)
    assert codes(refused) == {"pack_not_available"}
    with pytest.raises(campaign.CampaignRefused) as refused:
        campaign_battles.battle_record(army_list=warband, spec=BATTLE, user=bob)
    assert codes(refused) == {"pack_not_available"}
    # What it recorded stays: the log still holds the event, and undo takes it back.
    state = campaign.campaign_state(army_list=warband)
    assert len(state["events"]) == 1
    assert campaign.campaign_undo(army_list=warband) is not None


def test_the_api_refuses_a_new_event_by_its_code(bob, lost_warband, api):
    from tests.support.http import token_client

    warband, event = lost_warband
    client = token_client(api, bob)
    r = client.post(f"/api/v1/lists/{warband.id}/campaign/events/", json=event)
    assert r.status_code == 400, r.text
    assert {e["code"] for e in r.json()["errors"]} == {"pack_not_available"}


def test_the_campaign_page_shows_the_log_without_the_battle_form(bob, lost_warband):
    warband, _event = lost_warband
    client = Client()
    client.force_login(bob)
    page = client.get(f"/lists/{warband.id}/campaign/")
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="lost-pack"' in html and 'data-testid="log"' in html
    assert 'data-testid="step-form"' not in html
    posted = client.post(f"/lists/{warband.id}/campaign/",
                         {"action": "step", "step": "battle", "won": "won"})
    assert posted.status_code == 409
    assert not campaign_battles.draft_get(army_list=warband)


def test_moved_to_the_official_data_the_campaign_goes_on(bob, lost_warband):
    warband, event = lost_warband
    document = {**warband.document, "pack": None}
    moved = lists_services.list_update(
        army_list=warband, data=document, expected_version=warband.version, user=bob
    )
    recorded = campaign.campaign_record_event(army_list=moved, event=event, user=bob)
    assert recorded["entry_id"] == event["entry_id"]
