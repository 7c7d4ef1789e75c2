"""A list on a pack its owner can no longer use, in a real Chromium: bob kept alice's pack
from its link and saved a list on version 2 (the ogre dearer); alice renews the link. bob's
list page shows the list as saved, read-only, with one way out: moving it to the official
data (by keyboard), which shows the list judged by the official numbers before he saves,
and Undo takes it back. In German too."""

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from armylists.packs.services import pack_keep, pack_update
from tests.support.browser import SCREENSHOTS, settled
from tests.support.pinned import DEARER_BY, RAID_POINTS, alices_dearer_pack, official_pack, on
from tests.support.users import PASSWORD

pytestmark = [pytest.mark.browser]


@pytest.fixture
def lost(transactional_db, live_server):
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    pack = alices_dearer_pack(alice, official_pack())
    pack_update(pack=pack, visibility="link")
    assert pack_keep(pack=pack, user=bob)
    saved = lists_services.list_create(owner=bob, data=on(pack, 2))
    pack_update(pack=pack, renew_token=True)
    return saved


def log_in_bob(page, next_url: str):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "bob")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    page.wait_for_url(f"**{next_url}")


def total(page):
    return page.get_by_test_id("total").locator("strong")


@pytest.mark.parametrize("width", [1280, 390], ids=["desktop", "phone"])
def test_the_list_shows_as_saved_and_moves_to_the_official_data(new_context, lost, width):
    page = new_context(viewport={"width": width, "height": 900}).new_page()
    log_in_bob(page, f"/lists/{lost.id}/")
    notice = page.get_by_test_id("lost-pack")
    expect(notice).to_contain_text("The pack “Club Godslayer” is no longer available to you.")
    expect(total(page)).to_have_text(str(RAID_POINTS + DEARER_BY))  # as it was saved
    expect(page.locator("[data-testid^=add-nordgaard]")).to_have_count(0)  # nothing to add
    page.screenshot(path=str(SCREENSHOTS / f"lost-pack-{'phone' if width < 600 else 'desktop'}.png"),
                    full_page=False)

    # By keyboard: the way out takes focus and Enter presses it.
    page.get_by_test_id("pack-leave").focus()
    page.keyboard.press("Enter")
    settled(page)
    expect(page.get_by_test_id("lost-pack")).to_have_count(0)
    expect(total(page)).to_have_text(str(RAID_POINTS))  # judged by the official numbers
    expect(page.get_by_test_id("unsaved")).to_be_visible()

    page.get_by_test_id("undo").click()
    settled(page)
    expect(page.get_by_test_id("lost-pack")).to_be_visible()  # back on the lost pack
    page.get_by_test_id("pack-leave").click()
    settled(page)
    page.get_by_test_id("save").click()
    settled(page)
    expect(page.get_by_test_id("unsaved")).to_have_count(0)
    lost.refresh_from_db()
    assert "pack" not in lost.document and lost.version == 2


def test_in_german(new_context, lost):
    page = new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de"}).new_page()
    log_in_bob(page, f"/lists/{lost.id}/")
    notice = page.get_by_test_id("lost-pack")
    expect(notice).to_contain_text("Das Paket „Club Godslayer“ steht dir nicht mehr zur Verfügung.")
    expect(notice.get_by_test_id("pack-leave")).to_have_text(
        "Liste auf die offiziellen Daten verschieben"
    )
    page.screenshot(path=str(SCREENSHOTS / "lost-pack-desktop-de.png"), full_page=False)
