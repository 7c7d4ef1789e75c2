"""The Mordheim campaign page: the warband as its log left it, record a battle (typed and
rolled dice), undo, the rout test, and who may see it. Plain form posts, no JavaScript."""

import re

import pytest
from django.test import Client

from armylists.models import CampaignEvent
from armylists.services import lists as lists_services
from tests.pages_helpers import Page, form_fields
from tests.test_campaign_services import (
    HANS,
    KURT,
    OTTO,
    START_RATING,
    SWORDSMEN,
    WARBAND,
    WARRIORS,
)


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def url(army_list):
    return f"/lists/{army_list.id}/campaign/"


def open_page(client, army_list, status=200) -> Page:
    response = client.get(url(army_list))
    assert response.status_code == status, response
    return Page(response)


def by_id(army_list, name: str) -> str:
    """The tables below name a fighter's fields by his place in the list (``battle-roll_0``);
    the page names them by his entry id."""
    found = re.fullmatch(r"(battle-\w+?)_(\d+)", name)
    if not found:
        return name
    return f"{found[1]}_{army_list.document['entries'][int(found[2])]['id']}"


def submit(client, army_list, testid, action, fields=None, *, status=302):
    """Open the page, fill in the form ``testid`` and press its ``action`` button."""
    [form] = open_page(client, army_list).testid(testid)
    data = form_fields(form)
    for name, value in (fields or {}).items():
        data[by_id(army_list, name)] = [str(value)]
    data["action"] = [action]
    response = client.post(url(army_list), data)
    assert response.status_code == status, (response.status_code, response.content[:3000])
    if status == 302:
        assert response.url == url(army_list)
    return response


def roster(page: Page) -> dict[int, dict]:
    rows = {}
    for row in page.testid("fighter"):
        rows[int(row.attrs["data-entry"])] = {
            "text": row.text,
            "lowered": [n.attrs["data-lowered"] for n in row.find_all(data_lowered=None)],
            "models": row.find(data_testid="models").text,
            "experience": int(row.find(data_testid="experience").text),
            "items": row.find(data_testid="items").text,
            "notes": row.find(data_testid="notes").text,
        }
    return rows


def log(page: Page) -> list[str]:
    return [row.text for row in page.testid("event")]


def test_the_owner_sees_the_warband_and_an_empty_log(alice_client, warband):
    page = open_page(alice_client, warband)
    rows = roster(page)
    assert list(rows) == [0, 1, 2, 3, 4, 5]
    assert rows[HANS]["text"].startswith("Hans Mercenary Captain Leader")
    assert rows[HANS]["items"] == "Sword, Light armour" and rows[HANS]["experience"] == 20
    assert rows[WARRIORS]["models"] == "3 models" and rows[HANS]["lowered"] == []
    assert page.testid("rating")[0].find("strong").text == str(START_RATING)
    assert page.testid("log-empty") and not page.testid("undo") and not page.testid("gone")
    assert len(page.testid("battle-row")) == 6
    rout = page.testid("rout-form")[0]
    fields = form_fields(rout)
    assert (fields["rout-members"], fields["rout-out_of_action"], fields["rout-leader_ld"]) == (
        ["9"], ["0"], ["8"])
    assert fields["rout-other_lds"] == ["7 7 7 7 7 7 7 6"]
    assert "rout-leader_out_or_stunned" not in fields


def test_strangers_get_404_and_anonymous_users_log_in(warband, bob):
    stranger = Client()
    stranger.force_login(bob)
    assert stranger.get(url(warband)).status_code == 404
    assert stranger.post(url(warband), {"action": "undo"}).status_code == 404
    anonymous = Client()
    response = anonymous.get(url(warband))
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    response = anonymous.post(url(warband), {"action": "battle", "battle-exp_2": "1"})
    assert response.status_code == 302 and not CampaignEvent.objects.exists()
    assert Client().get("/lists/999999/campaign/").status_code == 302


def test_lists_of_other_systems_have_no_campaign_page(alice_client, alice, godslayer):
    raid = lists_services.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
        "battle_size": 160, "entries": [{"card": "nordgaard-gestir-captain"}]})
    assert alice_client.get(url(raid)).status_code == 404
    assert alice_client.get("/lists/999999/campaign/").status_code == 404


def test_a_battle_with_an_injured_hero_and_a_lost_henchman_changes_the_roster(
    alice_client, alice, warband
):
    response = submit(alice_client, warband, "battle-form", "battle", {
        "battle-ooa_0": "on", "battle-roll_0": 22,          # Hans: leg wound
        "battle-ooa_3": 1, "battle-roll_3": "1",            # a Warrior: lost
        "battle-exp_2": 2,                                  # Kurt
    })
    page = Page(alice_client.get(response.url))
    assert any("Battle recorded" in m and "22 leg wound" in m for m in page.messages)
    rows = roster(page)
    assert rows[HANS]["lowered"] == ["M"] and "M 3" in rows[HANS]["text"]
    assert rows[WARRIORS]["models"] == "2 models" and "1 lost" in rows[WARRIORS]["notes"]
    assert rows[KURT]["experience"] == 2
    assert page.testid("rating")[0].find("strong").text == str(START_RATING - 5 + 2)
    entries = log(page)
    assert len(entries) == 3  # newest first
    assert entries[0].startswith("3 Warrior D6 1: one model lost with its gear (2 left)")
    assert entries[1].startswith("2 Hans 22 leg wound; M -1")
    assert entries[2].startswith("1 Kurt +2 experience (2)")
    assert [(e.sequence, e.type, e.created_by) for e in CampaignEvent.objects.all()] == [
        (1, "experience", alice), (2, "serious_injury", alice),
        (3, "henchman_out_of_action", alice)]


def test_dice_left_empty_are_rolled(alice_client, warband):
    submit(alice_client, warband, "battle-form", "battle", {"battle-ooa_1": "on", "battle-ooa_3": 2})
    events = list(CampaignEvent.objects.all())
    ids = [e["id"] for e in warband.document["entries"]]
    assert [(e.type, e.entry_id) for e in events] == [
        ("serious_injury", ids[OTTO]), ("henchman_out_of_action", ids[WARRIORS]),
        ("henchman_out_of_action", ids[WARRIORS])]
    assert 11 <= events[0].data["roll"] <= 66 and events[0].data["result"]
    assert all(1 <= e.data["roll"] <= 6 for e in events[1:])
    assert len(log(open_page(alice_client, warband))) == 3


def test_a_typed_roll_alone_marks_the_fighter_out_of_action(alice_client, warband):
    submit(alice_client, warband, "battle-form", "battle",
           {"battle-roll_0": 36, "battle-roll_5": "2"})
    page = open_page(alice_client, warband)
    rows = roster(page)
    assert rows[HANS]["items"] == "–"  # robbed
    assert SWORDSMEN not in rows
    [gone] = page.testid("gone-fighter")
    assert gone.attrs["data-entry"] == str(SWORDSMEN) and "every model lost" in gone.text
    assert len(page.testid("battle-row")) == 5


def test_a_dead_hero_leaves_the_roster_with_his_gear(alice_client, warband):
    submit(alice_client, warband, "battle-form", "battle", {"battle-roll_0": 11})
    page = open_page(alice_client, warband)
    assert HANS not in roster(page)
    [gone] = page.testid("gone-fighter")
    assert gone.text == "Hans (Mercenary Captain): dead, gear lost"
    assert form_fields(page.testid("rout-form")[0])["rout-members"] == ["8"]
    assert "rout-leader_out_or_stunned" in form_fields(page.testid("rout-form")[0])


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({"battle-roll_0": 17}, "battle-roll_0", "A D66 roll is 11 to 66, each digit 1 to 6."),
    ({"battle-roll_0": 70}, "battle-roll_0", "Ensure this value is less than or equal to 66."),
    ({"battle-roll_3": "2 7"}, "battle-roll_3", "D6 rolls are whole numbers from 1 to 6."),
    ({"battle-ooa_3": 1, "battle-roll_3": "2 3"}, "battle-roll_3", "2 rolls for 1 model out of action."),
    ({"battle-roll_3": "1 2 3 4"}, "battle-roll_3", "4 rolls for a group of 3."),
    ({"battle-ooa_3": 4}, "battle-ooa_3", "Ensure this value is less than or equal to 3."),
    ({"battle-exp_2": -1}, "battle-exp_2", "Ensure this value is greater than or equal to 0."),
    ({}, None, "Nothing to record: mark who went out of action or gained experience."),
])
def test_impossible_input_records_nothing_and_says_why(alice_client, warband, fields, field, message):
    response = submit(alice_client, warband, "battle-form", "battle", fields, status=400)
    page = Page(response)
    assert page.testid("form-errors")
    if field is None:
        assert message in page.testid("form-errors")[0].text
    else:
        name = by_id(warband, field)
        [row] = [r for r in page.testid("battle-row") if r.find(name=name) is not None]
        assert message in row.text
        assert form_fields(page.testid("battle-form")[0])[name] == [str(fields[field])]
    assert not CampaignEvent.objects.exists()


def test_undo_takes_the_roster_back(alice_client, warband):
    submit(alice_client, warband, "battle-form", "battle",
           {"battle-roll_0": 22, "battle-ooa_3": 1, "battle-roll_3": "1"})
    response = submit(alice_client, warband, "log", "undo")
    page = Page(alice_client.get(response.url))
    assert any(m.startswith("Undone: Warrior") for m in page.messages)
    rows = roster(page)
    assert rows[WARRIORS]["models"] == "3 models" and rows[HANS]["lowered"] == ["M"]
    assert len(log(page)) == 1
    submit(alice_client, warband, "log", "undo")
    page = open_page(alice_client, warband)
    assert roster(page)[HANS]["lowered"] == [] and page.testid("log-empty")
    assert page.testid("rating")[0].find("strong").text == str(START_RATING)
    response = alice_client.post(url(warband), {"action": "undo"})
    assert response.status_code == 302
    assert "nothing to undo" in Page(alice_client.get(response.url)).messages[0]


def test_the_rout_test_is_prefilled_with_the_warband(alice_client, warband):
    response = submit(alice_client, warband, "rout-form", "rout", {"rout-out_of_action": 3},
                      status=200)
    page = Page(response)
    [verdict] = page.testid("rout-verdict")
    assert "Rout test due (3 of 9 out of action)" in verdict.text
    assert "8 or less (the leader's Ld)" in verdict.text
    response = submit(alice_client, warband, "rout-form", "rout", {"rout-out_of_action": 10},
                      status=400)
    assert "only 9 members" in Page(response).text
    assert not CampaignEvent.objects.exists()


def test_a_fighter_removed_from_the_list_keeps_his_history_in_the_log(alice_client, alice, warband):
    submit(alice_client, warband, "battle-form", "battle", {"battle-roll_1": 22})
    entries = warband.document["entries"]
    edited = {**WARBAND, "entries": entries[:1] + entries[2:]}  # Otto removed
    lists_services.list_update(army_list=warband, data=edited, expected_version=1, user=alice)
    page = open_page(alice_client, warband)
    assert not page.testid("log-problem")
    [event] = page.testid("event")
    assert event.find(data_testid="orphaned") is not None
    assert "Otto" in event.text and "22 leg wound" in event.text
    assert "Otto" not in "".join(r.text for r in page.testid("fighter"))
    # the rest of the warband goes on recording
    submit(alice_client, warband, "battle-form", "battle", {"battle-exp_0": 1})
    assert CampaignEvent.objects.count() == 2
