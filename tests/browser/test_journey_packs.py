"""The pack journey in a real Chromium: alice forks the official Godslayer pack,
changes a card's points and AAL and an item's cost in the editor (by keyboard: Enter in
a cell saves its row), renames the card's key, publishes version 2 with a note; the diff
page shows exactly those changes; she builds and saves a list on version 2; she shares
the pack by link; bob opens the link, forks it and builds a list on his fork; charlie gets 404 on the private pack's page and API. Screenshots (desktop and
phone, English and German) of the pack page, the editor and the diff."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.screens import DESKTOP, PHONE, assert_fits, shot
from tests.support.browser import SCREENSHOTS, add_card, start_list, total
from tests.support.paths import FIXTURES
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CAPTAIN, AXE, JARL = "nordgaard-gestir-captain", "nordgaard-bearded-axe", "nordgaard-jarl"
PACK_URL = re.compile(r"/packs/([0-9a-f]{32})/$")


@pytest.fixture
def official(transactional_db, live_server):
    from armylists.packs.versions import load_official_pack_file

    for name in ("alice", "bob", "charlie"):
        make_user(name)
    return load_official_pack_file(FIXTURES / "godslayer.yaml")[1]


def log_in(page, username):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


def cell(page, row, name):
    return page.locator(f"input[form='row-form-{row}'][name='{name}']")


def save_by_enter(page, row, **values):
    for name, value in values.items():
        cell(page, row, name).fill(value)
    cell(page, row, next(iter(values))).press("Enter")
    expect(page.locator("[data-testid=draft-status]")).to_contain_text("Draft from version 1")


def diff_rows(page):
    rows = []
    for change in page.locator("[data-testid=change]").all():
        head = (change.get_attribute("data-kind"), change.get_attribute("data-key"),
                change.get_attribute("data-change"))  # fmt: skip
        for tr in change.locator("tr").all():
            # A field by its path (the page shows the editor's label for it).
            cells = [tr.locator("[data-testid=field]").get_attribute("data-field")] + [
                tr.locator(f"[data-testid={t}]").inner_text() for t in ("before", "after")
            ]
            rows.append((*head, *cells))
    return sorted(rows)


def fork_official(page):
    page.click("header.top >> text=My packs")
    page.click("text=Packs for Godslayer")
    page.click("[data-testid=pack-directory] >> text=Godslayer")
    page.fill("#fork-name", "Club Godslayer")
    page.click("[data-testid=fork-form] button")
    expect(page).to_have_url(PACK_URL)
    expect(page.locator("[data-testid=forked-from]")).to_contain_text("Godslayer · official · v1")
    return PACK_URL.search(page.url).group(1)


def edit_and_publish(page):
    page.click("[data-testid=edit-pack]")
    save_by_enter(page, CAPTAIN, points="44", aal="2")
    expect(cell(page, CAPTAIN, "points")).to_have_value("44")
    save_by_enter(page, CAPTAIN, key=JARL)
    expect(cell(page, JARL, "aal")).to_have_value("2")
    page.click("nav.toolbar >> text=Items")
    save_by_enter(page, AXE, points="7")
    shot(page, "packs-editor-desktop-en")
    page.fill("#publish-note", "Points, AAL and the axe from the printed cards")
    page.click("[data-testid=publish-form] button.primary")
    expect(page).to_have_url(PACK_URL)
    expect(page.locator("[data-testid=version-row]").first).to_contain_text(
        "Points, AAL and the axe from the printed cards"
    )


def share_by_link(page, pack_id):
    page.click("[data-testid=pack-settings]")
    page.check("input[name=visibility][value=link]")
    page.click("[data-testid=settings-form] button.primary")
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    return page.locator("[data-testid=share-url]").input_value()


def build_and_save(page, pack: str, *, saved: str, badge: str):
    """A list on that pack version with the renamed captain, saved: judged by the pack's
    numbers (the captain at 44, not the official 40), and it says which pack."""
    start_list(page, name="Raid", pack=pack)
    add_card(page, JARL)
    expect(total(page)).to_have_text("44")
    page.click("[data-testid=save]")
    expect(page.locator(".messages")).to_contain_text(saved)
    expect(page.locator("[data-testid=pack-badge]").first).to_contain_text(badge)


def test_fork_edit_publish_compare_share_and_fork_again(official, new_context, browser_errors):
    page = new_context().new_page()
    log_in(page, "alice")
    pack_id = fork_official(page)
    edit_and_publish(page)
    shot(page, "packs-pack-desktop-en")
    page.click("text=v1 → v2")
    assert diff_rows(page) == [
        ("card", JARL, "renamed", "aal", "1", "2"),
        ("card", JARL, "renamed", "key", CAPTAIN, JARL),
        ("card", JARL, "renamed", "points", "40", "44"),
        ("item", AXE, "changed", "points", "5", "7"),
    ]
    shot(page, "packs-diff-desktop-en")
    build_and_save(page, f"{pack_id}:2", saved="Saved", badge="Club Godslayer")
    page.goto(f"/packs/{pack_id}/")
    link = share_by_link(page, pack_id)
    shot(page, "packs-settings-desktop-en")

    bob = new_context(viewport=PHONE, locale="de-DE").new_page()
    log_in(bob, "bob")
    bob.goto(link)
    expect(bob.locator("[data-testid=pack-name]")).to_have_text("Club Godslayer")
    bob.click("button[name=language][value=de]")
    expect(bob.locator("h2").first).to_have_text("Versionen")
    shot(bob, "packs-shared-phone-de")
    bob.fill("#fork-name", "Bobs Godslayer")
    bob.click("[data-testid=fork-form] button")
    expect(bob).to_have_url(PACK_URL)
    expect(bob.locator("[data-testid=forked-from]")).to_contain_text("Club Godslayer · alice · v2")
    bobs_pack = PACK_URL.search(bob.url).group(1)
    build_and_save(bob, f"{bobs_pack}:1", saved="Gespeichert", badge="Bobs Godslayer")

    charlie = new_context().new_page()
    log_in(charlie, "charlie")
    urls = (f"/packs/{pack_id}/", f"/packs/{pack_id}/diff/", f"/api/v1/packs/{pack_id}/")
    for url in urls:
        assert charlie.goto(url).status == 404
    # The browser logs each 404 as an error; these are the point of the test, and only these.
    assert len(browser_errors) == 3 and all("404" in e for e in browser_errors)
    browser_errors.clear()
    assert charlie.goto(link).status == 200  # with the link, he may see it too


def test_the_editor_and_diff_in_german_on_a_phone(official, new_context):
    from django.contrib.auth import get_user_model

    from armylists.packs import services as packs

    alice = get_user_model().objects.get(username="alice")
    pack = packs.pack_fork(user=alice, source=official, name="Vereinsdaten")
    page = new_context(viewport=PHONE, locale="de-DE").new_page()
    log_in(page, "alice")
    page.click("button[name=language][value=de]")
    page.goto(f"/packs/{pack.id}/edit/")
    expect(page.locator("thead th").first).to_have_text("Schlüssel")
    cell(page, CAPTAIN, "faction").fill("atlantis")
    cell(page, CAPTAIN, "faction").press("Enter")
    expect(page.locator("[data-testid=cell-problem]")).to_have_text("unknown faction 'atlantis'")
    # The screen, not the whole page: on a phone every row is a card of its own.
    page.locator(f"#row-{CAPTAIN}").scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "packs-editor-phone-de.png"))
    cell(page, CAPTAIN, "faction").fill("nordgaard")
    cell(page, CAPTAIN, "points").fill("44")
    cell(page, CAPTAIN, "points").press("Enter")
    page.fill("#publish-note", "Punkte")
    page.click("[data-testid=publish-form] button.primary")
    page.goto(f"/packs/{pack.id}/diff/?from=1&to=2")
    expect(page.locator("[data-testid=change]")).to_have_count(1)
    # The row by its name, the field by the editor's German label (issue 32).
    expect(page.locator("[data-testid=row-name]")).to_contain_text("Karte Gestir Captain")
    expect(page.locator("[data-testid=field]")).to_have_text("Modellpunkte")
    assert_fits(page, PHONE["width"])
    shot(page, "packs-diff-phone-de")
    # The versions stack on a phone: nothing cut off, the fork's note in German.
    page.goto(f"/packs/{pack.id}/")
    expect(page.locator("[data-testid=version-note]").last).to_have_text(
        "abgeleitet von Godslayer v1")
    published = page.locator("[data-testid=version-published]").first
    expect(published).to_be_visible()
    box = published.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert_fits(page, PHONE["width"])
    shot(page, "packs-pack-phone-de")
    page.set_viewport_size(DESKTOP)
    page.goto(f"/packs/{pack.id}/")
    shot(page, "packs-pack-desktop-de")
