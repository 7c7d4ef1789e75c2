"""The Mordheim campaign as a page: the warband as its log left it (treasury, rating,
stash), a battle recorded step by step, the log by battle, undo, and a rout test filled
in with the warband as it is now.

Thin: forms in, ``services.campaign`` and ``campaign_battles`` do the work;
what a record did comes from the campaign rules, in the reader's language. Every action
is a plain form post to the page (``action``: ``step``, ``choose``, ``record``,
``discard``, ``undo``, ``undo-battle`` or ``rout``); a change redirects back
(post/redirect/get), so a reload never records a battle twice. ``undo-battle`` asks
first: the page answers with what undoing takes back, and a second post confirms it.
A battle being recorded is kept on the server (a draft): leave the page and continue it
later, or discard it.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from armylists.games.mordheim import battle_draft, battle_page
from armylists.games.mordheim.battle_page import here
from armylists.games.mordheim.campaign_facts import table_facts
from armylists.games.mordheim.campaign_rows import fighter_row
from armylists.games.mordheim.rout_test import RoutTestForm, mordheim_rout_test
from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.lists import selectors
from armylists.lists.services import list_catalogue, list_pack_lost
from armylists.playaids.tools import ToolError, form_errors
from armylists.presenters.names import item_names


def _warband_or_404(request, list_id):
    army_list = selectors.list_get_for_owner(owner=request.user, list_id=list_id)
    if army_list is None or not campaign.list_has_campaign(army_list=army_list):
        raise Http404
    return army_list


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
    """Template: systems/mordheim/campaign.html."""
    army_list = _warband_or_404(request, list_id)
    action = request.POST.get("action") if request.method == "POST" else None
    handler = ACTIONS.get(action)
    lost = list_pack_lost(army_list=army_list, user=request.user)
    if lost is not None:  # its log stays readable; nothing more is recorded on it
        status = 409 if handler is not None and action not in STILL_ON_LOST_PACK else 200
        if handler is not None and status == 200:
            response = handler(request, army_list)
            if response is not None and not isinstance(response, battle_page.Refused):
                return response
        return page(request, army_list, lost=lost, status=status)
    if handler is not None:
        response = handler(request, army_list)
        if isinstance(response, battle_page.Refused):
            return page(request, army_list, battle=response.context, status=400)
        if response is not None:
            return response
    return page(request, army_list)


# -- the log --------------------------------------------------------------------------


def _undo(request, army_list):
    try:
        removed = campaign.campaign_undo(army_list=army_list)
    except campaign.CampaignRefused:
        return _undo_battle(request, army_list)  # the last record is a battle
    if removed is None:
        messages.info(request, _("The log is empty: nothing to undo."))
    else:
        messages.success(request, _("Undone: %(line)s.") % {"line": removed["summary"]})
    return here(army_list)


def _undo_battle(request, army_list):
    """Asks first: without ``confirm`` (the number of the battle to undo) the page shows
    what undoing it takes back; ``redo`` puts the battle back into the steps, its dice
    and choices kept, to change and record again."""
    confirm = request.POST.get("confirm") or request.POST.get("redo")
    last = campaign.campaign_state(army_list=army_list)["battles"]
    if not last:
        messages.info(request, _("No battle is recorded: nothing to undo."))
        return here(army_list)
    if not confirm:
        return page(request, army_list, undo=True)
    if str(last[-1]["number"]) != confirm:
        messages.error(request, _("Battle %(n)s is no longer the last one: nothing was undone.")
                       % {"n": confirm[:6]})
        return here(army_list)
    redo = bool(request.POST.get("redo")) and campaign_battles.draft_get(
        army_list=army_list) is None
    try:
        removed = campaign_battles.battle_undo(army_list=army_list)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return here(army_list)
    if removed is None:
        messages.info(request, _("No battle is recorded: nothing to undo."))
        return here(army_list)
    if redo:
        campaign_battles.draft_save(army_list=army_list, data=removed["input"],
                                    step=battle_draft.STEPS[-2], user=request.user)
        messages.success(request, _("Battle %(n)s taken back; its steps are kept with the "
                                    "same dice: change what you need and record it again.")
                         % {"n": removed["number"]})
        return here(army_list, battle_draft.STEPS[-1])
    messages.success(request, _("Battle %(n)s taken back, every step of it.")
                     % {"n": removed["number"]})
    return here(army_list)


def _rout(request, army_list):
    return None  # the page handles it (its result is shown, not stored)


# A warband on a pack its owner lost: undo still takes back, the rout test still counts.
STILL_ON_LOST_PACK = ("undo", "undo-battle", "rout")
ACTIONS = {"undo": _undo, "undo-battle": _undo_battle, "discard": battle_page.discard,
           "step": battle_page.step, "choose": battle_page.choose,
           "record": battle_page.record, "rout": _rout}


# -- the page -------------------------------------------------------------------------


def _rout_test(request, state):
    """The rout test's form (bound when the player asked for it) and its result."""
    action = request.POST.get("action") if request.method == "POST" else None
    rout = _rout_form(request.POST if action == "rout" else None, state)
    rout_result = None
    if rout.is_bound and rout.is_valid():
        try:
            rout_result = mordheim_rout_test(**rout.cleaned_data)
        except ToolError as exc:
            form_errors(rout, exc.errors)
    return rout, rout_result


def _battle(request, army_list):
    """The battle being recorded, at the step asked for (at most the next one due)."""
    draft = campaign_battles.draft_get(army_list=army_list)
    wanted = request.GET.get("step")
    reached = battle_draft.next_step(draft.step if draft else None)
    step = wanted if wanted in battle_draft.STEPS and (
        battle_draft.STEPS.index(wanted) <= battle_draft.STEPS.index(reached)) else reached
    return battle_page.battle_context(army_list, draft, step)


def page(request, army_list, *, battle=None, status=200, undo=False, lost=None):
    state = campaign.campaign_state(army_list=army_list)
    rout, rout_result = _rout_test(request, state)
    if rout.is_bound and rout.errors:
        status = 400
    if battle is None and lost is None:
        battle = _battle(request, army_list)
    catalogue = list_catalogue(army_list=army_list)
    choice = state["roster"].get("choice")
    rows = [fighter_row(f, catalogue, choice) for f in state["roster"]["fighters"]]
    return render(
        request,
        "systems/mordheim/campaign.html",
        {
            "army_list": army_list,
            "state": state,
            "active": [r for r in rows if r["in_warband"]],
            "gone": [r for r in rows if not r["in_warband"]],
            "stash_names": item_names(catalogue, state["stash"]),
            "log": _log(state),
            "battle": battle,
            "lost_pack": lost,
            # the last battle, when the player asked to undo it: what undoing takes back
            "undo": state["battles"][-1] if undo and state["battles"] else None,
            "rout": rout,
            "rout_result": rout_result,
            "unverified": table_facts(state["unverified"]),
            "max_heroes": catalogue.params_for("hero_limit").get("max", 6),
        },
        status=status,
    )


def _log(state) -> list[dict]:
    """The log newest first: each battle with its lines, each event on its own."""
    records = [{"kind": "battle", "sequence": b["sequence"], "battle": b}
               for b in state["battles"]]
    records += [{"kind": "event", "sequence": e["sequence"], "event": e}
                for e in state["events"]]
    return sorted(records, key=lambda r: r["sequence"], reverse=True)
