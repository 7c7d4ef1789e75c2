"""Browser steps for the installable, offline app: wait for the service worker to
control the page, and ask which pages its caches hold (every wait is on state)."""

from playwright.sync_api import Page

# Whether any account's page cache holds the address (path with its query).
KEPT = """async (path) => {
  for (const name of await caches.keys()) {
    if (!name.startsWith("muster-pages-")) continue;
    const cache = await caches.open(name);
    if (await cache.match(location.origin + path)) return true;
  }
  return false;
}"""
PAGE_CACHES = """async () => (await caches.keys()).filter(n => n.startsWith("muster-pages-"))"""


# Installing the worker fetches and keeps the offline page and the app's files first: on
# a machine whose two cores run two test workers and their browsers, that took more than
# Playwright's default 10 s once in CI. The waits are on state, so a passing run is as
# fast as before.
INSTALL_MS = 30_000


def controlled(page: Page):
    """Wait until the service worker controls the page (its first visit installs it)."""
    page.wait_for_function(
        "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
        timeout=INSTALL_MS,
    )


def open_kept(page: Page, path: str):
    """Open a page under the service worker and wait until its copy is kept."""
    page.goto(path)
    page.wait_for_function(KEPT, arg=path, timeout=INSTALL_MS)


def page_caches(page: Page) -> list[str]:
    return page.evaluate(PAGE_CACHES)
