"""Layouts hold (issue 18, item 6), in a real Chromium at 390 px and on a desktop, in
English and German:

- a long unbroken name (a list's, a hero's, a custom unit's) wraps wherever names show:
  no page scrolls sideways (the shared page was 3,300 px wide);
- the print sheets fit a phone;
- the campaign's battle form fits a 390 px phone: no field off-screen;
- the icons are drawn with what every font has (or as SVG): the Duplicate icon was an
  empty box in Debian's Chromium without extra fonts.
"""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from armylists.lists import services as lists_services
from tests.browser.screens import LOCALES, PHONE, VIEWPORTS, assert_fits, shot
from tests.support.print_lists import BOARDING_ACTION, MORDHEIM

pytestmark = [pytest.mark.browser]

PASSWORD = "Long-names-pw-77"
LONG = "Ü" + "berlangername" * 15  # 196 letters (names take 200), no space to break at


def _log_in(page: Page, next_url: str):
    page.goto(f"/accounts/login/?next={next_url}")
    page.fill("input[name=username]", "longname")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button.primary")
    expect(page).to_have_url(re.compile(re.escape(next_url) + "$"))


@pytest.fixture
def long_lists(live_mordheim, live_boarding_action):
    owner = User.objects.create_user("longname", password=PASSWORD)
    warband = {**MORDHEIM, "name": LONG,
               "entries": [{**MORDHEIM["entries"][0], "name": LONG}, *MORDHEIM["entries"][1:]]}
    boarding = {**BOARDING_ACTION, "name": LONG, "entries": [
        *BOARDING_ACTION["entries"],
        {"custom": {"name": LONG, "points": 20, "unit_type": "infantry", "base_mm": 25,
                    "wargear": [LONG[:100]]}}]}
    made = [lists_services.list_create(owner=owner, data=data) for data in (warband, boarding)]
    return [lists_services.list_share_renew(army_list=a) for a in made]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_long_names_wrap_everywhere(new_context, long_lists, device, lang):
    viewport = VIEWPORTS[device]
    page = new_context(viewport=viewport, locale=LOCALES[lang]).new_page()
    for army_list in long_lists:
        token = army_list.share_token
        for url in (f"/s/{token}/", f"/s/{token}/print/", f"/s/{token}/print/?layout=cards"):
            page.goto(url)
            expect(page.locator("body")).to_contain_text(LONG[:40])
            assert_fits(page, viewport["width"])
    warband, boarding = long_lists
    page.goto(f"/s/{warband.share_token}/")
    shot(page, f"shared-long-name-{device}-{lang}")
    _log_in(page, f"/lists/{boarding.id}/")
    for url in (f"/lists/{boarding.id}/", f"/lists/{boarding.id}/print/?layout=cards",
                f"/lists/{warband.id}/", f"/lists/{warband.id}/campaign/",
                f"/lists/{warband.id}/print/?layout=cards", f"/lists/{warband.id}/history/",
                "/lists/"):
        page.goto(url)
        assert_fits(page, viewport["width"])
    page.goto(f"/lists/{boarding.id}/")
    shot(page, f"builder-long-name-{device}-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_print_sheets_fit_a_phone(new_context, long_lists, lang):
    page = new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
    warband, boarding = long_lists
    for army_list in (warband, boarding):
        for layout in ("roster", "cards"):
            page.goto(f"/s/{army_list.share_token}/print/?layout={layout}")
            assert_fits(page, PHONE["width"])
    shot(page, f"print-cards-phone-{lang}")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_campaign_battle_form_fits_a_phone(new_context, long_lists, lang):
    page = new_context(viewport=PHONE, locale=LOCALES[lang]).new_page()
    warband, _boarding = long_lists
    _log_in(page, f"/lists/{warband.id}/campaign/")
    for step in ("battle", "experience"):
        if step != "battle":
            page.get_by_test_id("save-step").click()
        expect(page.get_by_test_id("step-form")).to_have_attribute("data-step", step)
        assert_fits(page, PHONE["width"])
        for field in page.locator("[data-testid=step-form] input, [data-testid=step-form] select").all():
            if not field.is_visible():
                continue
            box = field.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, (
                f"{field.get_attribute('name')} is off-screen: {box}")
        shot(page, f"campaign-{step}-phone-{lang}")


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_icons_are_drawn_without_extra_fonts(new_context, long_lists, device):
    """Every character the builder shows (icons too) is drawn by a font Chromium has: a
    glyph no font has is drawn as the same empty box as an unassigned code point. The
    Duplicate icon is an inline SVG."""
    page = new_context(viewport=VIEWPORTS[device]).new_page()
    warband, boarding = long_lists
    _log_in(page, f"/lists/{boarding.id}/")
    duplicate = page.get_by_test_id("duplicate").first
    duplicate.evaluate("button => button.closest('details') && (button.closest('details').open = true)")
    expect(duplicate).to_be_visible()
    expect(duplicate.locator("svg")).to_have_count(1)
    box = duplicate.locator("svg").bounding_box()
    assert box is not None and box["width"] >= 8 and box["height"] >= 8
    for url in (f"/lists/{boarding.id}/", f"/lists/{warband.id}/", f"/lists/{warband.id}/campaign/"):
        page.goto(url)
        missing = page.evaluate(_MISSING_GLYPHS)
        assert missing == [], f"{url} shows characters no font draws: {missing}"
    page.goto(f"/lists/{boarding.id}/")
    shot(page, f"builder-icons-{device}")


# Characters of the page (its text, and its buttons' and inputs' words) drawn in the
# font of <body>, compared with an unassigned code point's drawing (the "tofu" box).
_MISSING_GLYPHS = r"""() => {
  const font = getComputedStyle(document.body).font;
  const canvas = document.createElement("canvas");
  canvas.width = 40; canvas.height = 40;
  const ctx = canvas.getContext("2d");
  const draw = (ch) => {
    ctx.clearRect(0, 0, 40, 40);
    ctx.font = font.replace(/\d+(\.\d+)?px/, "24px");
    ctx.fillText(ch, 4, 30);
    return Array.from(ctx.getImageData(0, 0, 40, 40).data).join(",");
  };
  const tofu = draw(String.fromCodePoint(0x10FFFD));
  const text = document.body.innerText + Array.from(
    document.querySelectorAll("[title], [aria-label]")).map(
      (e) => e.getAttribute("title") || "").join("");
  const seen = new Set([...text].filter((ch) => ch.codePointAt(0) > 0x2000));
  return [...seen].filter((ch) => draw(ch) === tofu).map(
    (ch) => ch + " U+" + ch.codePointAt(0).toString(16).toUpperCase());
}"""
