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


# Installing the worker fetches and keeps the offline page and the app's files first,
# which on a busy machine takes seconds. The waits are on state.
INSTALL_MS = 30_000
ACTIVE = "async () => !!(await navigator.serviceWorker.ready).active"
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def controlled(page: Page):
    """Wait until the service worker controls the page (its first visit installs it).

    A page whose navigation began while the worker was still installing is not the
    worker's, and ``clients.claim()`` at activation does not take it if the page came
    into being just after: as in a browser, the next navigation is. So: wait until the
    worker is active, and if this page is not its yet, load it again."""
    page.wait_for_function(ACTIVE, timeout=INSTALL_MS)
    if not page.evaluate(CONTROLLED):
        page.reload()
    page.wait_for_function(CONTROLLED, timeout=INSTALL_MS)


def open_kept(page: Page, path: str):
    """Open a page under the service worker and wait until its copy is kept."""
    page.goto(path)
    page.wait_for_function(KEPT, arg=path, timeout=INSTALL_MS)


def page_caches(page: Page) -> list[str]:
    return page.evaluate(PAGE_CACHES)
