"""Fixtures for the real-browser tests: Debian's Chromium driven by Playwright.

Playwright's sync API runs an asyncio event loop in the test thread, and Django refuses
ORM calls from a thread with a running loop; the test database is only touched from
fixtures (setup and flush), never concurrently with the browser, so allow it.
"""

import os

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # must precede any database access

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from tests.support.browser import live_pack  # noqa: E402

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 10_000  # one slow step fails fast instead of stalling the suite
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def browser():
    """One Chromium for the whole run; never skipped: a missing browser is a failure."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"The browser tests need Debian's Chromium at {CHROMIUM} "
            "(run `make browser-deps` or `sudo apt-get install chromium`); "
            "`playwright install` cannot download browsers here.",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - environment problem
        pytest.fail(f"Playwright is not installed ({exc}): pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class BrowserErrors(list):
    """JavaScript errors and console errors seen in any page of one test.

    The browser's own request for /favicon.ico (the site has none) is not the app's doing.
    """

    def watch(self, context):
        context.on("weberror", lambda e: self.append(f"page error: {e.error}"))
        context.on("console", self._console)

    def _console(self, message):
        url = message.location.get("url", "")
        if message.type == "error" and not url.endswith("/favicon.ico"):
            self.append(f"console error: {message.text} ({url})")


@pytest.fixture
def browser_errors():
    return BrowserErrors()


@pytest.fixture
def new_context(browser, live_server, browser_errors):
    """Make fresh browser contexts (own cookies, so own session) on the live server.

    Every context is closed after the test; a JavaScript error in any of them fails it.
    """
    contexts = []

    def make(**options):
        options = {
            "base_url": live_server.url,
            "locale": "en-US",
            "viewport": DESKTOP,
            **options,
        }
        context = browser.new_context(**options)
        context.set_default_timeout(TIMEOUT_MS)
        context.set_default_navigation_timeout(TIMEOUT_MS)
        browser_errors.watch(context)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    if browser_errors:
        pytest.fail("Errors in the browser:\n" + "\n".join(browser_errors), pytrace=False)


@pytest.fixture
def page(new_context):
    """A desktop page (1280x900) in its own, logged-out context."""
    return new_context().new_page()


@pytest.fixture
def live_boarding_action(transactional_db, live_server):
    return live_pack("boarding-action")


@pytest.fixture
def live_trupp(transactional_db, live_server):
    return live_pack("trupp")


@pytest.fixture
def live_mordheim(transactional_db, live_server):
    return live_pack("mordheim")
