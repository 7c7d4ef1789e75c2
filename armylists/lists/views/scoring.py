"""Scoring after a game, for games whose rules score one: mark the list's losses, see
what the opponent scores, and who won. The layout of the losses is the game's (its
presenter's ``scoring.html``); the numbers are its rules'."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse

from armylists.lists import scoring
from armylists.lists.forms import BattleForm
from armylists.lists.lookups import owned_or_404, shared_or_404
from armylists.lists.readonly import readonly_context
from armylists.web.pages import whole_number

MAX_LOST = 1000  # a number typed into one box is at most this: no loop runs longer


def _losses(request, rows) -> list[dict]:
    """Each entry's losses as the game's scoring reads them: individual models destroyed,
    or models lost per fielded unit. Linear in the list: one dict lookup per box."""
    posted = request.POST
    losses = []
    for row in rows:
        card, entry, i = row["card"], row["entry"], row["index"]
        if card is not None and card.is_unit:
            lost = [
                min(MAX_LOST, max(0, whole_number(posted.get(f"lost-{i}-{n}"), 0)))
                for n in range(entry.count)
            ]
            row["unit_slots"] = list(enumerate(lost))
            losses.append({"lost": lost})
        else:
            destroyed = min(MAX_LOST, max(0, whole_number(posted.get(f"destroyed-{i}"), 0)))
            row["destroyed"] = destroyed
            losses.append({"destroyed": destroyed})
    return losses


def _battle(request, army_list, back_url):
    """Template: the game's scoring.html."""
    if scoring.scoring_rules(army_list.system.key) is None:
        raise Http404
    context = readonly_context(army_list=army_list)
    rows = context["rows"]
    checked = context["checked"]
    score = scoring.battle_points(checked=checked, losses=_losses(request, rows))
    for row, scored in zip(rows, score["entries"], strict=False):
        row["conceded"] = scored["points"]
    form = BattleForm(request.POST or None)
    outcome = None
    if form.is_valid():
        outcome = scoring.battle_outcome(
            checked=checked, scored=form.cleaned_data.get("scored") or 0, conceded=score["total"]
        )
    context |= {"form": form, "score": score, "outcome": outcome, "back_url": back_url}
    return render(request, context["presenter"].template("scoring.html"), context)


@login_required
def list_battle(request, list_id):
    army_list = owned_or_404(request, list_id)
    return _battle(request, army_list, reverse("list-detail", args=[list_id]))


def shared_battle(request, token):
    army_list = shared_or_404(token)
    return _battle(request, army_list, reverse("shared", args=[token]))
