"""Stat tables on a 390 px phone in a real Chromium (issue 32, item 6): in the play view,
the print sheet and the printed cards of a list of each game, and a Mordheim warband's
campaign roster, no column of a table is cut off. A table fits the screen, or sits in a box that scrolls sideways and shows that it
does (a fade on the side where more columns wait); every cell can be reached, inside the
viewport or inside its scrolling box. English and German (German words are longer)."""

import pytest
from playwright.sync_api import expect

from armylists.lists import services as lists_services
from tests.browser.screens import LOCALES, PHONE
from tests.support.browser import SCREENSHOTS, live_pack
from tests.support.print_lists import LISTS
from tests.support.users import PASSWORD, make_user

pytestmark = [pytest.mark.browser]

PAGES = {"play": "play/", "print": "print/", "cards": "print/?layout=cards"}

# Every cell of every table: where it ends, and the box that clips it sideways (the
# nearest ancestor whose overflow-x is not visible), if any. A box that scrolls must say
# so: its data-scrolls attribute (static/js/scroll-cue.js sets it) is "end", "start" or
# "both" while columns wait on that side, and the fade (a mask) is painted.
MEASURE = """() => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  for (const cell of document.querySelectorAll("table th, table td")) {
    const r = cell.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let box = null;
    for (let el = cell.parentElement; el && el !== document.body; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible") { box = el; break; }
    }
    const name = `${cell.closest("table").className || "table"} ${cell.tagName} ` +
                 `"${cell.textContent.trim().slice(0, 20)}"`;
    if (!box) {
      if (r.left < -1 || r.right > width + 1) problems.push(`${name}: ${r.left}..${r.right} outside 0..${width}`);
      continue;
    }
    const b = box.getBoundingClientRect();
    const style = getComputedStyle(box).overflowX;
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    if (b.right > width + 1) problems.push(`${name}: its scrolling box ends at ${b.right} > ${width}`);
    if (!scrolls) {
      if (r.right > b.right + 1) problems.push(`${name}: cut off at ${b.right} (${r.right})`);
      continue;
    }
    if (style !== "auto" && style !== "scroll") problems.push(`${name}: in a box that clips (${style})`);
    const reach = b.left - box.scrollLeft + box.scrollWidth;
    if (r.right > reach + 1) problems.push(`${name}: beyond the scrolling box's end`);
    if (!box.dataset.scrolls) problems.push(`${name}: its box scrolls without a cue`);
    else if ((getComputedStyle(box).maskImage || "none") === "none") problems.push(`${name}: its box's cue is not painted`);
  }
  return problems;
}"""


@pytest.fixture
def alice_lists(transactional_db, live_server):
    alice = make_user("alice")
    made = {}
    for system, data in LISTS.items():
        live_pack(system)
        made[system] = lists_services.list_create(owner=alice, data=data)
    return made


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("where", list(PAGES))
@pytest.mark.parametrize("system", list(LISTS))
def test_no_stat_column_is_cut_off_on_a_phone(new_context, alice_lists, system, where, lang):
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                       locale=LOCALES[lang]).new_page()
    army_list = alice_lists[system]
    page.goto(f"/s/{army_list.share_token}/{PAGES[where]}")
    expect(page.locator("h1")).to_be_visible()
    problems = page.evaluate(MEASURE)
    assert not problems, f"{len(problems)} cells:\n" + "\n".join(problems[:6])
    if (system, where, lang) == ("godslayer", "play", "en"):  # the widest stat line
        page.screenshot(path=str(SCREENSHOTS / "play-phone.png"))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_campaign_roster_is_not_cut_off_on_a_phone(new_context, alice_lists, lang):
    page = new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                       locale=LOCALES[lang]).new_page()
    page.goto("/accounts/login/")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    page.goto(f"/lists/{alice_lists['mordheim'].id}/campaign/")
    expect(page.get_by_test_id("fighter").first).to_be_visible()
    problems = page.evaluate(MEASURE)
    assert not problems, f"{len(problems)} cells:\n" + "\n".join(problems[:6])
    page.locator(".table-wrap").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"campaign-roster-phone-{lang}.png"))


def test_a_table_too_wide_for_the_phone_scrolls_and_says_so(new_context, alice_lists):
    """The cue follows the scroll: more to the right at first, then on both sides, then
    only to the left at the end."""
    page = new_context(viewport={"width": 320, "height": 700}, is_mobile=True,
                       has_touch=True, locale=LOCALES["de"]).new_page()
    page.goto(f"/s/{alice_lists['trupp'].share_token}/play/")
    box = page.locator("[data-scrolls]").first
    expect(box).to_have_attribute("data-scrolls", "end")
    box.evaluate("el => { el.scrollLeft = 10; el.dispatchEvent(new Event('scroll')); }")
    expect(box).to_have_attribute("data-scrolls", "both")
    box.evaluate("el => { el.scrollLeft = el.scrollWidth; el.dispatchEvent(new Event('scroll')); }")
    expect(box).to_have_attribute("data-scrolls", "start")
    assert page.evaluate(MEASURE) == []
    box.evaluate("el => { el.scrollLeft = 0; el.dispatchEvent(new Event('scroll')); }")
    expect(box).to_have_attribute("data-scrolls", "end")
    box.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "play-phone-scroll-cue.png"))
