"""The service worker and an event's lists, in Debian's Chromium on a phone: before the
reveal no device keeps another player's list (the organiser's phone opened bob's list
and its play view: offline, the offline page, and no page cache holds them), the player
keeps nothing of the event either; after the reveal a player's phone keeps the lists it
opened for the table, and they open offline with the note."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support import events as ev
from tests.support.browser import PHONE
from tests.support.offline import KEPT, controlled, open_kept
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]


def phone(new_context):
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()


def log_in(page, username):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


@pytest.fixture
def event(transactional_db, live_server):
    from tests.support.browser import live_pack

    live_pack("godslayer")
    alice, bob, dora = make_user("alice"), make_user("bob"), make_user("dora")
    made = ev.open_event(alice)
    for player in (bob, dora):
        ev.join(made, player)
    bobs = ev.submit(made, bob, ev.save_list(bob, {**ev.LEGAL, "name": "Raid of Bob"}))
    ev.submit(made, dora, ev.save_list(dora))
    return made, bobs


def _paths(event, submission) -> list[str]:
    base = f"/events/{event.pk}/submissions/{submission.pk}/"
    return [base, base + "play/", base + "print/"]


def test_no_device_keeps_another_players_list_before_the_reveal(new_context, event):
    made, bobs = event
    page = phone(new_context)
    log_in(page, "alice")  # the organiser sees every list at any time
    controlled(page)
    for path in _paths(made, bobs):
        page.goto(path)
        expect(page.locator("body")).to_contain_text("Raid of Bob")
    open_kept(page, "/lists/")  # a page it does keep, opened after: its keep is done
    for path in [f"/events/{made.pk}/", *_paths(made, bobs)]:
        assert page.evaluate(KEPT, path) is False, path
    page.context.set_offline(True)
    page.goto(_paths(made, bobs)[1])
    expect(page.get_by_test_id("offline-page")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Raid of Bob")


def test_after_the_reveal_a_players_phone_keeps_the_lists_it_opened(new_context, event):
    made, bobs = event
    ev.close(made)  # revealed at the close
    page = phone(new_context)
    log_in(page, "dora")
    controlled(page)
    for path in _paths(made, bobs):
        open_kept(page, path)
    assert page.evaluate(KEPT, f"/events/{made.pk}/") is False  # the event page: never
    page.context.set_offline(True)
    page.goto(_paths(made, bobs)[1])
    expect(page.get_by_test_id("offline-note")).to_contain_text("Offline: read-only")
    expect(page.locator("body")).to_contain_text("Raid of Bob")
