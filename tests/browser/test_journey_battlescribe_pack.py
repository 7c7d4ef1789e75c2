"""The BattleScribe codex journey in a real Chromium (issue 20): alice imports the
hand-written test catalogue (tests/fixtures/battlescribe/boarding-test.cat with its game
system) through the pack pages, reads the report, corrects two bases in the editor
(by keyboard: Enter in a cell saves its row) so their marker goes, publishes, starts a
Boarding Action list on her pack (start page -> pack -> builder), builds a legal list
of the pack's cards within 500 points, saves it, and sees a jump-pack option refused.
Desktop in English; the import page and report in German on a phone, with the game named
and what each entry became in German, and My packs naming the game (issue 32).
Screenshots: docs/screenshots/bs-catalogue-*.png and packs-*-de-phone.png (with
MUSTER_SCREENSHOTS=docs)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.screens import DESKTOP, PHONE, shot
from tests.support.battlescribe import ROSTERS
from tests.support.browser import entry, entry_violation, settled, total, verdict
from tests.support.paths import FIXTURES
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CATALOGUE = ROSTERS / "boarding-test.cat"
GAME_SYSTEM = ROSTERS / "boarding-test.gst"
PACK_URL = re.compile(r"/packs/([0-9a-f]{32})/$")


@pytest.fixture
def official(transactional_db, live_server):
    from armylists.packs.versions import load_official_pack_file

    make_user("alice")
    return load_official_pack_file(FIXTURES / "boarding-action.yaml")[1]


def log_in(page):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text("alice")


def import_catalogue(page, name="Club Marines"):
    page.goto("/packs/")
    page.click("[data-testid=import-catalogue]")
    page.set_input_files("input[name=catalogue]", str(CATALOGUE))
    page.set_input_files("input[name=game_system]", str(GAME_SYSTEM))
    page.fill("input[name=name]", name)
    page.click("[data-testid=catalogue-form] button.primary")


def cell(page, row, name):
    return page.locator(f"input[form='row-form-{row}'][name='{name}']")


def correct_base(page, row, base):
    marker = cell(page, row, "attributes__base_unconfirmed")
    expect(marker).to_be_checked()
    cell(page, row, "base_mm").fill(str(base))
    cell(page, row, "base_mm").press("Enter")
    expect(page.locator("[data-testid=draft-status]")).to_contain_text("Draft from version 1")
    expect(cell(page, row, "base_mm")).to_have_value(str(base))
    expect(cell(page, row, "attributes__base_unconfirmed")).not_to_be_checked()


def add(page, card):
    page.click(f"[data-testid=add-{card}]")
    settled(page)
    expect(entry(page, card)).to_have_count(1)


def test_import_correct_publish_build_and_a_jump_pack_refused(official, new_context):
    page = new_context(viewport=DESKTOP).new_page()
    log_in(page)
    import_catalogue(page)
    report = page.get_by_test_id("report-entries")
    expect(report).to_contain_text("Brother Dreadnought")
    expect(page.get_by_test_id("modifier-counts")).to_contain_text(
        "1 modifiers: 0 applied at import, 1 became rules of the pack")
    page.locator("details summary").first.click()
    expect(page.get_by_test_id("report-rules")).to_contain_text("Chapter Champion: set pts 70")
    expect(page.get_by_test_id("report-rules")).to_contain_text("became a rule")
    expect(page.get_by_test_id("report-skipped")).to_contain_text("Legacy Squad")
    shot(page, "bs-catalogue-report")
    pack_id = PACK_URL.search(page.get_by_test_id("to-pack").get_attribute("href") + "").group(1)

    page.goto(f"/packs/{pack_id}/edit/?section=cards")
    correct_base(page, "assault-marines", 40)
    correct_base(page, "tactical-marines", 25)
    expect(cell(page, "brother-dreadnought", "attributes__base_unconfirmed")).to_be_checked()
    shot(page, "bs-catalogue-editor")
    page.fill("#publish-note", "Bases measured on our models")
    page.click("[data-testid=publish-form] button.primary")
    expect(page).to_have_url(PACK_URL)
    expect(page.locator("[data-testid=version-row]").first).to_contain_text("Bases measured")

    page.goto("/g/boarding-action/")
    page.check("input[name=role][value=attacker]")
    page.check(f"input[name=pack][value='{pack_id}:2']")
    page.fill("input[name=name]", "Boarding party")
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(r"/g/boarding-action/build/$"))
    expect(page.locator("#f-battle_size")).to_have_value("500")
    for card in ("assault-marines", "tactical-marines", "brother-dreadnought"):
        add(page, card)
    points = int(total(page).inner_text())
    assert 0 < points <= 500
    expect(verdict(page)).to_have_text("✔ legal")
    # The champion's price is a rule of the codex: 70 more with Assault Marines in the list.
    add(page, "chapter-champion")
    expect(total(page)).to_have_text(str(points + 130))
    expect(verdict(page)).to_have_text("✔ legal")
    page.click("[data-testid=save]")
    expect(page.locator(".messages")).to_contain_text("Saved")

    jump = entry(page, "assault-marines").locator("input[type=checkbox][value=opt-jump-packs]")
    jump.check()
    settled(page)
    refused = entry_violation(page, "assault-marines", "forbidden_wargear")
    expect(refused).to_be_visible()
    expect(verdict(page)).to_have_text("✖ not legal")
    shot(page, "bs-catalogue-builder")


def test_the_import_page_and_report_in_german_on_a_phone(official, new_context):
    page = new_context(viewport=PHONE, locale="de-DE",
                       extra_http_headers={"Accept-Language": "de"}).new_page()
    log_in(page)
    page.goto("/packs/import/battlescribe/")
    expect(page.locator("h1")).to_have_text("BattleScribe-Katalog importieren")
    # The page names the game, by its German name (issue 32), never its key.
    expect(page.get_by_test_id("catalogue-game")).to_have_text("Spiel: Enterkommando")
    expect(page.locator("label[for=id_catalogue]")).to_have_text("Katalog (.cat oder .catz)")
    import_catalogue(page, name="Klub-Marines")
    expect(page.locator("h2").first).to_have_text("Einträge und was aus ihnen wurde")
    expect(page.get_by_test_id("catalogue-game")).to_have_text("Spiel: Enterkommando")
    # What each entry became, in German: the game's words (unit type, base, points).
    dread = page.get_by_test_id("report-entry").filter(has_text="se-dread")
    expect(dread).to_contain_text(
        "Karte brother-dreadnought: Brother Dreadnought (Läufer, 60-mm-Base (Vorgabe, nicht "
        "aus dem Katalog)), 100 Punkte für 1 Modell, 1 Option")
    expect(page.get_by_test_id("report-entries")).not_to_contain_text("points for")
    expect(page.get_by_test_id("report-skipped")).to_contain_text("im Katalog verborgen")
    expect(page.get_by_test_id("modifier-counts")).to_contain_text(
        "1 Modifikatoren: 0 beim Import angewandt")
    page.locator("details summary").first.click()
    expect(page.get_by_test_id("report-rules")).to_contain_text("zur Regel geworden")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, "bs-catalogue-report-de-phone")
    shot(page, "packs-bs-report-de-phone")
    # My packs lists the pack under the game's name.
    page.goto("/packs/")
    mine = page.get_by_test_id("pack-row").filter(has_text="Klub-Marines")
    expect(mine.get_by_test_id("pack-game")).to_have_text("Enterkommando")
    shot(page, "packs-mine-de-phone")
