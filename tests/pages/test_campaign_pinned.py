"""A Mordheim warband on a player's pack plays its campaign by that pack: the roster, the
campaign page and the battle steps read the pinned version, not today's official data."""

import copy

import pytest
from django.test import Client

from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from armylists.packs.services import pack_fork, pack_publish
from tests.support.mordheim_warband import CAPTAIN, HANS, WARBAND
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.django_db

CLUB_NAME = "Club captain (our pack)"


@pytest.fixture
def club_pack(alice):
    """alice's Mordheim pack, version 2: the captain renamed and one better at WS."""
    from armylists.packs.versions import load_official_pack_file

    _, official, _ = load_official_pack_file(FIXTURES / "mordheim.yaml")
    pack = pack_fork(user=alice, source=official, name="Club Mordheim")
    document = copy.deepcopy(official.document)
    captain = next(c for c in document["cards"] if c["key"] == CAPTAIN)
    captain["name"] = CLUB_NAME
    captain.get("names", {}).pop("de", None)
    captain["stats"]["WS"] += 1
    pack_publish(pack=pack, user=alice, document=document, note="club", base_version=1)
    return pack, captain["stats"]["WS"]


def test_the_campaign_is_played_by_the_pinned_pack(alice, club_pack):
    pack, ws = club_pack
    official = lists_services.list_create(owner=alice, data=WARBAND)
    pinned = lists_services.list_create(
        owner=alice, data={**WARBAND, "pack": {"id": pack.id, "version": 2}}
    )

    def hans_ws(army_list):
        fighters = campaign.campaign_state(army_list=army_list)["roster"]["fighters"]
        return fighters[HANS]["stats"]["WS"]

    assert (hans_ws(official), hans_ws(pinned)) == (ws - 1, ws)
    client = Client()
    client.force_login(alice)
    page = client.get(f"/lists/{pinned.id}/campaign/").content.decode()
    assert CLUB_NAME in page
    assert CLUB_NAME not in client.get(f"/lists/{official.id}/campaign/").content.decode()


def test_a_warband_on_a_players_pack_records_its_campaign(alice, club_pack):
    """The log's basis names the pack version; spelt out, it once overflowed its column,
    so no event could be recorded on a player's pack (a 500)."""
    pack, _ws = club_pack
    pinned = lists_services.list_create(
        owner=alice, data={**WARBAND, "pack": {"id": pack.id, "version": 2}}
    )
    kurt = pinned.document["entries"][2]["id"]
    event = {"type": "experience", "entry_id": kurt, "amount": 2}
    campaign.campaign_record_event(army_list=pinned, event=event, user=alice)
    state = campaign.campaign_state(army_list=pinned)
    assert [e["entry_id"] for e in state["events"]] == [kurt]
