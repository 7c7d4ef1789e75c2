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


def controlled(page: Page):
    """Wait until the service worker controls the page (its first visit installs it)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null")


def open_kept(page: Page, path: str):
    """Open a page under the service worker and wait until its copy is kept."""
    page.goto(path)
    page.wait_for_function(KEPT, arg=path)


def page_caches(page: Page) -> list[str]:
    return page.evaluate(PAGE_CACHES)
