"""Godslayer's text export: the Warlord first, then individual models, then units with
their size; items on each line and points per entry (the total against the battle size is
the writer's)."""

from django.utils.translation import gettext as _

from armylists.presenters.text_layout import TextSection, entry_line


def text_sections(catalogue, entries) -> list[TextSection]:
    known = [e for e in entries if e.card is not None]
    groups = [
        (_("Warlord"), [e for e in known if e.card.warlord]),
        (_("Individual models"), [e for e in known if not e.card.warlord and not e.card.is_unit]),
        (_("Units"), [e for e in known if e.card.is_unit]),
        # Cards the data does not know (reported as unknown_key): kept, never dropped.
        (_("Unknown cards"), [e for e in entries if e.card is None]),
    ]
    return [
        TextSection(title, tuple(entry_line(catalogue, e) for e in found))
        for title, found in groups
        if found
    ]
