"""The event journey in a real Chromium, in English and in German: alice opens an event
on version 2 of pia's pack (a player's pack, public); bob and dora join by the link on
their phones; bob submits an illegal list (on the official data: he confirms it is judged
on the event's pack), sees why, fixes it in the builder and submits again; dora submits
hers; before the close neither sees the other's list, alice sees both in her table;
the close passes (set, not waited for) and the reveal shows both lists to both players,
with the print sheet and the play view of the frozen copy. Screenshots of each step,
desktop and phone (test-results/, or docs/screenshots/ with MUSTER_SCREENSHOTS=docs)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from tests.browser.screens import DESKTOP, PHONE, assert_fits, shot
from tests.support import events as ev
from tests.support.browser import count_field, leave
from tests.support.pinned import alices_dearer_pack, official_pack
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

EVENT_URL = re.compile(r"/events/(\d+)/$")
OGRE = "nordgaard-ogre-huscarl"
WORDS = {
    "en": {"illegal": "fielded 3 times, AAL 2", "legal": "Submitted: your list is legal.",
           "not_legal": "Submitted, but your list is not legal", "events": "Events",
           "joined": "You joined", "saved": "Saved"},
    "de": {"illegal": "3-mal aufgestellt, ASL 2", "legal": "Eingereicht: deine Liste ist gültig.",
           "not_legal": "Eingereicht, aber deine Liste ist ungültig", "events": "Events",
           "joined": "Du bist", "saved": "gespeichert"},
}  # fmt: skip
LOCALES = {"en": "en-US", "de": "de-DE"}


@pytest.fixture
def world(transactional_db, live_server):
    """The official Godslayer pack; pia's public fork (version 2: the ogre dearer);
    bob's saved list of three ogres (illegal) on the official data, dora's on pia's pack."""
    from armylists.packs.services import pack_update

    users = {name: make_user(name) for name in ("alice", "pia", "bob", "dora")}
    pack = alices_dearer_pack(users["pia"], official_pack(), name="Pia's Godslayer")
    pack_update(pack=pack, visibility="public")
    ev.save_list(users["bob"], {**ev.ILLEGAL, "name": "Ogre wall"})
    ev.save_list(users["dora"], {**ev.LEGAL, "name": "Raven host",
                                 "pack": {"id": pack.id, "version": 2}})  # fmt: skip
    return pack


def _context(new_context, language, viewport):
    context = new_context(viewport=viewport, locale=LOCALES[language],
                          **({"is_mobile": True, "has_touch": True} if viewport == PHONE else {}))
    return context.new_page()


def log_in(page, username, language):
    page.goto("/accounts/login/")
    page.click(f"button[name=language][value={language}]")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


def open_event(page, pack, language) -> tuple[int, str]:
    page.click(f"header.top >> text={WORDS[language]['events']}")
    page.click("[data-testid=new-event]")
    page.click("[data-testid=event-games] [data-system=godslayer]")
    page.fill("input[name=name]", "Nordgaard Open")
    page.check(f"input[name=pack][value='{pack.id}:2']")
    page.fill("input[name=battle_size]", "160")
    close = ev.now() + timedelta(days=3)
    from django.utils import timezone

    page.fill("input[name=lists_close]", timezone.localtime(close).strftime("%Y-%m-%dT%H:%M"))
    page.fill("textarea[name=house_rules]", "Fully painted armies only.")
    shot(page, f"events-new-desktop-{language}")
    page.click("[data-testid=save-event]")
    expect(page).to_have_url(EVENT_URL)
    expect(page.locator("[data-testid=pack-badge]")).to_contain_text("Pia's Godslayer")
    return int(EVENT_URL.search(page.url).group(1)), page.locator("[data-testid=join-url]").input_value()


def join_by_link(page, link, username, language):
    page.goto(link)
    page.click(f"button[name=language][value={language}]")
    page.click("[data-testid=login-to-join]")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("[data-testid=join]")).to_be_visible()
    shot(page, f"events-join-phone-{language}")
    page.click("[data-testid=join]")
    expect(page).to_have_url(EVENT_URL)
    expect(page.locator(".messages")).to_contain_text(WORDS[language]["joined"])


def submit(page, list_name, *, confirm=False):
    page.select_option("[data-testid=submit-form] select", label=list_name)
    page.click("[data-testid=submit]")
    if confirm:
        expect(page.locator("[data-testid=rejudge]")).to_be_visible()
        page.click("[data-testid=confirm-submit]")
    expect(page).to_have_url(re.compile(r"/events/\d+/(#mine)?$"))


def fix_in_the_builder(page, language):
    """Two ogres instead of three, saved (from My lists, as a player goes)."""
    page.goto("/lists/")
    page.click("text=Ogre wall")
    field = count_field(page, OGRE)
    field.fill("2")
    leave(field)
    page.click("[data-testid=save]")
    expect(page.locator(".messages")).to_contain_text(WORDS[language]["saved"])


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_event_from_opening_to_reveal(world, new_context, language):
    words = WORDS[language]
    alice = _context(new_context, language, DESKTOP)
    log_in(alice, "alice", language)
    event_id, link = open_event(alice, world, language)

    bob = _context(new_context, language, PHONE)
    join_by_link(bob, link, "bob", language)
    submit(bob, "Ogre wall", confirm=True)  # on the official data: judged on pia's pack
    mine = bob.locator("[data-testid=my-current]")
    expect(bob.locator(".messages")).to_contain_text(words["not_legal"])
    expect(mine.locator("[data-code=aal]")).to_contain_text(words["illegal"])
    assert_fits(bob, PHONE["width"])
    shot(bob, f"events-illegal-phone-{language}")
    fix_in_the_builder(bob, language)
    bob.goto(f"/events/{event_id}/")
    submit(bob, "Ogre wall", confirm=True)
    expect(bob.locator(".messages")).to_contain_text(words["legal"])
    expect(mine.locator("[data-testid=violations]")).to_have_count(0)

    dora = _context(new_context, language, PHONE)
    join_by_link(dora, link, "dora", language)
    submit(dora, "Raven host")
    expect(dora.locator(".messages")).to_contain_text(words["legal"])
    # Before the reveal: each player sees his own list only.
    for player, other in ((bob, "Raven host"), (dora, "Ogre wall")):
        player.goto(f"/events/{event_id}/")
        expect(player.locator("[data-testid=revealed-lists]")).to_have_count(0)
        expect(player.locator("main")).not_to_contain_text(other)

    alice.reload()
    rows = alice.locator("[data-testid=player-row]")
    expect(rows).to_have_count(2)
    expect(alice.locator("[data-show=illegal]")).to_contain_text("(0)")
    expect(rows.filter(has_text="bob")).to_contain_text("Ogre wall")
    shot(alice, f"events-organiser-desktop-{language}")
    alice.set_viewport_size(PHONE)
    assert_fits(alice, PHONE["width"])
    shot(alice, f"events-organiser-phone-{language}")

    from armylists.events.models import Event

    ev.close(Event.objects.get(pk=event_id))  # the close passes; revealed at the close
    for player in (bob, dora):
        player.goto(f"/events/{event_id}/")
        lists = player.locator("[data-testid=revealed-row]")
        expect(lists).to_have_count(2)
        expect(player.locator("[data-testid=revealed-lists]")).to_contain_text("Ogre wall")
        expect(player.locator("[data-testid=revealed-lists]")).to_contain_text("Raven host")
        assert_fits(player, PHONE["width"])
    shot(dora, f"events-revealed-phone-{language}")
    dora.locator("[data-testid=revealed-row][data-player=bob] [data-testid=open-submission]").click()
    expect(dora.locator("[data-testid=frozen-player]")).to_have_text("bob")
    expect(dora.locator("[data-testid=hash]")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    shot(dora, f"events-submission-phone-{language}")
    dora.click("[data-testid=play-link]")
    expect(dora.locator("[data-testid=play]")).to_be_visible()
    assert_fits(dora, PHONE["width"])


def test_the_pages_the_journey_passes_by_render_cleanly(world, new_context):
    """The events index, the game step, the settings, the print sheets of a frozen copy
    and the join page for a visitor: each loads with no console error (a CSP violation
    is one) and fits a phone."""
    from django.contrib.auth import get_user_model

    event = ev.open_event(make_user("erik"))
    bob = get_user_model().objects.get(username="bob")
    ev.join(event, bob)
    submission = ev.submit(event, bob, bob.army_lists.get())
    visitor = _context(new_context, "en", PHONE)
    visitor.goto(f"/e/{event.join_token}/")
    expect(visitor.locator("[data-testid=login-to-join]")).to_be_visible()
    assert_fits(visitor, PHONE["width"])
    page = _context(new_context, "de", PHONE)
    log_in(page, "erik", "de")
    base = f"/events/{event.pk}/submissions/{submission.pk}/print/"
    for path in ("/events/", "/events/new/", "/events/new/godslayer/",
                 f"/events/{event.pk}/settings/", base, base + "?layout=cards"):
        response = page.goto(path)
        assert response.status == 200, path
        page.wait_for_load_state("networkidle")
        assert_fits(page, PHONE["width"])
