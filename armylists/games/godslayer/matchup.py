"""Godslayer's matchup odds as a page (``/g/godslayer/matchup/``): one profile card
attacks another with a weapon, in a situation. ``godslayer_matchup`` is the one way to
the engine (``rules.systems.godslayer.odds``), for this page and the API (``api.py``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from armylists.matchup import odds_for
from armylists.matchup.forms import MatchupForm
from armylists.matchup.page import matchup_page
from armylists.presenters.names import local_name
from rules.engine import Catalogue
from rules.systems import godslayer
from rules.systems.godslayer import odds as godslayer_odds

ATTACK_LABELS = {"melee": _("Melee"), "ranged": _("Ranged")}
STYLE_LABELS = {"offensive": _("Offensive (+1 MEL)"), "powerful": _("Powerful (+1 STR)")}
FLAGS = {
    "charge": _("Charge (+1 MEL, +1 STR)"),
    "opportunity": _("Opportunity attack (+2 to hit and to damage)"),
    "knocked_down": _("The defender is knocked down (-2 DEF)"),
    "beyond_range": _("Beyond range, up to double (-1 RAN, -1 STR)"),
}


def godslayer_matchup(request: dict, catalogue: Catalogue | None = None) -> dict:
    """The odds of one Godslayer card attacking another (``godslayer_odds.resolve``)."""
    return odds_for(godslayer.SYSTEM, godslayer_odds.resolve, request, catalogue)


class GodslayerMatchupForm(MatchupForm):
    EXTRAS = "items"
    EXTRAS_LABEL = _("Items")
    WOUNDS_LABEL = _("Hit points lost")
    ATTACKS_LABEL = _("Attacks")
    ATTACKS_HELP = _("The chance to take the defender out within this many attacks.")

    def add_game_fields(self, attacker):
        self.fields["weapon"] = forms.ChoiceField(
            label=_("Weapon"), required=False,
            choices=[("", _("The first one for the attack")), *self.weapon_choices(attacker)],
        )
        self.fields["attack"] = forms.ChoiceField(
            label=_("Attack"), required=False,
            choices=[("", _("As the weapon says")), *ATTACK_LABELS.items()],
        )
        self.fields["style"] = forms.ChoiceField(
            label=_("Style"), required=False, choices=[("", _("No style")), *STYLE_LABELS.items()]
        )
        for name, label in FLAGS.items():
            self.fields[name] = forms.BooleanField(label=label, required=False)

    def weapon_choices(self, card) -> list:
        """The card's printed weapons, then the weapon items it may buy (by key)."""
        if card is None:
            return []
        choices = [(w["name"], f"{w['name']} ({ATTACK_LABELS.get(w.get('type'), '')})")
                   for w in card.weapons if w.get("name")]
        for key in card.allowed_items:
            item = self.catalogue.items.get(key)
            if item is not None and item.kind == "weapon":
                kind = (item.attributes.get("weapon") or {}).get("type")
                choices.append((key, f"{local_name(item)} ({ATTACK_LABELS.get(kind, '')})"))
        return choices

    def game_request(self, data):
        return {
            "weapon": data["weapon"] or None,
            "attack": data["attack"] or None,
            "modifiers": {"style": data["style"] or None, **{n: data[n] for n in FLAGS}},
        }


def matchup_view(request):
    """Template: systems/godslayer/matchup.html."""
    return matchup_page(request, system=godslayer.SYSTEM, form_class=GodslayerMatchupForm,
                        resolve=godslayer_odds.resolve,
                        template="systems/godslayer/matchup.html")
