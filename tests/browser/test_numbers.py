"""Numbers in the builder say what is so (issue 18, item 4), in a real Chromium, on a
phone and a desktop, in English and German:

- a battle size of 0 is refused beside the field and the field shows what was typed,
  never the grey placeholder while the verdict judges against 0;
- over the battle size, the points bar is painted red and the total says "17 over";
- the catalogue says "3/2 (1 over)" for a card fielded past its AAL, not "at its limit";
- a list-wide error is said once (the banner), not again in the error summary.
"""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.screens import LOCALES, VIEWPORTS, painted_rgb, shot
from tests.support.browser import BERSERKER, CAPTAIN, OGRE, add_card, set_field, start_list, total

pytestmark = [pytest.mark.browser]

OVER = {"en": "over", "de": "zu viel"}
AT_LIMIT = {"en": "at its limit", "de": "am Limit"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_the_points_and_the_limit_say_what_is_so(new_context, live_godslayer, device, lang):
    page: Page = new_context(viewport=VIEWPORTS[device], locale=LOCALES[lang]).new_page()
    # the server's first page builds the game data: more than one step's time on a busy machine
    page.goto("/g/godslayer/", timeout=60_000)
    start_list(page, name="Over the top", battle_size=160)
    add_card(page, CAPTAIN)  # 40
    add_card(page, OGRE)  # 38, AAL 2
    add_card(page, OGRE)
    aal = page.get_by_test_id(f"aal-{OGRE}")
    expect(aal).to_have_text(f"2/2 ({AT_LIMIT[lang]})")
    add_card(page, OGRE)
    expect(aal).to_have_text(f"3/2 (1 {OVER[lang]})")
    add_card(page, BERSERKER)  # 40 + 3 x 38 + 24 = 178
    expect(total(page)).to_have_text("178")
    expect(page.get_by_test_id("over-by")).to_have_text(f"18 {OVER[lang]}")
    expect(page.get_by_test_id("over-by")).to_be_visible()
    if device == "desktop":  # the phone hides the bar: the words say it there
        red, green, _blue = painted_rgb(page, "[data-testid=points-meter]")
        assert red > 150 and green < 120, f"the points bar is not red over the limit: {red, green}"
    shot(page, f"builder-over-limit-{device}-{lang}")

    # within the limit again: green, and no "over"
    page.get_by_test_id("toolbar").get_by_role("button").first.click()  # undo the Berserker
    expect(total(page)).to_have_text("154")
    expect(page.get_by_test_id("over-by")).to_have_count(0)
    if device == "desktop":
        red, green, _blue = painted_rgb(page, "[data-testid=points-meter]")
        assert green > red, f"the points bar is not green within the limit: {red, green}"

    # a battle size of 0 is refused beside the field; the field keeps what was typed
    set_field(page, "battle_size", 0)
    error = page.get_by_test_id("battle-size-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("1")
    expect(page.locator("#f-battle_size")).to_have_value("0")
    expect(page.locator("#f-battle_size")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("[data-testid=list-violations] li[data-code=battle_size]")).to_have_count(0)
    shot(page, f"builder-battle-size-zero-{device}-{lang}")


def test_a_list_wide_error_is_said_once(page: Page, live_godslayer):
    start_list(page, name="No warlord", battle_size=160)
    add_card(page, BERSERKER)  # no Warlord: a list-wide error
    banner = page.locator("[data-testid=list-violations] li[data-code=warlord]")
    expect(banner).to_have_count(1)
    message = banner.inner_text()
    summary = page.get_by_test_id("error-summary")
    expect(page.get_by_test_id("error-count")).to_have_text("1 error")
    assert message not in summary.inner_text()
    assert page.locator("main").inner_text().count(message) == 1
