"""The Copy panels of a saved list's pages (the owner's list page, the shared page): the
list in every text format, from the writer the API uses (armylists/lists/text_export.py).

The pages themselves only link to the texts: writing three texts costs about as much as
the page, so they are written when asked for (``list_text``, ``shared_text``), from one
check of the list. htmx swaps the panel in place; without it the link is a page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from armylists.lists import services as lists
from armylists.lists import text_export
from armylists.lists.lookups import owned_or_404, shared_or_404
from armylists.lists.readonly import readonly_context

LABELS = {
    "text": _("Plain text (forums)"),
    "markdown": _("Markdown (Discord, Reddit)"),
    "compact": _("Compact (one Discord message)"),
}


def share_url(request, army_list) -> str | None:
    token = army_list.share_token
    return request.build_absolute_uri(reverse("shared", args=[token])) if token else None


def text_panels(request, *, army_list, checked=None, extras=None) -> list[dict]:
    """One panel per format: its label, text and length. ``checked``: the saved list
    already checked (else checked here); ``extras``: the page's context, where the game's
    presenter finds what it shows beside the list (e.g. a campaign's warband now)."""
    exports = text_export.text_exports(
        checked=checked or lists.list_check_saved(army_list=army_list),
        share_url=share_url(request, army_list),
        army_list=army_list,
        extras=extras,
        title=army_list.name,
    )
    return [{**export, "label": LABELS[export["format"]],
             "limit": text_export.DISCORD_LIMIT} for export in exports]


@login_required
def list_text(request, list_id):
    """Templates: _text_export.html (htmx: the panel) or text_export_page.html. The
    owner's saved list in every text format."""
    return _texts(request, owned_or_404(request, list_id),
                  back=reverse("list-detail", args=[list_id]))


def shared_text(request, token):
    """As list_text, for anyone with the share link."""
    army_list = shared_or_404(token)
    return _texts(request, army_list, back=reverse("shared", args=[token]))


def _texts(request, army_list, *, back: str):
    values = readonly_context(army_list=army_list)  # checks the list, once
    values["text_exports"] = text_panels(
        request, army_list=army_list, checked=values["checked"], extras=values
    )
    values["back_url"] = back
    template = "_text_export.html" if request.htmx else "text_export_page.html"
    return render(request, template, values)
