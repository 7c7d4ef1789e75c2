"""Mordheim's columns in the pack editor: a fighter's warband, profile (M WS BS S T W I
A Ld), cost, hero or henchman, how many the warband may have, his equipment list and the
items he may buy; an item's kind and price. Names in English and German side by side."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from armylists.presenters.pack_columns import INT, KEY, KEYS, Column, neutral_columns

PROFILE = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")
NAMES = [Column("key", _("Key")), Column("name", _("Name (English)")),
         Column("names.de", _("Name (German)"))]  # fmt: skip
WARBAND = Column("faction", _("Warband"), KEY, refers_to="factions")

CARDS = [
    *NAMES,
    WARBAND,
    *[Column(f"stats.{stat}", stat, INT, narrow=True) for stat in PROFILE],
    Column("points", _("Cost"), INT, narrow=True),
    Column("attributes.fighter", _("hero or henchman")),
    Column("attributes.type_limit", _("At most"), INT, narrow=True, nullable=True),
    Column("attributes.group_max", _("Group of at most"), INT, narrow=True, nullable=True),
    Column("attributes.equipment_list", _("Equipment list")),
    Column("items", _("Items it may buy"), KEYS, refers_to="items"),
]
ITEMS = [*NAMES, Column("kind", _("Kind")), Column("points", _("Price"), INT, narrow=True)]


def columns(section: str) -> list[Column]:
    return {"cards": CARDS, "items": ITEMS}.get(section) or neutral_columns(section)


def new_row(section: str, document: dict) -> dict:
    factions = [f.get("key") for f in document.get("factions") or [] if isinstance(f, dict)]
    first = {"faction": factions[0]} if factions else {}
    if section == "cards":
        return {**first, "kind": "model", "points": 0, "stats": dict.fromkeys(PROFILE, 0),
                "attributes": {"fighter": "henchman"}}  # fmt: skip
    if section == "items":
        return {"kind": "equipment", "points": 0}
    return {}
