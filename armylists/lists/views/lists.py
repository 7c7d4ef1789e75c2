"""The owner's saved lists: my lists, history (open a version, restore it), share links
(renew, revoke, undo a revocation), delete, import and export, the print sheet."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from armylists.lists import print_sheet, selectors
from armylists.lists import services as lists
from armylists.lists.lookups import owned_or_404
from armylists.lists.readonly import readonly_context
from armylists.models import ArmyListVersion
from armylists.presenters import presenter_of
from armylists.web import sessions
from armylists.web.pages import whole_number
from rules import selectors as rules_selectors
from rules.engine import DocumentError

HISTORY_PAGE_SIZE = 50


@login_required
def list_export(request, list_id):
    army_list = owned_or_404(request, list_id)
    response = HttpResponse(
        json.dumps(lists.list_export(army_list=army_list), indent=2, ensure_ascii=False),
        content_type="application/json; charset=utf-8",
    )
    filename = lists.list_export_filename(army_list=army_list)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
def list_history(request, list_id):
    """Template: history.html. The saved versions, newest first, a page at a time (a
    long-lived list has hundreds), each with the version before it (to compare with)."""
    army_list = owned_or_404(request, list_id)
    found = army_list.versions.select_related("saved_by")
    page = Paginator(found, HISTORY_PAGE_SIZE).get_page(request.GET.get("page"))
    versions = list(page.object_list)
    # The version before the page's last row is the first of the next page.
    older = (
        army_list.versions.filter(version__lt=versions[-1].version)
        .values_list("version", flat=True)
        .first()
        if versions and page.has_next()
        else None
    )
    previous = [v.version for v in versions[1:]] + [older]
    # Each version's points and verdict, with today's data (as "my lists" shows the list).
    overviews = [lists.version_overview(army_list=army_list, version=v) for v in versions]
    rows = list(zip(versions, previous, overviews, strict=True))
    return render(
        request,
        "history.html",
        {
            "army_list": army_list,
            "versions": versions,
            "rows": rows,
            "page": page,
            "words": _words(army_list),
        },
    )


@login_required
def list_version(request, list_id, version):
    """Template: version.html. One saved version, read-only, with its validation today and
    a button to restore it as the newest version."""
    army_list = owned_or_404(request, list_id)
    old = army_list.versions.filter(version=version).first()
    if old is None:
        raise Http404
    context = readonly_context(army_list=army_list, document_data=old.document)
    return render(request, "version.html", {**context, "version": old})


@login_required
@require_POST
def list_restore(request, list_id, version):
    """Save an old version as the newest one (refused if the list moved on since the page
    showed it: the same check as a save)."""
    army_list = owned_or_404(request, list_id)
    expected = whole_number(request.POST.get("base_version"), army_list.version)
    try:
        restored = lists.list_restore(
            army_list=army_list, version=version, expected_version=expected, user=request.user
        )
    except ArmyListVersion.DoesNotExist:
        raise Http404 from None
    except lists.ListConflict as conflict:
        messages.error(request, str(conflict))
        return redirect("list-history", list_id=army_list.id)
    except DocumentError as refused:  # e.g. its pack is no longer this player's to use
        messages.error(request, "; ".join(problem.message for problem in refused.errors))
        return redirect("list-history", list_id=army_list.id)
    messages.success(
        request,
        _("Version %(old)s restored as version %(new)s.")
        % {"old": version, "new": restored.version},
    )
    return redirect("list-detail", list_id=army_list.id)


@login_required
@require_POST
def list_share(request, list_id):
    army_list = owned_or_404(request, list_id)
    action = request.POST.get("action")
    if action == "revoke":
        lists.list_share_revoke(army_list=army_list)
        messages.success(request, _("The share link is revoked; it no longer works."))
    elif action == "restore":
        lists.list_share_restore(army_list=army_list)
        messages.success(request, _("The share link works again."))
    else:
        lists.list_share_renew(army_list=army_list)
        messages.success(request, _("New share link made; the old one no longer works."))
    return redirect("list-detail", list_id=army_list.id)


@login_required
@require_http_methods(["GET", "POST"])
def list_delete(request, list_id):
    """Template: confirm_delete.html."""
    army_list = owned_or_404(request, list_id)
    if request.method == "POST":
        lists.list_delete(army_list=army_list)
        messages.success(request, _("List deleted."))
        return redirect("list-index")
    return render(request, "confirm_delete.html", {"army_list": army_list})


@login_required
def list_print(request, list_id):
    """Template: print.html (?layout=roster, the default) or print_cards.html
    (?layout=cards); ?paper=a4 (the default) or letter. The owner's print sheet, shared or
    not."""
    army_list = owned_or_404(request, list_id)
    choices, problems = print_sheet.print_choices(request)
    if problems:
        return print_sheet.refused(request, problems, base_url=request.path)
    holder = sessions.holder_of(request.session, create=False)
    workspace = selectors.list_workspace(holder=holder, army_list=army_list)
    context = print_sheet.sheet_context(readonly_context(army_list=army_list), choices)
    return render(
        request,
        print_sheet.TEMPLATES[choices["layout"]],
        {
            **context,
            "unsaved": workspace is not None and selectors.is_unsaved(workspace=workspace),
            "sheet_links": print_sheet.sheet_links(request.path),
        },
    )


@login_required
@require_POST
def list_duplicate(request, list_id):
    """From My lists: a copy of the owner's list, named apart ("… (copy)"), back to the
    overview where it stands first (the newest). Deleting the copy takes it back."""
    army_list = owned_or_404(request, list_id)
    copy = lists.list_copy(army_list=army_list, owner=request.user)
    messages.success(request, _("Copied to your lists as %(name)s.") % {"name": copy.name})
    return redirect("list-index")


def _words(army_list) -> dict:
    return presenter_of(rules_selectors.catalogue_for(system=army_list.system)).words
