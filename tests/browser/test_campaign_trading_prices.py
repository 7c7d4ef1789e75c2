"""Buying in a battle's trading step at the trading chart's prices (issues 27 and 32), in a
real Chromium, in English and German, on a desktop and a 390 px phone: an Elven Cloak for
the Captain costs its base and the dice typed (100 + D6×10, a 3 typed: 130 gc); a rare
item with dice found by the Captain's 2D6 and its price rolled by Muster. The battle: lost,
nobody hurt, exploration dice 1 2 4 (the treasury stays 140 gc)."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.campaign_steps import expect_step, record, save_step
from tests.browser.screens import LOCALES, VIEWPORTS, assert_fits, shot
from tests.support.browser import SCREENSHOTS
from tests.support.mordheim_battle import WARBAND

pytestmark = pytest.mark.browser
PASSWORD = "Elven-cloak-2027"
WORDS = {
    "en": {"cloak": "Elven cloak – 100+D6×10 gc · rare 12",
           "bought": "Bought: Elven cloak for Hans, 130 gc (100+D6×10: rolled 3)",
           "treasury": "Treasury: 10 gc", "water": "Bought: Blessed water for the stash"},
    "de": {"cloak": "Elfenumhang – 100+W6×10 GK · selten 12",
           "bought": "Gekauft: Elfenumhang für Hans, 130 GK (100+W6×10: gewürfelt 3)",
           "treasury": "Schatzkammer: 10 GK", "water": "Gekauft: Geweihtes Wasser für das Lager"},
}


@pytest.fixture
def warband(live_mordheim):
    from django.contrib.auth import get_user_model

    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("trader", password=PASSWORD)
    return lists_services.list_create(owner=owner, data=WARBAND)


def to_trading(page: Page, warband) -> None:
    campaign = f"/lists/{warband.id}/campaign/"
    page.goto(f"/accounts/login/?next={campaign}")
    page.fill("input[name=username]", "trader")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(re.escape(campaign) + "$"))
    page.locator("input[name=won][value=lost]").check()
    save_step(page, "experience")
    save_step(page, "exploration")
    page.fill("input[name=dice]", "1 2 4")
    save_step(page, "trading")


def hans(warband) -> str:
    return warband.document["entries"][0]["id"]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_an_elven_cloak_costs_its_base_and_the_dice_typed(new_context, warband, device, lang):
    words = WORDS[lang]
    page = new_context(viewport=VIEWPORTS[device], locale=LOCALES[lang]).new_page()
    page.set_default_timeout(30_000)
    to_trading(page, warband)
    row = page.get_by_test_id("purchase-row").first
    item = row.locator("select[name=buy_0_item]")
    expect(item.locator("option[value=elven-cloak]")).to_have_text(words["cloak"])
    item.select_option("elven-cloak")
    row.locator("select[name=buy_0_for]").select_option(hans(warband))
    row.locator("input[name=buy_0_roll]").fill("12")  # found: 12 against rare 12
    row.locator("input[name=buy_0_dice]").fill("3")
    shot(page, f"campaign-trading-prices-{device}-{lang}")
    page.get_by_test_id("purchases").screenshot(
        path=str(SCREENSHOTS / f"campaign-trading-buy-{device}-{lang}.png"))
    assert_fits(page, VIEWPORTS[device]["width"])
    save_step(page, "review")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text(words["bought"])
    record(page) if lang == "en" else _record_german(page)
    expect(page.get_by_test_id("treasury")).to_have_text(words["treasury"])
    expect(page.get_by_test_id("log")).to_contain_text(words["bought"])
    fighter = page.locator(f"[data-testid=fighter][data-entry-id='{hans(warband)}']")
    expect(fighter.get_by_test_id("items")).to_contain_text(
        "Elven cloak" if lang == "en" else "Elfenumhang")


def _record_german(page: Page) -> None:
    expect_step(page, "review")
    page.get_by_test_id("record").click()
    expect(page.locator(".messages")).to_contain_text("eingetragen")
    expect_step(page, "battle")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_rare_item_with_dice_is_found_and_its_price_rolled(new_context, warband, lang):
    words = WORDS[lang]
    page = new_context(locale=LOCALES[lang]).new_page()
    page.set_default_timeout(30_000)
    to_trading(page, warband)
    row = page.get_by_test_id("purchase-row").first
    row.locator("select[name=buy_0_item]").select_option("blessed-water")  # 10+3D6, rare 6
    row.locator("input[name=buy_0_roll]").fill("9")
    row.locator("select[name=buy_0_searcher]").select_option(hans(warband))
    save_step(page, "review")  # the dice left empty: Muster rolls them
    so_far = page.get_by_test_id("battle-so-far")
    expect(so_far).to_contain_text(words["water"])
    line = so_far.locator("li", has_text=words["water"]).inner_text()
    found = re.search(r"(\d+) (?:gc|GK) \(10\+3[DW]6: (?:rolled|gewürfelt) (\d) \+ (\d) \+ (\d)\)",
                      line)
    assert found, line
    price, *dice = (int(n) for n in found.groups())
    assert price == 10 + sum(dice) and all(1 <= d <= 6 for d in dice)
