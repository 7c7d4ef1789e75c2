"""The pack editor: each section of a pack as a table with the game's own columns
(``Presenter.pack_columns``), a row changed, added or removed by its key, every change
kept in the member's draft on the server and checked at once (the problems shown at
their cells), and the draft published as the next version with its note.

Plain forms: every row is its own form (its inputs name it with ``form=``), so it works
without JavaScript and Tab only walks the fields. Owner and editors only; 404 to anyone
else."""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from armylists.packs import draft_history as pack_draft_history
from armylists.packs import drafts as drafts
from armylists.packs import services as service
from armylists.packs.forms import PublishForm, RowForm
from armylists.packs.impact import draft_impact
from armylists.packs.views.access import pack_url, publishable_or_404
from armylists.packs.views.cells import cell_html
from armylists.presenters import presenter_for
from armylists.presenters.pack_columns import SECTION_LABELS
from rules.engine import pack_rows

ROWS_PER_PAGE = 100
_PATH = re.compile(r"^(?P<section>[a-z_]+)\[(?P<index>\d+)\](?:\.(?P<rest>.*))?$")


def _section(request, presenter) -> str:
    wanted = request.POST.get("section") or request.GET.get("section")
    sections = presenter.pack_sections()
    return wanted if wanted in sections else "cards" if "cards" in sections else sections[0]


def _column_of(columns, rest: str | None) -> str:
    for column in columns:
        prefixes = (column.path + ".", column.path + "[")
        if rest and (rest == column.path or rest.startswith(prefixes)):
            return column.field_name
    return "row"


def problems_by_cell(problems, document, section, columns):
    """{row key: {field name or "row": [messages]}}, and the problems of no row."""
    cells: dict = {}
    elsewhere = []
    index = pack_rows.row_index(document, section)
    for problem in problems:
        found = _PATH.match(problem.path)
        if not found or found["section"] != section or int(found["index"]) not in index:
            elsewhere.append(problem)
            continue
        key = index[int(found["index"])]
        field = _column_of(columns, found["rest"])
        cells.setdefault(key, {}).setdefault(field, []).append(problem.message)
    return cells, elsewhere


def _editor(request, pack, *, failed=None, status=200, publish_form=None):
    """The editor page; ``failed`` is (row key or "", RowForm) of a refused row."""
    presenter = presenter_for(pack.system)
    section = _section(request, presenter)
    columns = presenter.pack_columns(section)
    draft = drafts.draft_get(pack=pack, user=request.user)
    latest = pack.versions.order_by("-number").first()
    document = draft.document if draft else latest.document
    problems = drafts.draft_problems(draft=draft) if draft else []
    cells, elsewhere = problems_by_cell(problems, document, section, columns)
    page = Paginator(pack_rows.rows_of(document, section), ROWS_PER_PAGE).get_page(
        request.POST.get("page") or request.GET.get("page")
    )
    add_form = failed[1] if failed and failed[0] == "" else None
    context = {
        "pack": pack,
        "draft": draft,
        "latest": latest,
        "section": section,
        "sections": [(s, SECTION_LABELS.get(s, s)) for s in presenter.pack_sections()],
        "columns": columns,
        "rows": _rows(page.object_list, columns, cells, failed),
        "page": page,
        "problems": problems,
        "elsewhere": elsewhere,
        "listed": _listed(cells, columns),
        "add_cells": _cells(columns, add_form.data if add_form else {}, {}, add_form,
                            form_id="add-row-form", label=_("new row")),
        "publish_form": publish_form or PublishForm(),
        "stale": draft is not None and latest.number != draft.base_version,
        **_draft_parts(request, draft, problems),
    }
    return render(request, "packs/editor.html", context, status=status)


def _draft_parts(request, draft, problems) -> dict:
    """What Undo and Redo would do, and what publishing would change for the author's
    lists: only a draft without problems can be judged (a list cannot be priced by a
    card that is not there)."""
    if draft is None:
        return {"undo_label": None, "redo_label": None, "impact": None}
    history = pack_draft_history.draft_history(draft=draft)
    return {
        "undo_label": step_label(history.undo) if history.undo else None,
        "redo_label": step_label(history.redo) if history.redo else None,
        "impact": None if problems else draft_impact(draft=draft, user=request.user),
    }


def _listed(cells: dict, columns) -> list[tuple]:
    """The problems at cells as a list linking to their rows (on a phone the cell may
    be off screen): (row key, column label, message), at most 50."""
    labels = {c.field_name: c.label for c in columns}
    return [
        (key, labels.get(field, ""), message)
        for key, fields in cells.items()
        for field, found in fields.items()
        for message in found
    ][:50]


def _rows(rows, columns, cells, failed) -> list[dict]:
    shown = []
    for row in rows:
        key = row.get("key")
        form = failed[1] if failed and failed[0] == key else None
        values = form.data if form else {c.field_name: c.shown(row) for c in columns}
        problems = cells.get(key, {})
        shown.append(
            {
                "key": key,
                "cells": _cells(columns, values, problems, form, form_id=f"row-form-{key}",
                                label=key),
                "row_problems": problems.get("row", [])
                + (list(form.non_field_errors()) if form is not None else []),
            }
        )
    return shown


def _cells(columns, values, problems, form, *, form_id: str, label: str):
    errors = form.errors if form is not None else {}
    cells = []
    for c in columns:
        found = list(problems.get(c.field_name, [])) + list(errors.get(c.field_name, []))
        value = values.get(c.field_name, "")
        cells.append({
            "column": c,
            "name": c.field_name,
            "value": value,
            "problems": found,
            "html": cell_html(c, name=c.field_name, value=value, problems=found,
                              form_id=form_id, label=label),
        })  # fmt: skip
    return cells


def _back(pack, section, page=None, key=None):
    url = f"{reverse('pack-editor', args=[pack.id])}?section={section}"
    if page:
        url += f"&page={page}"
    return url + (f"#row-{key}" if key else "")


@login_required
def pack_editor(request, pack_id):
    """Template: packs/editor.html."""
    pack = publishable_or_404(request, pack_id)
    return _editor(request, pack)


@login_required
@require_POST
def pack_row(request, pack_id):
    """Change one row, addressed by its key (``row``); a new key renames it."""
    pack = publishable_or_404(request, pack_id)
    presenter = presenter_for(pack.system)
    section = _section(request, presenter)
    key = request.POST.get("row", "")[:100]
    form = RowForm(request.POST, columns=presenter.pack_columns(section))
    if not form.is_valid():
        return _editor(request, pack, failed=(key, form), status=400)
    change = {"section": section, "key": key, "values": form.values(),
              "new_key": form.cleaned_data.get("key")}
    draft = drafts.draft_get(pack=pack, user=request.user)
    try:
        # A row saved as it was starts no draft and no step for Undo to take back.
        current = draft.document if draft else pack.versions.order_by("-number").first().document
        if drafts.row_changed(current, **change) is None:
            messages.info(request, _("Nothing changed in %(key)s.") % {"key": key})
            return redirect(_back(pack, section, request.POST.get("page"), key))
        drafts.draft_change_row(draft=draft or drafts.draft_start(pack=pack, user=request.user),
                                **change)
    except service.PackRefused as refused:
        for problem in refused.problems:
            form.add_error("key" if problem.path == "key" else None, problem.message)
        return _editor(request, pack, failed=(key, form), status=400)
    return redirect(_back(pack, section, request.POST.get("page"), form.cleaned_data["key"]))


@login_required
@require_POST
def pack_row_add(request, pack_id):
    pack = publishable_or_404(request, pack_id)
    presenter = presenter_for(pack.system)
    section = _section(request, presenter)
    form = RowForm(request.POST, columns=presenter.pack_columns(section))
    if not form.is_valid():
        return _editor(request, pack, failed=("", form), status=400)
    draft = drafts.draft_start(pack=pack, user=request.user)
    row = {"key": form.cleaned_data["key"], **presenter.pack_new_row(section, draft.document)}
    for path, value in form.values().items():
        if isinstance(value, drafts.RefKeys):
            pack_rows.set_refs(row, path, list(value))
        elif value is not None:  # a blank cell keeps the game's default for a new row
            pack_rows.set_value(row, path, value)
    try:
        drafts.draft_add_row(draft=draft, section=section, row=row)
    except service.PackRefused as refused:
        for problem in refused.problems:
            form.add_error("key" if problem.path == "key" else None, problem.message)
        return _editor(request, pack, failed=("", form), status=400)
    return redirect(_back(pack, section, None, row["key"]))


@login_required
@require_POST
def pack_row_remove(request, pack_id):
    pack = publishable_or_404(request, pack_id)
    section = _section(request, presenter_for(pack.system))
    key = request.POST.get("row", "")[:100]
    draft = drafts.draft_start(pack=pack, user=request.user)
    try:
        drafts.draft_remove_row(draft=draft, section=section, key=key)
    except service.PackRefused:
        messages.error(request, _("No row has that key (any more)."))
    else:
        messages.success(request, _("Row %(key)s removed from the draft.") % {"key": key})
    return redirect(_back(pack, section, request.POST.get("page")))


@login_required
@require_POST
def pack_draft_discard(request, pack_id):
    pack = publishable_or_404(request, pack_id)
    drafts.draft_discard(pack=pack, user=request.user)
    messages.success(request, _("Draft discarded."))
    return redirect(reverse("pack-editor", args=[pack.id]))


@login_required
@require_POST
def pack_draft_publish(request, pack_id):
    """The draft as the next version; 409 when someone else published meanwhile."""
    pack = publishable_or_404(request, pack_id)
    form = PublishForm(request.POST)
    draft = drafts.draft_get(pack=pack, user=request.user)
    if draft is None:
        form.add_error(None, _("Nothing to publish: change a row first."))
    if not form.is_valid():
        return _editor(request, pack, publish_form=form, status=400)
    try:
        note = form.cleaned_data["note"]
        version = drafts.draft_publish(draft=draft, user=request.user, note=note)
    except service.StaleBase as stale:
        message = _(
            "Someone else published version %(latest)s after your draft started from "
            "version %(base)s: see what changed, then discard your draft and edit the latest."
        ) % {"latest": stale.latest, "base": draft.base_version}
        form.add_error(None, message)
        return _editor(request, pack, publish_form=form, status=409)
    except service.PackRefused as refused:
        for problem in refused.problems:
            form.add_error(None, _publish_problem(problem, draft))
        return _editor(request, pack, publish_form=form, status=400)
    messages.success(request, _("Published version %(n)s.") % {"n": version.number})
    return redirect(pack_url(pack))


def _publish_problem(problem, draft) -> str:
    """A refusal in the reader's words where we know it; else where it is and why."""
    if problem.code == "unchanged":
        return _(
            "Nothing to publish: your draft is the same as version %(n)s. Change a row "
            "first, or discard the draft."
        ) % {"n": draft.base_version}
    return f"{problem.path.removeprefix('document.')}: {problem.message}"


def _step(request, pack_id, *, undo: bool):
    pack = publishable_or_404(request, pack_id)
    section = _section(request, presenter_for(pack.system))
    draft = drafts.draft_get(pack=pack, user=request.user)
    try:
        if draft is None:
            raise service.PackRefused([])
        move = pack_draft_history.draft_undo if undo else pack_draft_history.draft_redo
        step = move(draft=draft)
    except service.PackRefused:
        messages.error(request, _("Nothing to undo.") if undo else _("Nothing to redo."))
        return redirect(_back(pack, section, request.POST.get("page")))
    done = _("Undone: %(what)s.") if undo else _("Redone: %(what)s.")
    messages.success(request, done % {"what": step_label(step)})
    # Back to the section the step was in, where its row is (when it still is).
    return redirect(_back(pack, step.section, None, step.key))


def step_label(step) -> str:
    """What a step did, for its button and message ("changed row nordgaard-ogre")."""
    labels = {
        "changed": _("change of %(key)s"),
        "added": _("new row %(key)s"),
        "removed": _("removal of %(key)s"),
    }
    return labels.get(step.action, "%(key)s") % {"key": step.key}


@login_required
@require_POST
def pack_draft_undo(request, pack_id):
    """Take the draft's last change back."""
    return _step(request, pack_id, undo=True)


@login_required
@require_POST
def pack_draft_redo(request, pack_id):
    """Do the change undo took back last again."""
    return _step(request, pack_id, undo=False)
