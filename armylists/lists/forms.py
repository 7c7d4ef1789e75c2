"""Scoring after a game."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.engine.document import MAX_POINTS


class BattleForm(forms.Form):
    scored = forms.IntegerField(
        label=_("Battle points you scored"),
        min_value=0,
        max_value=MAX_POINTS,
        required=False,
        initial=0,
    )
