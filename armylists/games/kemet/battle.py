"""Kemet's battle resolver (docs/rules/kemet.md) as a page: both sides as revealed, then every
step of the battle. ``kemet_battle`` is the one way to the engine, for this page and the
API (``api.py`` beside it)."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from armylists.playaids.tools import ToolError, ToolUnavailable, count_field, report_errors
from armylists.presenters.names import item_names, local_name
from rules import selectors as rules_selectors
from rules.engine import Catalogue
from rules.systems import kemet


def kemet_catalogue() -> Catalogue | None:
    return rules_selectors.catalogue_get(key=kemet.SYSTEM)


def kemet_battle(data, *, catalogue: Catalogue | None = None, localized: bool = False) -> dict:
    """Fight one Kemet battle (``kemet.resolve_battle``) with the loaded kemet pack; its
    steps in the reader's language when ``localized`` (the page; the API's stay English)."""
    catalogue = catalogue or kemet_catalogue()
    if catalogue is None:
        raise ToolUnavailable("the kemet game data is not loaded")
    words = {}
    if localized:
        names = {i.name: local_name(i) for i in catalogue.items.values()}
        words = {"translate": gettext, "name": lambda text: names.get(text, text)}
    try:
        return kemet.resolve_battle(catalogue, data, **words)
    except kemet.BattleError as exc:
        if not localized:
            raise ToolError(exc.errors) from None
        raise ToolError([(path, phrase.render(**words), code)
                         for path, phrase, code in exc.phrases]) from None


# -- forms ---------------------------------------------------------------------------------

SIDE_LABELS = {"attacker": _("Attacker"), "defender": _("Defender")}
VALUE_LABELS = {
    "strength": _("Strength"),
    "damage": _("Damage"),
    "shield": _("Shields"),
    "critical": _("Critical damage"),
    "sacrifice": _("Sacrifice"),
}
ZONE_LABELS = {"temple": _("Temple"), "pyramid": _("Pyramid")}
OTHER_CARD = "_other"


class KemetSideForm(forms.Form):
    """One side of the battle (prefix ``attacker`` or ``defender``)."""

    def __init__(self, *args, catalogue: Catalogue, **kwargs):
        super().__init__(*args, **kwargs)
        items = catalogue.items.values()
        cards = [(i.key, local_name(i)) for i in items if i.kind == kemet.BATTLE_CARD]
        self.fields["soldiers"] = count_field(_("Soldiers"), initial=5, required=True)
        self.fields["card"] = forms.ChoiceField(
            label=_("Battle card"),
            choices=[*cards, (OTHER_CARD, _("Other: type its values below"))],
        )
        for key in kemet.VALUES:
            self.fields[f"value_{key}"] = count_field(VALUE_LABELS[key], initial=None)
        for key in kemet.BONUSES:
            self.fields[f"bonus_{key}"] = count_field(VALUE_LABELS[key])
        self.fields["interventions"] = forms.MultipleChoiceField(
            label=_("Divine interventions"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(i.key, local_name(i)) for i in items if i.kind == kemet.INTERVENTION],
        )
        self.fields["prayer_points"] = count_field(_("Prayer points"))
        self.fields["in_own_city_district"] = forms.BooleanField(
            label=_("In a district of its own city"), required=False
        )

    def side(self) -> dict:
        """The side as the resolver reads it (call after is_valid)."""
        data = self.cleaned_data
        other = data["card"] == OTHER_CARD
        return {
            "soldiers": data["soldiers"],
            "card": None if other else data["card"],
            "card_values": ({k: data[f"value_{k}"] or 0 for k in kemet.VALUES} if other else None),
            "bonus": {k: data[f"bonus_{k}"] or 0 for k in kemet.BONUSES},
            "interventions": [{"key": key} for key in data["interventions"]],
            "prayer_points": data["prayer_points"] or 0,
            "in_own_city_district": data["in_own_city_district"],
        }

    def field_for(self, path: str) -> str | None:
        """The field of an engine path below the side (``card_values.damage`` ...)."""
        head, _sep, rest = path.partition(".")
        head = head.split("[", 1)[0]
        if head == "card_values":
            name = f"value_{rest}"
        elif head == "bonus":
            name = f"bonus_{rest}"
        else:
            name = head
        return name if name in self.fields else None


class KemetBattleForm(forms.Form):
    zone_reward = forms.ChoiceField(
        label=_("Victory point of the zone"),
        required=False,
        choices=[("", _("none")), *((z, ZONE_LABELS[z]) for z in kemet.ZONE_REWARDS)],
    )


# -- the page ------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def kemet_page(request):
    """Template: systems/kemet/battle.html. Attacker and defender side by side, then the battle."""
    catalogue = kemet_catalogue()
    if catalogue is None:
        raise Http404
    data = request.POST if request.method == "POST" else None
    sides = {name: KemetSideForm(data, prefix=name, catalogue=catalogue) for name in kemet.SIDES}
    battle_form = KemetBattleForm(data)
    result = None
    if data is not None and all([f.is_valid() for f in (*sides.values(), battle_form)]):
        battle = {name: form.side() for name, form in sides.items()}
        battle["zone_reward"] = battle_form.cleaned_data["zone_reward"] or None
        try:
            result = kemet_battle(battle, catalogue=catalogue, localized=True)
        except ToolError as exc:
            report_errors(exc.errors, sides, battle_form)
    forms_ = [*sides.values(), battle_form]
    return render(
        request,
        "systems/kemet/battle.html",
        {
            "catalogue": catalogue,
            "sides": [(SIDE_LABELS[n], f) for n, f in sides.items()],
            "rows": _kemet_rows(sides),
            "battle_form": battle_form,
            "forms": forms_,
            "has_errors": any(f.errors for f in forms_),
            "result": result,
            "outcome": _kemet_outcome(result, catalogue) if result else None,
        },
        status=400 if any(f.errors for f in forms_) else 200,  # as every page's form
    )


def _kemet_rows(sides: Mapping[str, KemetSideForm]) -> list[dict]:
    """The form as rows of (label, [fields of the attacker], [fields of the defender])."""

    def row(label, names, single=False):
        return {
            "label": label,
            "single": single,
            "cells": [[form[n] for n in names] for form in sides.values()],
        }

    return [
        row(_("Soldiers"), ["soldiers"], single=True),
        row(_("Battle card"), ["card"], single=True),
        row(_("Values of another card"), [f"value_{k}" for k in kemet.VALUES]),
        row(_("Bonuses (tiles, veterans ...)"), [f"bonus_{k}" for k in kemet.BONUSES]),
        row(_("Divine interventions"), ["interventions"], single=True),
        row(_("Prayer points"), ["prayer_points"], single=True),
        row(_("In a district of its own city"), ["in_own_city_district"], single=True),
    ]


def _kemet_outcome(result: dict, catalogue: Catalogue) -> dict:
    a, d = result["attacker"], result["defender"]

    def names(keys):
        return ", ".join(item_names(catalogue, keys)) or "–"

    ra, rd = result["rewards"]["attacker"], result["rewards"]["defender"]
    return {
        "winner": SIDE_LABELS[result["winner"]],
        "loser": SIDE_LABELS[result["loser"]],
        "zone": ZONE_LABELS.get(result["zone_reward"]),
        "rows": [
            *((VALUE_LABELS[k], a[k], d[k]) for k in kemet.BONUSES),
            (_("Soldiers before the battle"), a["soldiers"], d["soldiers"]),
            (_("Soldiers lost"), a["soldiers_lost"], d["soldiers_lost"]),
            (_("Sacrificed"), a["sacrificed"], d["sacrificed"]),
            (_("Survivors"), a["survivors"], d["survivors"]),
            (_("Prayer points paid"), a["prayer_points_paid"], d["prayer_points_paid"]),
            (_("Prayer points left"), a["prayer_points_left"], d["prayer_points_left"]),
            (
                _("Interventions played"),
                names(a["interventions_played"]),
                names(d["interventions_played"]),
            ),
            (
                _("Back to hand"),
                names(a["interventions_returned"]),
                names(d["interventions_returned"]),
            ),
            (_("Battle victory points"), ra["battle_vp"], rd["battle_vp"]),
            (_("Veteran tokens"), ra["veteran_tokens"], rd["veteran_tokens"]),
            (_("Victory points of the zone"), ra["zone_vp"], rd["zone_vp"]),
        ],
    }
