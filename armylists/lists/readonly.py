"""A list read, not edited: the shared page, the print sheet, an old version."""

from __future__ import annotations

from armylists.lists import changes, documents
from armylists.lists import rows as row_builders
from armylists.lists import services as lists
from armylists.lists.rows import row_words
from armylists.presenters import presenter_of
from armylists.web.pages import spoken
from rules.engine.document import build
from rules.engine.validation import rules_for


def readonly_context(*, army_list, document_data=None) -> dict:
    """The list (or, with ``document_data``, one of its old versions) checked against
    today's data, row by row, as the read-only pages show it."""
    if document_data is None:
        # Judged by the pack version the list is pinned to, if any.
        checked = lists.list_check_saved(army_list=army_list)
        data_changes = changes.data_changes(army_list=army_list, checked=checked)
    else:
        document = build(document_data)
        catalogue = lists.list_catalogue(army_list=army_list, document=document)
        checked = documents.document_check(document=document, catalogue=catalogue)
        data_changes = None
    extras = None if document_data is None else {}
    return checked_context(
        checked=checked, army_list=army_list, data_changes=data_changes, extras=extras
    )


def checked_context(*, checked, army_list=None, data_changes=None, extras=None) -> dict:
    """A checked list document, row by row, as the read-only pages show it. ``extras``:
    what the game shows beside a saved list (read from ``army_list`` when not given); a
    frozen copy with no saved list behind it (an event's submission) shows none."""
    catalogue = checked.catalogue
    presenter = presenter_of(catalogue)
    payload = documents.result_payload(checked=checked)
    document = checked.document
    rules = rules_for(catalogue.system)
    summary = (
        dict(rules.summary(catalogue, document, payload["points"]["entries"]))
        if rules.summary
        else {}
    )
    if extras is None:
        extras = (
            presenter.list_extras(army_list=army_list, catalogue=catalogue)
            if army_list is not None
            else {}
        )
    return extras | {
        "army_list": army_list,
        "catalogue": catalogue,
        "presenter": presenter,
        "words": spoken(presenter.words),
        "glossary": presenter.glossary(catalogue),
        "say": row_words(),  # said on every row: translated once
        "document": document,
        "checked": checked,
        "result": payload,
        "summary": summary,
        "rows": row_builders.entry_rows(
            document=document,
            catalogue=catalogue,
            payload=payload,
            presenter=presenter,
        ),
        "picks": row_builders.pick_rows(
            document=document, catalogue=catalogue, payload=payload, presenter=presenter
        ),
        "list_violations": row_builders.list_violations(payload),
        "data_changes": data_changes,
        "has_scoring": rules.scoring is not None,
    }
