"""A hired sword's upkeep over the battles API: paid from the treasury after each battle,
answered in the battle's input (which is a valid body again), and refused by path."""

import pytest

from armylists.games.mordheim.models import CampaignBattle
from armylists.lists import services as lists_services
from tests.support.campaign_api import client, url

pytestmark = pytest.mark.django_db

WITCH_HUNTERS = {
    "format": "muster-list/1", "system": "mordheim", "name": "Hexenjagd",
    "faction": "witch-hunters", "battle_size": None,
    "entries": [
        {"card": "witch-hunters-witch-hunter-captain", "name": "Mathias"},
        {"card": "witch-hunters-zealot", "size": 5},
        {"card": "witch-hunters-zealot", "size": 5},
        {"card": "witch-hunters-warhound"},
        {"card": "hired-halfling-scout", "name": "Pip"},
    ],
}


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WITCH_HUNTERS)


def test_upkeep_is_paid_and_answered_in_the_input(warband, alice):
    api = client(alice)
    scout = warband.document["entries"][4]["id"]
    r = api.post(url(warband, "battles/"), {"won": False}, format="json")
    assert r.status_code == 201, r.content
    battle = r.json()["battle"]
    assert battle["input"]["upkeep"] == [{"entry_id": scout, "pay": True, "paid": 5,
                                          "leaves": False}]
    upkeep = [s for s in battle["steps"] if s["step"] == "upkeep"]
    assert upkeep and upkeep[0]["result"]["upkeep"][0]["paid"] == 5
    assert any("Pip" in line and "5 gc" in line for line in battle["lines"])
    assert battle["treasury_before"] - battle["treasury_after"] == 5
    # the answered input is a valid body again (a dry run of the same battle)
    again = api.post(url(warband, "battles/"), {**battle["input"], "dry_run": True},
                     format="json")
    assert again.status_code == 200, again.content


def test_letting_him_go_and_a_stranger(warband, alice, bob):
    scout = warband.document["entries"][4]["id"]
    body = {"won": False, "upkeep": [{"entry_id": scout, "pay": False}]}
    assert client(bob).post(url(warband, "battles/"), body, format="json").status_code == 404
    assert client().post(url(warband, "battles/"), body, format="json").status_code == 403
    owner = client(alice)
    r = owner.post(url(warband, "battles/"), body, format="json")
    assert r.status_code == 201, r.content
    assert r.json()["battle"]["input"]["upkeep"][0]["leaves"] is True
    bad = owner.post(url(warband, "battles/"),
                             {"won": False, "upkeep": [{"entry_id": scout, "tip": 1}]},
                             format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "upkeep[0].tip"
    assert CampaignBattle.objects.count() == 1
