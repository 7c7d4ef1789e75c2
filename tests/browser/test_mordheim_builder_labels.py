"""The Mordheim builder in a real Chromium, in English and German, on a desktop and a 390 px
phone (issue 32, item 5; issue 27): a hero Witch Hunter and a hired Witch Hunter side by
side told apart by their badges, the hired sword's name field asking for a hired sword;
a Tilean warband choosing its city, Trantio's 600 gc then its starting gold; a hired
sword's card with the equipment he comes with."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.screens import LOCALES, VIEWPORTS, assert_fits, shot
from tests.support.browser import ENTRY

pytestmark = pytest.mark.browser
WORDS = {
    "en": {"hero": "Hero", "sword": "Hired sword", "name": "Name your hired sword",
           "city": "City", "gold": "starting gold 600 gc", "equipment": "Brace of pistols"},
    "de": {"hero": "Held", "sword": "Angeheuertes Schwert",
           "name": "Benenne dein angeheuertes Schwert", "city": "Stadt",
           "gold": "Startgold 600 GK", "equipment": "Pistolenpaar"},
}


def start(page: Page, faction: str) -> None:
    page.goto("/g/mordheim/")
    page.check(f"input[name=faction][value={faction}]")
    page.fill("input[name=name]", "Band")
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(r"/g/mordheim/build/$"))


def add(page: Page, card: str):
    entries = page.locator(ENTRY)
    before = entries.count()
    page.click(f"[data-testid=add-{card}]")
    expect(entries).to_have_count(before + 1)
    return entries.nth(before)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_hero_and_a_hired_witch_hunter_are_told_apart(new_context, live_mordheim, device,
                                                          lang):
    words = WORDS[lang]
    page = new_context(viewport=VIEWPORTS[device], locale=LOCALES[lang]).new_page()
    page.set_default_timeout(30_000)
    start(page, "witch-hunters")
    add(page, "witch-hunters-witch-hunter-captain")
    hero = add(page, "witch-hunters-witch-hunter")
    sword = add(page, "hired-witch-hunter")
    expect(hero.locator(".badge").first).to_have_text(words["hero"])
    expect(sword.get_by_test_id("hired-sword-badge")).to_have_text(words["sword"])
    expect(sword.get_by_test_id("hero-name")).to_have_attribute("placeholder", words["name"])
    assert_fits(page, VIEWPORTS[device]["width"])
    shot(page, f"mordheim-builder-hired-sword-{device}-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_a_tilean_warband_chooses_its_city(new_context, live_mordheim, device, lang):
    words = WORDS[lang]
    page = new_context(viewport=VIEWPORTS[device], locale=LOCALES[lang]).new_page()
    page.set_default_timeout(30_000)
    start(page, "tileans")
    add(page, "tileans-captain")
    expect(page.locator("label[for=f-role]")).to_have_text(words["city"])
    page.get_by_test_id("role").select_option("trantio")
    expect(page.get_by_test_id("starting-gold")).to_have_text(words["gold"])
    assert_fits(page, VIEWPORTS[device]["width"])
    shot(page, f"mordheim-builder-city-{device}-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hired_swords_card_shows_his_equipment(new_context, live_mordheim, lang):
    page = new_context(viewport=VIEWPORTS["phone"], locale=LOCALES[lang]).new_page()
    page.goto("/g/mordheim/cards/hired-highwayman/")
    expect(page.get_by_test_id("hired-sword-equipment")).to_contain_text(
        WORDS[lang]["equipment"])
    assert_fits(page, VIEWPORTS["phone"]["width"])
    shot(page, f"mordheim-card-hired-sword-phone-{lang}")
