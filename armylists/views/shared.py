"""A list shared by its link: read-only for anyone with it, its print sheet, a copy into
one's own lists."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from .. import selectors, stamps
from ..services import lists
from .helpers import shared_or_404
from .page_cache import render_kept
from .readonly import readonly_context
from .text_export import share_url, text_panels


def shared_list(request, token):
    """Template: shared.html. Read-only for anyone with the link, with its Copy panels."""
    return _shared(request, "shared.html", token=token, text=True)


def shared_print(request, token):
    """Template: print.html. One clean page for paper."""
    return _shared(request, "print.html", token=token)


def _shared(request, template, *, token, text=False):
    """A kept page costs the list's stamp (one small query); the list is loaded only to
    render it."""
    stamp = stamps.shared_list_stamp(token=token) if selectors.TOKEN.fullmatch(token) else None
    if stamp is None:
        raise Http404

    def context():
        army_list = shared_or_404(token)
        values = readonly_context(army_list=army_list) | {"token": token}
        if text:
            values["text_exports"] = text_panels(
                request, army_list=army_list, checked=values["checked"], extras=values
            )
            values["share_url"] = share_url(request, army_list)
        return values

    return render_kept(request, template, state=(stamp,), context=context)


@login_required
@require_POST
def shared_copy(request, token):
    army_list = shared_or_404(token)
    copy = lists.list_copy(army_list=army_list, owner=request.user)
    messages.success(request, _("Copied to your lists as %(name)s.") % {"name": copy.name})
    return redirect("list-detail", list_id=copy.id)
