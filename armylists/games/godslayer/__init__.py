"""Godslayer's lists in the pages: Warlords, individual models and units; DEF and ARM
(what items change) in the builder's rows; AAL beside each card; the matchup odds of
one card against another (page, endpoint, a link from every card)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from armylists.games.godslayer import api, matchup, pack_columns
from armylists.games.godslayer.cards import play_tracks, print_card
from armylists.games.godslayer.text import text_sections
from armylists.matchup import card_link
from armylists.presenters.base import Presenter
from rules.systems import godslayer


class GodslayerPresenter(Presenter):
    key = godslayer.SYSTEM
    WORDS = {
        "empty": _("Your list is empty. Add a Warlord from the cards."),
        "scoring": _("Battle points after the game"),
    }
    GLOSSARY = {
        "AAL": _("Deployment limit: how often a card may be fielded (German ASL)."),
        "MOV": _("Movement"),
        "MEL": _("Melee"),
        "RAN": _("Ranged"),
        "MAG": _("Magic"),
        "DEF": _("Defence (with armour and shields)"),
        "ARM": _("Armour (with armour and shields)"),
        "DIS": _("Discipline"),
        "ACT": _("Actions per activation"),
    }

    WEAPON_LABELS = {"type": _("Type"), "range": _("Range"), "act": "ACT", "str": "STR"}

    def play_aids(self):
        return [(_("Godslayer: matchup odds"), "matchup-godslayer")]

    def urls(self):
        return [path("g/godslayer/matchup/", matchup.matchup_view, name="matchup-godslayer")]

    def api_urls(self):
        return [path("godslayer/matchup/", api.godslayer_matchup, name="api-godslayer-matchup")]

    def card_links(self, card, entry, catalogue):
        return [card_link(card, "matchup-godslayer", "items", entry.items)]

    def card_groups(self, catalogue, faction):
        cards = [c for c in catalogue.cards.values() if faction is None or c.faction == faction]
        return [
            (_("Warlords"), [c for c in cards if c.warlord]),
            (_("Individual models"), [c for c in cards if not c.warlord and not c.is_unit]),
            (_("Units"), [c for c in cards if c.is_unit]),
        ]

    def builder_stats(self, stats):
        return [(k, v) for k, v in stats if k in ("DEF", "ARM")]

    def row(self, row, catalogue):
        card = row["card"]
        row["warlord"] = card is not None and card.warlord
        return row

    def print_card(self, block, *, row, catalogue):
        return print_card(block, row=row, catalogue=catalogue)

    def play_tracks(self, block, *, row, catalogue):
        return play_tracks(block, row=row)

    def text_sections(self, *, catalogue, document, entries, extras):
        return text_sections(catalogue, entries)

    def pack_columns(self, section):
        return pack_columns.columns(section)

    def pack_new_row(self, section, document):
        return pack_columns.new_row(section, document)
