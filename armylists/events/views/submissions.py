"""A player's submit and withdraw, and the read-only pages of a submission: the frozen
copy with its print sheets and play view, and the organiser's exports.

A submission's pages show the frozen copy (the snapshot), never the live list: what was
submitted is what everyone sees, whatever the player did to his list afterwards. Before
the reveal they are ``no-store`` like every event page; after it a player may keep the
lists he opened on his phone for the table (``private``: the service worker keeps them,
per account, as it keeps his own lists).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from armylists.events import reports, selectors, services, submitting
from armylists.events.borrowed import document_check, snapshots
from armylists.events.borrowed_web import (
    checked_context,
    print_choices,
    refused,
    sheet_context,
    sheet_links,
)
from armylists.events.downloads import export_answer
from armylists.events.forms import SubmitForm
from armylists.events.views.events import event_context, lists_of, private_page, role_or_404

KEEPABLE = "private, no-cache"  # after the reveal: kept on the device, asked for each time
NEVER_KEPT = "private, no-store, max-age=0"


def _player_or_404(request, event_id):
    role = role_or_404(request, event_id)
    if not role.player:
        raise Http404
    return role


def _says(submission) -> str:
    if submission.valid:
        return _("Submitted: your list is legal.")
    problems = len(submission.snapshot.validation.get("violations", []))
    return ngettext(
        "Submitted, but your list is not legal: %(n)s problem (see below).",
        "Submitted, but your list is not legal: %(n)s problems (see below).",
        problems,
    ) % {"n": problems}


@private_page
@require_POST
def event_submit(request, event_id):
    """Submit a saved list; a list on other data than the event's (another pack version,
    another battle size) is first shown what the event judges it on, to confirm."""
    role = _player_or_404(request, event_id)
    now = timezone.now()
    form = SubmitForm(request.POST, lists=lists_of(request.user, role.event))
    if not form.is_valid():
        return _event_page(request, role, now, form)
    try:
        army_list = submitting.list_of_player(role=role, list_id=form.cleaned_data["list"])
        original, copy = submitting.frozen_copy(event=role.event, army_list=army_list)
        differs = original.pack != copy.pack or original.battle_size != copy.battle_size
        if differs and not form.cleaned_data["confirm"]:
            return render(request, "events/confirm.html", {
                "event": role.event, "army_list": army_list, "original": original, "copy": copy,
            })  # fmt: skip
        submission = submitting.event_submit(role=role, list_id=army_list.pk, now=now)
    except services.EventRefused as exc:
        for problem in exc.problems:
            form.add_error("list", problem.message)
        return _event_page(request, role, now, form)
    except services.EventConflict as exc:
        messages.error(request, exc.message)
        return redirect("event-detail", event_id=role.event.pk)
    if submission.valid:
        messages.success(request, _says(submission))
    else:
        messages.warning(request, _says(submission))
    return redirect(reverse("event-detail", args=[role.event.pk]) + "#mine")


def _event_page(request, role, now, form):
    context = event_context(request, role, now) | {"submit_form": form}
    return render(request, "events/detail.html", context, status=400)


@private_page
@require_POST
def event_withdraw(request, event_id):
    """Withdraw the list that counts (kept on record); until the close, submit again."""
    role = _player_or_404(request, event_id)
    try:
        submitting.event_withdraw(role=role, now=timezone.now())
    except services.NothingToWithdraw:
        messages.info(request, _("You have no list submitted."))
    except services.EventConflict as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Withdrawn: the organiser sees no list of yours now."))
    return redirect("event-detail", event_id=role.event.pk)


@private_page
def event_export(request, event_id):
    """An export as a download (the organiser's and staff's; else 404): ?format=json,
    text or csv."""
    role = role_or_404(request, event_id)
    if not role.sees_all:
        raise Http404
    fmt = request.GET.get("format", "json")
    if fmt not in reports.EXPORT_FORMATS:
        raise Http404
    return export_answer(role.event, fmt)


# -- a submission, read-only ------------------------------------------------------------


def _frozen(request, event_id, submission_id):
    """(role, submission, read-only context of its frozen copy, now) for whoever may
    read it; else 404."""
    now = timezone.now()
    role = role_or_404(request, event_id)
    submission = selectors.submission_for(role=role, submission_id=submission_id, now=now)
    if submission is None:
        raise Http404
    catalogue = selectors.event_catalogue(role.event)
    if catalogue is None:
        raise Http404
    document = snapshots.snapshot_document(snapshot=submission.snapshot)
    checked = document_check(document=document, catalogue=catalogue)
    context = checked_context(checked=checked, extras={}) | {
        "event": role.event,
        "role": role,
        "submission": submission,
        "frozen": reports.summary(submission, catalogue, reader=request.user),
        "revealed": role.event.is_revealed(now),
    }
    return role, submission, context, now


def _kept_after_reveal(response, context):
    """Its own cache rule (not ``never_cache``, which would add no-store after the view):
    kept on the device only after the reveal."""
    response["Cache-Control"] = KEEPABLE if context["revealed"] else NEVER_KEPT
    return response


@login_required
def submission_page(request, event_id, submission_id):
    """Template: events/submission.html. The frozen copy as judged, its hash, and links
    to its print sheets and play view."""
    _role, _submission, context, _now = _frozen(request, event_id, submission_id)
    return _kept_after_reveal(render(request, "events/submission.html", context), context)


@login_required
def submission_print(request, event_id, submission_id):
    """Template: events/submission_print.html (?layout=roster) or
    events/submission_print_cards.html (?layout=cards)."""
    _role, submission, context, _now = _frozen(request, event_id, submission_id)
    base = request.path
    choices, problems = print_choices(request)
    if choices is None:
        return _kept_after_reveal(refused(request, problems, base_url=base), context)
    context = sheet_context(context, choices) | {"sheet_links": sheet_links(base)}
    template = ("events/submission_print_cards.html" if choices["layout"] == "cards"
                else "events/submission_print.html")  # fmt: skip
    return _kept_after_reveal(render(request, template, context), context)


@login_required
def submission_play(request, event_id, submission_id):
    """Template: events/submission_play.html. The frozen copy on a phone at the table;
    ticks stay on the device, per submission."""
    _role, submission, context, _now = _frozen(request, event_id, submission_id)
    context |= context["presenter"].play_cards(context)
    context["ticks_key"] = f"muster-event:{submission.event_id}:{submission.pk}"
    return _kept_after_reveal(render(request, "events/submission_play.html", context), context)
