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


def entry_points(row):
    return row.locator("[data-testid=entry-points]")


TROOPER = "line-trooper"  # infantry, 10 pts a model


def custom_entry(page: Page, name: str):
    return page.locator(f'{ENTRY}[data-custom="{name}"]')


def add_custom_unit(page: Page, *, name, points, unit_type="infantry", base_mm="", wargear=""):
    """Fill the custom-unit form (typing in it posts nothing) and press its button."""
    page.fill("#custom-name", name)
    page.fill("#custom-points", str(points))
    page.select_option("#custom-unit_type", unit_type)
    page.fill("#custom-base_mm", str(base_mm))
    page.fill("#custom-wargear", wargear)
    row = add(page, "add-custom")
    expect(row).to_have_attribute("data-custom", name)
    expect(row.locator(".badge")).to_have_text("custom unit")
    expect(page.locator("#custom-name")).to_have_value("")  # the form is emptied
    return row
