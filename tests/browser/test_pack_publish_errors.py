"""A refused publish in a real Chromium with JavaScript off (issue 32): alice's draft is
back to what version 1 holds, she publishes, and the page comes back with the error
summary at the top, in view and focused, linking to the publish form; in English on a
desktop and in German on a phone. Screenshots: docs/screenshots/packs-publish-error-*.png
(with MUSTER_SCREENSHOTS=docs)."""

import pytest
from playwright.sync_api import expect

from tests.browser.screens import DESKTOP, PHONE, assert_fits
from tests.support.browser import SCREENSHOTS
from tests.support.paths import FIXTURES
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CAPTAIN = "nordgaard-gestir-captain"
SAID = {
    "en": ("Not published:", "Nothing to publish: your draft is the same as version 1."),
    "de": ("Nicht veröffentlicht:",
           "Nichts zu veröffentlichen: dein Entwurf ist derselbe wie Version 1."),
}


@pytest.fixture
def alices_draft(transactional_db, live_server):
    """alice's fork with a draft changed and changed back: the same as version 1."""
    from armylists.packs import drafts
    from armylists.packs import services as packs
    from armylists.packs.versions import load_official_pack_file

    alice = make_user("alice")
    official = load_official_pack_file(FIXTURES / "godslayer.yaml")[1]
    pack = packs.pack_fork(user=alice, source=official, name="Club Godslayer")
    draft = drafts.draft_start(pack=pack, user=alice)
    for points in (45, 40):
        drafts.draft_change_row(draft=draft, section="cards", key=CAPTAIN,
                                values={"points": points})
    return pack


def log_in(page, username):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


@pytest.mark.parametrize("language,viewport", [("en", DESKTOP), ("de", PHONE)])
def test_a_refused_publish_brings_the_eye_to_the_error_summary(
    alices_draft, new_context, browser_errors, language, viewport
):
    page = new_context(
        viewport=viewport, java_script_enabled=False, locale=f"{language}-DE",
        extra_http_headers={"Accept-Language": language},
    ).new_page()
    log_in(page, "alice")
    page.goto(f"/packs/{alices_draft.id}/edit/?section=cards")
    page.fill("#publish-note", "from the printed cards")
    page.click("[data-testid=publish-form] button.primary")
    summary = page.locator("#publish-errors")
    heading, message = SAID[language]
    expect(summary).to_contain_text(heading)
    expect(summary).to_contain_text(message)
    expect(summary).to_be_focused()
    expect(summary).to_be_in_viewport()
    # It is above the table, not beside the form at the bottom.
    table_top = page.get_by_test_id("pack-table").bounding_box()["y"]
    assert summary.bounding_box()["y"] < table_top
    if viewport == PHONE:
        assert_fits(page, PHONE["width"])
    # The screen as the reader sees it (not the whole page): the summary in view.
    page.screenshot(path=str(SCREENSHOTS / f"packs-publish-error-{language}.png"))
    summary.locator("a[href='#publish']").click()
    expect(page.locator("#publish-note")).to_be_in_viewport()
    # The refusal is a 400 on purpose (Chromium logs it); nothing else may be.
    refused = [e for e in browser_errors if "status of 400" in e and "/edit/publish/" in e]
    assert len(refused) == 1
    browser_errors.remove(refused[0])



def test_the_impact_panel_says_whose_lists_it_counts(alices_draft, new_context):
    """bob builds on alice's pack (shared by link); her panel counts his list apart."""
    from armylists.lists import services as lists
    from armylists.packs import drafts
    from armylists.packs.models import Pack
    from tests.support.pinned import RAID, on

    bob = make_user("bob")
    Pack.objects.filter(pk=alices_draft.pk).update(visibility=Pack.PUBLIC)
    lists.list_create(owner=bob, data={**on(alices_draft, 1, RAID), "name": "bob's raid"})
    alice = alices_draft.owner
    drafts.draft_change_row(draft=drafts.draft_get(pack=alices_draft, user=alice),
                            section="cards", key=CAPTAIN, values={"points": 41})
    page = new_context(viewport=PHONE).new_page()
    log_in(page, "alice")
    page.goto(f"/packs/{alices_draft.id}/edit/?section=cards")
    panel = page.get_by_test_id("draft-impact")
    expect(panel).to_contain_text("None of your lists is on version 1")
    expect(page.get_by_test_id("impact-others")).to_have_text(
        "Not counted above: 1 list of another player on version 1. "
        "Each keeps its version until its owner updates it.")
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "packs-impact-phone-en.png"))
