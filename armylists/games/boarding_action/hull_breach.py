"""Boarding Action's hull-breach table (docs/rules/boarding_action.md) as a page: roll or type a D6,
read the table. ``boarding_action_hull_breach`` is the one way to the engine, for this
page and the API (``api.py`` beside it)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from django import forms
from django.shortcuts import render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from armylists.playaids.tools import ToolError, form_errors
from rules import selectors as rules_selectors
from rules.systems import boarding_action


def hull_breach_table() -> Mapping:
    """The loaded pack's hull-breach table (it may be corrected), else the engine's own,
    its names and descriptions in the reader's language where the pack gives them."""
    catalogue = rules_selectors.catalogue_get(key=boarding_action.SYSTEM)
    table = catalogue.attributes.get("hull_breach") if catalogue is not None else None
    table = table or boarding_action.HULL_BREACH
    language = (get_language() or "en").split("-")[0]
    return {
        **table,
        "results": [
            {
                **row,
                "name": (row.get("names") or {}).get(language, row["name"]),
                "description": (row.get("descriptions") or {}).get(language, row["description"]),
            }
            for row in table["results"]
        ],
    }


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


# -- the page ------------------------------------------------------------------------------


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


@require_http_methods(["GET", "POST"])
def hull_breach_page(request):
    """Template: systems/boarding-action/hull_breach.html. Roll (or type) a D6, read the
    table."""
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
        "systems/boarding-action/hull_breach.html",
        {
            "form": form,
            "forms": [form],
            "has_errors": bool(form.errors),
            "result": result,
            "results": sorted(table["results"], key=lambda r: r["roll"]),
            "glancing_modifier": table.get("glancing_modifier", -2),
        },
        status=400 if form.errors else 200,  # a post with errors, as every page's form
    )
