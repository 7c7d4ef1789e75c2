"""What a list's text export says, before it is written out as plain text, Markdown or
the compact form (``armylists.lists.text_export`` writes it).

A game's presenter lays its list out in the parts its players expect (``text_sections``,
``text_facts``); this module holds those parts and the neutral layout every game starts
from: one section of entries, each with its count, size, items and points. The parts are
words and numbers only; how they look (bullets, bold, one line or many) is the writer's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import ngettext

from armylists.presenters.names import item_names, local_name
from rules.engine import Card, Catalogue


@dataclass(frozen=True)
class TextEntry:
    """One entry of the list as the text shows it (built once by the writer)."""

    index: int
    id: str | None
    card: Card | None
    custom: object | None  # the entry's CustomUnit, for a unit the player typed in
    name: str  # the card's (or custom unit's) name in the reader's language
    title: str | None  # the name the player gave this model, if any
    count: int
    size: int | None
    items: tuple[str, ...]
    options: tuple[str, ...]
    points: int | None
    facts: dict = field(default_factory=dict)  # the engine's breakdown row


@dataclass(frozen=True)
class TextLine:
    """One line of a section: "3× Ogre Huscarl", its details ("3 models", items), its points
    and notes under it (a fighter's experience and injuries)."""

    label: str
    points: int | None = None
    details: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextSection:
    title: str
    lines: tuple[TextLine, ...]


def entry_label(entry: TextEntry) -> str:
    """"2× Ogre Huscarl", or "Thorvald (Gestir Captain)" for a model the player named."""
    label = f"{entry.title} ({entry.name})" if entry.title and entry.title != entry.name else (
        entry.name
    )
    return f"{entry.count}× {label}" if entry.count > 1 else label


def models_detail(entry: TextEntry) -> tuple[str, ...]:
    """"5 models" for a unit (a card of a size); nothing for a single model."""
    if entry.card is not None and entry.card.is_unit and entry.size:
        return (ngettext("%(n)s model", "%(n)s models", entry.size) % {"n": entry.size},)
    return ()


def chosen_names(catalogue: Catalogue, entry: TextEntry) -> tuple[str, ...]:
    """The entry's items and options by name; the same item twice as "2× Dagger"."""
    names = item_names(catalogue, entry.items) + item_names(catalogue, entry.options)
    counted: dict[str, int] = {}
    for name in names:
        counted[name] = counted.get(name, 0) + 1
    return tuple(f"{n}× {name}" if n > 1 else name for name, n in counted.items())


def entry_line(catalogue: Catalogue, entry: TextEntry, *extra: str, notes=()) -> TextLine:
    """The neutral line of an entry: label, size, ``extra`` details, items, points."""
    details = (*models_detail(entry), *extra, *chosen_names(catalogue, entry))
    return TextLine(entry_label(entry), entry.points, details, tuple(notes))


def neutral_sections(presenter, catalogue: Catalogue, entries) -> list[TextSection]:
    """Every entry in one section, in the list's order."""
    if not entries:
        return []
    return [
        TextSection(
            str(presenter.words["catalogue"]),
            tuple(entry_line(catalogue, e) for e in entries),
        )
    ]


def faction_name(catalogue: Catalogue, key) -> str | None:
    if not key:
        return None
    return local_name(catalogue.factions.get(key), key)


def pick_lines(catalogue: Catalogue, document, prices) -> tuple[TextLine, ...]:
    """Bought special actions: name (and variant), uses, points."""
    lines = []
    for k, pick in enumerate(document.special_actions):
        action = catalogue.special_actions.get(pick.action)
        name = local_name(action, pick.action)
        if pick.variant:
            variants = {v.key: v.name for v in (action.variants if action else ())}
            name = f"{name}: {variants.get(pick.variant, pick.variant)}"
        uses = ngettext("%(n)s use", "%(n)s uses", pick.count) % {"n": pick.count}
        lines.append(TextLine(name, prices[k] if k < len(prices) else None, (uses,)))
    return tuple(lines)
