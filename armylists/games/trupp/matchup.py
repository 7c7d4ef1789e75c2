"""Trupp's matchup odds as a page (``/g/trupp/matchup/``): one character attacks another,
per attack and per attack action. ``trupp_matchup`` is the one way to the engine
(``rules.systems.trupp.odds``), for this page and the API (``api.py``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.matchup import odds_for
from armylists.matchup.forms import MatchupForm
from armylists.matchup.page import matchup_page
from armylists.presenters.names import local_name
from rules.engine import Catalogue
from rules.systems import trupp
from rules.systems.trupp import odds as trupp_odds

ATTACK_LABELS = {"melee": _("Melee (KG (N), #A (N))"), "ranged": _("Ranged (KG (F), #A (F))")}
COVER_LABELS = {
    "quarter_hidden": _("A quarter hidden (-2 KG (F))"),
    "mostly_hidden": _("More than three quarters hidden (-4 KG (F))"),
}


def trupp_matchup(request: dict, catalogue: Catalogue | None = None) -> dict:
    """The odds of one Trupp character attacking another (``trupp_odds.resolve``)."""
    return odds_for(trupp.SYSTEM, trupp_odds.resolve, request, catalogue)


class TruppMatchupForm(MatchupForm):
    EXTRAS = "options"
    EXTRAS_LABEL = _("Options")
    WOUNDS_LABEL = _("Wounds taken (#W)")
    WOUNDS_HELP = _("The row of the sheet beside it applies.")
    ATTACKS_LABEL = _("Attack actions")
    ATTACKS_HELP = _("The chance to take the defender out within this many attack actions.")

    def card_choices(self):
        return [(c.key, local_name(c)) for c in self.catalogue.cards.values()]

    def add_game_fields(self, attacker):
        self.fields["attack"] = forms.ChoiceField(
            label=_("Attack"), choices=list(ATTACK_LABELS.items()), initial="melee",
            required=False,
        )
        self.fields["weapon"] = forms.ChoiceField(
            label=_("Weapon"), required=False,
            choices=[("", _("Not named")), *self.weapon_choices(attacker)],
            help_text=_("Its modifiers are in the effective stats already."),
        )
        self.fields["cover"] = forms.ChoiceField(
            label=_("Cover of the defender"), required=False,
            choices=[("", _("No cover")), *COVER_LABELS.items()],
        )

    def weapon_choices(self, card) -> list:
        """The character's normal equipment, then the equipment it may buy."""
        if card is None:
            return []
        keys = list(card.attributes.get("equipment") or ()) + list(card.allowed_options)
        items = [self.catalogue.items.get(k) for k in dict.fromkeys(keys)]
        return [(i.key, local_name(i)) for i in items if i is not None and i.kind == "equipment"]

    def game_request(self, data):
        return {
            "attack": data["attack"] or "melee",
            "weapon": data["weapon"] or None,
            "modifiers": {"cover": data["cover"] or None},
        }


def matchup_view(request):
    """Template: systems/trupp/matchup.html."""
    return matchup_page(request, system=trupp.SYSTEM, form_class=TruppMatchupForm,
                        resolve=trupp_odds.resolve, template="systems/trupp/matchup.html")
