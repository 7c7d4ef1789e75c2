"""Mordheim's rout test (docs/rules/mordheim.md) as a page: is a test due, and against which Ld?
``mordheim_rout_test`` is the one way to the engine, for this page, the campaign page
and the API (``api.py`` beside it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from armylists.playaids.tools import ToolError, count_field, form_errors
from rules.systems import mordheim

LD_MIN, LD_MAX = 1, 10  # Mordheim characteristics run from 1 to 10


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


# -- the page ------------------------------------------------------------------------------


class RoutTestForm(forms.Form):
    members = count_field(_("Members of the warband"), initial=None, required=True)
    out_of_action = count_field(_("Out of action"), required=True)
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


@require_http_methods(["GET", "POST"])
def rout_test_page(request):
    """Template: systems/mordheim/rout_test.html. Is a rout test due, and against which Ld?"""
    form = RoutTestForm(request.POST if request.method == "POST" else None)
    result = None
    if form.is_bound and form.is_valid():
        try:
            result = mordheim_rout_test(**form.cleaned_data)
        except ToolError as exc:
            form_errors(form, exc.errors)
    return render(
        request,
        "systems/mordheim/rout_test.html",
        {"form": form, "forms": [form], "has_errors": bool(form.errors), "result": result},
        status=400 if form.errors else 200,  # a post with errors, as every page's form
    )
