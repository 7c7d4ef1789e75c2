"""Pages kept as rendered HTML, keyed by everything they show.

Profiling the builder and shared pages (docs/performance.md) found 80-90 % of a request
in template rendering: a Django template walks hundreds of variable lookups and
translations for a six-entry list, while the rows it reads cost two small queries. A page
is therefore rendered once per *state* and kept in this process's "pages" cache. A view
asks ``kept_page`` first (no row loaded, no value built) and, when nothing is kept,
builds its values and hands them to ``render_and_keep``:

- The key is made of every input the page reads: the stamps of the rows it shows
  (armylists/lists/stamps.py: what changes with every write of a row), the stamp of the game
  data it was rendered from, the address with its query, host and scheme, the language,
  the user, htmx or not, and the template. A change of any of them is a new key, so
  nothing is ever invalidated and nothing stale can be served. A page whose rows changed
  between reading their stamps and rendering is kept under the older key: newer than its
  key says, never older.
- The CSRF token is the one per-visitor value inside a page: the page is rendered with a
  placeholder, and each answer gets this visitor's token, as ``{% csrf_token %}`` would.
- Only plain successful GETs are kept: no page with a message waiting (messages are shown
  once), no refused post, no error, and no address with a query the page does not read
  (``reads``): ``?v=1``, ``?v=2``... would each be a new page of the same content.
- The cache is bounded in bytes, not entries (``PagesCache``): the least recently used
  pages go first, and a page larger than one entry may be is never kept.
"""

from __future__ import annotations

import hashlib

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation

CSRF_PLACEHOLDER = "csrf-placeholder-4f1c9e0b7d2a"


def kept_page(request, template: str, *, state: tuple | None,
              reads: tuple[str, ...] = ()) -> HttpResponse | None:
    """The page as kept for ``state`` and this request's own inputs; None when it is
    not kept (yet) or may not be: the caller then builds its values and hands them to
    ``render_and_keep``. Looked up first, so a kept page does not even load its rows.
    ``state`` None: not keepable (e.g. the game data's stamp is unknown). ``reads``: the
    query parameters the page reads (each at most once); an address with any other is
    rendered, never kept."""
    key = _key_if_keepable(request, template, state, 200, reads)
    html = caches["pages"].get(key) if key is not None else None
    return None if html is None else _answer(request, html)


def render_and_keep(request, template: str, values: dict, *, state: tuple | None,
                    status: int = 200, reads: tuple[str, ...] = ()) -> HttpResponse:
    """``render(request, template, values)``, and kept under ``state`` when the page
    may be (the same rules as ``kept_page``)."""
    key = _key_if_keepable(request, template, state, status, reads)
    if key is None:
        return render(request, template, values, status=status)
    # The view's values win over the context processors: the page is rendered with a
    # placeholder where this visitor's CSRF token goes.
    html = render_to_string(template, {**values, "csrf_token": CSRF_PLACEHOLDER}, request)
    caches["pages"].set(key, html)
    return _answer(request, html)


def _answer(request, html: str) -> HttpResponse:
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def _key_if_keepable(request, template, state, status, reads) -> str | None:
    if state is None or not _keepable(request, status, reads):
        return None
    return _key(request, template, state)


def _keepable(request, status: int, reads: tuple[str, ...]) -> bool:
    if status != 200 or request.method not in ("GET", "HEAD"):
        return False
    query = request.GET
    if any(name not in reads or len(query.getlist(name)) > 1 for name in query):
        return False
    # len() loads waiting messages without marking them shown.
    return len(get_messages(request)) == 0


def _key(request, template: str, state: tuple) -> str:
    user = request.user
    parts = (
        template,
        state,
        request.scheme,
        request.get_host(),
        request.get_full_path(),
        translation.get_language(),
        user.is_authenticated and (user.pk, user.get_username()),
        bool(getattr(request, "htmx", False)),
    )
    return "page:" + hashlib.blake2b(repr(parts).encode(), digest_size=20).hexdigest()


# -- the cache itself ------------------------------------------------------------------------

# Bytes kept per cache name, shared like LocMemCache's own dictionaries (one per process).
_kept_bytes: dict[str, dict] = {}


class PagesCache(LocMemCache):
    """Django's per-process memory cache, bounded in bytes: OPTIONS ``MAX_BYTES`` in all
    (least recently used out first) and ``MAX_ITEM_BYTES`` for one page (a larger one is
    not kept). An entry bound alone lets a few huge pages take gigabytes."""

    def __init__(self, name, params):
        super().__init__(name, params)
        options = params.get("OPTIONS", {})
        self._max_bytes = int(options.get("MAX_BYTES", 64 * 1024 * 1024))
        self._max_item_bytes = int(options.get("MAX_ITEM_BYTES", self._max_bytes // 32))
        self._sizes = _kept_bytes.setdefault(name, {})

    def kept_bytes(self) -> int:
        with self._lock:
            return sum(self._sizes.values())

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):  # called with self._lock held
        size = len(value)
        self._delete(key)
        if size > self._max_item_bytes:
            return
        total = sum(self._sizes.values())
        while self._cache and total + size > self._max_bytes:
            total -= self._evict_oldest()
        super()._set(key, value, timeout)
        self._sizes[key] = size

    def _evict_oldest(self) -> int:
        old, _value = self._cache.popitem()  # the end of the order: least recently used
        self._expire_info.pop(old, None)
        return self._sizes.pop(old, 0)

    def _cull(self):
        for _ in range(max(1, len(self._cache) // max(1, self._cull_frequency))):
            if self._cache:
                self._evict_oldest()

    def _delete(self, key):
        self._sizes.pop(key, None)
        return super()._delete(key)

    def clear(self):
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
