"""The one service layer: pages and API views both call these functions.

Services take keyword-only arguments; they load what they need from the database
(through ``rules.selectors``), then compute on plain objects with the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from rules import selectors
from rules.engine import Catalogue, DocumentError, ListDocument, ProblemAt, Result, validate
from rules.engine import document as documents
from rules.engine.validation import UnknownSystem, rules_for


@dataclass(frozen=True)
class Checked:
    """A parsed, well-formed document with its game data and validation result."""

    document: ListDocument
    catalogue: Catalogue
    result: Result


def document_parse(*, data) -> tuple[ListDocument, Catalogue]:
    """Schema-check ``data`` and find its game system, or raise DocumentError (a 400)."""
    document = documents.parse(data)
    catalogue = selectors.catalogue_get(key=document.system)
    if catalogue is None:
        known = ", ".join(s.key for s in selectors.system_list()) or "none loaded"
        raise DocumentError(
            [ProblemAt("system", f"unknown game system '{document.system}' (known: {known})")]
        )
    try:
        rules_for(catalogue.system)
    except UnknownSystem:
        raise DocumentError(
            [ProblemAt("system", f"no rules are installed for '{document.system}'")]
        ) from None
    return document, catalogue


def list_check(*, data) -> Checked:
    document, catalogue = document_parse(data=data)
    return Checked(document=document, catalogue=catalogue, result=validate(catalogue, document))


def result_payload(*, checked: Checked) -> dict:
    """The validate contract: valid, points, violations (messages in the active language),
    plus a per-entry breakdown with names and effective stats."""
    result, catalogue = checked.result, checked.catalogue
    return {
        "valid": result.valid,
        "points": {
            "total": result.points.total,
            "limit": result.points.limit,
            "entries": result.points.entries,
        },
        "violations": [
            v.as_dict(message=gettext(v.template).format(**v.params)) for v in result.violations
        ],
        "system": catalogue.system,
        "data_version": catalogue.data_version,
        "sample_data": catalogue.sample_data,
        "breakdown": entry_breakdown(checked=checked),
    }


def entry_breakdown(*, checked: Checked) -> list[dict]:
    catalogue, document = checked.catalogue, checked.document
    rules = rules_for(catalogue.system)
    rows = []
    for i, entry in enumerate(document.entries):
        card = catalogue.cards.get(entry.card) if entry.card else None
        row = {
            "entry": i,
            "card": entry.card,
            "name": card.name if card else (entry.custom.name if entry.custom else entry.card),
            "count": entry.count,
            "size": entry.size
            if entry.size is not None
            else (card.core_size if card and card.is_unit else None),
            "points": checked.result.points.entries[i],
            "known": card is not None or entry.custom is not None,
        }
        if card is not None and card.stats:
            row["stats"] = rules.stats_for(card, entry, catalogue)
        rows.append(row)
    return rows


def list_validate(*, data) -> dict:
    """Validate a list document: the whole answer of ``POST /api/v1/validate/``."""
    return result_payload(checked=list_check(data=data))
