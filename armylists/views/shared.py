"""A list shared by its link: read-only for anyone with it, its print sheet, a copy into
one's own lists."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..services import lists
from .helpers import shared_or_404
from .readonly import readonly_context


def shared_list(request, token):
    """Template: shared.html. Read-only for anyone with the link."""
    army_list = shared_or_404(token)
    return render(request, "shared.html", readonly_context(army_list=army_list) | {"token": token})


def shared_print(request, token):
    """Template: print.html. One clean page for paper."""
    army_list = shared_or_404(token)
    return render(request, "print.html", readonly_context(army_list=army_list) | {"token": token})


@login_required
@require_POST
def shared_copy(request, token):
    army_list = shared_or_404(token)
    copy = lists.list_copy(army_list=army_list, owner=request.user)
    messages.success(request, _("Copied to your lists as %(name)s.") % {"name": copy.name})
    return redirect("list-detail", list_id=copy.id)
