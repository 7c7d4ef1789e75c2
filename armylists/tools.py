"""Play aids: the Kemet battle resolver, the Mordheim rout test, the hull-breach table.

One small function per tool (``kemet_battle``, ``mordheim_rout_test``,
``boarding_action_hull_breach``) is the only way to the engines: the API
(armylists/api/tools.py) and the pages below both call it, so the rules live once, in
rules/systems. Impossible input comes back as ``ToolError`` with the engine's
``(path, message, code)`` list; the API answers it as 400, the pages as form errors.

The pages are plain forms (GET shows the form, POST shows the answer under it) and work
without JavaScript.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping

from django import forms
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from rules import selectors as rules_selectors
from rules.engine import Catalogue
from rules.systems import boarding_action, kemet, mordheim

from .forms import item_names

KEMET = kemet.SYSTEM
BOARDING_ACTION = boarding_action.SYSTEM
LD_MIN, LD_MAX = 1, 10  # Mordheim characteristics run from 1 to 10


class ToolError(ValueError):
    """Impossible input; ``errors`` is a list of (path, message, code), as the engines say."""

    def __init__(self, errors: list[tuple[str, str, str]]):
        self.errors = list(errors)
        super().__init__("; ".join(f"{path or '(input)'}: {msg}" for path, msg, _c in errors))


class ToolUnavailable(LookupError):
    """The game data the tool needs is not loaded (``manage.py loadpack``)."""


# -- the shared functions: every caller goes through these --------------------------------


def kemet_catalogue() -> Catalogue | None:
    return rules_selectors.catalogue_get(key=KEMET)


def kemet_battle(data, *, catalogue: Catalogue | None = None) -> dict:
    """Fight one Kemet battle (``kemet.resolve_battle``) with the loaded kemet pack."""
    catalogue = catalogue or kemet_catalogue()
    if catalogue is None:
        raise ToolUnavailable("the kemet game data is not loaded")
    try:
        return kemet.resolve_battle(catalogue, data)
    except kemet.BattleError as exc:
        raise ToolError(exc.errors) from None


def mordheim_rout_test(
    *,
    members: int,
    out_of_action: int,
    leader_out_or_stunned: bool = False,
    leader_ld: int | None = None,
    other_lds: Iterable[int] = (),
) -> dict:
    """Is a rout test due, and against which Ld (``mordheim.rout_test``)?"""
    try:
        return mordheim.rout_test(
            members, out_of_action, leader_out_or_stunned, leader_ld, list(other_lds)
        )
    except ValueError as exc:  # the engine says "<field>: <why>"
        path, sep, message = str(exc).partition(": ")
        error = (path, message, "invalid") if sep else ("", str(exc), "invalid")
        raise ToolError([error]) from None


def hull_breach_table() -> Mapping:
    """The loaded pack's hull-breach table (it may be corrected), else the engine's own."""
    catalogue = rules_selectors.catalogue_get(key=BOARDING_ACTION)
    table = catalogue.attributes.get("hull_breach") if catalogue is not None else None
    return table or boarding_action.HULL_BREACH


def boarding_action_hull_breach(
    *,
    glancing: bool = False,
    roll: int | None = None,
    rng: random.Random | None = None,
    table: Mapping | None = None,
) -> dict:
    """Look a D6 up on the hull-breach table (``table``, default: ``hull_breach_table()``);
    without ``roll`` the server rolls it (``random.SystemRandom`` unless ``rng`` is
    given). Adds ``server_roll``."""
    if table is None:
        table = hull_breach_table()
    try:
        if roll is None:
            answer = boarding_action.roll_hull_breach(glancing, rng or random.SystemRandom(), table)
        else:
            answer = boarding_action.hull_breach(roll, glancing, table)
    except ValueError as exc:
        raise ToolError([("roll", str(exc), "invalid")]) from None
    return {**answer, "server_roll": roll is None}


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


def _count(label, *, initial=0, required=False, help_text=""):
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=999,
        initial=initial,
        required=required,
        help_text=help_text,
    )


class KemetSideForm(forms.Form):
    """One side of the battle (prefix ``attacker`` or ``defender``)."""

    def __init__(self, *args, catalogue: Catalogue, **kwargs):
        super().__init__(*args, **kwargs)
        items = catalogue.items.values()
        cards = [(i.key, i.name) for i in items if i.kind == kemet.BATTLE_CARD]
        self.fields["soldiers"] = _count(_("Soldiers"), initial=5, required=True)
        self.fields["card"] = forms.ChoiceField(
            label=_("Battle card"),
            choices=[*cards, (OTHER_CARD, _("Other: type its values below"))],
        )
        for key in kemet.VALUES:
            self.fields[f"value_{key}"] = _count(VALUE_LABELS[key], initial=None)
        for key in kemet.BONUSES:
            self.fields[f"bonus_{key}"] = _count(VALUE_LABELS[key])
        self.fields["interventions"] = forms.MultipleChoiceField(
            label=_("Divine interventions"),
            required=False,
            widget=forms.CheckboxSelectMultiple,
            choices=[(i.key, i.name) for i in items if i.kind == kemet.INTERVENTION],
        )
        self.fields["prayer_points"] = _count(_("Prayer points"))
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


class RoutTestForm(forms.Form):
    members = _count(_("Members of the warband"), initial=None, required=True)
    out_of_action = _count(_("Out of action"), required=True)
    leader_out_or_stunned = forms.BooleanField(
        label=_("The leader is out of action or stunned"), required=False
    )
    leader_ld = forms.IntegerField(
        label=_("Leader's Ld"), min_value=LD_MIN, max_value=LD_MAX, required=False
    )
    other_lds = forms.CharField(
        label=_("Ld of the other active models"),
        required=False,
        help_text=_("Separated by spaces or commas, e.g. 7 6 6."),
    )

    def clean_other_lds(self) -> list[int]:
        text = self.cleaned_data["other_lds"]
        values = [v for v in re.split(r"[\s,;]+", text) if v]
        if not all(re.fullmatch("[0-9]{1,2}", v) and LD_MIN <= int(v) <= LD_MAX for v in values):
            raise forms.ValidationError(
                _("Give whole numbers from %(low)s to %(high)s."),
                params={"low": LD_MIN, "high": LD_MAX},
            )
        return [int(v) for v in values]


class HullBreachForm(forms.Form):
    ROLL, TYPED = "roll", "typed"
    glancing = forms.BooleanField(label=_("Glancing hit"), required=False)
    roll = forms.IntegerField(
        label=_("Your roll"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 1, "max": 6}),
        help_text=_("Leave empty and Muster rolls the die."),
    )

    def __init__(self, *args, action: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.action = action

    def clean(self):
        data = super().clean()
        if self.action == self.TYPED and data.get("roll") is None and not self.errors:
            self.add_error("roll", _("Type the roll you made, or let Muster roll."))
        return data

    def the_roll(self) -> int | None:
        """The typed roll, or None for the server to roll (the roll button ignores it)."""
        return None if self.action == self.ROLL else self.cleaned_data["roll"]


def form_errors(form: forms.Form, errors) -> None:
    """Put each engine error on the form field its path names, else on the whole form."""
    for path, message, _code in errors:
        form.add_error(path if path in form.fields else None, message)


def _report(errors, forms_by_prefix: Mapping[str, forms.Form], general: forms.Form) -> None:
    """Put each engine error on its form field; what has no field goes to ``general``."""
    for path, message, _code in errors:
        prefix, _sep, rest = path.partition(".")
        form = forms_by_prefix.get(prefix)
        field = form.field_for(rest) if form is not None else None
        if form is not None and field is not None:
            form.add_error(field, message)
        elif path.split("[", 1)[0] in general.fields:
            general.add_error(path.split("[", 1)[0], message)
        else:
            general.add_error(None, f"{path}: {message}" if path else message)


# -- pages ---------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def kemet_page(request):
    """Template: tools/kemet.html. Attacker and defender side by side, then the battle."""
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
            result = kemet_battle(battle, catalogue=catalogue)
        except ToolError as exc:
            _report(exc.errors, sides, battle_form)
    forms_ = [*sides.values(), battle_form]
    return render(
        request,
        "tools/kemet.html",
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


@require_http_methods(["GET", "POST"])
def rout_test_page(request):
    """Template: tools/rout_test.html. Is a rout test due, and against which Ld?"""
    form = RoutTestForm(request.POST if request.method == "POST" else None)
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = mordheim_rout_test(**form.cleaned_data)
        except ToolError as exc:
            form_errors(form, exc.errors)
    return render(
        request,
        "tools/rout_test.html",
        {"form": form, "forms": [form], "has_errors": bool(form.errors), "result": result},
    )


@require_http_methods(["GET", "POST"])
def hull_breach_page(request):
    """Template: tools/hull_breach.html. Roll (or type) a D6 and read the table."""
    data = request.POST if request.method == "POST" else None
    form = HullBreachForm(data, action=request.POST.get("action", ""))
    table = hull_breach_table()
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = boarding_action_hull_breach(
                glancing=form.cleaned_data["glancing"], roll=form.the_roll(), table=table
            )
        except ToolError as exc:
            form_errors(form, exc.errors)
    return render(
        request,
        "tools/hull_breach.html",
        {
            "form": form,
            "forms": [form],
            "has_errors": bool(form.errors),
            "result": result,
            "results": sorted(table["results"], key=lambda r: r["roll"]),
            "glancing_modifier": table.get("glancing_modifier", -2),
        },
    )
