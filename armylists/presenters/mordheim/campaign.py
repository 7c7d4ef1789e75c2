"""The Mordheim campaign log as a page: the warband as its log left it, "record a battle",
undo, and a rout test filled in with the warband as it is now.

Thin: forms in, ``armylists.services.campaign`` does the work; what an event did comes
from the campaign rules, in the reader's language. Every action is a plain form post to
the page (``action`` = ``battle``, ``undo`` or ``rout``); a record or undo redirects back
(post/redirect/get), so a reload never records a battle twice.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from armylists import selectors
from armylists.names import item_names, local_name
from armylists.playaids import ToolError, form_errors
from armylists.services import campaign
from rules import selectors as rules_selectors
from rules.systems.mordheim_campaign import HATRED_OF, LABELS, STATUSES, TRAITS, is_d66

from .rout_test import RoutTestForm, mordheim_rout_test


def _warband_or_404(request, list_id):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id)
    if army_list is None or not campaign.list_has_campaign(army_list=army_list):
        raise Http404
    return army_list


def _fighter_row(fighter: dict, catalogue) -> dict:
    card = catalogue.cards.get(fighter["card"]) if fighter["card"] else None
    base = dict(card.stats) if card is not None else {}
    stats = [
        {"name": name, "value": value, "lowered": value < base.get(name, value)}
        for name, value in fighter["stats"].items()
    ]
    notes = []
    if fighter["misses_games"] == 1:
        notes.append(_("misses the next game"))
    elif fighter["misses_games"] > 1:
        notes.append(_("misses the next %(n)s games") % {"n": fighter["misses_games"]})
    notes += [_(TRAITS.get(t, t)) for t in fighter["traits"]]
    notes += [_(HATRED_OF.get(h, h)) for h in fighter["hatred"]]
    if fighter["lost_models"]:
        notes.append(_("%(n)s lost") % {"n": fighter["lost_models"]})
    return {
        **fighter,
        "card_name": local_name(card, fighter["card"] or "?"),
        "stat_cells": stats,
        "item_names": item_names(catalogue, fighter["items"]),
        "notes": notes,
        "injury_names": [_(LABELS.get(i, i)) for i in fighter["injuries"]],
        "status_label": _(STATUSES.get(fighter["status"], fighter["status"])),
    }


class BattleForm(forms.Form):
    """What happened to each fighter in one battle: heroes out of action (with an optional
    D66), henchmen out of action per group (with optional D6s), experience gained. Fields
    are named by the fighter's entry id."""

    def __init__(self, *args, fighters: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for fighter in fighters:
            if not fighter["recordable"]:
                continue
            i = fighter["entry_id"]
            if fighter["hero"]:
                self.fields[f"ooa_{i}"] = forms.BooleanField(
                    required=False, label=_("Out of action")
                )
                self.fields[f"roll_{i}"] = forms.IntegerField(
                    required=False,
                    label=_("D66 roll"),
                    min_value=11,
                    max_value=66,
                    help_text=_("D66; empty: Muster rolls."),
                )
            else:
                self.fields[f"ooa_{i}"] = forms.IntegerField(
                    required=False,
                    label=_("Models out of action"),
                    min_value=0,
                    max_value=fighter["models"],
                )
                self.fields[f"roll_{i}"] = forms.CharField(
                    required=False,
                    label=_("D6 rolls"),
                    max_length=50,
                    help_text=_("One D6 per model out of action, e.g. 2 5; empty: Muster rolls."),
                )
            self.fields[f"exp_{i}"] = forms.IntegerField(
                required=False, label=_("Experience gained"), min_value=0, max_value=99
            )
            self.rows.append(
                {
                    "fighter": fighter,
                    "out": self[f"ooa_{i}"],
                    "roll": self[f"roll_{i}"],
                    "exp": self[f"exp_{i}"],
                }
            )

    def clean(self):
        data = super().clean()
        for row in self.rows:
            fighter = row["fighter"]
            i = fighter["entry_id"]
            roll = data.get(f"roll_{i}")
            if fighter["hero"]:
                if roll is not None and not is_d66(roll):
                    self.add_error(f"roll_{i}", _("A D66 roll is 11 to 66, each digit 1 to 6."))
                continue
            tokens = [t for t in re.split(r"[\s,;]+", roll or "") if t]
            if not all(re.fullmatch("[1-6]", t) for t in tokens):
                self.add_error(f"roll_{i}", _("D6 rolls are whole numbers from 1 to 6."))
                continue
            out = data.get(f"ooa_{i}")
            if out is not None and len(tokens) > out > 0:
                self.add_error(
                    f"roll_{i}",
                    ngettext(
                        "%(rolls)s rolls for %(out)s model out of action.",
                        "%(rolls)s rolls for %(out)s models out of action.",
                        out,
                    )
                    % {"rolls": len(tokens), "out": out},
                )
            elif len(tokens) > fighter["models"]:
                self.add_error(
                    f"roll_{i}",
                    _("%(rolls)s rolls for a group of %(models)s.")
                    % {"rolls": len(tokens), "models": fighter["models"]},
                )
            else:
                data[f"roll_{i}"] = [int(t) for t in tokens]
        if not self.errors and not self.events():
            raise forms.ValidationError(
                _("Nothing to record: mark who went out of action or gained experience.")
            )
        return data

    def events(self) -> list[tuple[dict, str]]:
        """The battle's events with the field each comes from: experience first (a hero
        who dies afterwards keeps it in the log, harmless), then injuries, then henchmen."""
        data = self.cleaned_data
        gained, injured, lost = [], [], []
        for row in self.rows:
            i = row["fighter"]["entry_id"]
            if data.get(f"exp_{i}"):
                event = {"type": "experience", "entry_id": i, "amount": data[f"exp_{i}"]}
                gained.append((event, f"exp_{i}"))
            roll = data.get(f"roll_{i}")
            if row["fighter"]["hero"]:
                if data.get(f"ooa_{i}") or roll is not None:
                    event = {"type": "serious_injury", "entry_id": i}
                    if roll is not None:
                        event["roll"] = roll
                    injured.append((event, f"roll_{i}"))
                continue
            rolls = roll if isinstance(roll, list) else []
            for n in range(max(data.get(f"ooa_{i}") or 0, len(rolls))):
                event = {"type": "henchman_out_of_action", "entry_id": i}
                if n < len(rolls):
                    event["roll"] = rolls[n]
                lost.append((event, f"roll_{i}"))
        return gained + injured + lost


def _rout_form(data, state):
    rout = state["rout_test"]
    initial = {
        "members": rout["members"],
        "out_of_action": 0,
        "leader_ld": rout["leader_ld"],
        "leader_out_or_stunned": rout["leader_ld"] is None,
        "other_lds": " ".join(str(ld) for ld in rout["other_lds"]),
    }
    return RoutTestForm(data, prefix="rout", initial=initial)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_page(request, list_id):
    """Template: systems/mordheim/campaign.html. The warband now, its log, record a battle,
    undo, rout test."""
    army_list = _warband_or_404(request, list_id)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "undo":
        removed = campaign.campaign_undo(army_list=army_list)
        if removed is None:
            messages.info(request, _("The log is empty: nothing to undo."))
        else:
            messages.success(request, _("Undone: %(line)s.") % {"line": removed["summary"]})
        return redirect("list-campaign", list_id=army_list.id)
    state = campaign.campaign_state(army_list=army_list)
    fighters = state["roster"]["fighters"]
    battle = BattleForm(
        request.POST if action == "battle" else None, fighters=fighters, prefix="battle"
    )
    rout = _rout_form(request.POST if action == "rout" else None, state)
    rout_result, status = None, 200
    if action == "battle" and battle.is_valid():
        events = battle.events()
        try:
            recorded = campaign.campaign_record_battle(
                army_list=army_list, events=[e for e, _field in events], user=request.user
            )
        except campaign.CampaignRefused as error:
            for path, message, _code in error.problems:
                n = campaign.campaign_event_index(path)
                field = events[n][1] if n is not None and n < len(events) else None
                battle.add_error(field, message)
        else:
            messages.success(
                request,
                _("Battle recorded: %(lines)s.")
                % {"lines": "; ".join(e["summary"] for e in recorded)},
            )
            return redirect("list-campaign", list_id=army_list.id)
    if battle.is_bound and battle.errors:
        status = 400
    if rout.is_bound and rout.is_valid():
        try:
            rout_result = mordheim_rout_test(**rout.cleaned_data)
        except ToolError as exc:
            form_errors(rout, exc.errors)
    if rout.is_bound and rout.errors:
        status = 400
    catalogue = rules_selectors.catalogue_for(system=army_list.system)
    rows = [_fighter_row(f, catalogue) for f in fighters]
    return render(
        request,
        "systems/mordheim/campaign.html",
        {
            "army_list": army_list,
            "state": state,
            "active": [r for r in rows if r["in_warband"]],
            "gone": [r for r in rows if not r["in_warband"]],
            "events": list(reversed(state["events"])),
            "battle": battle,
            "rout": rout,
            "rout_result": rout_result,
        },
        status=status,
    )
