"""Pages answered by what they show: conditional GETs, and rendered pages kept for every
worker.

Profiling the builder and shared pages (docs/performance.md) found 80-90 % of a request
in template rendering, while the rows a page reads cost a small query or two. So:

- ``conditional_page(state_of)`` wraps a page's view in Django's ``condition``.
  ``state_of(request, *args, **kwargs)`` reads the stamps of what the page shows (its
  rows' stamps, armylists/lists/selectors.py, and the game data's; None when one is not
  known). The ETag is a digest of that state and of the request's own inputs: the
  address with its query, host and scheme, the language, the user, htmx or not, and the
  visitor's CSRF cookie (the page holds a token made from it). A browser that sends it
  back gets 304 and nothing is rendered. No Last-Modified: a page changes with more than
  a time (a language, a login, the game data), and If-Modified-Since alone would answer
  304 across those. ``Cache-Control: private, no-cache``: a browser may keep the page but
  asks each time; ``Vary`` names the headers it follows.
- ``render_kept`` renders a page once per state for every worker: the "pages" cache
  (Django's database cache: gunicorn's workers and every app server share it). Its key is
  the same digest without the CSRF cookie, and the page is kept with a placeholder where
  the token goes: each answer gets this visitor's token, as ``{% csrf_token %}`` would. A
  change of anything the page shows is a new key, so nothing is invalidated and nothing
  stale is served; a page whose rows changed between reading their stamps and rendering
  is kept under the older key: newer than its key says, never older.
- In front of it, "pages-here" (Django's per-process memory cache, as it is) holds the
  small pages this worker served last: a page asked again costs its stamps' query and
  no other (the database cache's own query doubled the time of a kept page; see
  docs/performance.md). The same keys, so it cannot go stale either.
- Only plain successful GETs get an ETag or are kept: no page with a message waiting
  (messages are shown once), no answer to a post, no error, no redirect, and no address
  with a query the page does not read (``reads``: ``?v=1``, ``?v=2``... would each be a
  new page of the same content); no page larger than ``MAX_KEPT_CHARS`` is kept.
- A reader who may not see the page learns nothing from it: ``state_of`` raises Http404
  for a stranger before any ETag is compared.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps

from django.contrib.messages import get_messages
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import condition

CSRF_PLACEHOLDER = "csrf-placeholder-4f1c9e0b7d2a"
CACHE_CONTROL = "private, no-cache"
VARY = ("Cookie", "Accept-Language", "HX-Request")
# A page larger than this is rendered each time: a few huge lists must not push out
# every other page.
MAX_KEPT_CHARS = 1024 * 1024
# And a page larger than this is not kept in a worker's memory (256 entries: 32 MB).
MAX_HERE_CHARS = 128 * 1024

_KEY = "_conditional_page_key"  # the request's page key, set by the decorator


def conditional_page(state_of: Callable[..., tuple | None], *, reads: tuple[str, ...] = ()):
    """A page view answered 304 when the browser's copy is still what it would show.
    ``state_of`` takes the view's arguments and returns the page's state (None: not
    known, so no ETag and nothing kept); ``reads``: the query parameters the page reads.
    Other methods than GET and HEAD go to the view as they are."""

    def decorator(view):
        def etag(request, *args, **kwargs):
            key = _page_key(request, state_of(request, *args, **kwargs), reads)
            setattr(request, _KEY, key)
            if key is None:
                return None
            # The secret this visitor's token is made from, as the page will hold it (read
            # from the cookie; a new visitor's is made now, and set with this answer).
            if "CSRF_COOKIE" not in request.META:
                get_token(request)
            return 'W/"' + _digest((key, request.META["CSRF_COOKIE"])) + '"'

        conditioned = condition(etag_func=etag)(view)

        @wraps(view)
        def answer(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            response = conditioned(request, *args, **kwargs)
            if response.status_code not in (200, 304):
                # Not the page the state describes: nothing for a browser to send back.
                response.headers.pop("ETag", None)
                return response
            if response.has_header("ETag"):
                response["Cache-Control"] = CACHE_CONTROL
                patch_vary_headers(response, VARY)
            return response

        return answer

    return decorator


def kept(request, template: str) -> HttpResponse | None:
    """The page as kept for this request's state (``conditional_page``), rendered before
    by any worker (this one's copy first); None when it is not kept (yet) or may not be:
    the caller then builds its values and hands them to ``render_kept``. Looked up
    before any row is loaded."""
    key = _cache_key(request, template)
    if key is None:
        return None
    html = caches["pages-here"].get(key)
    if html is None:
        html = caches["pages"].get(key)
        if html is not None and len(html) <= MAX_HERE_CHARS:
            caches["pages-here"].set(key, html)
    return None if html is None else _answer(request, html)


def render_kept(request, template: str, values: dict, *, status: int = 200) -> HttpResponse:
    """``render(request, template, values)``, and kept for this request's state when the
    page may be (a successful GET of a ``conditional_page`` with a known state)."""
    key = _cache_key(request, template) if status == 200 else None
    if key is None:
        return render(request, template, values, status=status)
    # The view's values win over the context processors: the page is rendered with a
    # placeholder where this visitor's CSRF token goes.
    html = render_to_string(template, {**values, "csrf_token": CSRF_PLACEHOLDER}, request)
    if len(html) <= MAX_KEPT_CHARS:
        caches["pages"].set(key, html)
    if len(html) <= MAX_HERE_CHARS:
        caches["pages-here"].set(key, html)
    return _answer(request, html)


def _answer(request, html: str) -> HttpResponse:
    return HttpResponse(html.replace(CSRF_PLACEHOLDER, get_token(request)))


def _cache_key(request, template: str) -> str | None:
    key = getattr(request, _KEY, None)
    if key is None or request.method not in ("GET", "HEAD"):
        return None
    return f"page:{_digest((template, key))}"


def _page_key(request, state: tuple | None, reads: tuple[str, ...]) -> str | None:
    if state is None or not _keepable(request, reads):
        return None
    user = request.user
    return _digest((
        state,
        request.scheme,
        request.get_host(),
        request.get_full_path(),
        translation.get_language(),
        user.is_authenticated and (user.pk, user.get_username()),
        bool(getattr(request, "htmx", False)),
    ))  # fmt: skip


def _keepable(request, reads: tuple[str, ...]) -> bool:
    query = request.GET
    if any(name not in reads or len(query.getlist(name)) > 1 for name in query):
        return False
    # len() loads waiting messages without marking them shown.
    return len(get_messages(request)) == 0


def _digest(parts) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=20).hexdigest()


def forget_kept_pages() -> None:
    """Every kept page, the shared ones and this process's copies: for measuring what a
    page costs to render (scripts/bench)."""
    caches["pages"].clear()
    caches["pages-here"].clear()
