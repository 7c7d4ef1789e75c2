"""Hiring a hired sword in a battle's trading step, in a real Chromium, with the keyboard:
the hired sword chosen by typing his name in the select, his name typed, the step saved
with Enter on its button; the battle so far and then the log say who was hired, for how
much. The battle: lost, nobody hurt, exploration dice 1 2 4 (the treasury stays 140 gc);
a Roadwarden for 40 gc: 100 gc."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.campaign_steps import expect_step, record, save_step
from tests.browser.screens import shot
from tests.support.mordheim_battle import WARBAND

pytestmark = pytest.mark.browser
PASSWORD = "Roadwarden-hire-2026"
LINE = ("Hired sword hired: Rudi (Roadwarden) for 40 gc; upkeep 20 gc after each battle "
        "from the next one")


@pytest.fixture
def warband(live_mordheim):
    from django.contrib.auth import get_user_model

    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("hirer", password=PASSWORD)
    return lists_services.list_create(owner=owner, data=WARBAND)


def tab_to(page: Page, testid: str, most: int = 60) -> None:
    """Press Tab until the element ``testid`` has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.testid") == testid:
            return
    raise AssertionError(f"Tab never reached {testid}")


def test_a_hired_sword_is_hired_in_the_trading_step_with_the_keyboard(new_context, warband):
    page = new_context().new_page()
    page.set_default_timeout(30_000)
    campaign = f"/lists/{warband.id}/campaign/"
    page.goto(f"/accounts/login/?next={campaign}")
    page.fill("input[name=username]", "hirer")
    page.fill("input[name=password]", PASSWORD)
    page.press("input[name=password]", "Enter")
    expect(page).to_have_url(re.compile(re.escape(campaign) + "$"))

    page.locator("input[name=won][value=lost]").check()
    save_step(page, "experience")
    save_step(page, "exploration")
    page.fill("input[name=dice]", "1 2 4")
    save_step(page, "trading")

    hired = page.get_by_test_id("hired-swords")
    expect(hired).to_contain_text("Hired swords")
    card = hired.locator("select[name=sword_0_card]")
    card.focus()
    page.keyboard.type("Roadwarden")  # a closed select picks the option typed
    expect(card).to_have_value("hired-roadwarden")
    page.keyboard.press("Tab")
    expect(hired.locator("input[name=sword_0_name]")).to_be_focused()
    page.keyboard.type("Rudi")
    tab_to(page, "save-step")
    page.keyboard.press("Enter")
    expect_step(page, "review")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text(LINE)

    record(page)
    expect(page.get_by_test_id("treasury")).to_have_text("Treasury: 100 gc")
    expect(page.get_by_test_id("log")).to_contain_text(LINE)
    expect(page.locator("[data-testid=fighter]", has_text="Rudi")).to_have_count(1)
    shot(page, "campaign-hired-sword")
