"""The pack editor on a 390 px phone (issue 32): each row is a card of labelled fields
(key, name and points first), so alice changes one card's points without scrolling
sideways, saves the row, and the draft on the server holds the new value. Screenshot:
docs/screenshots/packs-editor-phone.png (with MUSTER_SCREENSHOTS=docs)."""

import pytest
from playwright.sync_api import expect

from tests.browser.screens import PHONE, assert_fits
from tests.support.browser import SCREENSHOTS
from tests.support.paths import FIXTURES
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CAPTAIN = "nordgaard-gestir-captain"


@pytest.fixture
def alices_pack(transactional_db, live_server):
    from armylists.packs import services as packs
    from armylists.packs.versions import load_official_pack_file

    alice = make_user("alice")
    official = load_official_pack_file(FIXTURES / "godslayer.yaml")[1]
    return packs.pack_fork(user=alice, source=official, name="Club Godslayer")


def log_in(page, username):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


def inside_the_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_a_cards_points_are_changed_on_a_phone_without_scrolling_sideways(
    alices_pack, new_context
):
    from armylists.packs.models import PackDraft

    page = new_context(viewport=PHONE).new_page()
    log_in(page, "alice")
    page.goto(f"/packs/{alices_pack.id}/edit/?section=cards")
    assert_fits(page, PHONE["width"])
    row = page.locator(f"#row-{CAPTAIN}")
    points = row.locator("input[name=points]")
    row.scroll_into_view_if_needed()
    # The points come third in the card, right below key and name, with their label.
    assert inside_the_screen(points) and inside_the_screen(row.locator("button", has_text="Save"))
    expect(row.locator("td[data-col=points]")).to_have_attribute("data-label", "Model points")
    boxes = [row.locator(f"td[data-col={c}]").bounding_box()["y"]
             for c in ("key", "name", "points", "stats__MOV")]
    assert boxes == sorted(boxes)
    expect(points).to_have_value("40")
    points.fill("45")
    row.locator("button", has_text="Save").click()
    expect(page.locator("[data-testid=draft-status]")).to_contain_text("Draft from version 1")
    saved = page.locator(f"#row-{CAPTAIN} input[name=points]")
    expect(saved).to_have_value("45")
    assert_fits(page, PHONE["width"])
    page.locator(f"#row-{CAPTAIN}").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "packs-editor-phone.png"))

    draft = PackDraft.objects.get(pack=alices_pack)
    [card] = [c for c in draft.document["cards"] if c["key"] == CAPTAIN]
    assert card["points"] == 45
