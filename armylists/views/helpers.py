"""What the page views share: lookups that answer 404, and redirects that work for plain
posts and htmx alike."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import redirect
from django_htmx.http import HttpResponseClientRedirect

from armylists import selectors
from armylists.presenters import presenter_for
from rules import selectors as rules_selectors


def catalogue_or_404(system: str):
    catalogue = rules_selectors.catalogue_get(key=system)
    if catalogue is None:
        raise Http404
    return catalogue


def owned_or_404(request, list_id, **options):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id, **options)
    if army_list is None:
        raise Http404
    return army_list


def shared_or_404(token):
    army_list = selectors.list_get_shared(token=token)
    if army_list is None:
        raise Http404
    return army_list


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


def presenter_of(catalogue):
    return presenter_for(catalogue.system)


def spoken(words: dict) -> dict:
    """The game's words in the active language, each translated once for the page: a lazy
    word is translated anew every time a template shows it, and a big list shows some
    of them on every row."""
    return {key: str(word) for key, word in words.items()}
