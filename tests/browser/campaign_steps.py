"""Steps of the Mordheim campaign page in a real browser: a battle recorded step by step
(the page's forms, by the fighter's entry id), choices made, the battle recorded."""

from playwright.sync_api import Page, expect


def battle_section(page: Page):
    return page.get_by_test_id("battle")


def expect_step(page: Page, step: str):
    expect(battle_section(page)).to_have_attribute("data-step", step)


def row_of(page: Page, testid: str, entry_id: str):
    return page.locator(f"[data-testid={testid}][data-entry-id='{entry_id}']")


def save_step(page: Page, then: str):
    page.get_by_test_id("save-step").click()
    expect_step(page, then)


def choose(page: Page, path: str, value, then: str | None):
    """Answer the choice the rules wait for at ``path`` (a select, or checkboxes); the
    step shown after it is ``then`` (None: it depends on the app's next roll)."""
    choice = page.locator(f"[data-testid=choice][data-path='{path}']")
    if isinstance(value, list):
        for one in value:
            choice.locator(f"input[value='{one}']").check()
    else:
        choice.locator("select").select_option(value)
    page.get_by_role("button", name="Choose", exact=True).click()
    if then is None:
        expect(choice).to_have_count(0)
    else:
        expect_step(page, then)


def record(page: Page):
    expect_step(page, "review")
    page.get_by_test_id("record").click()
    expect(page.locator(".messages")).to_contain_text("recorded")
    expect_step(page, "battle")


def entry_ids(page: Page) -> list[str]:
    """The entry ids of the fighters on the page, in order."""
    return [row.get_attribute("data-entry-id")
            for row in page.locator("[data-testid=fighter]").all()]
