"""Undo and redo in the pack editor, in a real Chromium, by keyboard: Enter in a cell
saves its row; Tab walks over the Undo and Redo buttons without pressing them; Enter on
Undo takes the change back, Space on Redo does it again, the cell following each step;
before publishing, the editor names alice's list the change makes dearer. Screenshots
(docs/screenshots/packs-editor-undo-desktop-en.png, packs-editor-impact-desktop-en.png
with MUSTER_SCREENSHOTS=docs)."""

import pytest
from playwright.sync_api import expect

from tests.browser.screens import DESKTOP
from tests.support.browser import SCREENSHOTS
from tests.support.pages import document
from tests.support.paths import FIXTURES
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CAPTAIN = "nordgaard-gestir-captain"


@pytest.fixture
def pack(transactional_db, live_server):
    from armylists.lists import services as lists
    from armylists.packs.services import pack_fork
    from armylists.packs.versions import load_official_pack_file

    alice = make_user("alice")
    official = load_official_pack_file(FIXTURES / "godslayer.yaml")[1]
    pack = pack_fork(user=alice, source=official, name="Club Godslayer")
    raid = document({"id": "cpt", "card": CAPTAIN}, name="Club night raid")
    lists.list_create(owner=alice, data={**raid, "pack": {"id": pack.id, "version": 1}})
    return pack


def points(page):
    return page.locator(f"input[form='row-form-{CAPTAIN}'][name='points']")


def test_undo_and_redo_by_keyboard_and_tab_presses_nothing(page, pack):
    page.set_viewport_size(DESKTOP)
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    page.goto(f"/packs/{pack.id}/edit/?section=cards")
    points(page).fill("44")
    points(page).press("Enter")
    expect(points(page)).to_have_value("44")
    undo, redo = page.locator("[data-testid=undo]"), page.locator("[data-testid=redo]")
    expect(undo).to_be_enabled()
    expect(redo).to_be_disabled()
    impact = page.locator("[data-testid=impact-row]")
    expect(impact).to_have_count(1)
    expect(impact).to_contain_text("Club night raid")
    expect(impact).to_contain_text("40 → 44")
    url = page.url
    undo.focus()
    for _ in range(8):  # over Undo, the section links and into the table: nothing pressed
        page.keyboard.press("Tab")
    assert page.url == url
    expect(points(page)).to_have_value("44")
    undo.focus()
    page.keyboard.press("Enter")
    expect(points(page)).to_have_value("40")
    expect(page.locator("ul.messages")).to_contain_text(f"Undone: change of {CAPTAIN}")
    expect(redo).to_be_enabled()
    redo.focus()
    page.keyboard.press("Space")
    expect(points(page)).to_have_value("44")
    expect(redo).to_be_disabled()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / "packs-editor-undo-desktop-en.png"))
    page.locator("[data-testid=draft-impact]").screenshot(
        path=str(SCREENSHOTS / "packs-editor-impact-desktop-en.png")
    )
