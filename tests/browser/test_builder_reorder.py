"""Reordering entries in the builder in a real Chromium, on a 390 px phone and on a
desktop, in English and German: Alt+ArrowUp / Alt+ArrowDown on an entry move it (the
keyboard way, the reference), dragging an entry by its handle onto another moves it
there; each is one step that Undo (Ctrl+Z) takes back."""

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    CAPTAIN,
    ENTRY,
    OGRE,
    PHONE,
    SCREENSHOTS,
    WITCH,
    add_card,
    start_list,
)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}


def order(page: Page) -> list[str]:
    return page.locator(ENTRY).evaluate_all("(nodes) => nodes.map((n) => n.dataset.card)")


def expect_order(page: Page, cards: list[str]):
    expect(page.locator(ENTRY).first).to_have_attribute("data-card", cards[0])
    page.wait_for_function(
        "(cards) => [...document.querySelectorAll('[data-testid=entry]')]"
        ".map((n) => n.dataset.card).join() === cards.join()",
        arg=cards,
    )
    assert order(page) == cards


def keyboard_and_undo(page: Page):
    entry = page.locator(f"{ENTRY}[data-card={WITCH}]")
    entry.focus()
    page.keyboard.press("Alt+ArrowUp")
    expect_order(page, [CAPTAIN, WITCH, OGRE])
    page.locator(f"{ENTRY}[data-card={WITCH}]").focus()
    page.keyboard.press("Alt+ArrowUp")
    expect_order(page, [WITCH, CAPTAIN, OGRE])
    page.locator(f"{ENTRY}[data-card={CAPTAIN}]").focus()
    page.keyboard.press("Alt+ArrowDown")
    expect_order(page, [WITCH, OGRE, CAPTAIN])
    page.locator("body").focus()
    for expected in ([WITCH, CAPTAIN, OGRE], [CAPTAIN, WITCH, OGRE], [CAPTAIN, OGRE, WITCH]):
        page.get_by_test_id("undo").click()
        expect_order(page, expected)


def drag_and_undo(page: Page):
    handle = page.locator(f"{ENTRY}[data-card={WITCH}] [data-testid=drag-handle]")
    target = page.locator(f"{ENTRY}[data-card={OGRE}]")
    # Both in sight and clear of the sticky header (a phone shows about two entries),
    # then a plain mouse drag.
    target.evaluate("(node) => { node.scrollIntoView({block: 'start'}); window.scrollBy(0, -150); }")
    expect(handle).to_be_in_viewport()
    grip, onto = handle.bounding_box(), target.bounding_box()
    page.mouse.move(grip["x"] + grip["width"] / 2, grip["y"] + grip["height"] / 2)
    page.mouse.down()
    page.mouse.move(onto["x"] + 30, onto["y"] + 12, steps=5)  # its upper half: before it
    page.mouse.up()
    expect_order(page, [CAPTAIN, WITCH, OGRE])
    page.get_by_test_id("undo").click()
    expect_order(page, [CAPTAIN, OGRE, WITCH])


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize(("device", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_reorder_by_keyboard_and_by_drag_both_undoable(
    new_context, live_godslayer, language, device, viewport
):
    context = new_context(viewport=viewport, locale="de-DE" if language == "de" else "en-US")
    page = context.new_page()
    start_list(page, name="Reorder raid")
    expect(page.locator("html")).to_have_attribute("lang", language)
    for card in (CAPTAIN, OGRE, WITCH):
        add_card(page, card)
    keyboard_and_undo(page)
    drag_and_undo(page)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(SCREENSHOTS / f"builder-reorder-{device}-{language}.png"))
