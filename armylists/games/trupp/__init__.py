"""Trupp's troops in the pages: characters by alignment, options by kind, mooks and
sorcery marked, every stat row by wounds taken on the card page; the matchup odds of
one character against another (page, endpoint, a link from every card)."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from armylists.games.trupp import api, api_fields, matchup, pack_columns
from armylists.games.trupp.cards import play_tracks, print_card
from armylists.games.trupp.text import text_sections
from armylists.matchup import card_link
from armylists.presenters.base import Presenter, label_for
from armylists.presenters.names import item_names, stat_labels
from rules.systems import trupp

ALIGNMENT_LABELS = {"good": _("Good"), "evil": _("Evil"), "neutral": _("Neutral")}


class TruppPresenter(Presenter):
    key = trupp.SYSTEM
    WORDS = {
        "add": _("Add characters"),
        "catalogue": _("Characters"),
        "search": _("Search characters"),
        "empty": _("Your troop is empty. Add characters from the list."),
        "items": _("Options"),
        "items_in_sentence": _("options"),
        "entry": _("Character"),
    }
    GROUP_BY_KIND = True
    KIND_LABELS = {
        "equipment": _("Equipment"),
        "ability": _("Abilities"),
        "spell": _("Spells"),
        "veteran": _("Veteran variants"),
    }
    GLOSSARY = {
        "#W": _("Wounds taken: the stat row beside it applies"),
        "Mook": _("May be fielded more than once"),
        # The stats, by key (shown by their labels: "KG (N)", "STÄ"...).
        "KG_N": _("Melee skill (Kampfgeschick, Nahkampf)"),
        "A_N": _("Melee attacks per round"),
        "KG_F": _("Ranged skill (Kampfgeschick, Fernkampf)"),
        "A_F": _("Ranged attacks per round"),
        "STAE": _("Strength (Stärke): against toughness, for a wound"),
        "BEW": _("Move (Bewegung), in cm"),
        "WID": _("Toughness (Widerstand)"),
        "AGI": _("Agility: what a hit must beat"),
        "ZG": _("Spell skill (Zaubergeschick)"),
        "Mana": _("Mana, spent on casting spells"),
    }

    def play_aids(self):
        return [(_("Trupp: matchup odds"), "matchup-trupp")]

    def urls(self):
        return [path("g/trupp/matchup/", matchup.matchup_view, name="matchup-trupp")]

    def api_fields(self):
        return {"card": api_fields.CardFields}

    def api_urls(self):
        return [path("trupp/matchup/", api.trupp_matchup, name="api-trupp-matchup")]

    def card_links(self, card, entry, catalogue):
        return [card_link(card, "matchup-trupp", "options", entry.options)]

    def card_groups(self, catalogue, faction):
        cards = list(catalogue.cards.values())
        order = list(catalogue.attributes.get("alignments") or ALIGNMENT_LABELS)
        order += sorted({c.attributes.get("alignment") or "" for c in cards} - set(order))
        return [
            (
                label_for(ALIGNMENT_LABELS, value) if value else _("Other"),
                [c for c in cards if (c.attributes.get("alignment") or "") == value],
            )
            for value in order
        ]

    def alignment_label(self, alignment) -> str:
        return label_for(ALIGNMENT_LABELS, alignment)

    def card_context(self, card, entry, catalogue):
        labels = stat_labels(catalogue)
        rows = trupp.effective_stat_rows(card, entry, catalogue)
        keys = list(rows[0]) if rows else []
        return {
            "stat_columns": [labels.get(k, k) for k in keys],
            "stat_rows": [(wounds, [row.get(k) for k in keys]) for wounds, row in enumerate(rows)],
            "alignment_label": self.alignment_label(card.attributes.get("alignment")),
            "equipment": item_names(catalogue, card.attributes.get("equipment")),
            "included_spells": item_names(catalogue, card.attributes.get("included_spells")),
        }

    def row(self, row, catalogue):
        card = row["card"]
        if card is not None:
            row["alignment"] = card.attributes.get("alignment")
            row["alignment_label"] = self.alignment_label(row["alignment"])
            row["mook"] = bool(card.attributes.get("mook"))
            row["equipment_names"] = item_names(catalogue, card.attributes.get("equipment"))
            row["included_spells"] = item_names(catalogue, card.attributes.get("included_spells"))
        return row

    def print_card(self, block, *, row, catalogue):
        return print_card(self, block, row=row, catalogue=catalogue)

    def play_tracks(self, block, *, row, catalogue):
        return play_tracks(row, catalogue=catalogue)

    def text_sections(self, *, catalogue, document, entries, extras):
        return text_sections(catalogue, entries, ALIGNMENT_LABELS)

    def pack_columns(self, section):
        return pack_columns.columns(section)

    def pack_new_row(self, section, document):
        return pack_columns.new_row(section, document)
