"""Mordheim in the pages: a warband bought with gold; heroes (named, the leader first)
and henchman groups; equipment by kind, the same weapon more than once; the warband's
rating and size; the rout test and the campaign log.

Registered when the app is ready (``apps.MordheimConfig.ready``): it reaches the
campaign's models through the pages and services it routes to, which the package
itself may not import while Django is still loading its apps."""

from django.urls import path
from django.utils.translation import gettext_lazy as _

from armylists.games.mordheim import api, api_fields, campaign, pack_columns, rout_test
from armylists.games.mordheim.battlescribe import import_roster
from armylists.games.mordheim.campaign_api import campaign as campaign_api
from armylists.games.mordheim.campaign_api import campaign_battles as battles_api
from armylists.games.mordheim.campaign_rows import current_roster
from armylists.games.mordheim.card_facts import card_facts
from armylists.games.mordheim.cards import campaign_blocks, print_card
from armylists.games.mordheim.services.campaign import campaign_history
from armylists.games.mordheim.text import text_facts, text_sections
from armylists.games.mordheim.trading_offer import chart_price
from armylists.presenters.base import Presenter
from armylists.presenters.names import language
from armylists.presenters.play_cards import number_track, track
from rules.systems import mordheim
from rules.systems.mordheim.choices import choices_of
from rules.systems.mordheim.prices import fixed

# Kinds of equipment a fighter may carry more than one of (a second sword, two daggers).
REPEATABLE_KINDS = ("close_combat", "missile")
MAX_OF_ONE_ITEM = 3


class MordheimPresenter(Presenter):
    key = mordheim.SYSTEM
    WORDS = {
        "add": _("Hire fighters"),
        "catalogue": _("Fighters"),
        "search": _("Search fighters"),
        "empty": _("Your warband is empty. Hire a leader from the heroes first."),
        "points": _("gc"),
        "pts": _("gc"),
        "limit": _("Gold"),
        "meter": _("Gold used"),
        "start_limit": _("Gold (gc)"),
        "start_limit_help": _("Leave empty to use the warband's starting gold."),
        "faction": _("Warband"),
        "items": _("Equipment"),
        "items_in_sentence": _("equipment"),
        "limit_in_sentence": _("gold"),
        "entry": _("Fighter"),
        # the list's role is a warband's choice when it is founded (a city, a tribe)
        "role_in_sentence": _("city or tribe"),
    }
    GROUP_BY_KIND = True
    KIND_LABELS = {
        "close_combat": _("Close combat weapons"),
        "missile": _("Missile weapons"),
        "armour": _("Armour"),
        "miscellaneous": _("Miscellaneous"),
    }
    GLOSSARY = {
        "gc": _("gold crowns"),
        "M": _("Movement"),
        "WS": _("Weapon skill"),
        "BS": _("Ballistic skill"),
        "S": _("Strength"),
        "T": _("Toughness"),
        "W": _("Wounds"),
        "I": _("Initiative"),
        "A": _("Attacks"),
        "Ld": _("Leadership"),
    }

    def roster_importer(self):
        return import_roster

    def play_aids(self):
        return [(_("Mordheim: rout test"), "tools-mordheim-rout-test")]

    def urls(self):
        return [
            path(
                "tools/mordheim/rout-test/",
                rout_test.rout_test_page,
                name="tools-mordheim-rout-test",
            ),
            path("lists/<int:list_id>/campaign/", campaign.campaign_page, name="list-campaign"),
        ]

    def api_fields(self):
        return {
            "card": api_fields.CardFields,
            "faction": api_fields.FactionFields,
            "breakdown": api_fields.BreakdownFields,
        }

    def api_urls(self):
        return [
            path("mordheim/rout-test/", api.mordheim_rout_test, name="api-mordheim-rout-test"),
            path(
                "lists/<str:list_id>/campaign/", campaign_api.campaign_detail, name="api-campaign"
            ),
            path(
                "lists/<str:list_id>/campaign/events/",
                campaign_api.campaign_events,
                name="api-campaign-events",
            ),
            path(
                "lists/<str:list_id>/campaign/events/last/",
                campaign_api.campaign_event_last,
                name="api-campaign-event-last",
            ),
            path(
                "lists/<str:list_id>/campaign/battles/",
                battles_api.campaign_battles,
                name="api-campaign-battles",
            ),
            path(
                "lists/<str:list_id>/campaign/battles/last/",
                battles_api.campaign_battle_last,
                name="api-campaign-battle-last",
            ),
        ]

    def campaign_history(self, *, army_list):
        return campaign_history(army_list=army_list)

    def list_extras(self, *, army_list, catalogue):
        return {"campaign_now": current_roster(army_list=army_list, catalogue=catalogue)}

    def start_factions(self, catalogue):
        """The official warbands first, then those marked unofficial, each in the pack's
        order (the source's order puts a few unofficial ones among the official)."""
        factions = list(catalogue.factions.values())
        return sorted(factions, key=lambda f: f.attributes.get("official", True) is False)

    def role_choices(self, catalogue, document):
        """A warband's choice when it is founded (a Tilean city), its options by name."""
        faction = catalogue.factions.get(document.faction) if document.faction else None
        return [(o["key"], o.get("name", o["key"]))
                for o in choices_of(faction).get("options") or ()]

    def role_title(self, catalogue, document):
        faction = catalogue.factions.get(document.faction) if document.faction else None
        offered = choices_of(faction)
        names = offered.get("names") or {}
        return names.get(language()) or offered.get("label") or super().role_title(
            catalogue, document)

    def battle_size_required(self, catalogue):
        return False  # empty: the warband's starting gold

    def card_groups(self, catalogue, faction):
        from rules.systems.mordheim.hired_swords import hirable

        cards = [c for c in catalogue.cards.values() if faction is None or c.faction == faction]
        heroes = sorted(
            (c for c in cards if mordheim.is_hero(c)), key=lambda c: not mordheim.is_leader(c)
        )
        henchmen = [c for c in cards if not mordheim.is_hero(c) and not mordheim.is_hired_sword(c)]
        groups = [(_("Heroes"), heroes), (_("Henchmen"), henchmen)]
        # only those this warband may hire (no warband chosen yet: none offered)
        swords = hirable(catalogue, faction) if faction else []
        if swords:
            groups.append((_("Hired swords"), swords))
        return groups

    def item_control(self, card, key, catalogue):
        item = catalogue.items.get(key)
        return "quantity" if item is not None and item.kind in REPEATABLE_KINDS else "checkbox"

    def item_quantity_max(self, card, key, catalogue):
        return MAX_OF_ONE_ITEM

    def item_price_text(self, card, key, catalogue):
        """The chart's price as it writes it ("100+D6×10 gc") for an item a fighter's own
        list does not price (it costs its base on the list until the dice are rolled)."""
        item = catalogue.items.get(key)
        if item is None or (card is not None and key in card.allowed_items) or fixed(item):
            return None
        return chart_price(item)

    def card_context(self, card, entry, catalogue):
        return {
            "hero": mordheim.is_hero(card),
            "leader": mordheim.is_leader(card),
            "model_price": mordheim.model_price(catalogue, card, entry),
            **card_facts(catalogue, card),
        }

    def row(self, row, catalogue):
        card, facts = row["card"], row["facts"]
        if card is not None:
            row["hero"] = facts.get("fighter") == "hero"
            row["hired_sword"] = facts.get("fighter") == "hired_sword"
            row["leader"] = bool(facts.get("leader"))
            # a hero, and a hired sword, is a named model of his own
            row["names_model"] = row["hero"] or row["hired_sword"]
            row["models"] = facts.get("models")
            if not row["hero"] and not row["hired_sword"]:
                row["size_range"] = facts.get("group_sizes")
                row["model_price"] = facts.get("model_price")
        return row

    def print_card(self, block, *, row, catalogue):
        return print_card(self, block, row=row, catalogue=catalogue)

    def play_tracks(self, block, *, row, catalogue):
        """Each fighter's wounds, and whether he is out of action (a henchman group: one
        box per model)."""
        stats = (row.get("facts") or {}).get("stats") or {}
        return [
            number_track("wounds", _("Wounds lost"), stats.get("W")),
            track("out", _("Out of action"), [_("out of action")]),
        ]

    def print_cards(self, context):
        """Once the warband has a campaign, its cards are the fighters as it left them."""
        if not context.get("campaign_now"):
            return super().print_cards(context)
        return {"card_blocks": campaign_blocks(self, context)}

    def text_sections(self, *, catalogue, document, entries, extras):
        return text_sections(catalogue, entries, extras)

    def text_facts(self, *, catalogue, document, summary, extras):
        return text_facts(document, summary, extras)

    def pack_columns(self, section):
        return pack_columns.columns(section)

    def pack_new_row(self, section, document):
        return pack_columns.new_row(section, document)
