"""Player journeys in a real Chromium: build, validate live, sign up, save, share, export.

Every wait is on page state (Playwright's auto-retrying `expect`), never on a clock.
"""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import (
    BERSERKER,
    BUILD_URL,
    CAPTAIN,
    ENTRY,
    LIST_URL,
    OGRE,
    SCREENSHOTS,
    SHIELDWALL,
    add_card,
    assert_no_reload,
    count_field,
    entry,
    entry_violation,
    list_violation,
    save,
    set_field,
    signup,
    start_list,
    total,
    verdict,
)

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("live_godslayer")]





# -- steps ---------------------------------------------------------------------------


























def no_horizontal_scroll(page: Page, width: int):
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= width + 1, f"{page.url} scrolls sideways: {scroll_width}px > {width}px"


def entries_of(page: Page):
    """(card, count) of every entry in the builder, in order."""
    return [
        (row.get_attribute("data-card"), row.locator("input[name$='.count']").input_value())
        for row in page.locator(ENTRY).all()
    ]


def saved_list(page: Page, *, username: str, name: str) -> int:
    """Sign up, build a legal list with an item and a unit, save it; return its id."""
    page.goto("/accounts/signup/?next=/g/godslayer/")
    signup(page, username)
    expect(page).to_have_url(re.compile(r"/g/godslayer/$"))
    start_list(page, name=name, battle_size=250)
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    add_card(page, SHIELDWALL)
    captain_points = entry(page, CAPTAIN).locator("[data-testid=entry-points]")
    expect(captain_points).to_have_text("40 pts")
    entry(page, CAPTAIN).locator("input[value=nordgaard-chainmail]").check()
    expect(captain_points).to_have_text("46 pts")  # + Chainmail Byrnie
    size = entry(page, SHIELDWALL).locator("input[name$='.size']")
    points_before = entry(page, SHIELDWALL).locator("[data-testid=entry-points]").inner_text()
    set_field(page, size.get_attribute("name"), 6)
    expect(entry(page, SHIELDWALL).locator("[data-testid=entry-points]")).not_to_have_text(
        points_before
    )
    expect(verdict(page)).to_have_text("✔ legal")
    return save(page)


def build_journey(page: Page, *, username: str, screenshot: Path, width: int | None = None):
    """Journey 1, at any viewport: build, see violations come and go live, save."""
    start_list(page, name="Raven Host")
    page.evaluate("window.__marker = 1")

    add_card(page, CAPTAIN)
    expect(total(page)).to_have_text("40")
    add_card(page, OGRE)
    expect(total(page)).to_have_text("78")
    expect(verdict(page)).to_have_text("✔ legal")
    expect(page.locator("[data-testid=entry-violations]")).to_have_count(0)

    # Over the AAL: the violation shows beside the entry, the verdict flips.
    set_field(page, count_field(page, OGRE).get_attribute("name"), 3)
    expect(entry_violation(page, OGRE, "aal")).to_be_visible()
    expect(entry_violation(page, OGRE, "aal")).to_contain_text("AAL 2")
    expect(verdict(page)).to_have_text("✖ not legal")
    expect(total(page)).to_have_text("154")
    expect(page.locator(".totals")).to_have_class(re.compile(r"\bbad\b"))
    assert_no_reload(page)
    if width is not None:
        no_horizontal_scroll(page, width)
    page.screenshot(path=str(screenshot), full_page=True)

    set_field(page, count_field(page, OGRE).get_attribute("name"), 2)
    expect(entry_violation(page, OGRE, "aal")).to_have_count(0)
    expect(entry(page, OGRE)).not_to_have_class(re.compile("has-violations"))
    expect(verdict(page)).to_have_text("✔ legal")
    expect(total(page)).to_have_text("116")

    # Battle size below the total: a list-wide violation, gone again once fixed.
    set_field(page, "battle_size", 100)
    expect(list_violation(page, "battle_size")).to_be_visible()
    expect(list_violation(page, "battle_size")).to_contain_text("116")
    expect(verdict(page)).to_have_text("✖ not legal")
    set_field(page, "battle_size", 160)
    expect(list_violation(page, "battle_size")).to_have_count(0)
    expect(verdict(page)).to_have_text("✔ legal")

    # Add one more and take it out again with its remove button.
    add_card(page, BERSERKER)
    expect(total(page)).to_have_text("140")
    page.get_by_role("button", name="Remove Berserker").click()
    expect(entry(page, BERSERKER)).to_have_count(0)
    expect(total(page)).to_have_text("116")
    assert_no_reload(page)
    draft = entries_of(page)
    assert draft == [(CAPTAIN, "1"), (OGRE, "2")]

    # Anonymous save: log in or sign up first, and the draft survives.
    expect(page.locator("[data-testid=save]")).to_have_text("Log in to save")
    page.click("[data-testid=save]")
    expect(page).to_have_url(re.compile(r"/accounts/login/\?next=/g/godslayer/build/$"))
    expect(page.locator(".messages")).to_contain_text("sign up to save")
    page.locator("main").get_by_role("link", name="Sign up").click()
    signup(page, username)
    # ...and the save pressed is done on the way back (issue 18).
    expect(page).to_have_url(LIST_URL)
    expect(page.locator(".messages")).to_contain_text("Saved")
    list_id = int(LIST_URL.search(page.url).group(1))
    expect(page.locator("#f-name")).to_have_value("Raven Host")
    expect(page.locator("#f-battle_size")).to_have_value("160")
    assert entries_of(page) == draft
    expect(total(page)).to_have_text("116")
    expect(page.locator("[data-testid=save]")).to_have_text("Save")
    expect(page.locator(".share-url")).to_have_value(re.compile(r"/s/[^/]+/$"))
    if width is not None:
        no_horizontal_scroll(page, width)
    # The draft was used up: a new start offers no "continue" link.
    page.goto("/g/godslayer/")
    expect(page.get_by_role("link", name="Continue it")).to_have_count(0)
    page.goto(f"/lists/{list_id}/")
    assert entries_of(page) == draft
    return list_id


# -- journeys ------------------------------------------------------------------------


def test_desktop_build_validate_signup_and_save(page: Page):
    build_journey(page, username="desk", screenshot=SCREENSHOTS / "builder-desktop.png")


def test_phone_build_validate_signup_and_save(new_context):
    width = 390
    page = new_context(
        viewport={"width": width, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    ).new_page()
    build_journey(page, username="phone", screenshot=SCREENSHOTS / "builder-phone.png", width=width)


def test_share_link_is_read_only_for_anyone(page: Page, new_context):
    list_id = saved_list(page, username="sharer", name="Shared Host")
    points = total(page).inner_text()
    limit = page.locator("#f-battle_size").input_value()
    cards = [card for card, _count in entries_of(page)]
    share_url = page.locator(".share-url").input_value()
    assert re.search(r"/s/[^/]+/$", share_url), share_url

    stranger = new_context().new_page()
    stranger.goto(share_url)
    expect(stranger.locator("h1")).to_have_text("Shared Host")
    expect(stranger.locator("[data-testid=total]")).to_have_text(
        re.compile(rf"^\s*{points}\s*/\s*{limit}\s*points\s*$")
    )
    expect(verdict(stranger)).to_have_text("✔ legal")
    expect(stranger.locator(ENTRY)).to_have_count(len(cards))
    expect(stranger.locator(ENTRY).first).to_contain_text("Gestir Captain")
    # Read-only: nothing to edit, save or copy without an account.
    # Nothing to edit: the one input is the share link to copy, read-only.
    expect(stranger.locator("main input:not([readonly]), main form [data-testid=save]")).to_have_count(0)
    expect(stranger.locator("main input[readonly]#share-url")).to_have_count(1)
    expect(stranger.locator("[data-testid=copy]")).to_have_count(0)
    expect(stranger.get_by_role("link", name="Log in to copy this list")).to_be_visible()
    # The owner's page stays private: a logged-out visitor is sent to log in.
    private = stranger.request.get(f"/lists/{list_id}/", max_redirects=0)
    assert private.status == 302 and "/accounts/login/" in private.headers["location"]

    stranger.goto(share_url)
    stranger.get_by_role("link", name="Print view").click()
    expect(stranger).to_have_url(re.compile(r"/s/[^/]+/print/$"))
    header = stranger.locator("header")
    expect(header.locator("h1")).to_have_text("Shared Host")
    expect(header).to_contain_text(f"{points}/{limit} points")
    expect(header).to_contain_text(re.compile(r"·\s*legal\s*·"))
    expect(stranger.locator(ENTRY)).to_have_count(len(cards))

    # The owner (logged in) can copy a shared list into their own lists.
    page.goto(share_url)
    page.click("[data-testid=copy]")
    expect(page).to_have_url(LIST_URL)
    copy_id = int(LIST_URL.search(page.url).group(1))
    assert copy_id != list_id
    assert [card for card, _count in entries_of(page)] == cards


def test_export_and_reimport(page: Page, tmp_path):
    list_id = saved_list(page, username="exporter", name="Exported Host")
    original = entries_of(page)
    items = entry(page, CAPTAIN).locator("input[name$='.items']:checked")
    expect(items).to_have_count(1)
    size = entry(page, SHIELDWALL).locator("input[name$='.size']").input_value()
    points = total(page).inner_text()

    with page.expect_download() as info:
        page.get_by_role("link", name="Export JSON").click()
    download = info.value
    assert download.suggested_filename == "exported-host.muster.json"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert [e["card"] for e in exported["entries"]] == [card for card, _count in original]

    page.goto("/lists/import/")
    page.set_input_files("input[name=file]", path)
    page.locator("main").get_by_role("button", name="Import").click()
    expect(page).to_have_url(LIST_URL)
    expect(page.locator(".messages")).to_contain_text("List imported")
    new_id = int(LIST_URL.search(page.url).group(1))
    assert new_id != list_id
    assert entries_of(page) == original
    expect(page.locator("#f-name")).to_have_value("Exported Host")
    expect(entry(page, CAPTAIN).locator("input[value=nordgaard-chainmail]")).to_be_checked()
    expect(entry(page, SHIELDWALL).locator("input[name$='.size']")).to_have_value(size)
    expect(total(page)).to_have_text(points)


def test_builder_works_without_javascript(new_context):
    page = new_context(java_script_enabled=False).new_page()
    start_list(page, name="Plain Host")
    page.click(f"[data-testid=add-{CAPTAIN}]")  # a plain form post and a full page
    expect(page).to_have_url(BUILD_URL)
    expect(page.locator(ENTRY)).to_have_count(1)
    expect(total(page)).to_have_text("40")
    page.click(f"[data-testid=add-{OGRE}]")
    expect(total(page)).to_have_text("78")

    # Without JavaScript a changed field waits for the "Update" button.
    count_field(page, OGRE).fill("3")
    page.get_by_role("button", name="Update").click()
    expect(total(page)).to_have_text("154")
    expect(entry_violation(page, OGRE, "aal")).to_be_visible()
    expect(verdict(page)).to_have_text("✖ not legal")

    page.get_by_role("button", name="Remove Ogre Huscarl").click()
    expect(page).to_have_url(BUILD_URL)
    expect(page.locator(ENTRY)).to_have_count(1)
    expect(total(page)).to_have_text("40")
    expect(verdict(page)).to_have_text("✔ legal")


def test_enter_in_a_field_keeps_every_entry(page: Page):
    start_list(page, name="Enter Host")
    add_card(page, CAPTAIN)
    add_card(page, OGRE)
    field = count_field(page, OGRE)
    field.fill("3")
    field.press("Enter")  # implicit submission: should only recalculate
    expect(total(page)).not_to_have_text("78")
    assert entries_of(page) == [(CAPTAIN, "1"), (OGRE, "3")]
    expect(entry_violation(page, OGRE, "aal")).to_be_visible()
