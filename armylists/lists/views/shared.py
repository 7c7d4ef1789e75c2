"""A list shared by its link: read-only for anyone with it, its print sheet, a copy into
one's own lists."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from armylists.lists import print_sheet, selectors
from armylists.lists import services as lists
from armylists.lists.lookups import shared_or_404
from armylists.lists.readonly import readonly_context
from armylists.lists.views.text import share_url
from armylists.web.conditional import conditional_page, kept, render_kept


def _shown(request, token):
    """What a shared page shows, for its ETag and kept copy: the list's stamp (one small
    query). No list shared by the token: 404, whatever the request sent. A list on a
    pack version shows the pack's name as it is now: rendered each time, as its builder
    is (rules.selectors.catalogue_stamp)."""
    stamp = selectors.shared_list_stamp(token=token)
    if stamp is None:
        raise Http404
    return None if selectors.list_stamp_pinned(stamp) else (stamp,)


@conditional_page(_shown)
def shared_list(request, token):
    """Template: shared.html. Read-only for anyone with the link, with its Copy panels."""
    return _shared(request, "shared.html", token=token, text=True)


@conditional_page(_shown, reads=print_sheet.CHOICES)
def shared_print(request, token):
    """Template: print.html (?layout=roster, the default: one clean page) or
    print_cards.html (?layout=cards); ?paper=a4 (the default) or letter."""
    choices, problems = print_sheet.print_choices(request)
    if problems:
        if selectors.shared_list_stamp(token=token) is None:
            raise Http404
        return print_sheet.refused(request, problems, base_url=request.path)
    return _shared(
        request,
        print_sheet.TEMPLATES[choices["layout"]],
        token=token,
        sheet=choices,
    )


def _shared(request, template, *, token, sheet=None, text=False):
    """A kept page costs the list's stamp (read for the ETag); the list is loaded only to
    render it. ``sheet``: the print sheet's choices (layout, paper)."""
    page = kept(request, template)
    if page is not None:
        return page
    army_list = shared_or_404(token)
    values = readonly_context(army_list=army_list) | {"token": token}
    if sheet is not None:
        values = print_sheet.sheet_context(values, sheet)
        values["sheet_links"] = print_sheet.sheet_links(request.path)
    if text:  # the texts themselves: on request (lists/views/text.py)
        values["text_url"] = reverse("shared-text", args=[token])
        values["share_url"] = share_url(request, army_list)
    return render_kept(request, template, values)


@login_required
@require_POST
def shared_copy(request, token):
    army_list = shared_or_404(token)
    copy = lists.list_copy(army_list=army_list, owner=request.user)
    messages.success(request, _("Copied to your lists as %(name)s.") % {"name": copy.name})
    return redirect("list-detail", list_id=copy.id)
