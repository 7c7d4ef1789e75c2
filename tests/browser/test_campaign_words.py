"""The Mordheim campaign in words (issue 18, items 5 and 8), in a real Chromium, in
English and German, on a phone and a desktop: a choice names the fighter and what is
chosen, a location's test asks for the value in words, and the log says the test; the
German page names the warband's groups in German."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.campaign_steps import expect_step, row_of, save_step
from tests.browser.screens import LOCALES, VIEWPORTS, shot
from tests.support.mordheim_battle import WARBAND

pytestmark = pytest.mark.browser
PASSWORD = "Reikland-words-2024"

WORDS = {
    "en": {"advance": "Kurt's advance: +1 WS or +1 BS", "test": "The location's test: the hero's T",
           "log": "test of T 3: rolled", "group": "Warrior"},
    "de": {"advance": "Aufstieg von Kurt: +1 KG oder +1 BF",
           "test": "Probe des Ortes: W des Helden", "log": "Probe auf W 3:", "group": "Krieger"},
}


@pytest.fixture
def warband(live_mordheim):
    from django.contrib.auth import get_user_model

    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("wordsmith", password=PASSWORD)
    return lists_services.list_create(owner=owner, data=WARBAND)


def answer(page: Page, path: str, value):
    choice = page.locator(f"[data-testid=choice][data-path='{path}']")
    if choice.locator("select").count():
        choice.locator("select").select_option(value)
    else:
        choice.locator("input").fill(str(value))
    page.locator("[data-testid=choices-form] button[value=choose]").click()
    expect(choice).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_choices_and_results_are_said_in_words(new_context, warband, device, lang):
    words = WORDS[lang]
    page = new_context(viewport=VIEWPORTS[device], locale=LOCALES[lang]).new_page()
    ids = dict(zip(["hans", "otto", "kurt", "warriors"],
                   [e["id"] for e in warband.document["entries"]], strict=False))
    campaign = f"/lists/{warband.id}/campaign/"
    page.goto(f"/accounts/login/?next={campaign}")
    page.fill("input[name=username]", "wordsmith")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(re.escape(campaign) + "$"))

    page.locator("input[name=won][value=won]").check()
    row_of(page, "battle-row", ids["kurt"]).locator("[name^=ooa_]").check()
    row_of(page, "battle-row", ids["kurt"]).locator("[name^=roll_]").fill("41")
    save_step(page, "experience")
    row_of(page, "experience-row", ids["kurt"]).locator("[name^=xp_]").fill("1")
    row_of(page, "experience-row", ids["kurt"]).locator("[name^=adv_]").fill("7")
    page.get_by_test_id("save-step").click()  # the 7 asks: WS or BS?
    choice = page.locator("[data-testid=choice][data-path='advances[0].choice']")
    expect(choice.locator("label").first).to_contain_text(words["advance"])
    expect(page.get_by_test_id("choices-form")).not_to_contain_text("advances[0]")
    shot(page, f"campaign-choice-{device}-{lang}")
    answer(page, "advances[0].choice", "WS")
    expect_step(page, "exploration")

    page.fill("input[name=dice]", "1 1 5")  # Hans, Otto and the win: 2 x 1, the Well
    page.get_by_test_id("save-step").click()
    test = page.locator("[data-testid=choice][data-path='exploration.location.test.value']")
    expect(test).to_contain_text(words["test"])
    expect(page.get_by_test_id("choices-form")).not_to_contain_text("exploration.location")
    answer(page, "exploration.location.test.value", 3)
    expect(page.get_by_test_id("battle-so-far")).to_contain_text(words["log"])
    expect(page.get_by_test_id("battle-lines")).to_contain_text(words["group"])
    shot(page, f"campaign-location-test-{device}-{lang}")
