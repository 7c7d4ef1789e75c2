"""Everything the builder template shows, from a document and its checked result. Generic:
what is particular to a game comes from its presenter (words, groups, fragments)."""

from __future__ import annotations

from armylists.builder import workspaces
from armylists.builder.choices import Choices
from armylists.builder.tools import add_tools
from armylists.builder.undo_labels import label_text
from armylists.lists import changes, documents, pack_updates, selectors
from armylists.lists import rows as row_builders
from armylists.lists.rows import row_words
from armylists.web.pages import spoken
from rules.engine import DocumentError
from rules.engine.validation import rules_for


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
    saved = _saved_list(request, army_list=army_list, workspace=workspace, checked=checked,
                        document=document)
    if checked is not None:
        # Keys the game data renamed are shown (and posted back) as their new keys.
        document = checked.document
    rows = row_builders.entry_rows(
        document=document,
        catalogue=catalogue,
        payload=payload,
        presenter=presenter,
        history=history,
        errors=errors,
        choices=Choices(catalogue, presenter),
    )
    picks = row_builders.pick_rows(
        document=document, catalogue=catalogue, payload=payload, presenter=presenter, errors=errors
    )
    words, glossary, say = spoken(presenter.words), presenter.glossary(catalogue), row_words()
    add_tools(rows, say)
    return {
        "catalogue": catalogue,
        "presenter": presenter,
        "words": words,
        "glossary": glossary,
        # Said on every entry's row: translated once here, not once per row.
        "say": say,
        "pts_label": row_builders.abbreviated(words["pts"], glossary),
        "document": document,
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
        "summary": _summary(catalogue, document, payload),
        "list_violations": row_builders.list_violations(payload),
        "error_summary": row_builders.error_summary(payload=payload, rows=rows, picks=picks),
        "roles": presenter.role_choices(catalogue, document),
        "role_title": presenter.role_title(catalogue, document),
        "unit_types": presenter.unit_types(catalogue),
        "custom_units": bool(catalogue.attributes.get("custom_units")),
        "problems": problems,
        "conflict": conflict,
        "confirm": confirm,
        "moved": moved,
        "carry": _carry(request) if carry else {},
        **_field_errors(errors),
        **_steps(workspace, catalogue, presenter),
        **_over_limit(payload),
        **saved,
        "stale": saved["stale"] and not conflict,
    }


def _saved_list(request, *, army_list, workspace, checked, document) -> dict:
    """What the page says of the saved list being edited: the game data that changed
    since it was saved, a newer version of its pack, whether it moved on elsewhere."""
    found = {"data_changes": None, "newer": None, "stale": False}
    if army_list is None:
        return found
    if checked is not None:
        if army_list.document == document.to_dict():
            found["data_changes"] = changes.data_changes(army_list=army_list, checked=checked)
        found["newer"] = pack_updates.newer_version(checked=checked, user=request.user)
    found["stale"] = bool(
        workspace is not None
        and workspace.base_version is not None
        and workspace.base_version != army_list.version
    )
    return found


def _summary(catalogue, document, payload) -> dict:
    """The game's summary of the list (e.g. its unit counts) and the limit it would have
    without one set."""
    rules = rules_for(catalogue.system)
    summary = (
        dict(rules.summary(catalogue, document, payload["points"]["entries"]))
        if (payload and rules.summary)
        else {}
    )
    summary["default_limit"] = rules.limit(catalogue, _without_limit(document))
    return summary


def _field_errors(errors) -> dict:
    errors = list(errors or [])
    return {
        "field_errors": errors,
        "header_errors": [e for e in errors if e.entry_id is None],
        "typed": {e.name: e.typed for e in errors if e.entry_id is None and e.typed},
    }


def _steps(workspace, catalogue, presenter) -> dict:
    """Undo and redo: the steps offered (by id: the server replays only the one shown)
    and their words, the workspace's revision, whether it holds unsaved edits."""
    if workspace is None:
        return {"workspace": None, "revision": 0, "undo_step": "", "redo_step": "",
                "undo_label": None, "redo_label": None, "unsaved": False}
    undo_label, redo_label = (
        label_text(step, catalogue, presenter) for step in workspaces.next_labels(workspace)
    )
    return {
        "workspace": workspace,
        "revision": workspace.revision,
        "undo_step": workspaces.top_step(workspace, "undo") or "",
        "redo_step": workspaces.top_step(workspace, "redo") or "",
        "undo_label": undo_label,
        "redo_label": redo_label,
        "unsaved": selectors.is_unsaved(workspace=workspace),
    }


def _over_limit(payload) -> dict:
    """How far the total is over the limit (0 when within it): the bar and the words
    say so."""
    points = payload["points"] if payload else {}
    over = max(0, points["total"] - points["limit"]) if points.get("limit") is not None else 0
    return {"over_limit": bool(over), "over_by": over}


def _without_limit(document):
    import msgspec

    return msgspec.structs.replace(document, battle_size=None)


def _carry(request) -> dict:
    """What was typed into the add-a-custom-unit form, kept across other edits."""
    data = request.POST if request.method == "POST" else {}
    return {k[len("custom-") :]: data[k] for k in data if k.startswith("custom-")}
