"""Compare with previous, in a real Chromium on a phone (390 px wide): from a history row
to the diff, added in green and removed in red with the points delta, nothing wider than
the screen; and "compare with..." another list with JavaScript off."""

import copy
import re

import pytest
from playwright.sync_api import expect

from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("live_godslayer")]

CAPTAIN, OGRE, BERSERKER = "nordgaard-gestir-captain", "nordgaard-ogre-huscarl", "nordgaard-berserker"
RAID = {
    "format": "muster-list/1", "system": "godslayer", "name": "Phone raid",
    "faction": "nordgaard", "battle_size": 160, "role": None, "special_actions": [],
    "entries": [{"id": "cpt", "card": CAPTAIN}, {"id": "ogre", "card": OGRE}],
}  # fmt: skip
WIDTH = 390
GREEN, RED = "rgb(227, 241, 231)", "rgb(253, 240, 239)"  # muster.css .added / .removed


@pytest.fixture
def raid():
    from armylists.lists import services as lists

    owner = make_user("alice")
    army_list = lists.list_create(owner=owner, data=RAID)
    changed = copy.deepcopy(RAID)
    changed["entries"][1] = {"id": "zerk", "card": BERSERKER}  # the ogre out, a berserker in
    return lists.list_update(army_list=army_list, data=changed, expected_version=1, user=owner)


def log_in(page):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text("alice")


def test_compare_with_previous_from_the_history_on_a_phone(new_context, raid):
    page = new_context(
        viewport={"width": WIDTH, "height": 844}, is_mobile=True, has_touch=True
    ).new_page()
    log_in(page)
    page.goto(f"/lists/{raid.id}/history/")
    page.locator("[data-testid=version][data-version='2'] [data-testid=compare-previous]").click()
    expect(page).to_have_url(re.compile(rf"/lists/{raid.id}/compare/\?version=1&to=2$"))

    added = page.locator("[data-testid=diff-added]")
    removed = page.locator("[data-testid=diff-removed]")
    expect(added).to_have_count(1)
    expect(added).to_contain_text("Berserker")
    expect(removed).to_contain_text("Ogre Huscarl")
    assert added.evaluate("e => getComputedStyle(e).backgroundColor") == GREEN
    assert removed.evaluate("e => getComputedStyle(e).backgroundColor") == RED
    expect(page.get_by_test_id("points-delta")).to_have_text("(-14)")  # 38 out, 24 in
    # Readable on the phone: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert added.bounding_box()["width"] <= WIDTH


def test_compare_with_another_list_without_javascript(new_context, raid):
    from armylists.lists import services as lists

    other = lists.list_create(owner=raid.owner, data={**RAID, "name": "Other raid"})
    page = new_context(java_script_enabled=False).new_page()
    log_in(page)
    page.goto(f"/lists/{raid.id}/")
    page.get_by_test_id("compare-link").click()
    page.select_option("select[name=against]", str(other.id))
    page.get_by_test_id("compare").click()
    expect(page).to_have_url(re.compile(rf"/lists/{raid.id}/compare/\?against={other.id}"))
    expect(page.get_by_test_id("diff-added")).to_contain_text("Berserker")
    expect(page.get_by_test_id("header-change")).to_contain_text("Other raid → Phone raid")
