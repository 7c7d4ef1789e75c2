"""Two flows that used to lose or undo work, in a real Chromium (desktop and phone, English
and German): Undo in a tab left behind, and starting a new list over an unsaved draft."""

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    BERSERKER,
    BUILD_URL,
    CAPTAIN,
    ENTRY,
    OGRE,
    PHONE,
    SCREENSHOTS,
    add_card,
    entry,
    leave,
    settled,
    start_list,
)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("live_godslayer")]


def shoot(page: Page, name: str):
    page.mouse.move(0, 0)
    page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


@pytest.mark.parametrize(
    ("locale", "viewport", "words"),
    [
        ("en-US", None, ("This list changed in another tab or window.", "Nothing was undone")),
        ("de-DE", PHONE, ("in einem anderen Tab oder Fenster geändert", "Nichts wurde")),
    ],
    ids=["desktop-en", "phone-de"],
)
def test_undo_in_a_stale_tab_undoes_nothing_and_offers_to_reload(
    new_context, locale, viewport, words
):
    options = {"locale": locale} | ({"viewport": viewport} if viewport else {})
    context = new_context(**options)
    tab_a = context.new_page()
    start_list(tab_a, name="Raid")
    add_card(tab_a, CAPTAIN)
    name = tab_a.locator("#f-name")
    name.fill("Autumn raid")
    leave(name)

    tab_b = context.new_page()  # the same browser: the same unsaved list
    tab_b.goto("/g/godslayer/build/")
    add_card(tab_b, BERSERKER)

    tab_a.get_by_test_id("undo").click()
    moved = tab_a.get_by_test_id("moved")
    expect(moved).to_be_visible()
    for text in words:
        expect(moved).to_contain_text(text)
    # Nothing was taken back: tab A now shows B's Berserker and its own name.
    expect(entry(tab_a, BERSERKER)).to_have_count(1)
    expect(tab_a.locator("#f-name")).to_have_value("Autumn raid")
    shoot(tab_a, f"stale-tab-undo-{'phone-de' if viewport else 'desktop'}.png")

    # The reload it offers (by keyboard), then Undo takes back the newest step: B's add.
    tab_a.get_by_test_id("reload").focus()
    tab_a.keyboard.press("Enter")
    expect(tab_a).to_have_url(BUILD_URL)
    expect(tab_a.get_by_test_id("moved")).to_have_count(0)
    tab_a.get_by_test_id("undo").click()
    expect(entry(tab_a, BERSERKER)).to_have_count(0)
    expect(entry(tab_a, CAPTAIN)).to_have_count(1)
    expect(tab_a.locator("#f-name")).to_have_value("Autumn raid")
    settled(tab_a)
    tab_b.reload()
    expect(entry(tab_b, BERSERKER)).to_have_count(0)
    expect(tab_b.locator("#f-name")).to_have_value("Autumn raid")


def test_undo_right_after_typing_takes_back_the_typing(page: Page):
    """The click that leaves a field sends its edit first; the Undo queued behind it names
    the step the page shows when it leaves, the typed edit: never refused as stale."""
    start_list(page, name="Raid")
    add_card(page, CAPTAIN)
    name = page.locator("#f-name")
    name.fill("Autumn raid")
    page.get_by_test_id("undo").click()  # the name's change event, then the click
    settled(page)
    expect(page.get_by_test_id("moved")).to_have_count(0)
    expect(page.locator("#f-name")).to_have_value("Raid")
    expect(entry(page, CAPTAIN)).to_have_count(1)


@pytest.mark.parametrize(
    ("locale", "viewport"), [("en-US", None), ("de-DE", PHONE)], ids=["desktop-en", "phone-de"]
)
def test_start_building_asks_before_it_replaces_a_draft(new_context, locale, viewport):
    options = {"locale": locale} | ({"viewport": viewport} if viewport else {})
    page = new_context(**options).new_page()
    start_list(page, name="Imported roster")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)

    page.goto("/g/godslayer/")
    expect(page.get_by_test_id("draft-notice")).to_contain_text("Imported roster")
    page.check("input[name=faction][value=nordgaard]")
    page.fill("input[name=name]", "Second raid")
    page.keyboard.press("Enter")  # Enter starts, which asks: it never replaces
    question = page.get_by_test_id("replace-question")
    expect(question).to_be_visible()
    page.locator("input[name=name]").press("Enter")
    expect(question).to_be_visible()
    shoot(page, f"start-replace-question-{'phone-de' if viewport else 'desktop'}.png")

    # "Keep working" goes back to the draft, untouched.
    page.get_by_test_id("keep-draft").click()
    expect(page).to_have_url(BUILD_URL)
    expect(page.locator(ENTRY)).to_have_count(2)

    # The yes starts the new list; Undo brings the old one back, whole.
    page.goto("/g/godslayer/")
    page.check("input[name=faction][value=nordgaard]")
    page.fill("input[name=name]", "Second raid")
    page.locator("main form.start button.primary").first.click()
    page.get_by_test_id("replace-draft").click()
    expect(page).to_have_url(BUILD_URL)
    expect(page.locator(ENTRY)).to_have_count(0)
    expect(page.locator("#f-name")).to_have_value("Second raid")
    page.get_by_test_id("undo").click()
    expect(page.locator(ENTRY)).to_have_count(2)
    expect(page.locator("#f-name")).to_have_value("Imported roster")
