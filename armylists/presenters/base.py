"""The neutral presenter: how a game's lists look in the pages when the game says nothing
of its own. Every game's presenter is a subclass that changes what its players expect
(its card groups, its words, its columns, its play aids); a new game without one still
gets a builder, a list page and a print sheet that make sense.

A presenter reads (the catalogue, the engine's results) and says how to show them; it
never decides a rule: prices, counts and limits come from ``rules.systems`` through the
services.
"""

from __future__ import annotations

from functools import cached_property

from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import gettext_lazy as _

from armylists.presenters.names import readable, stat_labels
from armylists.presenters.pack_columns import EDITABLE_SECTIONS, Column, neutral_columns
from armylists.presenters.play_cards import number_track, play_blocks, track
from armylists.presenters.print_cards import generic_blocks
from armylists.presenters.text_layout import neutral_sections
from rules.engine import Card, Catalogue
from rules.engine.document import UNIT_TYPES

DEFAULT_DIR = "_default"


def label_for(labels: dict, key) -> str:
    return str(labels.get(key) or readable(key))


class Presenter:
    """The neutral presenter (see the module docstring). ``key`` is the game's system key."""

    key: str | None = None

    # Words the pages use for this game's lists.
    WORDS = {
        "add": _("Add cards"),
        "catalogue": _("Cards"),
        "search": _("Search cards"),
        "empty": _("Your list is empty. Add cards from the catalogue."),
        "points": _("points"),
        "pts": _("pts"),
        "limit": _("Battle size"),
        "meter": _("Points used"),
        "count": _("Count"),
        "size": _("Models"),
        "size_in_sentence": _("models"),  # "(5 models)": German keeps its capital
        "items": _("Items"),
        "items_in_sentence": _("items"),  # "change items of Gestir Captain"
        "limit_in_sentence": _("battle size"),
        "start_limit": _("Battle size (points)"),
        "start_limit_help": _("Leave empty for the game's standard size."),
        "faction": _("Faction"),
        "entry": _("Model"),
        "scoring": _("Points after the game"),
    }
    # Abbreviations the pages use, explained on hover and in the card view.
    GLOSSARY: dict = {}
    # Labels of the item kinds the game's data uses; with GROUP_BY_KIND the builder shows
    # a box per kind (a long equipment list), else one box of items.
    KIND_LABELS: dict = {}
    GROUP_BY_KIND = False
    # Column labels of weapon profiles on the cards print sheet (data key -> label).
    WEAPON_LABELS: dict = {}
    # The stat keys that hold a model's wounds, for the play view's tracks to tick.
    WOUND_STATS: tuple = ("W", "wounds", "hit_points")

    def __init__(self, key: str | None = None):
        if key is not None:
            self.key = key

    # -- words ----------------------------------------------------------------------

    @cached_property
    def words(self) -> dict:
        merged = {}
        for cls in reversed(type(self).__mro__):
            merged.update(getattr(cls, "WORDS", {}))
        return merged

    def glossary(self, catalogue: Catalogue) -> dict:
        """Abbreviation -> explanation: the game's own and its stat names."""
        labels = stat_labels(catalogue)
        explained = dict(catalogue.attributes.get("stat_names") or {})
        explained.update({labels.get(k, k): v for k, v in explained.items()})
        # A stat's explanation is found by the label the page shows (German Mordheim:
        # "W" is Toughness, "LP" Wounds), so the game's own stat keys are relabelled.
        own = {labels.get(str(k), str(k)): str(v) for k, v in self.GLOSSARY.items()}
        return {**explained, **own}

    # -- templates ------------------------------------------------------------------

    def template(self, name: str) -> str:
        """The game's own fragment ``systems/<key>/<name>``, else the neutral one."""
        cache = self.__dict__.setdefault("_templates", {})
        if name not in cache:
            candidates = [f"systems/{self.key}/{name}", f"systems/{DEFAULT_DIR}/{name}"]
            try:
                cache[name] = select_template(candidates).origin.template_name
            except TemplateDoesNotExist:
                cache[name] = candidates[-1]
        return cache[name]

    # -- what the game offers -------------------------------------------------------

    def home_url(self) -> tuple[str, list]:
        """Where the game's tile on the home page leads: (url name, args)."""
        return "system-start", [self.key]

    def play_aids(self) -> list[tuple[str, str]]:
        """(label, url name) of the game's play aids, for the home page and its lists."""
        return []

    def urls(self) -> list:
        """URL patterns of the game's own pages (its play aids)."""
        return []

    def api_urls(self) -> list:
        """URL patterns of the game's own API endpoints (under /api/v1/)."""
        return []

    def api_fields(self) -> dict[str, type]:
        """The fields the game adds to the API's generic serializers, by their
        ``contributed_as`` ("card", "faction", "breakdown"): a serializer class each
        (``armylists/lists/api/serializers/contributed.py``). None by default."""
        return {}

    def campaign_history(self, *, army_list) -> dict[str, int]:
        """How many campaign records each entry id of a saved list has (entries without
        any left out), so the builder asks before removing a fighter with a history.
        Nothing for a game that keeps no campaign."""
        return {}

    def list_extras(self, *, army_list, catalogue: Catalogue) -> dict:
        """What a saved list's pages (builder, shared page, print sheet) show beside the
        list, for the game's own fragments (``_list_current.html``): e.g. a campaign's
        warband as it is now. Nothing by default."""
        return {}

    # -- the start page ---------------------------------------------------------------

    def start_factions(self, catalogue: Catalogue) -> list:
        """The factions the start page offers, in the order shown: the pack's order."""
        return list(catalogue.factions.values())

    def roles(self, catalogue: Catalogue) -> list[str]:
        """The roles a list of this game chooses from (none by default)."""
        return []

    def role_label(self, role) -> str:
        return readable(role)

    def role_choices(self, catalogue: Catalogue, document) -> list[tuple[str, str]]:
        """(key, label) of the roles the builder offers this list: the game's roles; a game
        whose choice depends on the list's faction offers that faction's (a Mordheim
        warband's city or tribe)."""
        return [(r, self.role_label(r)) for r in self.roles(catalogue)]

    def role_title(self, catalogue: Catalogue, document) -> str:
        """What the builder calls the list's role ("Role"; a Mordheim warband's "City")."""
        return str(_("Role"))

    def default_battle_size(self, catalogue: Catalogue) -> int | None:
        params = catalogue.params_for("battle_size")
        return params.get("default") or params.get("limit")

    def battle_size_required(self, catalogue: Catalogue) -> bool:
        return True

    # -- the catalogue ----------------------------------------------------------------

    def card_groups(self, catalogue: Catalogue, faction) -> list[tuple[str, list[Card]]]:
        """The cards a list may add, in the groups the game's players think in."""
        cards = [c for c in catalogue.cards.values() if faction is None or c.faction == faction]
        return [(self.words["catalogue"], cards)]

    # -- entries ----------------------------------------------------------------------

    def builder_stats(self, stats: list[tuple[str, object]]) -> list[tuple[str, object]]:
        """Which of an entry's (label, value) stats its builder row shows."""
        return stats

    def item_control(self, card: Card | None, key: str, catalogue: Catalogue) -> str:
        """How the builder offers an item: "checkbox" (have it or not) or "quantity" (the
        same item more than once)."""
        return "checkbox"

    def item_quantity_max(self, card: Card | None, key: str, catalogue: Catalogue) -> int:
        return 1

    def item_price_text(self, card: Card | None, key: str, catalogue: Catalogue) -> str | None:
        """An item's price as the game writes it where it is more than one number (with
        its unit), e.g. a price with dice; None: the number the builder shows."""
        return None

    def kind_label(self, kind) -> str:
        return label_for(self.KIND_LABELS, kind) if kind else ""

    def row(self, row: dict, catalogue: Catalogue) -> dict:
        """Add what this game's entry rows show (badges, facts) to a generic row."""
        return row

    def card_links(self, card: Card, entry, catalogue: Catalogue) -> list[tuple[str, str]]:
        """(label, url) of the game's pages that start from this card (e.g. its odds
        against another card); ``entry``: the card with the items or options of the
        page's query. None by default."""
        return []

    def card_context(self, card: Card, entry, catalogue: Catalogue) -> dict:
        """What the card page shows of this game beyond the generic (``entry``: the card
        with the items or options of the page's query)."""
        return {}

    # -- imports ----------------------------------------------------------------------

    def roster_importer(self):
        """The game's mapping of a BattleScribe / New Recruit roster to a list document
        (``import_roster(roster, catalogue) -> Mapped``), or None: none for this game."""
        return None

    def catalogue_importer(self):
        """The game's mapping of a BattleScribe catalogue to a pack document
        (``catalogue_pack(library, base, *, name, cost_names) -> (document, report)``),
        or None: this game's packs are not made from catalogues."""
        return None

    def catalogue_report_shown(self, report: dict) -> dict:
        """The import report of a catalogue (``catalogue_importer``) as the page shows
        it: the game words what each entry became in the reader's language. As stored
        here (the API answers it so)."""
        return report

    def unit_type_label(self, unit_type) -> str:
        return readable(unit_type)

    def unit_types(self, catalogue: Catalogue) -> list[tuple[str, str]]:
        """(key, label) of the unit types a custom unit may have."""
        types = catalogue.attributes.get("unit_types") or UNIT_TYPES
        return [(t, self.unit_type_label(t)) for t in types]

    # -- the cards print sheet -----------------------------------------------------------

    def print_cards(self, context: dict) -> dict:
        """What the cards print sheet shows of a read-only list's ``context``
        (``armylists.lists.readonly``): ``card_blocks``, one per profile card (equal ones
        merged with their count), and whatever the game's ``print_cards_*`` fragments
        read."""
        return {"card_blocks": generic_blocks(self, context)}

    def print_card(self, block: dict, *, row: dict, catalogue: Catalogue) -> dict:
        """Add what this game's card block shows (facts, sections) to a generic block."""
        return block

    # -- the play view (armylists/presenters/play_cards.py) ----------------------------

    def play_cards(self, context: dict) -> dict:
        """What the play view shows of a read-only list's ``context``: ``play_blocks``,
        one per entry in the list's order, and whatever the game's ``play_*`` fragments
        read (``play_after.html``: e.g. a game's bought uses to tick)."""
        return {"play_blocks": play_blocks(self, context)}

    def play_tracks(self, block: dict, *, row: dict, catalogue: Catalogue) -> list:
        """The tracks each model of the entry ticks during a game (``play_cards.track``):
        its wounds when its stats have them, and whether it is out."""
        stats = (row.get("facts") or {}).get("stats") or {}
        wounds = next((stats[k] for k in self.WOUND_STATS if k in stats), None)
        return [
            number_track("wounds", _("Wounds lost"), wounds),
            track("out", _("Out"), [_("out")]),
        ]

    # -- the text export (armylists/lists/text_export.py writes it out) ------------

    def text_sections(self, *, catalogue: Catalogue, document, entries, extras: dict) -> list:
        """The list's entries (``text_layout.TextEntry``) in the sections its players
        expect, as ``text_layout.TextSection``: one section in the list's order here."""
        return neutral_sections(self, catalogue, entries)

    def text_facts(self, *, catalogue: Catalogue, document, summary: dict, extras: dict) -> list:
        """Short facts beside the total (a role, a rating, a budget): none here."""
        return []

    def pack_sections(self) -> tuple[str, ...]:
        """The sections of its pack the editor shows, as tables."""
        return EDITABLE_SECTIONS

    def pack_columns(self, section: str) -> list[Column]:
        """The editor's columns of a section: key and names (and points) here."""
        return neutral_columns(section)

    def pack_new_row(self, section: str, document: dict) -> dict:
        """The fields a new row starts with besides those typed (the pack schema's
        required ones; the editor shows what is still missing)."""
        return {"kind": "equipment"} if section == "items" else {}
