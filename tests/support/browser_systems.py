"""Builder steps the browser journeys of every game share, and the Mordheim cards they use."""

import re

from playwright.sync_api import Page, expect

from tests.support.browser import (
    ENTRY,
    total,
)


def add(page: Page, testid: str):
    """Press an add button of the builder and wait for the new entry."""
    entries = page.locator(ENTRY)
    before = entries.count()
    page.click(f"[data-testid={testid}]")
    expect(entries).to_have_count(before + 1)
    return entries.nth(before)


def start_builder(page: Page, system: str, *, name: str, choose=()):
    """The start page of a system: tick the radio buttons, name the list, start."""
    page.goto(f"/g/{system}/")
    for field, value in choose:
        page.check(f"input[name={field}][value={value}]")
    page.fill("input[name=name]", name)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(rf"/g/{system}/build/$"))
    expect(page.locator(".empty").first).to_be_visible()
    expect(total(page)).to_have_text("0")
    expect(page.locator("#f-name")).to_have_value(name)
    page.evaluate("window.__marker = 1")  # gone if anything reloads the whole page


CAPTAIN = "reikland-mercenary-captain"  # leader, 60 gc, 20 experience


CHAMPION = "reikland-champion"  # hero, 35 gc, 8 experience, WS 4


WARRIOR = "reikland-warrior"  # henchman, 25 gc a model
