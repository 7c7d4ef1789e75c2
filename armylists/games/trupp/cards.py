"""Trupp's card blocks on the cards print sheet: every stat row by wounds taken (the
engine's rows with the equipment and options applied), alignment, what the character
comes with and its abilities and included spells, each with what it does."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.presenters.names import stat_labels
from armylists.presenters.play_cards import number_track, track
from armylists.presenters.print_cards import item_lines, section
from rules.systems import trupp


def described(lines: list[dict]) -> list[str]:
    return [f"{i['name']}: {'; '.join(i['effect'])}" if i["effect"] else i["name"] for i in lines]


def _stat_rows(card, entry, catalogue) -> dict:
    """Every stat row by wounds taken, with the equipment and options applied; a cell
    that differs from the printed card also shows the printed value."""
    labels = stat_labels(catalogue)
    rows = trupp.effective_stat_rows(card, entry, catalogue)
    keys = [k for k in (rows[0] if rows else {}) if any(r.get(k) is not None for r in rows)]
    printed = card.attributes.get("stat_rows") or [card.stats]
    return {
        "columns": [labels.get(k, k) for k in keys],
        "rows": [
            {
                "wounds": wounds,
                "cells": [
                    {
                        "value": r.get(k),
                        "base": base.get(k) if base.get(k) != r.get(k) else None,
                    }
                    for k in keys
                ],
            }
            for wounds, (r, base) in enumerate(zip(rows, printed, strict=False))
        ],
    }


def print_card(presenter, block: dict, *, row: dict, catalogue) -> dict:
    card = row["card"]
    if card is None:
        return block
    block["stat_rows"] = _stat_rows(card, row["entry"], catalogue)
    attributes = card.attributes
    facts = [(_("Alignment"), presenter.alignment_label(attributes.get("alignment")))]
    if attributes.get("mook"):
        facts.append((_("Mook"), _("may be fielded more than once")))
    block["facts"] = facts
    equipment = item_lines(catalogue, attributes.get("equipment") or ())
    block["sections"] = [
        s
        for s in (
            section(_("Comes with"), described(equipment)),
            section(_("Abilities"), attributes.get("abilities") or ()),
            section(
                _("Spells included"),
                described(item_lines(catalogue, attributes.get("included_spells") or ())),
            ),
        )
        if s
    ]
    return block


def play_tracks(row: dict, *, catalogue) -> list:
    """A box per wound the sheet has a row for (box n: n wounds taken, the row beside it
    applies); one wound more than the sheet lists takes the character out."""
    card = row["card"]
    rows = trupp.effective_stat_rows(card, row["entry"], catalogue) if card is not None else []
    return [
        number_track("wounds", _("Wounds taken"), len(rows)),
        track("out", _("Out"), [_("out")]),
    ]
