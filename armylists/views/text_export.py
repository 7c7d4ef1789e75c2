"""The Copy panels of a saved list's pages (the owner's list page, the shared page): the
list in every text format, from the writer the API uses (services/text_export.py)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ..services import lists, text_export

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
