"""Everything the builder template shows, from a document and its checked result. Generic:
what is particular to a game comes from its presenter (words, groups, fragments)."""

from __future__ import annotations

from rules.engine import DocumentError
from rules.engine.validation import rules_for

from ..services import changes, documents, pack_updates, workspaces
from . import rows as row_builders
from .entry_choices import row_words
from .helpers import spoken
from .undo_labels import label_text


def builder_context(
    *,
    request,
    catalogue,
    presenter,
    document,
    workspace=None,
    army_list=None,
    history=None,
    errors=None,
    problems=None,
    conflict=None,
    confirm=None,
    moved=None,
    carry: bool = True,
) -> dict:
    """The builder's template context. ``errors``: field errors of the last post;
    ``problems``: a refused document's; ``confirm``: a removal waiting for a yes;
    ``moved``: an undo or redo refused because the list moved on elsewhere."""
    problems = list(problems or [])
    try:
        checked = documents.document_check(document=document, catalogue=catalogue)
    except DocumentError as exc:
        checked, problems = None, problems + exc.errors
    payload = documents.result_payload(checked=checked) if checked else None
    data_changes = None
    if checked is not None and army_list is not None and army_list.document == document.to_dict():
        data_changes = changes.data_changes(army_list=army_list, checked=checked)
    if checked is not None:
        # Keys the game data renamed are shown (and posted back) as their new keys.
        document = checked.document
    rules = rules_for(catalogue.system)
    summary = (
        dict(rules.summary(catalogue, document, payload["points"]["entries"]))
        if (payload and rules.summary)
        else {}
    )
    summary["default_limit"] = rules.limit(catalogue, _without_limit(document))
    rows = row_builders.entry_rows(
        document=document,
        catalogue=catalogue,
        payload=payload,
        presenter=presenter,
        history=history,
        errors=errors,
    )
    picks = row_builders.pick_rows(
        document=document, catalogue=catalogue, payload=payload, presenter=presenter, errors=errors
    )
    undo_label, redo_label = (
        (label_text(step, catalogue, presenter) for step in workspaces.next_labels(workspace))
        if workspace
        else (None, None)
    )
    unsaved = workspace is not None and workspaces.is_unsaved(workspace=workspace)
    stale = bool(
        workspace is not None
        and army_list is not None
        and workspace.base_version is not None
        and workspace.base_version != army_list.version
    )
    points = payload["points"] if payload else {}
    # how far the total is over the limit (0 when within it): the bar and the words say so
    over = max(0, points["total"] - points["limit"]) if points.get("limit") is not None else 0
    newer = (
        pack_updates.newer_version(checked=checked, user=request.user)
        if checked is not None and army_list is not None
        else None
    )
    words, glossary = spoken(presenter.words), presenter.glossary(catalogue)
    return {
        "newer": newer,
        "catalogue": catalogue,
        "presenter": presenter,
        "words": words,
        "glossary": glossary,
        # Said on every entry's row: translated once here, not once per row.
        "say": row_words(),
        "pts_label": row_builders.abbreviated(words["pts"], glossary),
        "document": document,
        "workspace": workspace,
        "revision": workspace.revision if workspace else 0,
        # The steps Undo and Redo offer, by id: the server replays only the one shown.
        "undo_step": (workspaces.top_step(workspace, "undo") or "") if workspace else "",
        "redo_step": (workspaces.top_step(workspace, "redo") or "") if workspace else "",
        "army_list": army_list,
        "checked": checked,
        "result": payload,
        "rows": rows,
        "picks": picks,
        "shop": row_builders.action_shop(
            catalogue=catalogue, role=document.role, presenter=presenter
        ),
        "groups": row_builders.catalogue_groups(
            catalogue=catalogue, document=document, presenter=presenter
        ),
        "summary": summary,
        "list_violations": row_builders.list_violations(payload),
        "error_summary": row_builders.error_summary(payload=payload, rows=rows, picks=picks),
        "roles": [(r, presenter.role_label(r)) for r in presenter.roles(catalogue)],
        "unit_types": presenter.unit_types(catalogue),
        "custom_units": bool(catalogue.attributes.get("custom_units")),
        "field_errors": list(errors or []),
        "header_errors": [e for e in errors or [] if e.entry_id is None],
        "typed": {e.name: e.typed for e in errors or [] if e.entry_id is None and e.typed},
        "problems": problems,
        "conflict": conflict,
        "stale": stale and not conflict,
        "confirm": confirm,
        "moved": moved,
        "unsaved": unsaved,
        "undo_label": undo_label,
        "redo_label": redo_label,
        "data_changes": data_changes,
        "over_limit": bool(over),
        "over_by": over,
        "carry": _carry(request) if carry else {},
    }


def _without_limit(document):
    import msgspec

    return msgspec.structs.replace(document, battle_size=None)


def _carry(request) -> dict:
    """What was typed into the add-a-custom-unit form, kept across other edits."""
    data = request.POST if request.method == "POST" else {}
    return {k[len("custom-") :]: data[k] for k in data if k.startswith("custom-")}
