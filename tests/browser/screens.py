"""Helpers for the browser tests of what a screen shows: screenshots (test-results/, or
docs/screenshots/ with MUSTER_SCREENSHOTS=docs), the colour of an element as painted,
and whether a page fits its width."""

import base64

from playwright.sync_api import Page

from tests.support.browser import SCREENSHOTS

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}
LOCALES = {"en": "en-US", "de": "de-DE"}

_PIXEL = """async (src) => {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.width;
  canvas.height = img.height;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const d = ctx.getImageData(Math.floor(img.width / 2), Math.floor(img.height / 2), 1, 1).data;
  return [d[0], d[1], d[2]];
}"""


def shot(page: Page, name: str) -> None:
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def painted_rgb(page: Page, selector: str) -> list[int]:
    """The colour Chromium painted at the middle of the element (read back from a
    screenshot of it, in the page's own canvas: no imaging package needed)."""
    png = page.locator(selector).screenshot()
    return page.evaluate(_PIXEL, "data:image/png;base64," + base64.b64encode(png).decode())


def page_width(page: Page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def assert_fits(page: Page, width: int) -> None:
    scroll_width = page_width(page)
    assert scroll_width <= width + 1, f"{page.url} scrolls sideways: {scroll_width}px > {width}px"
