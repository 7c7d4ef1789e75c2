"""Dark mode in Debian's Chromium: it follows the system's setting, the header's switch
overrides it and is remembered across pages and reloads; the print preview on screen
follows it while paper stays light; the charts follow it. Screenshots of the play view
and the shared list in both themes, on a phone and a desktop, in English and German."""

import pytest
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from tests.support.browser import PHONE, SCREENSHOTS, live_pack
from tests.support.print_lists import LISTS
from tests.support.users import make_user

pytestmark = [pytest.mark.browser]

WIDE = {"width": 1280, "height": 900}
DARK_BG = "rgb(22, 24, 27)"  # --bg of the dark theme (static/css/muster.css)
LIGHT_BG = "rgb(251, 250, 247)"
DARK_FG = "rgb(232, 230, 227)"
PAPER = "rgb(255, 255, 255)"


@pytest.fixture
def raid(transactional_db, live_server):
    live_pack("godslayer")
    return lists_services.list_create(owner=make_user("alice"), data=LISTS["godslayer"])


def background(page, selector="body") -> str:
    return page.locator(selector).evaluate("e => getComputedStyle(e).backgroundColor")


def theme(page):
    return page.evaluate("() => document.documentElement.getAttribute('data-theme')")


def test_dark_follows_the_system_and_the_switch_is_remembered(new_context, raid):
    page = new_context(color_scheme="dark").new_page()
    page.goto(f"/s/{raid.share_token}/")
    assert theme(page) is None and background(page) == DARK_BG  # the system's setting
    switch = page.get_by_test_id("theme-switch")
    expect(switch).to_have_text("Theme: auto")
    switch.click()
    expect(switch).to_have_text("Theme: dark")
    switch.click()
    expect(switch).to_have_text("Theme: light")
    assert theme(page) == "light" and background(page) == LIGHT_BG
    # Remembered: another page, a reload; set before the stylesheet applies (no flash:
    # theme.js runs in <head> before the first paint, tests/pages/test_theme.py).
    page.goto(f"/s/{raid.share_token}/play/")
    assert theme(page) == "light" and background(page) == LIGHT_BG
    page.reload()
    expect(switch).to_have_text("Theme: light")
    # Back to following the system, by keyboard.
    switch.focus()
    page.keyboard.press("Enter")
    expect(switch).to_have_text("Theme: auto")
    assert theme(page) is None and background(page) == DARK_BG


def test_the_print_preview_follows_the_theme_and_paper_stays_light(new_context, raid):
    page = new_context().new_page()
    page.goto(f"/s/{raid.share_token}/")
    page.get_by_test_id("theme-switch").click()  # auto -> dark
    page.goto(f"/s/{raid.share_token}/print/?layout=cards")
    assert theme(page) == "dark" and background(page) == DARK_BG
    assert page.locator("body").evaluate("e => getComputedStyle(e).color") == DARK_FG
    page.screenshot(path=str(SCREENSHOTS / "dark-print-cards-desktop.png"))
    page.emulate_media(media="print")
    assert background(page) == PAPER
    assert page.locator("body").evaluate("e => getComputedStyle(e).color") == "rgb(0, 0, 0)"


def test_the_charts_follow_the_theme(new_context, raid):
    page = new_context(color_scheme="dark").new_page()
    page.goto("/g/godslayer/cards/nordgaard-ogre-huscarl/")
    page.get_by_role("link", name="Ogre Huscarl against …").click()
    page.get_by_label("Defender", exact=True).select_option("nordgaard-gestir-captain")
    chart = page.get_by_test_id("odds-chart")
    expect(chart).to_be_visible()
    assert chart.locator("text").first.evaluate("e => getComputedStyle(e).fill") == DARK_FG
    page.screenshot(path=str(SCREENSHOTS / "dark-matchup-desktop.png"), full_page=True)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_play_view_and_the_list(new_context, raid, language, scheme):
    for device, viewport in (("phone", PHONE), ("desktop", WIDE)):
        context = new_context(viewport=viewport, color_scheme=scheme,
                              locale="de-DE" if language == "de" else "en-US")
        page = context.new_page()
        page.goto(f"/s/{raid.share_token}/play/")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert background(page) == (DARK_BG if scheme == "dark" else LIGHT_BG)
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(SCREENSHOTS / f"play-{scheme}-{device}-{language}.png"))
        page.goto(f"/s/{raid.share_token}/")
        page.screenshot(path=str(SCREENSHOTS / f"shared-{scheme}-{device}-{language}.png"))
