"""Nothing is lost in the builder: undo and redo, a removal that would orphan campaign
history asks first, the same weapon twice stays twice, history can be opened and
restored, the address follows the list, and a huge document is refused by its size
before anything else happens (leaving no session behind)."""

import json

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from armylists.models import ArmyList, Workspace
from tests.support.pages import (
    BUILD_URL,
    CAPTAIN,
    MAIL,
    OGRE,
    SHIELDWALL,
    STAFF,
    WITCH,
    Builder,
    Page,
    document,
    field,
    start_draft,
)


@pytest.fixture
def builder(client, godslayer):
    start_draft(client)
    builder = Builder(client)
    builder.open()
    return builder


def undo_label(page):
    return page.testid("undo")[0].text


# -- undo and redo --------------------------------------------------------------------------


def test_undo_and_redo_take_back_adds_removes_counts_and_items(builder):
    builder.add(CAPTAIN, OGRE, WITCH)
    builder.submit("update", {"e1-count": 2})
    builder.submit("update", {"e2-items": [STAFF]})
    builder.submit("remove:0")
    states = [
        ([OGRE, WITCH], 2, [STAFF]),
        ([CAPTAIN, OGRE, WITCH], 2, [STAFF]),  # the Captain is back, at his place
        ([CAPTAIN, OGRE, WITCH], 2, []),
        ([CAPTAIN, OGRE, WITCH], 1, []),
        ([CAPTAIN, OGRE], 1, None),
    ]

    def state():
        entries = builder.page.document["entries"]
        witch = [e["items"] for e in entries if e["card"] == WITCH]
        ogre = [e["count"] for e in entries if e["card"] == OGRE][0]
        return [e["card"] for e in entries], ogre, witch[0] if witch else None

    ids = [e["id"] for e in builder.page.document["entries"]]
    assert state() == states[0]
    assert "remove Gestir Captain" in undo_label(builder.page)
    for expected in states[1:]:
        builder.submit("undo")
        assert state() == expected
    # the Captain came back under his own id
    assert builder.page.document["entries"][0]["id"] not in ids[1:]
    for expected in reversed(states[:-1]):
        builder.submit("redo")
        assert state() == expected
    assert builder.page.testid("redo")[0].attrs.get("disabled") is not None


def test_a_new_edit_after_undo_clears_redo(builder):
    builder.add(CAPTAIN, OGRE)
    builder.submit("undo")
    assert "disabled" not in builder.page.testid("redo")[0].attrs
    builder.add(WITCH)
    assert "disabled" in builder.page.testid("redo")[0].attrs


def test_it_keeps_at_least_twenty_steps(builder):
    builder.add(CAPTAIN, OGRE)
    for count in range(2, 24):
        builder.send("update", {field(builder.page, 1, "count"): count})
    for _step in range(22):
        builder.send("undo")
    assert [e["count"] for e in builder.page.document["entries"]] == [1, 1]


def test_undo_works_on_a_saved_list_across_a_save(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE))
    tab = Builder(alice_client, f"/lists/{raid.id}/")
    tab.open()
    tab.submit("update", {"e1-count": 2})
    tab.submit("save", status=302)
    page = tab.open()
    assert not page.testid("unsaved")
    tab.submit("undo")  # the edit before the save: an unsaved change again
    assert tab.page.document["entries"][1]["count"] == 1 and tab.page.testid("unsaved")
    raid.refresh_from_db()
    assert raid.version == 2 and raid.document["entries"][1]["count"] == 2


def test_discarding_a_saved_lists_changes_can_be_undone(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE))
    tab = Builder(alice_client, f"/lists/{raid.id}/")
    tab.open()
    tab.submit("update", {"e1-count": 2, "name": "Edited"})
    tab.submit("revert")
    assert tab.page.document == raid.document and not tab.page.testid("unsaved")
    tab.submit("undo")
    assert tab.page.document["name"] == "Edited"


# -- the same weapon twice ----------------------------------------------------------------


WARBAND = {
    "system": "mordheim", "faction": "reikland", "name": "Blades",
    "entries": [
        {"card": "reikland-mercenary-captain", "name": "Hans",
         "items": ["sword", "sword", "dagger"]},
        {"card": "reikland-champion", "name": "Otto"},
        {"card": "reikland-warrior", "size": 2},
    ],
}


def test_two_swords_stay_two_through_ten_edits_export_and_import(load_system, alice, alice_client):
    load_system("mordheim")
    army_list = lists_services.list_create(owner=alice, data=WARBAND)
    tab = Builder(alice_client, f"/lists/{army_list.id}/")
    page = tab.open()
    hans = page.entries[0]
    assert hans["points"] == 60 + 10 + 10  # two swords, the first dagger free
    assert page.root.find("input", name=field(page, 0, "qty.sword")).attrs["value"] == "2"
    for n, edit in enumerate([
        {"e0-name": "Hans Kessler"}, {"e1-name": "Otto the Bold"}, {"e2-size": 3},
        {"name": "Blades of Sigmar"}, {"e1-qty.sword": 1}, {"e2-qty.dagger": 1},
        {"battle_size": 550}, {"e1-notes": "scarred"}, {"e2-size": 4}, {"e0-notes": "leader"},
    ]):
        tab.submit("update", edit)  # the whole form, as a browser without JavaScript sends it
        assert tab.page.document["entries"][0]["items"] == ["sword", "sword", "dagger"], n
    tab.submit("save", status=302)
    army_list.refresh_from_db()
    assert army_list.document["entries"][0]["items"] == ["sword", "sword", "dagger"]
    exported = alice_client.get(f"/lists/{army_list.id}/export/")
    data = json.loads(exported.content)
    assert data["entries"][0]["items"] == ["sword", "sword", "dagger"]
    imported = lists_services.list_import(owner=alice, body=exported.content)
    assert imported.document["entries"][0]["items"] == ["sword", "sword", "dagger"]
    assert [e["id"] for e in imported.document["entries"]] == [
        e["id"] for e in army_list.document["entries"]
    ]


def test_the_page_buys_a_second_sword(load_system, client):
    load_system("mordheim")
    client.post("/g/mordheim/", {"faction": "reikland"})
    tab = Builder(client, "/g/mordheim/build/")
    tab.open()
    tab.add("reikland-mercenary-captain")
    tab.submit("update", {"e0-qty.sword": 2})
    assert tab.page.document["entries"][0]["items"] == ["sword", "sword"]
    assert tab.page.entries[0]["points"] == 80


# -- removals that would orphan campaign history ------------------------------------------


def test_removing_a_fighter_with_campaign_history_asks_first(load_system, alice, alice_client):
    load_system("mordheim")
    army_list = lists_services.list_create(owner=alice, data=WARBAND)
    campaign.campaign_record_battle(army_list=army_list, user=alice, events=[
        {"type": "serious_injury", "entry": 1, "roll": 22},
        {"type": "experience", "entry": 1, "amount": 2},
    ])
    tab = Builder(alice_client, f"/lists/{army_list.id}/")
    page = tab.open()
    assert page.entries[1]["node"].find(data_testid="history").text == "2 events"
    tab.submit("remove:1")
    [ask] = tab.page.testid("confirm-remove")
    assert "Otto has 2 events in the campaign log." in ask.text
    assert len(tab.page.document["entries"]) == 3  # nothing removed yet
    otto = tab.page.ids[1]
    tab.submit(f"remove:{otto}:yes")
    assert [e["name"] for e in tab.page.document["entries"] if "name" in e] == ["Hans"]
    tab.submit("save", status=302)
    army_list.refresh_from_db()
    state = campaign.campaign_state(army_list=army_list)
    assert [(e["who"], e["orphaned"]) for e in state["events"]] == [("Otto", True), ("Otto", True)]
    assert all(f["experience"] == f["experience"] for f in state["roster"]["fighters"])
    # undo brings him back, with his history
    tab.submit("undo")
    tab.submit("save", status=302)
    army_list.refresh_from_db()
    state = campaign.campaign_state(army_list=army_list)
    assert not any(e["orphaned"] for e in state["events"])
    assert state["roster"]["fighters"][1]["stats"]["M"] == 3


def test_a_fighter_without_history_goes_at_once(load_system, alice, alice_client):
    load_system("mordheim")
    army_list = lists_services.list_create(owner=alice, data=WARBAND)
    tab = Builder(alice_client, f"/lists/{army_list.id}/")
    tab.open()
    tab.submit("remove:1")
    assert not tab.page.testid("confirm-remove") and len(tab.page.document["entries"]) == 2


# -- history --------------------------------------------------------------------------------


def test_an_old_version_opens_read_only_and_restores_as_the_newest(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE))
    lists_services.list_update(
        army_list=raid, data={**raid.document, "entries": raid.document["entries"][:1]},
        expected_version=1, user=alice)
    history = Page(alice_client.get(f"/lists/{raid.id}/history/"))
    assert [r.attrs["data-version"] for r in history.testid("version")] == ["2", "1"]
    version = Page(alice_client.get(f"/lists/{raid.id}/history/1/"))
    assert version.status == 200 and version.cards == [CAPTAIN, OGRE]
    assert version.root.find("form", **{"data-builder": ""}) is None  # read-only
    response = alice_client.post(f"/lists/{raid.id}/history/1/restore/", {"base_version": 2})
    assert response.status_code == 302 and response.url == f"/lists/{raid.id}/"
    raid.refresh_from_db()
    assert raid.version == 3 and len(raid.document["entries"]) == 2
    assert "Version 1 restored as version 3." in Page(alice_client.get(response.url)).messages


def test_restoring_from_a_stale_page_is_refused(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE))
    lists_services.list_update(army_list=raid, data=raid.document, expected_version=1, user=alice)
    response = alice_client.post(f"/lists/{raid.id}/history/1/restore/", {"base_version": 1})
    assert response.status_code == 302
    raid.refresh_from_db()
    assert raid.version == 2
    assert "changed elsewhere" in Page(alice_client.get(response.url)).messages[0]


def test_history_answers_404_to_strangers(bob_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN))
    assert bob_client.get(f"/lists/{raid.id}/history/1/").status_code == 404
    assert bob_client.post(f"/lists/{raid.id}/history/1/restore/").status_code == 404
    assert Client().get(f"/lists/{raid.id}/history/1/").status_code == 302  # log in first


# -- the address follows the list ----------------------------------------------------------


def test_after_the_first_save_the_address_and_a_reload_show_the_saved_list(
    alice_client, godslayer
):
    start_draft(alice_client)
    tab = Builder(alice_client)
    tab.open()
    tab.add(CAPTAIN)
    response = tab.submit("save", status=302)
    army_list = ArmyList.objects.get()
    assert response.url == f"/lists/{army_list.id}/"
    assert Page(alice_client.get(response.url)).cards == [CAPTAIN]
    assert alice_client.get(BUILD_URL).status_code == 302  # no draft left to show


def test_save_as_new_names_the_new_list_apart_and_goes_to_it(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN))
    tab = Builder(alice_client, f"/lists/{raid.id}/")
    tab.open()
    response = tab.submit("save_new", status=302)
    copy = ArmyList.objects.exclude(id=raid.id).get()
    assert response.url == f"/lists/{copy.id}/" and copy.name == "Nordgaard raid (copy)"
    response = Builder(alice_client, f"/lists/{raid.id}/")
    response.open()
    response.submit("save_new", status=302)
    assert ArmyList.objects.filter(name="Nordgaard raid (copy 2)").exists()


# -- bounds ---------------------------------------------------------------------------------


def test_a_huge_document_is_refused_by_its_size_and_leaves_no_session(godslayer):
    huge = {"system": "godslayer", "faction": "nordgaard",
            "entries": [{"card": CAPTAIN}] * 20_000}
    body = json.dumps(huge)
    anonymous = Client()
    sessions = Session.objects.count()
    response = anonymous.post(BUILD_URL, {"action": "load", "document": body})
    assert response.status_code == 400
    assert "must have at most 5000 elements (this list has 20000)" in Page(response)
    assert Session.objects.count() == sessions and not Workspace.objects.exists()
    response = anonymous.post("/api/v1/validate/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"] == [{
        "path": "entries", "code": "invalid",
        "message": "must have at most 5000 elements (this list has 20000)"}]
    assert Session.objects.count() == sessions


def test_a_list_file_opens_in_the_builder_without_an_account(client, godslayer):
    body = json.dumps(document(CAPTAIN, {"card": SHIELDWALL, "size": 5, "items": []}))
    response = client.post("/lists/open/", {"document": body})
    assert response.status_code == 302 and response.url == BUILD_URL
    page = Builder(client).open()
    assert page.cards == [CAPTAIN, SHIELDWALL] and page.testid("unsaved")
    # opening another one replaces the draft, as a step that undo takes back
    client.post(BUILD_URL, {"action": "load", "document": json.dumps(document(OGRE))})
    tab = Builder(client)
    tab.open()
    assert tab.page.cards == [OGRE]
    tab.submit("undo")
    assert tab.page.cards == [CAPTAIN, SHIELDWALL]


def test_a_bad_list_file_is_refused_naming_the_problem(client, godslayer):
    response = client.post("/lists/open/", {"document": '{"system": "godslayer", "entries": 3}'})
    assert response.status_code == 400
    assert "entries" in Page(response).testid("open-problems")[0].text
    assert not Workspace.objects.exists()


def test_looking_at_pages_leaves_no_session(client, godslayer):
    for url in ("/", "/g/godslayer/", BUILD_URL, f"/g/godslayer/cards/{CAPTAIN}/", "/lists/open/"):
        client.get(url)
    assert Session.objects.count() == 0


# -- my lists -------------------------------------------------------------------------------


def test_my_lists_tell_lists_apart(alice_client, godslayer, alice):
    lists_services.list_create(owner=alice, data=document(CAPTAIN, OGRE, name="Legal raid"))
    lists_services.list_create(owner=alice, data=document(OGRE, name="No warlord"))
    page = Page(alice_client.get("/lists/"))
    rows = {r.find("a").text: r for r in page.testid("list-row")}
    assert rows["Legal raid"].find(data_testid="list-total").text == "78 / 160 pts"
    assert "✔ legal" in rows["Legal raid"].find(data_testid="list-verdict").text
    assert "✖ not legal" in rows["No warlord"].find(data_testid="list-verdict").text
    assert "Nordgaard" in rows["No warlord"].text and "Godslayer" in rows["No warlord"].text


def test_a_revoked_share_link_can_be_restored(alice_client, godslayer, alice):
    raid = lists_services.list_create(owner=alice, data=document(CAPTAIN, MAIL and CAPTAIN))
    token = raid.share_token
    alice_client.post(f"/lists/{raid.id}/share/", {"action": "revoke"})
    assert Client().get(f"/s/{token}/").status_code == 404
    page = Page(alice_client.get(f"/lists/{raid.id}/"))
    assert page.testid("restore-link")
    alice_client.post(f"/lists/{raid.id}/share/", {"action": "restore"})
    assert Client().get(f"/s/{token}/").status_code == 200
