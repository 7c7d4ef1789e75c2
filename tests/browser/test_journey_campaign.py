"""A Mordheim campaign in a real Chromium: a Reikland warband fights three battles, each
recorded step by step on the campaign page with the dice typed, and the treasury and
rating on the page match the figures worked out by hand; then the last battle is undone
as one, and the builder, shared page and print sheet show the warband as it is now.

The warband (tests/support/mordheim_battle.py): 360 of 500 gc, treasury 140 gc, 9 models
and 28 experience, rating 73.

Battle 1, won: Kurt out of action (D66 41, full recovery), a Warrior out of action (D6 4,
back); Hans puts an enemy out of action; Kurt +1 from the scenario. Experience: Hans 23,
Otto 9, Kurt 2 (his first advance: 2D6 7, WS), every group 1. Exploration: Hans, Otto and
the win: dice 2 3 5 = 10, 2 shards, sold at once by 9 warriors: 50 gc.
Treasury 140 + 50 = 190; rating 9 x 5 + 23 + 9 + 2 + 3 + 2 + 1 = 85.

Battle 2, lost: everyone +1. Hans 24 (advance 8, D6 1: I), Warriors 2 (11: the lad's got
talent, Combat and Speed, one of them a hero; the other two roll again), Marksmen 2 (5: S),
Swordsman 2 (8: A). Exploration: three heroes, dice 1 2 4 = 7, 2 shards kept. Trading: a
pistol for Hans (Rare 8, found on 2D6 9): 15 gc.
Treasury 190 - 15 = 175; rating 9 x 5 + 24 + 10 + 3 + 2 x 2 + 2 + 2 x 2 + 2 = 94 (the
new hero is one of the three Warriors: still 9 models).

Battle 3, won: Hans 26, Otto 11 (advance 9, D6 2: W), Kurt 4 (advance 6, D6 5: A), the
new hero 3, groups 3. Exploration: four heroes and the win, dice 1 2 3 4 6 = 16, 3
shards; 5 shards sold by 9 warriors: 90 gc; then a new Warrior, Jan, hired: 25 gc.
Treasury 175 + 90 - 25 = 240; rating 10 x 5 + 26 + 11 + 4 + 3 x 2 + 3 + 3 x 2 + 3 + 0 = 109.

Undo battle 3: treasury 175, rating 94 again.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.campaign_steps import choose, expect_step, record, row_of, save_step
from tests.support.mordheim_battle import WARBAND

pytestmark = pytest.mark.browser
PASSWORD = "Reikland-dice-1999"


@pytest.fixture
def warband(live_mordheim):
    from django.contrib.auth import get_user_model

    from armylists.lists import services as lists_services

    owner = get_user_model().objects.create_user("marienburger", password=PASSWORD)
    army_list = lists_services.list_create(owner=owner, data=WARBAND)
    return lists_services.list_share_renew(army_list=army_list)


def ids(army_list) -> dict[str, str]:
    names = ["hans", "otto", "kurt", "warriors", "marksmen", "swordsman"]
    return dict(zip(names, [e["id"] for e in army_list.document["entries"]], strict=True))


def log_in(page: Page, next_url: str):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "marienburger")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(re.escape(next_url) + "$"))


def expect_figures(page: Page, treasury: int, rating: int):
    expect(page.get_by_test_id("treasury")).to_have_text(f"Treasury: {treasury} gc")
    expect(page.locator("[data-testid=roster] [data-testid=rating] strong")).to_have_text(
        str(rating))


def fill_row(page: Page, testid: str, entry_id: str, **fields):
    row = row_of(page, testid, entry_id)
    for prefix, value in fields.items():
        field = row.locator(f"[name^={prefix}_]")
        if value is True:
            field.check()
        else:
            field.fill(str(value))


def answer_every_choice(page: Page):
    """Choices the app's own rolls ask for (the promoted lad's hero roll, the rest of his
    group): the first option, until none is owed."""
    for _ in range(4):
        form = page.get_by_test_id("choices-form")
        if form.count() == 0:
            return
        for choice in form.locator("[data-testid=choice]").all():
            select = choice.locator("select")
            if select.count():
                select.select_option(index=1)
            else:
                for box in choice.locator("input[type=checkbox]").all()[:2]:
                    box.check()
        page.get_by_role("button", name="Choose", exact=True).click()
        page.wait_for_load_state()


def test_a_warband_fights_three_battles_and_the_last_is_undone_as_one(page: Page, warband):
    fighters = ids(warband)
    campaign = f"/lists/{warband.id}/campaign/"
    log_in(page, campaign)
    expect_figures(page, 140, 73)

    # -- battle 1: injuries, experience with a hero advance, exploration, wyrdstone sold
    page.locator("input[name=won][value=won]").check()
    fill_row(page, "battle-row", fighters["kurt"], ooa=True, roll=41)
    fill_row(page, "battle-row", fighters["warriors"], ooa=1, roll=4)
    save_step(page, "experience")
    fill_row(page, "experience-row", fighters["hans"], kills=1)
    fill_row(page, "experience-row", fighters["kurt"], xp=1, adv=7)
    save_step(page, "experience")  # the 7 asks: WS or BS?
    choose(page, "advances[0].choice", "WS", then="exploration")
    page.fill("input[name=dice]", "2 3 5")
    save_step(page, "trading")
    page.fill("input[name=sell_shards]", "2")
    save_step(page, "review")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text("treasury 140 → 190 gc")
    steps = page.get_by_test_id("battle-steps")
    expect(steps.locator("li[data-done]")).to_have_count(4)  # every step done is ticked
    expect(steps.locator("li[aria-current=step]")).to_have_attribute("data-step", "review")
    record(page)
    expect_figures(page, 190, 85)
    kurt = row_of(page, "fighter", fighters["kurt"])
    expect(kurt.locator("[data-raised=WS]")).to_have_text(re.compile(r"WS\s+3$"))

    # -- battle 2: the lad's got talent, a rare item bought
    page.locator("input[name=won][value=lost]").check()
    save_step(page, "experience")
    fill_row(page, "experience-row", fighters["hans"], adv="8/1")
    fill_row(page, "experience-row", fighters["warriors"], adv=11)
    fill_row(page, "experience-row", fighters["marksmen"], adv=5)
    fill_row(page, "experience-row", fighters["swordsman"], adv=8)
    save_step(page, "experience")
    choose(page, "advances[1].skill_lists", ["combat", "speed"], then=None)
    answer_every_choice(page)  # the new hero's roll and his group's, rolled by Muster
    expect_step(page, "exploration")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text("the lad's got talent")
    page.fill("input[name=dice]", "1 2 4")
    save_step(page, "trading")
    purchase = page.get_by_test_id("purchase-row").first
    purchase.locator("select[name$=_item]").select_option("pistol")
    purchase.locator("select[name$=_for]").select_option(fighters["hans"])
    purchase.locator("input[name$=_rarity]").fill("8")
    purchase.locator("input[name$=_roll]").fill("9")
    save_step(page, "review")
    expect(page.get_by_test_id("battle-so-far")).to_contain_text("Bought: Pistol for Hans, 15 gc")
    record(page)
    expect_figures(page, 175, 94)
    expect(page.get_by_test_id("shards")).to_have_text("Wyrdstone: 2")
    expect(page.locator("[data-testid=fighter]")).to_have_count(7)  # the new hero
    expect(page.get_by_test_id("new-hero")).to_have_count(1)
    expect(row_of(page, "fighter", fighters["hans"]).get_by_test_id("items")).to_contain_text(
        "Pistol")

    # -- battle 3: exploration, wyrdstone sold, a new warrior hired
    page.locator("input[name=won][value=won]").check()
    save_step(page, "experience")
    fill_row(page, "experience-row", fighters["otto"], adv="9/2")
    fill_row(page, "experience-row", fighters["kurt"], adv="6/5")
    save_step(page, "exploration")
    page.fill("input[name=dice]", "1 2 3 4 6")
    save_step(page, "trading")
    page.fill("input[name=sell_shards]", "5")
    recruit = page.get_by_test_id("recruit-row").first
    recruit.locator("select[name$=_card]").select_option("reikland-warrior")
    recruit.locator("input[name$=_name]").fill("Jan")
    save_step(page, "review")
    so_far = page.get_by_test_id("battle-so-far")
    expect(so_far).to_contain_text("Wyrdstone: 5 shards sold for 90 gc")
    expect(so_far).to_contain_text("Hired: Jan (Warrior), 25 gc")
    record(page)
    expect_figures(page, 240, 109)
    expect(page.get_by_test_id("log-battle")).to_have_count(3)
    expect(page.get_by_test_id("battles-played")).to_have_text("3 battles")

    # The builder, the shared page and the print sheet show the warband as it is now,
    # beside the starting list.
    for path in (f"/lists/{warband.id}/", f"/s/{warband.share_token}/",
                 f"/lists/{warband.id}/print/"):
        page.goto(path)
        current = page.get_by_test_id("current-roster")
        expect(current).to_contain_text("Treasury: 240 gc")
        expect(current).to_contain_text("Jan")
    page.goto(campaign)

    # -- undo battle 3, as one
    page.get_by_test_id("undo-battle").click()  # asks first, saying what it takes back
    expect(page.get_by_test_id("undo-confirm")).to_contain_text("Undo battle 3?")
    page.get_by_test_id("undo-battle-confirm").click()
    expect(page.locator(".messages")).to_contain_text("Battle 3 taken back, every step of it.")
    expect_figures(page, 175, 94)
    expect(page.get_by_test_id("log-battle")).to_have_count(2)
    expect(page.locator("[data-testid=fighter]", has_text="Jan")).to_have_count(0)
