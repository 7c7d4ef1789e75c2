"""The choice a Mordheim warband makes when it is founded (docs/rules/mordheim.md,
"Choices a warband makes"): a Tilean warband's city (Miragliano, Remas, Trantio), a
Marauder warband's tribe (Norse, Kurgan, Hung).

The pack gives a warband type its choices (``attributes.choices``: a ``label`` and
``options``, each with its ``key``, ``name`` and what it changes: ``starting_gold``,
``max_size``), and a fighter card what each option changes for him
(``attributes.by_choice``: ``{option: {"stat_bonus": {...}, "skill_lists": [...]}}``).
The list document names its option in ``role``. Imports nothing of the rest of the
game's package, which reads it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from rules.engine.catalogue import Card, Catalogue, Faction
from rules.engine.document import ListDocument
from rules.engine.validation import Context, Validator
from rules.engine.violations import N_, Violation

# The labels the pack gives choices, as words of the rules (translated with a message).
LABELS = (N_("City"), N_("Tribe"), N_("Choice"))


def choices_of(faction: Faction | None) -> Mapping:
    """The warband type's choices (``{}``: it makes none)."""
    found = faction.attributes.get("choices") if faction is not None else None
    return found if isinstance(found, Mapping) and found.get("options") else {}


def option(faction: Faction | None, key: str | None) -> Mapping | None:
    """The option ``key`` of the warband type, or None."""
    for found in choices_of(faction).get("options") or ():
        if found.get("key") == key:
            return found
    return None


def chosen(catalogue: Catalogue, document: ListDocument) -> Mapping | None:
    """The option the list chose (its ``role``), when its warband type offers it."""
    if not document.faction or not document.role:
        return None
    return option(catalogue.factions.get(document.faction), document.role)


def chosen_key(catalogue: Catalogue, document: ListDocument) -> str | None:
    found = chosen(catalogue, document)
    return found["key"] if found is not None else None


def _for(card: Card, choice: str | None) -> Mapping:
    if not choice:
        return {}
    return (card.attributes.get("by_choice") or {}).get(choice) or {}


def card_stats(card: Card, choice: str | None) -> dict:
    """The fighter's profile in a warband that made ``choice`` (Remas: +1 Ld)."""
    stats = dict(card.stats)
    for stat, bonus in (_for(card, choice).get("stat_bonus") or {}).items():
        if isinstance(stats.get(stat), int) and isinstance(bonus, int):
            stats[stat] += bonus
    return stats


def card_skill_lists(card: Card, choice: str | None) -> tuple[str, ...]:
    """The hero's skill lists in a warband that made ``choice`` (a Tilean city's)."""
    lists = _for(card, choice).get("skill_lists")
    if lists is None:
        lists = card.attributes.get("skill_lists") or ()
    return tuple(lists)


def _options_text(faction: Faction) -> str:
    return ", ".join(o.get("name", o.get("key", "?")) for o in choices_of(faction)["options"])


class WarbandChoiceValidator(Validator):
    """`warband_choice`: a warband type that makes a choice when it is founded (a Tilean
    city, a Marauder tribe) names one of its options in the list's ``role``; one that
    makes none names none (docs/rules/mordheim.md, "Choices a warband makes")."""

    code = "warband_choice"
    message = N_("{faction}: choose the warband's {label} ({options})")
    unknown = N_("{faction}: {choice} is not one of its choices ({options})")
    no_choice = N_("{faction} make no choice such as {choice}")

    def __call__(self, ctx: Context) -> Iterator[Violation]:
        doc = ctx.document
        faction = ctx.catalogue.factions.get(doc.faction) if doc.faction else None
        if faction is None:
            return  # faction / unknown_key say so
        offered = choices_of(faction)
        if not offered:
            if doc.role:
                yield self.violation(message=self.no_choice, faction=faction.name,
                                     choice=doc.role)
            return
        params = {"faction": faction.name, "options": _options_text(faction)}
        if not doc.role:
            yield self.violation(label=offered.get("label", "Choice"), words=("label",),
                                 **params)
        elif option(faction, doc.role) is None:
            yield self.violation(message=self.unknown, choice=doc.role, **params)
