"""The matchup odds in a real Chromium: from a card view to the odds against another card,
the distribution drawn as a bar chart beside its table.

Every wait is on page state (Playwright's auto-retrying `expect`), never on a clock.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import SCREENSHOTS

pytestmark = pytest.mark.browser


def test_a_card_view_opens_the_odds_against_another_card(page: Page, live_godslayer):
    page.goto("/g/godslayer/cards/nordgaard-ogre-huscarl/")
    page.get_by_role("link", name="Ogre Huscarl against …").click()
    expect(page.get_by_label("Attacker", exact=True)).to_have_value("nordgaard-ogre-huscarl")
    expect(page.get_by_test_id("matchup-result")).to_have_count(0)

    page.get_by_label("Charge (+1 MEL, +1 STR)").check()  # the form applies itself
    expect(page).to_have_url(re.compile(r"charge=on"))
    page.get_by_label("Defender", exact=True).select_option("nordgaard-gestir-captain")
    result = page.get_by_test_id("matchup-result")
    expect(result).to_be_visible()
    expect(page.get_by_test_id("hit")).to_have_text("33/36 rolls (91.7 %)")

    chart = page.get_by_role("img", name="Hit points lost by one attack")
    expect(chart).to_be_visible()
    bars = chart.locator("rect")
    expect(bars).to_have_count(18)  # 0 hit points (a miss) to 17
    box = chart.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 100  # drawn, not collapsed
    tallest = max(float(bars.nth(i).get_attribute("height")) for i in range(18))
    assert float(bars.nth(12).get_attribute("height")) == tallest  # 2D6 + 5: a 7 is likeliest
    expect(page.get_by_test_id("odds-table").locator("tbody tr")).to_have_count(18)
    expect(page.get_by_label("Charge (+1 MEL, +1 STR)")).to_be_checked()
    page.screenshot(path=str(SCREENSHOTS / "matchup-desktop.png"), full_page=True)
