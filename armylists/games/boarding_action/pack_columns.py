"""Boarding Action's columns in the pack editor: a unit type's points, base, type and
wargear keywords; a special action's side and cost. Names in English and German side
by side.

A card made from a BattleScribe catalogue has its unit type's default base, since the
catalogue holds no base sizes: ``attributes.base_unconfirmed`` marks it (the box beside
the base) until the owner saves the row with the base checked or corrected, which clears
the marker (unticking the box does too)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from armylists.presenters.pack_columns import BOOL, INT, WORDS, Column, neutral_columns

NAMES = [Column("key", _("Key")), Column("name", _("Name (English)")),
         Column("names.de", _("Name (German)"))]  # fmt: skip

CARDS = [
    *NAMES,
    Column("points", _("Points"), INT, narrow=True),
    Column("base_mm", _("Base (mm)"), INT, narrow=True, clears="attributes.base_unconfirmed"),
    Column("attributes.base_unconfirmed", _("Base not from the catalogue"), BOOL, narrow=True),
    Column("attributes.unit_type", _("Unit type")),
    Column("attributes.wargear", _("Wargear keywords"), WORDS),
]
SPECIAL_ACTIONS = [
    *NAMES,
    Column("role", _("attacker or defender")),
    Column("points", _("Points"), INT, narrow=True),
]


def columns(section: str) -> list[Column]:
    found = {"cards": CARDS, "special_actions": SPECIAL_ACTIONS}.get(section)
    return found or neutral_columns(section)


def new_row(section: str, document: dict) -> dict:
    if section == "cards":
        return {"points": 0, "base_mm": 25, "attributes": {"unit_type": "infantry", "wargear": []}}
    if section == "special_actions":
        return {"role": "attacker", "points": 0}
    return {}
