"""The builder on a 390 px phone shows what a fighter carries, not every item he could
take: "Add equipment" opens the rest, and what he takes then stays in sight. On a
desktop every item shows as before. Mordheim (how many of each) and Godslayer (have it
or not), in English and German."""

import pytest
from playwright.sync_api import expect

from tests.support.browser import PHONE, SCREENSHOTS, settled
from tests.support.browser_systems import add, start_builder

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
MORDHEIM_CAPTAIN = "reikland-mercenary-captain"
GODSLAYER_CAPTAIN = "nordgaard-gestir-captain"
LOCALES = {"en": "en-US", "de": "de-DE"}


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_mordheim_hero_on_a_phone_shows_what_he_carries(new_context, live_mordheim, language):
    page = new_context(viewport=PHONE, locale=LOCALES[language]).new_page()
    start_builder(page, "mordheim", name="Blades", choose=[("faction", "reikland")])
    hero = add(page, f"add-{MORDHEIM_CAPTAIN}")
    boxes = hero.locator("input[name$='.qty.axe']")
    expect(boxes).to_be_hidden()  # no "0 ×" boxes: he carries nothing yet
    expect(hero.locator(".equipment label.item:visible")).to_have_count(0)
    picker = hero.locator(".picker-label")
    expect(picker).to_have_text("Add equipment" if language == "en" else "Ausrüstung hinzufügen")
    picker.click()
    expect(boxes).to_be_visible()
    assert hero.locator(".equipment label.item:visible").count() > 3
    boxes.fill("1")
    boxes.blur()
    settled(page)
    hero = page.locator(f"[data-testid=entry][data-card={MORDHEIM_CAPTAIN}]")
    # The picker closed again; the axe he carries now shows, nothing else does.
    expect(hero.locator("input[name$='.qty.axe']")).to_have_value("1")
    expect(hero.locator("input[name$='.qty.axe']")).to_be_visible()
    expect(hero.locator(".equipment label.item:visible")).to_have_count(1)
    assert fits(page)
    page.screenshot(path=str(SCREENSHOTS / f"equipment-picker-phone-{language}.png"))
    # The keyboard opens it too (Space on the switch).
    hero.locator("[data-testid=add-equipment]").focus()
    page.keyboard.press("Space")
    assert hero.locator(".equipment label.item:visible").count() > 3


def test_on_a_desktop_every_item_shows(new_context, live_mordheim):
    page = new_context(viewport=DESKTOP).new_page()
    start_builder(page, "mordheim", name="Blades", choose=[("faction", "reikland")])
    hero = add(page, f"add-{MORDHEIM_CAPTAIN}")
    expect(hero.locator("input[name$='.qty.axe']")).to_be_visible()
    expect(hero.locator(".picker-label")).to_be_hidden()
    page.screenshot(path=str(SCREENSHOTS / "equipment-picker-desktop-en.png"))


def test_a_godslayer_captain_on_a_phone_shows_his_items_only(new_context, live_godslayer):
    page = new_context(viewport=PHONE).new_page()
    start_builder(page, "godslayer", name="Raid", choose=[("faction", "nordgaard")])
    captain = add(page, f"add-{GODSLAYER_CAPTAIN}")
    mail = captain.locator("input[value=nordgaard-chainmail]")
    expect(mail).to_be_hidden()
    captain.locator(".picker-label").click()
    mail.check()
    settled(page)
    captain = page.locator(f"[data-testid=entry][data-card={GODSLAYER_CAPTAIN}]")
    expect(captain.locator("input[value=nordgaard-chainmail]")).to_be_visible()
    expect(captain.locator("input[value=nordgaard-chainmail]")).to_be_checked()
    expect(captain.locator(".equipment label.item:visible")).to_have_count(1)
    assert fits(page)
