"""The Mordheim campaign page: the warband as its log left it, a battle recorded step by
step (typed and rolled dice, choices, a draft kept on the server, discarded or recorded),
undo of a whole battle, the log by battle, the rout test, and who may see it. Plain form
posts, no JavaScript."""

import pytest
from django.test import Client
from django.utils import translation

from armylists.games.mordheim.models import BattleDraft, CampaignBattle, CampaignEvent
from armylists.games.mordheim.services import campaign
from armylists.lists import services as lists_services
from tests.support.mordheim_warband import (
    HANS,
    KURT,
    OTTO,
    START_RATING,
    SWORDSMEN,
    WARBAND,
    WARRIORS,
)
from tests.support.pages import Page, form_fields


@pytest.fixture
def warband(load_system, alice):
    load_system("mordheim")
    return lists_services.list_create(owner=alice, data=WARBAND)


def url(army_list):
    return f"/lists/{army_list.id}/campaign/"


def open_page(client, army_list, status=200, step=None) -> Page:
    response = client.get(url(army_list) + (f"?step={step}" if step else ""))
    assert response.status_code == status, response
    return Page(response)


def eid(army_list, index: int) -> str:
    return army_list.document["entries"][index]["id"]


def named(army_list, fields: dict) -> dict:
    """Field names of the tables below name a fighter by his place in the list
    (``roll_0``); the page names them by his entry id."""
    out = {}
    for name, value in fields.items():
        head, _, tail = name.rpartition("_")
        out[f"{head}_{eid(army_list, int(tail))}" if head and tail.isdigit() and len(tail) == 1
            and not name.startswith(("buy_", "sell_", "hire_", "move_")) else name] = value
    return out


def submit(client, army_list, testid, action, fields=None, *, status=302) -> Page:
    """Open the page, fill in the form ``testid``, press ``action``; the page after it."""
    [form] = open_page(client, army_list).testid(testid)
    data = form_fields(form)
    for name in [n for n in data if n.startswith("hire_") and n.endswith("_items")]:
        del data[name]  # a multiple select with nothing chosen sends nothing
    for name, value in named(army_list, fields or {}).items():
        data[name] = value if isinstance(value, list) else [str(value)]
    data["action"] = [action]
    response = client.post(url(army_list), data)
    assert response.status_code == status, (response.status_code, response.content[:3000])
    if status == 302:
        return Page(client.get(response.url))
    return Page(response)


def press(client, army_list, form, fields) -> Page:
    """Send ``form`` of a page already open (one shown in answer to a post) with
    ``fields`` (the button pressed); the page after it."""
    data = {**form_fields(form), **{k: [v] for k, v in fields.items()}}
    response = client.post(url(army_list), data)
    assert response.status_code == 302, (response.status_code, response.content[:3000])
    return Page(client.get(response.url))


def step_of(page: Page) -> str:
    return page.testid("battle")[0].attrs["data-step"]


def roster(page: Page) -> dict[str, dict]:
    rows = {}
    for row in page.testid("fighter"):
        rows[row.attrs["data-entry-id"]] = {
            "text": row.text,
            "lowered": [n.attrs["data-lowered"] for n in row.find_all(data_lowered=None)],
            "raised": [n.attrs["data-raised"] for n in row.find_all(data_raised=None)],
            "models": row.find(data_testid="models").text,
            "experience": int(row.find(data_testid="experience").text),
            "items": row.find(data_testid="items").text,
            "skills": row.find(data_testid="skills").text,
        }
    return rows


def figures(page: Page) -> tuple[str, str]:
    return (page.testid("treasury")[0].text, page.testid("rating")[0].find("strong").text)


def battle_one(client, army_list) -> Page:
    """The journey's first battle, typed dice: 140 -> 190 gc, rating 73 -> 85."""
    submit(client, army_list, "step-form", "step", {
        "won": "won", f"ooa_{KURT}": "on", f"roll_{KURT}": 41,
        f"ooa_{WARRIORS}": 1, f"roll_{WARRIORS}": "4"})
    page = submit(client, army_list, "step-form", "step", {
        f"kills_{HANS}": 1, f"xp_{KURT}": 1, f"adv_{KURT}": "7"})
    assert step_of(page) == "experience" and page.testid("choices-form")
    page = submit(client, army_list, "choices-form", "choose", {"c:advances[0].choice": "WS"})
    assert step_of(page) == "exploration"
    submit(client, army_list, "step-form", "step", {"dice": "2 3 5"})
    page = submit(client, army_list, "step-form", "step", {"sell_shards": 2})
    assert step_of(page) == "review"
    return submit(client, army_list, "review-form", "record")


def test_the_owner_sees_the_warband_and_an_empty_log(alice_client, warband):
    page = open_page(alice_client, warband)
    rows = roster(page)
    assert list(rows) == [eid(warband, n) for n in range(6)]
    assert rows[eid(warband, HANS)]["text"].startswith("Hans Mercenary Captain Leader")
    assert rows[eid(warband, HANS)]["items"] == "Sword, Light armour"
    assert figures(page) == ("Treasury: 140 gc", str(START_RATING))
    assert page.testid("log-empty") and not page.testid("undo-battle")
    assert step_of(page) == "battle" and len(page.testid("battle-row")) == 6
    assert not page.testid("draft")
    rout = form_fields(page.testid("rout-form")[0])
    assert (rout["rout-members"], rout["rout-leader_ld"]) == (["9"], ["8"])
    facts = {li.attrs["data-unverified"]: li.text for li in page.testid("unverified")[0].find_all(
        "li")}
    assert facts["trading.sell_rounding"] == "Trading: how half the price is rounded when selling"
    assert not [label for label in facts.values() if "_" in label or "." in label]


def test_strangers_get_404_and_anonymous_users_log_in(warband, bob):
    stranger = Client()
    stranger.force_login(bob)
    assert stranger.get(url(warband)).status_code == 404
    assert stranger.post(url(warband), {"action": "undo-battle"}).status_code == 404
    anonymous = Client()
    response = anonymous.get(url(warband))
    assert response.status_code == 302 and response.url.startswith("/accounts/login/")
    response = anonymous.post(url(warband), {"action": "step", "step": "battle", "won": "won"})
    assert response.status_code == 302 and not BattleDraft.objects.exists()
    assert Client().get("/lists/999999/campaign/").status_code == 302


def test_lists_of_other_systems_have_no_campaign_page(alice_client, alice, godslayer):
    raid = lists_services.list_create(owner=alice, data={
        "format": "muster-list/1", "system": "godslayer", "name": "Raid", "faction": "nordgaard",
        "battle_size": 160, "entries": [{"card": "nordgaard-gestir-captain"}]})
    assert alice_client.get(url(raid)).status_code == 404
    assert alice_client.get("/lists/999999/campaign/").status_code == 404


def test_a_battle_is_recorded_step_by_step_and_changes_the_warband(alice_client, warband):
    page = battle_one(alice_client, warband)
    assert any("Battle 1 recorded: treasury 140 → 190 gc" in m for m in page.messages)
    assert figures(page) == ("Treasury: 190 gc", "85")
    rows = roster(page)
    kurt = rows[eid(warband, KURT)]
    assert (kurt["experience"], kurt["raised"], "1 advance" in kurt["skills"]) == (2, ["WS"], True)
    assert rows[eid(warband, HANS)]["experience"] == 23
    [battle] = page.testid("log-battle")
    assert battle.attrs["data-number"] == "1" and "treasury 140 → 190 gc" in battle.text
    assert "Kurt: advance, 2D6 7: WS +1" in battle.text
    assert page.testid("undo-battle") and not BattleDraft.objects.exists()
    assert step_of(page) == "battle"
    row = CampaignBattle.objects.get()
    assert row.data["input"]["exploration"]["dice"] == [2, 3, 5]


def test_dice_left_empty_are_rolled_and_kept(alice_client, warband):
    page = submit(alice_client, warband, "step-form", "step", {"won": "lost",
                                                              f"ooa_{OTTO}": "on"})
    draft = BattleDraft.objects.get()
    [injury] = draft.data["injuries"]
    assert injury["entry_id"] == eid(warband, OTTO) and 11 <= injury["roll"] <= 66
    assert draft.step == "battle" and step_of(page) in ("experience", "battle")
    again = open_page(alice_client, warband)
    assert again.testid("battle-so-far")[0].text == page.testid("battle-so-far")[0].text


def test_a_battle_being_recorded_is_kept_and_can_be_discarded(alice_client, warband):
    submit(alice_client, warband, "step-form", "step", {f"ooa_{KURT}": "on", f"roll_{KURT}": 41})
    page = open_page(alice_client, warband)
    assert page.testid("draft") and "Kurt: 41 full recovery" in page.testid("battle-so-far")[0].text
    assert step_of(page) == "experience"
    back = open_page(alice_client, warband, step="battle")
    assert step_of(back) == "battle"
    assert form_fields(back.testid("step-form")[0])[f"roll_{eid(warband, KURT)}"] == [""]
    page = submit(alice_client, warband, "draft", "discard")
    assert any("discarded" in m for m in page.messages)
    assert not BattleDraft.objects.exists() and not page.testid("draft")
    assert open_page(alice_client, warband, step="review").testid("battle")[0].attrs[
        "data-step"] == "battle"  # no skipping ahead


@pytest.mark.parametrize(("fields", "field", "message"), [
    ({f"roll_{HANS}": 17}, f"roll_{HANS}", "A D66 roll is 11 to 66, each digit 1 to 6."),
    ({f"roll_{HANS}": 70}, f"roll_{HANS}", "Ensure this value is less than or equal to 66."),
    ({f"roll_{WARRIORS}": "2 7"}, f"roll_{WARRIORS}", "D6 rolls are whole numbers from 1 to 6."),
    ({f"ooa_{WARRIORS}": 1, f"roll_{WARRIORS}": "2 3"}, f"roll_{WARRIORS}",
     "2 rolls for 1 models out of action."),
    ({f"ooa_{WARRIORS}": 4}, f"ooa_{WARRIORS}", "Ensure this value is less than or equal to 3."),
    ({"opponent_rating": -1}, "opponent_rating", "Ensure this value is greater than or equal"),
])
def test_impossible_input_keeps_nothing_and_says_why(alice_client, warband, fields, field,
                                                       message):
    page = submit(alice_client, warband, "step-form", "step", fields, status=400)
    assert page.testid("form-errors")
    name = named(warband, {field: 0}).popitem()[0]
    [form] = page.testid("step-form")
    assert message in form.text and name in form_fields(form)
    assert not BattleDraft.objects.exists()


def test_a_step_the_rules_refuse_says_why_and_keeps_nothing(alice_client, warband):
    submit(alice_client, warband, "step-form", "step", {"won": "lost"})
    page = submit(alice_client, warband, "step-form", "step", {f"kills_{HANS}": 1})
    assert step_of(page) == "exploration"
    page = submit(alice_client, warband, "step-form", "step", {"dice": "1 2 3 4 5"},
                  status=400)
    assert "Roll 3 dice, not 5." in page.testid("step-form")[0].text
    submit(alice_client, warband, "step-form", "step", {"dice": "1 2 4"})
    page = submit(alice_client, warband, "step-form", "step", {
        "buy_0_item": "heavy-armour", "buy_0_for": eid(warband, WARRIORS)}, status=400)
    assert "costs 150 gc, the treasury has 140 gc" in page.testid("form-errors")[0].text
    assert BattleDraft.objects.get().step == "exploration"


def test_the_last_battle_is_undone_as_a_whole_after_saying_what_it_takes_back(alice_client,
                                                                             warband):
    battle_one(alice_client, warband)
    page = submit(alice_client, warband, "log", "undo-battle", status=200)
    [ask] = page.testid("undo-confirm")
    assert CampaignBattle.objects.exists() and ask.attrs["data-number"] == "1"
    assert "Undo battle 1?" in ask.text and "treasury goes back from 190 to 140 gc" in ask.text
    assert "rating goes back from 85 to 73" in ask.text and "lines in the log" in ask.text
    page = press(alice_client, warband, ask, {"confirm": "1"})
    assert any("Battle 1 taken back, every step of it." in m for m in page.messages)
    assert figures(page) == ("Treasury: 140 gc", str(START_RATING))
    assert page.testid("log-empty") and not CampaignBattle.objects.exists()
    response = alice_client.post(url(warband), {"action": "undo-battle"})
    assert "nothing to undo" in Page(alice_client.get(response.url)).messages[0]


def test_trading_buys_a_rare_item_and_hires_a_recruit(alice_client, warband):
    submit(alice_client, warband, "step-form", "step", {"won": "lost"})
    submit(alice_client, warband, "step-form", "step", {})
    submit(alice_client, warband, "step-form", "step", {"dice": "1 2 4"})
    page = submit(alice_client, warband, "step-form", "step", {
        "buy_0_item": "pistol", "buy_0_for": eid(warband, HANS), "buy_0_rarity": 8,
        "buy_0_roll": 9, "hire_0_card": "reikland-warrior", "hire_0_name": "Jan"})
    assert step_of(page) == "review"
    so_far = page.testid("battle-so-far")[0].text
    assert "Bought: Pistol for Hans, 15 gc" in so_far and "Hired: Jan (Warrior), 25 gc" in so_far
    page = submit(alice_client, warband, "review-form", "record")
    assert figures(page)[0] == "Treasury: 100 gc"
    rows = roster(page)
    assert "Pistol" in rows[eid(warband, HANS)]["items"]
    [jan] = [r for r in rows.values() if r["text"].startswith("Jan")]
    assert jan["models"] == "1 model"


def test_events_recorded_over_the_api_are_in_the_log_and_undone_here(alice_client, alice,
                                                                     warband):
    campaign.campaign_record_event(army_list=warband, user=alice, event={
        "type": "serious_injury", "entry_id": eid(warband, HANS), "roll": 22})
    page = open_page(alice_client, warband)
    [event] = page.testid("event")
    assert event.attrs["data-result"] == "leg_wound" and "22 leg wound; M -1" in event.text
    assert roster(page)[eid(warband, HANS)]["lowered"] == ["M"]
    page = submit(alice_client, warband, "log", "undo")
    assert any(m.startswith("Undone: Hans") for m in page.messages)
    assert not CampaignEvent.objects.exists()


def test_a_fighter_removed_from_the_list_keeps_his_history_in_the_log(alice_client, alice,
                                                                     warband):
    campaign.campaign_record_event(army_list=warband, user=alice, event={
        "type": "serious_injury", "entry_id": eid(warband, OTTO), "roll": 22})
    entries = warband.document["entries"]
    edited = {**WARBAND, "entries": entries[:1] + entries[2:]}  # Otto removed
    lists_services.list_update(army_list=warband, data=edited, expected_version=1, user=alice)
    page = open_page(alice_client, warband)
    assert not page.testid("log-problem")
    [event] = page.testid("event")
    assert event.find(data_testid="orphaned") is not None and "Otto" in event.text
    assert eid(warband, OTTO) not in roster(page)


def test_a_dead_hero_and_a_lost_group_leave_the_roster(alice_client, warband):
    submit(alice_client, warband, "step-form", "step", {
        f"roll_{HANS}": 11, f"ooa_{SWORDSMEN}": 1, f"roll_{SWORDSMEN}": "2"})
    page = open_page(alice_client, warband)
    assert "Hans: 11 dead; gear lost" in page.testid("battle-so-far")[0].text
    assert "Swordsman: D6 2: one model lost with its gear (0 left)" in page.testid(
        "battle-so-far")[0].text


def test_the_rout_test_is_prefilled_with_the_warband(alice_client, warband):
    page = submit(alice_client, warband, "rout-form", "rout", {"rout-out_of_action": 3},
                  status=200)
    [verdict] = page.testid("rout-verdict")
    assert "Rout test due (3 of 9 out of action)" in verdict.text
    page = submit(alice_client, warband, "rout-form", "rout", {"rout-out_of_action": 10},
                  status=400)
    assert "only 9 members" in page.text


def first_choices(page: Page) -> dict:
    """Every choice owed, answered with its first options (two for checkboxes)."""
    answers = {}
    for choice in page.testid("choice"):
        select = choice.find("select")
        if select is not None:
            values = [o.attrs["value"] for o in select.find_all("option") if o.attrs["value"]]
            answers[select.attrs["name"]] = values[:1]
            continue
        boxes = choice.find_all("input", type="checkbox")
        if boxes:
            answers[boxes[0].attrs["name"]] = [b.attrs["value"] for b in boxes[:2]]
        else:
            answers[choice.find("input").attrs["name"]] = ["3"]
    return answers


def _quick_battle(client, army_list, fields):
    """A lost battle with ``fields`` on its first step and two heroes standing (two
    exploration dice), the rest left to the defaults (dice rolled; a choice an advance
    owes answered with its first option)."""
    submit(client, army_list, "step-form", "step", {"won": "lost", **fields})
    page = submit(client, army_list, "step-form", "step", {})
    for _ in range(4):
        if step_of(page) != "experience":
            break
        page = submit(client, army_list, "choices-form", "choose", first_choices(page))
    assert step_of(page) == "exploration"
    page = submit(client, army_list, "step-form", "step", {"dice": "1 2"})  # no multiples
    assert step_of(page) == "trading"
    submit(client, army_list, "step-form", "step", {})
    return submit(client, army_list, "review-form", "record")


def test_a_captured_hero_is_ransomed_and_comes_back_with_his_gear(alice_client, warband):
    page = _quick_battle(alice_client, warband, {f"roll_{OTTO}": 61})
    [gone] = page.testid("gone-fighter")
    assert "Otto" in gone.text and "captured" in gone.text
    treasury = int(figures(page)[0].split()[1])
    [captive] = open_page(alice_client, warband).testid("captive-row")
    assert captive.attrs["data-entry-id"] == eid(warband, OTTO)
    page = _quick_battle(alice_client, warband, {f"captive_{OTTO}": "ransom",
                                                 f"price_{OTTO}": 30})
    rows = roster(page)
    assert rows[eid(warband, OTTO)]["items"] == "Halberd" and not page.testid("gone-fighter")
    battle = CampaignBattle.objects.order_by("-number").first()
    assert battle.data["treasury_before"] == treasury
    assert battle.data["input"]["captured"] == [
        {"entry_id": eid(warband, OTTO), "outcome": "ransom", "price": 30, "captive": None}]


def test_it_undoes_a_battle_only_once_confirmed_and_can_record_it_again(alice_client, warband):
    battle_one(alice_client, warband)
    stale = submit(alice_client, warband, "log", "undo-battle", {"confirm": 2})
    assert any("Battle 2 is no longer the last one" in m for m in stale.messages)
    assert CampaignBattle.objects.count() == 1
    page = submit(alice_client, warband, "log", "undo-battle", status=200)
    [redo] = page.testid("undo-battle-redo")
    kept = CampaignBattle.objects.get().data["input"]
    page = press(alice_client, warband, page.testid("undo-confirm")[0],
                 {"redo": redo.attrs["value"]})
    assert any("change what you need and record it again" in m for m in page.messages)
    assert not CampaignBattle.objects.exists() and step_of(page) == "review"
    assert BattleDraft.objects.get().data == kept  # the same dice and choices
    assert "treasury 140 → 190 gc" in page.testid("battle-so-far")[0].text
    page = submit(alice_client, warband, "review-form", "record")
    assert figures(page) == ("Treasury: 190 gc", "85")


def test_it_ticks_every_step_done_and_marks_the_current_one(alice_client, warband):
    def ticks(page):
        items = page.testid("battle-steps")[0].find_all("li")
        return ([li.attrs["data-step"] for li in items if "data-done" in li.attrs],
                [li.attrs["data-step"] for li in items if li.attrs.get("aria-current")],
                [li.attrs["data-step"] for li in items if "✔" in li.text])

    assert ticks(open_page(alice_client, warband)) == ([], ["battle"], [])
    submit(alice_client, warband, "step-form", "step", {"won": "lost"})
    submit(alice_client, warband, "step-form", "step", {})
    submit(alice_client, warband, "step-form", "step", {"dice": "1 2 4"})
    page = submit(alice_client, warband, "step-form", "step", {})
    done = ["battle", "experience", "exploration", "trading"]
    assert ticks(page) == (done, ["review"], done)
    assert ticks(open_page(alice_client, warband, step="experience")) == (
        done, ["experience"], done)


@pytest.mark.parametrize(("dice", "message"), [
    ("7", "No advance is due for Hans: experience 22 after this battle, next advance at 24."),
    ("7 8", "No advance is due for Hans: experience 22 after this battle"),
])
def test_it_marks_advance_dice_typed_for_a_hero_with_no_advance_due(alice_client, warband,
                                                                      dice, message):
    submit(alice_client, warband, "step-form", "step", {"won": "won"})
    page = submit(alice_client, warband, "step-form", "step", {f"adv_{HANS}": dice},
                  status=400)
    error = page.root.find(id=f"id_adv_{eid(warband, HANS)}_error")
    assert error is not None and message in error.text
    assert BattleDraft.objects.get().step == "battle"


def test_it_says_how_many_advances_are_due_when_more_dice_are_typed(alice_client, warband):
    submit(alice_client, warband, "step-form", "step", {"won": "won"})
    page = submit(alice_client, warband, "step-form", "step", {
        f"xp_{KURT}": 1, f"adv_{KURT}": "7 8"}, status=400)
    error = page.root.find(id=f"id_adv_{eid(warband, KURT)}_error")
    assert error is not None and "Kurt has 1 advance due (experience 2 after this battle, " \
        "next advance at 4), not 2" in error.text


def test_it_names_unverified_card_facts_in_words(alice_client, warband):
    page = open_page(alice_client, warband)
    badges = {b.attrs["data-unverified"]: b.text for b in page.testid("unverified-card")}
    assert badges and set(badges) <= {"skill_lists", "wizard", "race", "BS"}
    assert all(": from a single source or disputed, not yet verified" in text
               for text in badges.values())
    assert "skill_lists" not in page.testid("roster")[0].text


def test_it_marks_a_number_the_bsdata_catalogues_give_differently(alice_client, warband):
    # the pack trusts the Marksman's BS 3; BSData's Reiklanders.cat gives 4
    page = open_page(alice_client, warband)
    badges = [b for b in page.testid("unverified-card") if b.attrs["data-unverified"] == "BS"]
    assert len(badges) == 1
    assert badges[0].text.strip() == (
        "BS (BSData: 4): from a single source or disputed, not yet verified")
    row = badges[0].parent
    while row.tag != "tr":
        row = row.parent
    assert "Marksm" in row.text


def test_it_speaks_of_the_bandenwert_and_of_unverified_facts_in_german(alice, warband):
    german = Client(HTTP_ACCEPT_LANGUAGE="de")
    german.force_login(alice)
    with translation.override("de"):  # the middleware's German ends with the request
        page = Page(german.get(url(warband)))
    assert "Bandenwert des Gegners" in page.testid("step-form")[0].text
    assert "Bande-Wert" not in page.text
    facts = [li.text for li in page.testid("unverified")[0].find_all("li")]
    assert "Handel: wie der halbe Preis beim Verkauf gerundet wird" in facts
    badges = [b.text for b in page.testid("unverified-card")]
    assert badges and all("noch nicht bestätigt" in b and "_" not in b for b in badges)
    assert any(b.startswith("BF (BSData: 4)") for b in badges)
