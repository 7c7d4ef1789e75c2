"""Focus survives the builder's answers, in a real Chromium.

Every edit swaps in a new builder; the control the player had moved to (with Tab, after
typing) keeps focus even when it has no id, so the next Tab goes on from there rather than
from the page's body. A question about removing a fighter with campaign history is asked
beside him, in view, with its safe answer focused; either answer hands focus back to the
list.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import ENTRY, PASSWORD, WITCH, add_card, start_list
from tests.support.browser_systems import CAPTAIN, CHAMPION, WARRIOR, add, start_builder

pytestmark = pytest.mark.browser

# The focused control's key: its data-focus, else its id, else its tag; BODY for the body.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "BODY";
  return el.dataset.focus || (el.id ? "#" + el.id : el.tagName);
}"""


def focused(page: Page) -> str:
    return page.evaluate(FOCUSED)


def assert_every_entry_control_has_its_own_key(page: Page):
    """Each control of an entry is named by the entry's id and its role, once on the page."""
    keys = page.evaluate(
        """() => Array.from(document.querySelectorAll('[data-entry-id]')).flatMap(entry =>
             Array.from(entry.querySelectorAll('input:not([type=hidden]), select, textarea,'
               + ' button, a[href], summary')).map(el =>
               [entry.dataset.entryId, el.dataset.focus || null]))"""
    )
    assert keys
    assert all(key and key.startswith(f"e.{entry_id}.") for entry_id, key in keys), keys
    assert len({key for _id, key in keys}) == len(keys)


def assert_tab_after_typing_lands_where_it_would(page: Page, field, value: str):
    """Tab out of a changed field: focus is on the control Tab reaches without a change
    (found first), not on the body, and the next Tab goes on to the one after it."""
    field.focus()
    page.keyboard.press("Tab")
    following = focused(page)
    page.keyboard.press("Tab")
    after_that = focused(page)
    assert "BODY" not in (following, after_that)
    revision = page.locator("#builder").get_attribute("data-revision")
    field.focus()
    field.fill(value)
    page.keyboard.press("Tab")
    expect(page.locator("#builder")).not_to_have_attribute("data-revision", revision)
    expect(page.locator(f"#builder [data-focus='{following}']")).to_be_focused()
    assert focused(page) == following
    page.keyboard.press("Tab")
    assert focused(page) == after_that
    return following


def test_godslayer_tab_from_a_count_to_an_item_checkbox(page: Page, live_godslayer):
    start_list(page, name="Focus raid")
    add_card(page, WITCH)
    witch = page.locator(ENTRY).first
    entry_id = witch.get_attribute("data-entry-id")
    assert_every_entry_control_has_its_own_key(page)
    following = assert_tab_after_typing_lands_where_it_would(
        page, witch.locator("input[name$='.count']"), "2"
    )
    assert following.startswith(f"e.{entry_id}.item.")  # a checkbox without an id
    assert page.evaluate("document.activeElement.type") == "checkbox"


def test_boarding_action_tab_from_a_count_to_the_next_control(page: Page, live_boarding_action):
    start_builder(page, "boarding-action", name="Breach", choose=[("role", "attacker")])
    trooper = add(page, "add-line-trooper")
    entry_id = trooper.get_attribute("data-entry-id")
    assert_every_entry_control_has_its_own_key(page)
    following = assert_tab_after_typing_lands_where_it_would(
        page, trooper.locator("input[name$='.count']"), "2"
    )
    assert following.startswith(f"e.{entry_id}.") and not following.endswith(".count")


def test_mordheim_tab_from_a_models_count_to_the_next_control(page: Page, live_mordheim):
    start_builder(page, "mordheim", name="Blades", choose=[("faction", "reikland")])
    add(page, f"add-{CAPTAIN}")
    warriors = add(page, f"add-{WARRIOR}")
    entry_id = warriors.get_attribute("data-entry-id")
    assert_every_entry_control_has_its_own_key(page)
    following = assert_tab_after_typing_lands_where_it_would(
        page, warriors.locator("input[name$='.size']"), "3"
    )
    assert following.startswith(f"e.{entry_id}.") and not following.endswith(".size")


def test_removing_the_last_entry_moves_focus_to_the_one_before(page: Page, live_godslayer):
    start_list(page, name="Focus raid")
    add_card(page, WITCH)
    add_card(page, WITCH)
    first, last = (row.get_attribute("data-entry-id") for row in page.locator(ENTRY).all())
    page.locator(f"#entry-{last} [data-testid=remove]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(ENTRY)).to_have_count(1)
    expect(page.locator(f"#entry-{first}")).to_be_focused()
    page.keyboard.press("Tab")  # on into that entry's controls
    assert focused(page).startswith(f"e.{first}.")


# -- a fighter with campaign history, far down the page -----------------------------------


@pytest.fixture
def tall_warband(live_mordheim):
    """A saved warband of 14 fighters; the last one, Kurt, has one event in the log."""
    from django.contrib.auth import get_user_model

    from armylists.games.mordheim.services import campaign
    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("ostlander", password=PASSWORD)
    entries = [{"card": CAPTAIN, "name": "Hans"}]
    entries += [{"card": WARRIOR, "size": 1, "notes": f"group {n}"} for n in range(12)]
    entries += [{"card": CHAMPION, "name": "Kurt"}]
    army_list = lists_services.list_create(owner=owner, data={
        "system": "mordheim", "faction": "reikland", "name": "Tall", "entries": entries,
    })
    campaign.campaign_record_battle(army_list=army_list, user=owner, events=[
        {"type": "experience", "entry": len(entries) - 1, "amount": 1},
    ])
    return army_list


def test_the_removal_question_is_asked_beside_the_fighter_and_focused(page: Page, tall_warband):
    page.goto(f"/accounts/login/?next=/lists/{tall_warband.id}/")
    page.fill("input[name=username]", "ostlander")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator(ENTRY)).to_have_count(14)
    kurt_id = tall_warband.document["entries"][-1]["id"]
    kurt = page.locator(f"#entry-{kurt_id}")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 900  # the list is taller than the window

    kurt.get_by_test_id("remove").click()
    question = kurt.get_by_test_id("confirm-remove")  # inside Kurt's entry
    expect(question).to_contain_text("Kurt has 1 event in the campaign log.")
    expect(question).to_have_attribute("role", "alertdialog")
    expect(question).to_be_in_viewport()
    keep = question.get_by_test_id("confirm-remove-keep")
    expect(keep).to_be_focused()
    expect(page.get_by_test_id("confirm-remove")).to_have_count(1)

    page.keyboard.press("Enter")  # Keep: nothing removed, focus back on his ✕
    expect(page.get_by_test_id("confirm-remove")).to_have_count(0)
    expect(page.locator(ENTRY)).to_have_count(14)
    expect(kurt.get_by_test_id("remove")).to_be_focused()

    page.keyboard.press("Enter")  # asked again
    expect(keep).to_be_focused()
    expect(question).to_be_in_viewport()
    question.get_by_test_id("confirm-remove-yes").click()
    expect(page.locator(ENTRY)).to_have_count(13)
    before_him = page.locator(ENTRY).last
    expect(before_him).to_be_focused()  # the entry now last, never the body
    expect(before_him).to_be_in_viewport()
