"""Renamed keys keep lists (docs/rules/README.md): a list written before the game data
renamed a faction, card or item names the old key, which the pack declares as an alias;
every reader reads it as the new key, the verdict is the new key's, and the rename is
reported (``renamed``), never an ``unknown_key``.

Followed end to end: the validate endpoint over real HTTP, the saved list's page, its
exports (the JSON file unchanged, so nothing is lost; the text with today's names), and
the shared page. The canonical reading happens once, in services.documents.
"""

import copy

import pytest

from armylists.lists import services as lists
from armylists.models import ArmyList
from tests.support.pages import Page

# Saved before The Fallen were called the Banebrood (data 2026.11-sample.1).
OLD_LIST = {
    "format": "muster-list/1", "system": "godslayer", "name": "Horde", "faction": "the-fallen",
    "battle_size": 160,
    "entries": [
        {"id": "e1", "card": "the-fallen-gorelord",
         "items": ["the-fallen-gore-cleaver", "the-fallen-bone-plate"]},
        {"id": "e2", "card": "the-fallen-marauders", "size": 5},
        {"id": "e3", "card": "the-fallen-plague-shaman", "items": ["the-fallen-hexed-crook"]},
    ],
}
NEW_CARDS = ["banebrood-bisotaur-shaman", "banebrood-reavers", "banebrood-fomorian"]
NEW_NAMES = ("Bisotaur Shaman", "Reavers")
FACTION_RENAME = {"kind": "faction", "old": "the-fallen", "new": "banebrood",
                  "name": "Banebrood", "path": "faction"}


@pytest.fixture
def old_list(godslayer, alice):
    """alice's list as it was saved before the rename: the old keys in the database."""
    army_list = lists.list_import(owner=alice, data=copy.deepcopy(OLD_LIST))
    ArmyList.objects.filter(pk=army_list.pk).update(document=copy.deepcopy(OLD_LIST))
    army_list.refresh_from_db()
    assert army_list.document["faction"] == "the-fallen"  # the premise of every test here
    return army_list


def test_the_validate_endpoint_reads_old_keys_as_the_new_ones(godslayer, api):
    r = api.post("/api/v1/validate/", json=OLD_LIST)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["valid"] is True and body["violations"] == []
    assert [row["card"] for row in body["breakdown"]] == NEW_CARDS
    assert [row["known"] for row in body["breakdown"]] == [True, True, True]
    assert body["renamed"][0] == FACTION_RENAME
    assert len(body["renamed"]) == 7  # faction, three cards, three items
    assert {r["path"] for r in body["renamed"]} >= {
        "entries[0].card", "entries[0].items[1]", "entries[2].items[0]"}


def test_a_list_with_current_keys_reports_no_rename(godslayer, api):
    current = copy.deepcopy(OLD_LIST)
    current["faction"] = "banebrood"
    current["entries"] = [{"id": "e1", "card": "banebrood-bisotaur-shaman"}]
    body = api.post("/api/v1/validate/", json=current).json()
    assert body["renamed"] == []


def test_an_unknown_key_stays_unknown_beside_a_renamed_one(godslayer, api):
    document = copy.deepcopy(OLD_LIST)
    document["entries"].append({"id": "e4", "card": "the-fallen-no-such-card"})
    body = api.post("/api/v1/validate/", json=document).json()
    assert [(v["code"], v["entry_id"]) for v in body["violations"]] == [("unknown_key", "e4")]
    assert len(body["renamed"]) == 7


def test_the_saved_list_page_shows_the_new_keys_without_unknown_key(client, alice, old_list):
    client.force_login(alice)
    page = Page(client.get(f"/lists/{old_list.id}/"))
    assert page.status == 200
    assert page.cards == NEW_CARDS
    assert "unknown_key" not in page.all_codes
    assert all(name in page for name in NEW_NAMES)


def test_the_json_export_keeps_the_file_as_saved_and_reads_back(client, alice, old_list, api):
    client.force_login(alice)
    r = client.get(f"/lists/{old_list.id}/export/")
    assert r.status_code == 200
    exported = r.json()
    assert exported["faction"] == "the-fallen"  # the saved file, unchanged: nothing lost
    exported.pop("data_version")
    body = api.post("/api/v1/validate/", json=exported).json()
    assert body["valid"] is True and len(body["renamed"]) == 7


def test_the_text_export_names_the_new_cards_and_no_unknown_key(client, alice, old_list):
    client.force_login(alice)
    r = client.get(f"/api/v1/lists/{old_list.id}/export/?format=text")
    assert r.status_code == 200, r.content
    body = r.json()
    assert body["valid"] is True
    assert all(name in body["text"] for name in NEW_NAMES)
    assert "the-fallen" not in body["text"]


def test_the_shared_page_and_its_api_read_the_new_keys(client, old_list):
    shared = lists.list_share_renew(army_list=old_list)
    page = Page(client.get(f"/s/{shared.share_token}/"))  # anonymous, with the link
    assert page.status == 200
    assert page.cards == NEW_CARDS and "unknown_key" not in page.all_codes
    body = client.get(f"/api/v1/shared/{shared.share_token}/").json()
    assert body["validation"]["valid"] is True, body
