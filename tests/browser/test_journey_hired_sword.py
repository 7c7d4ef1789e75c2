"""A German player in a real Chromium builds a legal Witch Hunters warband with a hired
Halfling Scout (13 fighters, one more than the Witch Hunters' 12), saves it, and records a
battle on the campaign page; the scout's upkeep (5 gc) is paid from the treasury.

The warband: Captain Mathias 60 gc, two groups of five Zealots 200 gc, a Warhound 15 gc,
Pip the Halfling Scout 15 gc: 290 of 500 gc, treasury 210 gc. The battle, lost: the
captain's exploration die 4 (one shard, kept); upkeep 5 gc: treasury 205 gc.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.campaign_steps import expect_step, save_step
from tests.support.browser import ENTRY, LIST_URL, set_field, total, verdict

pytestmark = pytest.mark.browser
PASSWORD = "Sigmar-schuetzt-1999"
CAPTAIN = "witch-hunters-witch-hunter-captain"
ZEALOT = "witch-hunters-zealot"
HOUND = "witch-hunters-warhound"
SCOUT = "hired-halfling-scout"


@pytest.fixture
def german(new_context, live_mordheim):
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user("hexenjaeger", password=PASSWORD)
    page = new_context(locale="de-DE").new_page()
    # the whole pack is several times the old one: room for a machine shared with others
    page.set_default_timeout(30_000)
    page.set_default_navigation_timeout(60_000)
    return page


def add(page: Page, card: str):
    entries = page.locator(ENTRY)
    before = entries.count()
    page.click(f"[data-testid=add-{card}]")
    expect(entries).to_have_count(before + 1, timeout=30_000)
    return entries.nth(before)


def name_fighter(page: Page, row, name: str):
    """Type a name and leave the field with Tab (which presses no button); the change
    event sends it, and the undo button then offers to take it back."""
    undo = page.get_by_test_id("undo")
    before = undo.inner_text()
    field = row.locator("[data-testid=hero-name]")
    field.fill(name)
    field.press("Tab")
    expect(undo).not_to_have_text(before)


def test_a_german_player_hires_a_halfling_scout_and_pays_his_upkeep(german: Page):
    page = german
    page.goto("/accounts/login/?next=/g/mordheim/")
    page.fill("input[name=username]", "hexenjaeger")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")  # the keyboard logs in
    expect(page).to_have_url(re.compile(r"/g/mordheim/$"))

    page.check("input[name=faction][value=witch-hunters]")
    page.fill("input[name=name]", "Hexenjagd")
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(r"/g/mordheim/build/$"))

    # German names: the warband's fighters and the hired swords it may hire, in a group
    catalogue = page.locator("#cards")
    expect(catalogue.locator("h3", has_text="Angeheuerte Schwerter")).to_be_visible()
    expect(page.get_by_test_id(f"add-{SCOUT}")).to_be_visible()
    expect(catalogue).to_contain_text("Halblingspäher")
    expect(catalogue).to_contain_text("Hexenjäger-Hauptmann")
    expect(page.get_by_test_id("add-hired-highwayman")).to_have_count(0)  # not for them

    captain = add(page, CAPTAIN)
    name_fighter(page, captain, "Mathias")
    for _ in range(2):
        zealots = add(page, ZEALOT)
        set_field(page, zealots.locator("input[name$='.size']").get_attribute("name"), 5)
        # the server's answer: five models at 20 gc
        expect(zealots.locator("[data-testid=entry-points]")).to_have_text("100 GK")
    add(page, HOUND)
    expect(page.get_by_test_id("fighters")).to_contain_text("(3–12)")
    scout = add(page, SCOUT)
    expect(scout.locator("input[name$='.size']")).to_have_count(0)  # one man, named
    name_fighter(page, scout, "Pip")
    expect(page.get_by_test_id("fighters")).to_contain_text("13")
    expect(page.get_by_test_id("fighters")).to_contain_text("(3–13)")
    expect(total(page)).to_have_text("290")
    expect(verdict(page)).to_contain_text("✔")

    page.click("[data-testid=save]")
    expect(page).to_have_url(LIST_URL)
    list_id = int(LIST_URL.search(page.url).group(1))

    page.goto(f"/lists/{list_id}/campaign/")
    expect(page.get_by_test_id("treasury")).to_contain_text("210")
    page.locator("input[name=won][value=lost]").check()
    save_step(page, "experience")
    save_step(page, "exploration")
    page.fill("input[name=dice]", "4")
    save_step(page, "trading")
    save_step(page, "review")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text("Sold bezahlt: Pip, 5 GK")
    page.get_by_test_id("record").click()
    expect_step(page, "battle")
    expect(page.get_by_test_id("treasury")).to_contain_text("205")
    expect(page.get_by_test_id("log-battle").first).to_contain_text("Sold bezahlt: Pip, 5 GK")
