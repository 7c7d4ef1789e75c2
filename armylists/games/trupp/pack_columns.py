"""Trupp's columns in the pack editor: a character's alignment, mook or not, his stat
line (a stat he does not have stays blank: null), points and the options he may take;
an option's kind and cost. Names in English and German side by side. (His stat rows by
wounds taken are edited in the pack file for now.)"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from armylists.presenters.pack_columns import BOOL, INT, KEYS, Column, neutral_columns

# The stat line of the club's cards, in their order.
STATS = ("KG_N", "A_N", "KG_F", "A_F", "STAE", "BEW", "WID", "AGI", "ZG", "Mana")
NAMES = [Column("key", _("Key")), Column("name", _("Name (English)")),
         Column("names.de", _("Name (German)"))]  # fmt: skip

CARDS = [
    *NAMES,
    Column("attributes.alignment", _("Alignment")),
    Column("attributes.mook", _("Mook"), BOOL, narrow=True),
    *[Column(f"stats.{stat}", stat, INT, narrow=True, nullable=True) for stat in STATS],
    Column("points", _("Points"), INT, narrow=True),
    Column("options", _("Options it may take"), KEYS, refers_to="items"),
]
ITEMS = [*NAMES, Column("kind", _("Kind")), Column("points", _("Cost"), INT, narrow=True)]


def columns(section: str) -> list[Column]:
    return {"cards": CARDS, "items": ITEMS}.get(section) or neutral_columns(section)


def new_row(section: str, document: dict) -> dict:
    if section == "cards":
        return {"points": 0, "stats": dict.fromkeys(STATS), "attributes": {"alignment": "good"}}
    if section == "items":
        return {"kind": "equipment", "points": 0}
    return {}
