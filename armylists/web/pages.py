"""What every page view shares: a game's data or 404, redirects that work for plain posts
and htmx alike, a number read from a form, and a game's words in the reader's language."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect
from django_htmx.http import HttpResponseClientRedirect

from rules import selectors as rules_selectors


def catalogue_or_404(system: str):
    catalogue = rules_selectors.catalogue_get(key=system)
    if catalogue is None:
        raise Http404
    return catalogue


def go(request, url):
    """Redirect: a full navigation for htmx (so the address bar names the page shown)."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def whole_number(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def spoken(words: dict) -> dict:
    """The game's words in the active language, each translated once for the page: a lazy
    word is translated anew every time a template shows it, and a big list shows some
    of them on every row."""
    return {key: str(word) for key, word in words.items()}
