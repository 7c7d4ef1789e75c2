"""Godslayer's columns in the pack editor: a card's stat line (MOV MEL RAN MAG DEF ARM
DIS ACT), hit points, AAL, model / core / soldier points, Warlord and the items it may
take; an item's cost. Names in English and German side by side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from armylists.presenters.pack_columns import BOOL, INT, KEY, KEYS, Column, neutral_columns

# The printed cards' order (the pack's system.attributes.stat_order).
STATS = ("MOV", "MEL", "RAN", "MAG", "DEF", "ARM", "DIS", "ACT")

NAMES = [
    Column("key", _("Key")),
    Column("name", _("Name (English)")),
    Column("names.de", _("Name (German)")),
]
FACTION = Column("faction", _("Faction"), KEY, refers_to="factions")

CARDS = [
    *NAMES,
    FACTION,
    Column("kind", _("model or unit")),
    Column("warlord", _("Warlord"), BOOL, narrow=True),
    *[Column(f"stats.{stat}", stat, INT, narrow=True) for stat in STATS],
    Column("attributes.hit_points", _("Hit points"), INT, narrow=True),
    Column("aal", _("AAL"), INT, narrow=True),
    Column("points", _("Model points"), INT, narrow=True),
    Column("core_points", _("Core points"), INT, narrow=True),
    Column("soldier_points", _("Soldier points"), INT, narrow=True),
    Column("items", _("Items it may take"), KEYS, refers_to="items"),
]
ITEMS = [*NAMES, FACTION, Column("kind", _("Kind")), Column("points", _("Cost"), INT, narrow=True)]


def columns(section: str) -> list[Column]:
    return {"cards": CARDS, "items": ITEMS}.get(section) or neutral_columns(section)


def new_row(section: str, document: dict) -> dict:
    """A card starts as a model of the first faction with a zero stat line; an item as
    equipment of the first faction."""
    factions = [f.get("key") for f in document.get("factions") or [] if isinstance(f, dict)]
    first = {"faction": factions[0]} if factions else {}
    if section == "cards":
        return {**first, "kind": "model", "aal": 1, "points": 0, "weapons": [],
                "stats": dict.fromkeys(STATS, 0)}  # fmt: skip
    if section == "items":
        return {**first, "kind": "equipment", "points": 0}
    return {}
