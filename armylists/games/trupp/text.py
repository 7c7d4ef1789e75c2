"""Trupp's text export: characters by alignment, each with its options and points."""

from django.utils.translation import gettext as _

from armylists.presenters.base import label_for
from armylists.presenters.text_layout import TextSection, entry_line


def text_sections(catalogue, entries, alignment_labels) -> list[TextSection]:
    order = list(catalogue.attributes.get("alignments") or alignment_labels)
    by_alignment: dict = {}
    for e in entries:
        value = e.card.attributes.get("alignment") if e.card is not None else None
        by_alignment.setdefault(value or "", []).append(e)
    order += sorted(set(by_alignment) - set(order))
    return [
        TextSection(
            label_for(alignment_labels, value) if value else _("Other"),
            tuple(entry_line(catalogue, e) for e in by_alignment[value]),
        )
        for value in order
        if value in by_alignment
    ]
