"""The builder never does what the player did not ask for, in a real Chromium.

Tab and Shift+Tab through every control change nothing and save nothing; Enter in a
field applies that field and nothing else; undo and redo (buttons, Ctrl+Z and
Ctrl+Shift+Z) take back and make again adds, removals, counts and items; leaving a page
with unsaved edits asks first; after the first save the address and a reload show the
saved list.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from armylists.models import ArmyList, Workspace
from tests.support.browser import (
    CAPTAIN,
    ENTRY,
    OGRE,
    WITCH,
    add_card,
    count_field,
    entry,
    save,
    signup,
    start_list,
    total,
)
from tests.support.browser_systems import add, start_builder

pytestmark = pytest.mark.browser

STAFF = "nordgaard-raven-staff"


class Requests(list):
    """The posts the page sends (every builder request is a post to the page)."""

    def watch(self, page: Page):
        page.on("request", lambda r: self.append(r.post_data or "") if r.method == "POST" else None)
        return self


def revisions():
    return sorted(Workspace.objects.values_list("revision", flat=True))


def tab_through(page: Page, key: str, presses: int):
    for _n in range(presses):
        page.keyboard.press(key)


def focusable_count(page: Page) -> int:
    return page.evaluate(
        "document.querySelectorAll('#builder input, #builder select, #builder button,"
        " #builder a[href], #builder textarea, #builder summary').length"
    )


def assert_tabbing_changes_nothing(page: Page):
    page.wait_for_load_state("networkidle")
    requests = Requests().watch(page)
    before, lists = revisions(), ArmyList.objects.count()
    url = page.url
    html = page.locator("#builder").inner_html()
    page.locator("#f-name").focus()
    presses = focusable_count(page) + 5
    tab_through(page, "Tab", presses)
    tab_through(page, "Shift+Tab", presses)
    page.wait_for_timeout(300)  # no request is due: give a wrong one the chance to start
    assert requests == [], requests
    assert revisions() == before and ArmyList.objects.count() == lists and page.url == url
    assert page.locator("#builder").inner_html() == html


def test_tabbing_through_the_godslayer_builder_changes_nothing(page: Page, live_godslayer):
    start_list(page, name="Keyboard raid")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    add_card(page, WITCH)
    assert_tabbing_changes_nothing(page)


def test_tabbing_through_the_boarding_action_builder_changes_nothing(
    page: Page, live_boarding_action
):
    start_builder(page, "boarding-action", name="Breach", choose=[("role", "attacker")])
    add(page, "add-line-trooper")
    page.click("[data-testid=add-action-attacker-hacking-kit]")
    expect(page.locator("[data-testid=special-action]")).to_have_count(1)
    assert_tabbing_changes_nothing(page)


def test_tabbing_through_the_mordheim_builder_changes_nothing(page: Page, live_mordheim):
    start_builder(page, "mordheim", name="Blades", choose=[("faction", "reikland")])
    add(page, "add-reikland-mercenary-captain")
    add(page, "add-reikland-warrior")
    assert_tabbing_changes_nothing(page)


def test_shift_tab_after_typing_applies_the_count_and_removes_nothing(page: Page, live_godslayer):
    start_list(page, name="Keyboard raid")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    requests = Requests().watch(page)
    field = count_field(page, OGRE)
    field.fill("2")
    field.press("Shift+Tab")  # focus lands on the controls before it: nothing is pressed
    expect(entry(page, OGRE).locator("[data-testid=entry-points]")).to_have_text("76 pts")
    field = count_field(page, CAPTAIN)
    field.focus()
    field.fill("1")
    tab_through(page, "Tab", 25)
    page.wait_for_timeout(300)
    expect(page.locator(ENTRY)).to_have_count(2)
    assert len(requests) == 1 and "action=update" in requests[0]
    assert "remove" not in requests[0] and "save" not in requests[0]
    assert ArmyList.objects.count() == 0 and re.search(r"/g/godslayer/build/$", page.url)


def test_enter_in_a_field_applies_it_and_presses_nothing(page: Page, live_godslayer):
    start_list(page, name="Keyboard raid")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    requests = Requests().watch(page)
    count_field(page, OGRE).fill("3")
    count_field(page, OGRE).press("Enter")
    expect(entry(page, OGRE).locator("[data-testid=entry-violations] li[data-code=aal]")).to_be_visible()
    assert len(requests) == 1 and "action=update" in requests[0]
    expect(page.locator(ENTRY)).to_have_count(2)


def test_undo_and_redo_with_the_keyboard_and_the_buttons(page: Page, live_godslayer):
    start_list(page, name="Undo raid")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    add_card(page, WITCH)
    field = count_field(page, OGRE)
    field.fill("2")
    field.blur()
    expect(total(page)).to_have_text(str(40 + 76 + 30))
    entry(page, WITCH).locator(f"input[value={STAFF}]").check()
    expect(total(page)).to_have_text(str(40 + 76 + 30 + 3))  # + the Raven Staff
    page.get_by_role("button", name="Remove Gestir Captain", exact=True).click()
    expect(page.locator(ENTRY)).to_have_count(2)

    page.locator("body").press("Control+z")  # the removal
    expect(page.locator(ENTRY)).to_have_count(3)
    expect(page.locator(ENTRY).first).to_have_attribute("data-card", CAPTAIN)
    page.locator("body").press("Control+z")  # the staff
    expect(entry(page, WITCH).locator(f"input[value={STAFF}]")).not_to_be_checked()
    page.get_by_test_id("undo").click()  # the count
    expect(count_field(page, OGRE)).to_have_value("1")
    page.get_by_test_id("undo").click()  # the witch
    expect(page.locator(ENTRY)).to_have_count(2)
    expect(total(page)).to_have_text("78")

    page.locator("body").press("Control+Shift+z")
    expect(page.locator(ENTRY)).to_have_count(3)
    page.get_by_test_id("redo").click()
    expect(count_field(page, OGRE)).to_have_value("2")
    page.locator("body").press("Control+y")
    expect(entry(page, WITCH).locator(f"input[value={STAFF}]")).to_be_checked()
    page.locator("body").press("Control+Shift+z")
    expect(page.locator(ENTRY)).to_have_count(2)
    expect(page.get_by_test_id("redo")).to_be_disabled()


def test_leaving_with_unsaved_edits_asks_first(page: Page, live_godslayer):
    start_list(page, name="Unsaved raid")
    add_card(page, CAPTAIN)
    asked = []

    def answer(dialog):
        asked.append(dialog.type)
        dialog.dismiss()  # stay on the page

    page.on("dialog", answer)
    page.locator("a.brand").click()
    expect(page).to_have_url(re.compile(r"/g/godslayer/build/$"))
    assert asked == ["beforeunload"]
    expect(page.locator(ENTRY)).to_have_count(1)


def test_after_the_first_save_a_reload_shows_the_saved_list(page: Page, live_godslayer):
    page.goto("/accounts/signup/?next=/g/godslayer/")
    signup(page, "reloader")
    start_list(page, name="Saved raid")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    list_id = save(page)
    assert re.search(rf"/lists/{list_id}/$", page.url)
    page.reload()
    expect(page).to_have_url(re.compile(rf"/lists/{list_id}/$"))
    expect(page.locator(ENTRY)).to_have_count(2)
    expect(page.locator("#f-name")).to_have_value("Saved raid")
    # saving asks nothing on the way out: the list is saved
    page.locator("a.brand").click()
    expect(page).to_have_url(re.compile(r"/$"))
