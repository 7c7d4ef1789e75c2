"""The import page: a list file (an export) saved as a new list, or a BattleScribe / New
Recruit roster read and mapped by the same service as the API (``rosters``), then opened
in the builder as this browser's draft of its game, not saved, so the player checks it
first (a Boarding Action unit's base is only its type's default). The report goes along
as notices."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from armylists.builder.opening import open_document
from armylists.imports import rosters as imports_rosters
from armylists.imports.forms import ImportForm
from armylists.imports.rosters import looks_like_roster
from armylists.lists import services as lists
from armylists.lists.import_words import in_player_words
from rules.engine import DocumentError

MAX_NAMED = 20  # unmatched selections named in the notice


def roster_open(request, *, form):
    try:
        document, mapped = imports_rosters.roster_document(
            raw=form.cleaned_data["file"],
            system=form.cleaned_data.get("system") or None,
            path="file",
            pack=form.cleaned_data.get("pack") or None,
            reader=request.user,
        )
    except DocumentError as exc:
        return render(request, "import.html", {"form": form, "problems": exc.errors}, status=400)
    response = open_document(request, body=json.dumps(document.to_dict()).encode())
    if response.status_code >= 400:
        return response
    report = mapped.report
    matched = sum(1 for row in report if row["matched"])
    messages.success(
        request,
        ngettext(
            "Roster opened in the builder, not saved yet: %(matched)s of %(total)s "
            "selection matched.",
            "Roster opened in the builder, not saved yet: %(matched)s of %(total)s "
            "selections matched.",
            len(report),
        )
        % {"matched": matched, "total": len(report)},
    )
    missed = [row["selection"] for row in report if not row["matched"]]
    if missed:
        names = ", ".join(missed[:MAX_NAMED]) + (" …" if len(missed) > MAX_NAMED else "")
        messages.warning(
            request,
            _("Not matched (kept in the list and reported, or left out if a roster setting): "
              "%(names)s") % {"names": names},
        )
    if mapped.default_bases:
        messages.warning(
            request,
            _("Rosters have no base sizes: every base here is the default for its unit type. "
              "Check each one against your models and correct it before saving."),
        )
    return response


@login_required
@require_http_methods(["GET", "POST"])
def list_import(request):
    """Template: import.html. Upload an exported list; every problem reported by path."""
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    problems = []
    if request.method == "POST" and form.is_valid():
        if looks_like_roster(form.cleaned_data["file"]):
            return roster_open(request, form=form)
        try:
            army_list = lists.list_import(owner=request.user, body=form.cleaned_data["file"])
        except DocumentError as exc:
            problems = in_player_words(exc.errors, body=form.cleaned_data["file"])
        else:
            messages.success(request, _("List imported."))
            return redirect("list-detail", list_id=army_list.id)
    return render(
        request,
        "import.html",
        {"form": form, "problems": problems},
        status=400 if problems or form.errors else 200,
    )
