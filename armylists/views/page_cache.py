"""Pages kept as rendered HTML, keyed by everything they show.

Profiling the builder and shared pages (docs/performance.md) found 80-90 % of a request
in template rendering: a Django template walks hundreds of variable lookups and
translations for a six-entry list, while the rows it reads cost two small queries. A page
is therefore rendered once per *state* and kept in this process's "pages" cache:

- The key is made of every input the page reads: the stamps of the rows it shows
  (armylists/stamps.py: what changes with every write of a row), the stamp of the game
  data it was rendered from, the address with its query, host and scheme, the language,
  the user, htmx or not, and the template. A change of any of them is a new key, so
  nothing is ever invalidated and nothing stale can be served. A page whose rows changed
  between reading their stamps and rendering is kept under the older key: newer than its
  key says, never older.
- The CSRF token is the one per-visitor value inside a page: the page is rendered with a
  placeholder, and each answer gets this visitor's token, as ``{% csrf_token %}`` would.
- Only plain successful GETs are kept: no page with a message waiting (messages are shown
  once), no refused post, no error.
"""

from __future__ import annotations

import hashlib

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation

CSRF_PLACEHOLDER = "csrf-placeholder-4f1c9e0b7d2a"


def render_kept(request, template: str, *, state: tuple | None, context, status: int = 200):
    """``render(request, template, context())``, from the pages cache when ``state`` and
    the request's own inputs were rendered before. ``context`` is a function, so a kept
    page does not even build its context. ``state`` None: not keepable (e.g. the game
    data's stamp is unknown)."""
    if state is None or not _keepable(request, status):
        return render(request, template, context(), status=status)
    key = _key(request, template, state)
    cache = caches["pages"]
    html = cache.get(key)
    if html is None:
        values = context()
        if isinstance(values, HttpResponse):  # the context found the page gone meanwhile
            return values
        values["csrf_token"] = CSRF_PLACEHOLDER  # the view's context wins over processors
        html = render_to_string(template, values, request)
        cache.set(key, html)
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def _keepable(request, status: int) -> bool:
    if status != 200 or request.method not in ("GET", "HEAD"):
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
