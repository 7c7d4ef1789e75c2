"""The Mordheim campaign log as a page: the warband as its log left it, "record a
battle", undo, and a rout test prefilled with the warband as it is now.

Thin, like armylists/views.py: forms in, services (the campaign section of
armylists/services.py) do the work. Every action is a plain form post to the page
(``action`` = ``battle``, ``undo`` or ``rout``); a successful record or undo redirects
back (post/redirect/get), so a reload never records a battle twice.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from rules import selectors as rules_selectors
from rules.systems.mordheim_campaign import HATRED as HATED_BY_D6
from rules.systems.mordheim_campaign import STAT_LOSS, is_d66

from . import selectors, services, tools
from .forms import item_names

INJURIES = {
    "dead": gettext_lazy("dead"),
    "multiple_injuries": gettext_lazy("multiple injuries"),
    "leg_wound": gettext_lazy("leg wound"),
    "arm_wound": gettext_lazy("arm wound"),
    "madness": gettext_lazy("madness"),
    "smashed_leg": gettext_lazy("smashed leg"),
    "chest_wound": gettext_lazy("chest wound"),
    "blinded_in_one_eye": gettext_lazy("blinded in one eye"),
    "old_battle_wound": gettext_lazy("old battle wound"),
    "nervous_condition": gettext_lazy("nervous condition"),
    "hand_injury": gettext_lazy("hand injury"),
    "deep_wound": gettext_lazy("deep wound"),
    "robbed": gettext_lazy("robbed"),
    "full_recovery": gettext_lazy("full recovery"),
    "bitter_enmity": gettext_lazy("bitter enmity"),
    "captured": gettext_lazy("captured"),
    "hardened": gettext_lazy("hardened"),
    "horrible_scars": gettext_lazy("horrible scars"),
    "sold_to_the_pits": gettext_lazy("sold to the pits"),
    "survives_against_the_odds": gettext_lazy("survives against the odds"),
}
TRAITS = {
    "stupidity": gettext_lazy("stupidity"),
    "frenzy": gettext_lazy("frenzy"),
    "immune_to_fear": gettext_lazy("immune to fear"),
    "causes_fear": gettext_lazy("causes fear"),
    "old_battle_wound": gettext_lazy(
        "old battle wound: before each battle D6, on a 1 cannot fight"
    ),
    "no_running": gettext_lazy("may not run"),
    "one_hand_weapon": gettext_lazy("one hand weapon only"),
}
HATRED = {
    "model": gettext_lazy("hatred of the model that injured him"),
    "leader": gettext_lazy("hatred of that warband's leader"),
    "warband": gettext_lazy("hatred of that warband"),
    "warband_type": gettext_lazy("hatred of every warband of that kind"),
}
STATUSES = {
    "dead": gettext_lazy("dead"),
    "captured": gettext_lazy("captured"),
    "retired": gettext_lazy("retired"),
    "gone": gettext_lazy("every model lost"),
    "unknown_card": gettext_lazy("unknown card"),
}


def _mordheim_or_404(request, list_id):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id)
    if army_list is None or not services.list_has_campaign(army_list=army_list):
        raise Http404
    return army_list


# -- words for the log --------------------------------------------------------------------


def injury_text(injury: dict, *, roll: bool = True) -> str:
    """One resolved serious injury in words: '23 arm wound (D6 4: misses the next game)'
    (without its D66 when ``roll`` is false; further injuries always say theirs)."""
    result = injury["result"]
    details = []
    d6 = injury.get("d6")
    if result == "multiple_injuries":
        details.append(
            _("D6 %(d6)s: %(more)s")
            % {"d6": d6, "more": "; ".join(injury_text(i) for i in injury.get("injuries", []))}
        )
    elif result in ("arm_wound", "smashed_leg"):
        if d6 == 1:
            outcome = TRAITS["one_hand_weapon" if result == "arm_wound" else "no_running"]
        else:
            outcome = _("misses the next game")
        details.append(_("D6 %(d6)s: %(outcome)s") % {"d6": d6, "outcome": outcome})
    elif result == "madness":
        outcome = TRAITS["stupidity" if d6 <= 3 else "frenzy"]
        details.append(_("D6 %(d6)s: %(outcome)s") % {"d6": d6, "outcome": outcome})
    elif result == "bitter_enmity":
        outcome = HATRED[HATED_BY_D6[d6]]
        details.append(_("D6 %(d6)s: %(outcome)s") % {"d6": d6, "outcome": outcome})
    elif result == "deep_wound":
        details.append(_("misses %(n)s games") % {"n": injury.get("d3")})
    elif result in STAT_LOSS:
        details.append(f"{STAT_LOSS[result]} -1")
    elif result in ("dead", "robbed", "captured"):
        details.append(_("gear lost"))
    elif result == "hardened":
        details.append(TRAITS["immune_to_fear"])
    elif result == "horrible_scars":
        details.append(TRAITS["causes_fear"])
    elif result == "survives_against_the_odds":
        details.append(_("+1 experience"))
    elif result == "sold_to_the_pits":
        if injury.get("won"):
            details.append(_("won the pit fight: 50 gc, +2 experience"))
        else:
            again = injury.get("again")
            details.append(
                _("lost the pit fight and all gear, then %(injury)s")
                % {"injury": injury_text(again) if again else "?"}
            )
    if injury.get("rerolled"):
        details.append(
            _("re-rolled %(rolls)s") % {"rolls": ", ".join(str(r) for r in injury["rerolled"])}
        )
    text = str(INJURIES.get(result, result))
    if roll:
        text = f"{injury['roll']} {text}"
    return f"{text} ({'; '.join(str(d) for d in details)})" if details else text


def event_text(event: dict, *, roll: bool = True) -> str:
    """What an event of the log did, in the reader's language; with its roll unless
    ``roll`` is false (the log shows the roll in a column of its own)."""
    if event["type"] == "serious_injury":
        return injury_text(event, roll=roll)
    if event["type"] == "henchman_out_of_action":
        if event["result"] == "lost":
            text = _("one model lost with its gear")
        else:
            text = _("back in the group")
        return f"D6 {event['roll']}: {text}" if roll else text
    amount = event.get("amount", 0)
    return _("%(amount)+d experience") % {"amount": amount}


# -- the roster ---------------------------------------------------------------------------


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
    notes += [str(TRAITS.get(t, t)) for t in fighter["traits"]]
    notes += [str(HATRED.get(h, h)) for h in fighter["hatred"]]
    if fighter["lost_models"]:
        notes.append(_("%(n)s lost") % {"n": fighter["lost_models"]})
    return {
        **fighter,
        "card_name": card.name if card is not None else fighter["card"],
        "stat_cells": stats,
        "item_names": item_names(catalogue, fighter["items"]),
        "notes": notes,
        "injury_names": [str(INJURIES.get(i, i)) for i in fighter["injuries"]],
        "status_label": STATUSES.get(fighter["status"], fighter["status"]),
    }


# -- forms --------------------------------------------------------------------------------


class BattleForm(forms.Form):
    """What happened to each fighter in one battle: heroes out of action (with an optional
    D66), henchmen out of action per group (with optional D6s), experience gained."""

    def __init__(self, *args, fighters: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for fighter in fighters:
            if not fighter["recordable"]:
                continue
            i = fighter["entry"]
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
            i = fighter["entry"]
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
            i = row["fighter"]["entry"]
            if data.get(f"exp_{i}"):
                event = {"type": "experience", "entry": i, "amount": data[f"exp_{i}"]}
                gained.append((event, f"exp_{i}"))
            roll = data.get(f"roll_{i}")
            if row["fighter"]["hero"]:
                if data.get(f"ooa_{i}") or roll is not None:
                    event = {"type": "serious_injury", "entry": i}
                    if roll is not None:
                        event["roll"] = roll
                    injured.append((event, f"roll_{i}"))
                continue
            rolls = roll if isinstance(roll, list) else []
            for n in range(max(data.get(f"ooa_{i}") or 0, len(rolls))):
                event = {"type": "henchman_out_of_action", "entry": i}
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
    return tools.RoutTestForm(data, prefix="rout", initial=initial)


# -- the page -----------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def campaign_page(request, list_id):
    """Template: campaign.html. The warband now, its log, record a battle, undo, rout test."""
    army_list = _mordheim_or_404(request, list_id)
    action = request.POST.get("action") if request.method == "POST" else None
    if action == "undo":
        removed = services.campaign_undo(army_list=army_list)
        if removed is None:
            messages.info(request, _("The log is empty: nothing to undo."))
        else:
            messages.success(
                request,
                _("Undone: %(who)s, %(result)s.")
                % {"who": removed["who"], "result": event_text(removed)},
            )
        return redirect("list-campaign", list_id=army_list.id)
    state = services.campaign_state(army_list=army_list)
    fighters = state["roster"]["fighters"]
    battle = BattleForm(
        request.POST if action == "battle" else None, fighters=fighters, prefix="battle"
    )
    rout = _rout_form(request.POST if action == "rout" else None, state)
    rout_result, status = None, 200
    if action == "battle" and battle.is_valid():
        events = battle.events()
        try:
            recorded = services.campaign_record_battle(
                army_list=army_list, events=[e for e, _field in events], user=request.user
            )
        except services.CampaignRefused as error:
            for path, message, _code in error.problems:
                n = services.campaign_event_index(path)
                field = events[n][1] if n is not None and n < len(events) else None
                battle.add_error(field, message)
        else:
            messages.success(
                request,
                _("Battle recorded: %(lines)s.")
                % {"lines": "; ".join(f"{e['who']}: {event_text(e)}" for e in recorded)},
            )
            return redirect("list-campaign", list_id=army_list.id)
    if battle.is_bound and battle.errors:
        status = 400
    if rout.is_bound and rout.is_valid():
        try:
            rout_result = tools.mordheim_rout_test(**rout.cleaned_data)
        except tools.ToolError as exc:
            tools.form_errors(rout, exc.errors)
    if rout.is_bound and rout.errors:
        status = 400
    catalogue = rules_selectors.catalogue_for(system=army_list.system)
    rows = [_fighter_row(f, catalogue) for f in fighters]
    events = [
        {**e, "text": event_text(e, roll=False), "line": event_text(e)} for e in state["events"]
    ]
    return render(
        request,
        "campaign.html",
        {
            "army_list": army_list,
            "state": state,
            "active": [r for r in rows if r["in_warband"]],
            "gone": [r for r in rows if not r["in_warband"]],
            "events": list(reversed(events)),
            "battle": battle,
            "rout": rout,
            "rout_result": rout_result,
        },
        status=status,
    )
