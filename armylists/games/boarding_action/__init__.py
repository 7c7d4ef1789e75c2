"""Boarding Action in the pages: unit types by kind with base and wargear, a role, the
special-action shop with its meter of free points, custom units, the hull-breach table."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from armylists.games.boarding_action import (
    api,
    api_fields,
    catalogue_report,
    hull_breach,
    pack_columns,
)
from armylists.games.boarding_action.battlescribe import import_roster
from armylists.games.boarding_action.cards import action_blocks, print_card
from armylists.games.boarding_action.catalogue_pack import catalogue_pack
from armylists.games.boarding_action.text import text_facts, text_sections
from armylists.presenters.base import Presenter, label_for
from armylists.presenters.names import keyword_name
from rules.systems import boarding_action

UNIT_TYPE_LABELS = {
    "infantry": _("Infantry"),
    "walker": _("Walker"),
    "vehicle": _("Vehicle"),
    "monstrous_creature": _("Monstrous creature"),
    "bike": _("Bike"),
    "jetbike": _("Jetbike"),
    "beast": _("Beast"),
    "swarm": _("Swarm"),
}
UNIT_TYPE_GROUP_LABELS = {
    "infantry": _("Infantry"),
    "walker": _("Walkers"),
    "vehicle": _("Vehicles"),
    "monstrous_creature": _("Monstrous creatures"),
    "bike": _("Bikes"),
    "jetbike": _("Jetbikes"),
    "beast": _("Beasts"),
    "swarm": _("Swarms"),
}
ROLE_LABELS = {"attacker": _("Attacker"), "defender": _("Defender")}


class BoardingActionPresenter(Presenter):
    key = boarding_action.SYSTEM
    WORDS = {
        "add": _("Add units"),
        "catalogue": _("Unit types"),
        "search": _("Search unit types"),
        "empty": _(
            "Your list is empty. Add unit types from the catalogue, or your own codex units "
            "as custom units."
        ),
        "count": _("Models"),
        "entry": _("Unit"),
    }
    GLOSSARY = {
        "mm": _("Base size in millimetres"),
    }

    def roster_importer(self):
        return import_roster

    def catalogue_importer(self):
        return catalogue_pack

    def catalogue_report_shown(self, report):
        return catalogue_report.report_shown(report, self.unit_type_label)

    def play_aids(self):
        return [(_("Boarding Action: hull breach"), "tools-boarding-action-hull-breach")]

    def urls(self):
        return [
            path(
                "tools/boarding-action/hull-breach/",
                hull_breach.hull_breach_page,
                name="tools-boarding-action-hull-breach",
            )
        ]

    def api_fields(self):
        return {"card": api_fields.CardFields}

    def api_urls(self):
        return [
            path(
                "boarding-action/hull-breach/",
                api.boarding_action_hull_breach,
                name="api-boarding-action-hull-breach",
            )
        ]

    def roles(self, catalogue):
        return boarding_action.list_roles(catalogue)

    def role_label(self, role):
        return label_for(ROLE_LABELS, role)

    def unit_type_label(self, unit_type):
        return label_for(UNIT_TYPE_LABELS, unit_type)

    def card_groups(self, catalogue, faction):
        cards = list(catalogue.cards.values())
        order = list(catalogue.attributes.get("unit_types") or ())
        order += sorted({c.attributes.get("unit_type") or "" for c in cards} - set(order))
        return [
            (
                label_for(UNIT_TYPE_GROUP_LABELS, value) if value else _("Other"),
                [c for c in cards if (c.attributes.get("unit_type") or "") == value],
            )
            for value in order
        ]

    def card_context(self, card, entry, catalogue):
        return {"unit_type_label": self.unit_type_label(card.attributes.get("unit_type"))}

    def row(self, row, catalogue):
        card, custom = row["card"], row["custom"]
        if card is not None:
            row["unit_type"] = card.attributes.get("unit_type")
            row["base_mm"] = card.base_mm
            row["wargear"] = [
                keyword_name(catalogue, w) for w in card.attributes.get("wargear") or ()
            ]
        elif custom is not None:
            row["unit_type"] = custom.unit_type
            row["base_mm"] = custom.base_mm
            row["wargear"] = list(custom.wargear)
        if row.get("unit_type"):
            row["unit_type_label"] = self.unit_type_label(row["unit_type"])
        return row

    def print_card(self, block, *, row, catalogue):
        return print_card(self, block, row=row, catalogue=catalogue)

    def print_cards(self, context):
        return super().print_cards(context) | {"action_blocks": action_blocks(context)}

    def play_cards(self, context):
        """The units, and each special action bought with a box per use to tick."""
        return super().play_cards(context) | {"action_blocks": action_blocks(context)}

    def text_sections(self, *, catalogue, document, entries, extras):
        return text_sections(self, catalogue, entries)

    def text_facts(self, *, catalogue, document, summary, extras):
        return text_facts(self, document, summary)

    def pack_columns(self, section):
        return pack_columns.columns(section)

    def pack_new_row(self, section, document):
        return pack_columns.new_row(section, document)
