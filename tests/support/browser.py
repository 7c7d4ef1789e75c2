"""Steps of the browser journeys (Playwright on the live server) and the Godslayer cards
they use; every wait is on page state, never on a clock."""

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

# Every run takes the screenshots (a rendering check); `make screenshots` sets
# MUSTER_SCREENSHOTS=docs to refresh the committed ones in docs/screenshots/.
_ROOT = Path(__file__).resolve().parents[2]


SCREENSHOTS = _ROOT / (
    "docs/screenshots" if os.environ.get("MUSTER_SCREENSHOTS") == "docs" else "test-results"
)
SCREENSHOTS.mkdir(exist_ok=True)


PASSWORD = "Fjord-raven-1147"


CAPTAIN = "nordgaard-gestir-captain"  # Warlord, 40 pts


OGRE = "nordgaard-ogre-huscarl"  # AAL 2, 38 pts


SHIELDWALL = "nordgaard-huscarl-shieldwall"  # unit of 4-8


BERSERKER = "nordgaard-berserker"  # 24 pts


BUILD_URL = re.compile(r"/g/godslayer/build/$")


LIST_URL = re.compile(r"/lists/(\d+)/$")


ENTRY = "[data-testid=entry]"


LIST_VIOLATIONS = "[data-testid=list-violations] li"


def entry(page: Page, card: str):
    return page.locator(f"{ENTRY}[data-card={card}]")


def entry_violation(page: Page, card: str, code: str):
    return entry(page, card).locator(f"[data-testid=entry-violations] li[data-code={code}]")


def list_violation(page: Page, code: str):
    return page.locator(f"{LIST_VIOLATIONS}[data-code={code}]")


def total(page: Page):
    return page.locator("[data-testid=total] strong")


def verdict(page: Page):
    return page.locator("[data-testid=verdict]")


def start_list(page: Page, *, name: str, battle_size: int = 160, pack: str | None = None):
    """A new Godslayer list; ``pack``: "<id>:<version>" of a player's pack to build on."""
    page.goto("/g/godslayer/")
    page.check("input[name=faction][value=nordgaard]")
    if pack is not None:
        page.check(f"input[name=pack][value='{pack}']")
    page.fill("input[name=battle_size]", str(battle_size))
    page.fill("input[name=name]", name)
    page.click("main button.primary")
    expect(page).to_have_url(BUILD_URL)
    expect(page.locator(".empty")).to_be_visible()
    expect(total(page)).to_have_text("0")


def add_card(page: Page, card: str):
    entries = page.locator(ENTRY)
    before = entries.count()
    page.click(f"[data-testid=add-{card}]")
    expect(entries).to_have_count(before + 1)
    expect(entries.nth(before)).to_have_attribute("data-card", card)


def set_field(page: Page, name: str, value):
    """Type into a builder field and leave it: the change event posts the form."""
    field = page.locator(f"input[name='{name}']")
    field.fill(str(value))
    field.blur()


def count_field(page: Page, card: str):
    return entry(page, card).locator("input[name$='.count']")


def assert_no_reload(page: Page):
    assert page.evaluate("window.__marker") == 1, "the builder reloaded the whole page"


def signup(page: Page, username: str):
    """Fill the sign-up form the page is on."""
    expect(page).to_have_url(re.compile(r"/accounts/signup/"))
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("main button.primary")


def save(page: Page) -> int:
    page.click("[data-testid=save]")
    expect(page).to_have_url(LIST_URL)
    expect(page.locator(".messages")).to_contain_text("Saved")
    return int(LIST_URL.search(page.url).group(1))


WITCH = "nordgaard-ravenwitch"


def live_pack(key: str):
    """The shipped pack fixtures/<key>.yaml, loaded into the live server's database."""
    from tests.support.shipped import load_shipped

    return load_shipped(key)


# Anything htmx is still doing: a request on its way, an answer being swapped in.
BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"
PHONE = {"width": 390, "height": 844}


def settled(page: Page):
    """Wait until no builder request is on its way and its answer has settled: a reload
    before then would cut an edit off, and typing during the swap types into the old page."""
    expect(page.locator(BUSY)).to_have_count(0)


def leave(field):
    """Leave a field the way a player does (Tab), which fires its change event; then wait
    for its answer."""
    field.press("Tab")
    settled(field.page)
