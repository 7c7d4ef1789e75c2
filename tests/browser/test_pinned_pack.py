"""A list pinned to a pack version in a real Chromium: alice forks the official Godslayer
pack and publishes version 2 with the ogre dearer; her list on version 1 says a newer
version exists and what it changes, moves to it in one click (by keyboard too), and Undo
takes it back; the German page says the same in German."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from tests.support.browser import SCREENSHOTS, settled
from tests.support.pinned import DEARER_BY, RAID_POINTS, alices_dearer_pack, official_pack, on
from tests.support.users import PASSWORD

pytestmark = [pytest.mark.browser]


@pytest.fixture
def pinned(transactional_db, live_server):
    alice = User.objects.create_user("alice", password=PASSWORD)
    pack = alices_dearer_pack(alice, official_pack())
    return lists_services.list_create(owner=alice, data=on(pack, 1))


def log_in(page, next_url: str):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    page.wait_for_url(f"**{next_url}")


def total(page):
    return page.get_by_test_id("total").locator("strong")


def test_a_pinned_list_updates_in_one_click_and_undo_takes_it_back(new_context, pinned):
    page = new_context().new_page()
    log_in(page, f"/lists/{pinned.id}/")
    notice = page.get_by_test_id("newer-pack")
    expect(notice).to_contain_text("A newer version of this pack exists.")
    expect(notice.get_by_test_id("newer-effect")).to_contain_text(
        f"{RAID_POINTS} → {RAID_POINTS + DEARER_BY}"
    )
    expect(notice.get_by_test_id("newer-changes")).to_contain_text("Ogre Huscarl: points 38 → 48")
    expect(page.get_by_test_id("pack-badge")).to_contain_text("version 1")
    expect(page.get_by_test_id("own-data")).to_be_visible()
    page.screenshot(path=str(SCREENSHOTS / "pack-newer-version.png"), full_page=False)

    page.get_by_test_id("pack-update").click()
    settled(page)
    expect(total(page)).to_have_text(str(RAID_POINTS + DEARER_BY))
    expect(page.get_by_test_id("pack-badge")).to_contain_text("version 2")
    expect(page.get_by_test_id("newer-pack")).to_have_count(0)
    expect(page.get_by_test_id("undo")).to_contain_text("update to version 2 of the pack")

    page.get_by_test_id("undo").click()
    settled(page)
    expect(total(page)).to_have_text(str(RAID_POINTS))
    expect(page.get_by_test_id("pack-badge")).to_contain_text("version 1")

    # By keyboard: the update button takes focus and Enter presses it.
    page.get_by_test_id("pack-update").focus()
    page.keyboard.press("Enter")
    settled(page)
    expect(total(page)).to_have_text(str(RAID_POINTS + DEARER_BY))


def test_the_notice_is_german_on_a_german_browser(new_context, pinned):
    page = new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de"}).new_page()
    log_in(page, f"/lists/{pinned.id}/")
    notice = page.get_by_test_id("newer-pack")
    expect(notice).to_contain_text("Es gibt eine neuere Version dieses Pakets.")
    expect(notice.get_by_test_id("pack-update")).to_have_text("Auf Version 2 aktualisieren")
    expect(page.get_by_test_id("own-data")).to_have_text(
        "eigene Daten eines Spielers, nicht offiziell"
    )
