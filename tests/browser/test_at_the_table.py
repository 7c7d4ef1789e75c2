"""At the table, on a 390 px phone in Debian's Chromium: the play view of a list of each
game fits the width; ticks survive a reload (and "new round", "new game" clear what they
say, by keyboard too); after the network is cut a list and its play view opened before
still open with the offline note, and building says it needs the network; logging out
forgets the private pages (the next account on the browser cannot open them offline);
the app is installable (manifest, icons, service worker in control, no installability
error Chromium reports)."""

import re

import pytest
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from tests.support.browser import PHONE, SCREENSHOTS, live_pack
from tests.support.offline import KEPT, controlled, open_kept, page_caches
from tests.support.print_lists import LISTS
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

CAPTAIN = "nordgaard-gestir-captain"


def phone(new_context, **options):
    return new_context(viewport=PHONE, is_mobile=True, has_touch=True, **options).new_page()


def log_in(page, username):
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page.locator("header.top")).to_contain_text(username)


def log_out(page):
    page.locator("form[data-logout] button").click()
    expect(page.locator("header.top")).to_contain_text("Log in")


@pytest.fixture
def alice_lists(transactional_db, live_server):
    """Alice's saved list of each game (shared by link)."""
    alice = make_user("alice")
    made = {}
    for system, data in LISTS.items():
        live_pack(system)
        made[system] = lists_services.list_create(owner=alice, data=data)
    return made


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("system", list(LISTS))
def test_the_play_view_of_each_game_fits_a_phone(new_context, alice_lists, system):
    page = phone(new_context)
    army_list = alice_lists[system]
    page.goto(f"/s/{army_list.share_token}/play/")
    expect(page.get_by_test_id("play-card")).to_have_count(len(army_list.document["entries"]))
    assert fits(page), f"{system}: the play view scrolls sideways on a 390 px phone"
    page.screenshot(path=str(SCREENSHOTS / f"play-{system}-phone.png"), full_page=True)


def test_ticks_survive_a_reload_and_new_round_and_new_game_clear_them(new_context, alice_lists):
    page = phone(new_context)
    log_in(page, "alice")
    army_list = alice_lists["godslayer"]
    page.goto(f"/lists/{army_list.id}/play/")
    captain = page.locator(f"[data-testid=play-card][data-card={CAPTAIN}]")
    hit = captain.locator("[data-track=hit-points] input").nth(0)
    token = captain.locator("[data-track=actions] input").nth(0)
    hit.check()
    # By keyboard: the token box takes focus and Space ticks it.
    token.focus()
    page.keyboard.press("Space")
    expect(token).to_be_checked()
    page.reload()
    expect(hit).to_be_checked()
    expect(token).to_be_checked()
    stored = page.evaluate("k => localStorage.getItem(k)", f"muster-play:{army_list.id}:{army_list.version}")
    assert stored and hit.get_attribute("data-tick") in stored
    page.get_by_test_id("new-round").click()
    expect(token).not_to_be_checked()
    expect(hit).to_be_checked()  # hit points stay lost from round to round
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("new-game").click()
    expect(hit).not_to_be_checked()
    page.reload()
    expect(hit).not_to_be_checked()
    page.screenshot(path=str(SCREENSHOTS / "play-godslayer-phone-ticks.png"))


def test_a_list_and_its_play_view_open_offline_and_building_needs_the_network(new_context, alice_lists):
    page = phone(new_context)
    log_in(page, "alice")
    controlled(page)
    army_list = alice_lists["godslayer"]
    sheet = f"/lists/{army_list.id}/print/?layout=cards"
    for path in (f"/lists/{army_list.id}/", f"/lists/{army_list.id}/play/",
                 f"/s/{alice_lists['mordheim'].share_token}/", sheet):
        open_kept(page, path)
    page.context.set_offline(True)

    page.goto(sheet)  # a print sheet: its own layout, the same note
    expect(page.get_by_test_id("offline-note")).to_contain_text("Offline: read-only")
    expect(page.get_by_test_id("card").first).to_be_visible()

    page.goto(f"/lists/{army_list.id}/play/")
    note = page.get_by_test_id("offline-note")
    expect(note).to_contain_text("Offline: read-only")
    expect(page.get_by_test_id("play-card")).to_have_count(len(army_list.document["entries"]))
    # Styled: the stylesheet came from the service worker's copy too.
    assert page.locator("body").evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(251, 250, 247)"
    page.screenshot(path=str(SCREENSHOTS / "play-offline-phone.png"))

    page.goto(f"/s/{alice_lists['mordheim'].share_token}/")
    expect(note).to_contain_text("Offline: read-only")

    page.goto(f"/lists/{army_list.id}/")
    expect(note).to_contain_text("Offline: read-only")
    # An edit in the builder: refused at once, and said so; nothing sent.
    page.fill("#f-name", "Renamed offline")
    page.locator("#f-name").press("Tab")
    expect(note).to_contain_text("building and saving need the network")
    page.get_by_test_id("save").click()
    expect(note).to_contain_text("Nothing was sent")

    # A builder never opened on this device: the offline page says what needs the network.
    page.goto("/g/godslayer/build/")
    expect(page.get_by_test_id("offline-page")).to_be_visible()
    expect(page.locator("main")).to_contain_text("need the network")

    page.context.set_offline(False)
    page.goto(f"/lists/{army_list.id}/")
    expect(page.locator("#f-name")).to_have_value(army_list.name)  # nothing was queued
    expect(note).to_have_count(0)


def test_logging_out_forgets_private_pages_for_the_next_account(new_context, alice_lists):
    make_user("bob")
    page = phone(new_context)
    log_in(page, "alice")
    controlled(page)
    army_list = alice_lists["godslayer"]
    private = f"/lists/{army_list.id}/play/"
    open_kept(page, private)
    assert page_caches(page)
    log_out(page)
    page.wait_for_function("async () => !(await caches.keys()).some(n => n.startsWith('muster-pages-'))")
    assert not page.evaluate(KEPT, private)

    log_in(page, "bob")
    controlled(page)
    page.context.set_offline(True)
    page.goto(private)
    expect(page.get_by_test_id("offline-page")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text(army_list.name)


def test_a_second_account_logging_in_forgets_the_first_ones_pages(new_context, alice_lists):
    """Even without logging out (the session ran out): the next account's first page
    forgets the pages of the one before."""
    make_user("bob")
    page = phone(new_context)
    log_in(page, "alice")
    controlled(page)
    private = f"/lists/{alice_lists['godslayer'].id}/"
    open_kept(page, private)
    page.context.clear_cookies()
    log_in(page, "bob")
    page.wait_for_function(
        "async (p) => { for (const n of await caches.keys()) { if (n.startsWith('muster-pages-')"
        " && await (await caches.open(n)).match(location.origin + p)) return false; } return true; }",
        arg=private,
    )


def test_the_app_is_installable(new_context, alice_lists):
    page = phone(new_context)
    page.goto("/")
    controlled(page)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = page.request.get(href)
    assert manifest.ok and manifest.headers["content-type"] == "application/manifest+json"
    data = manifest.json()
    assert data["display"] == "standalone" and data["start_url"] == "/"
    assert data["name"] and data["short_name"]
    sizes = set()
    for icon in data["icons"]:
        fetched = page.request.get(icon["src"])
        assert fetched.ok and fetched.headers["content-type"] == "image/png"
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    registration = page.evaluate(
        "async () => { const r = await navigator.serviceWorker.getRegistration('/');"
        " return {scope: r.scope, script: r.active.scriptURL}; }"
    )
    assert registration["scope"].endswith("/") and registration["script"].endswith("/sw.js")
    assert re.fullmatch(r"https?://[^/]+/", registration["scope"])
    # What Chromium itself says of the page (Lighthouse asks the same).
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    errors = [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
    # Every Playwright context is an incognito profile, where Chromium installs nothing:
    # that one is the test browser's, not the page's; any other would be the page's.
    assert [e for e in errors if e != "in-incognito"] == []
