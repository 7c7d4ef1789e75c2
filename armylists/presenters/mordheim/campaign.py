"""The Mordheim campaign as a page: the warband as its log left it (treasury, rating,
stash), a battle recorded step by step, the log by battle, undo, and a rout test filled
in with the warband as it is now.

Thin: forms in, ``armylists.services.campaign`` and ``campaign_battles`` do the work;
what a record did comes from the campaign rules, in the reader's language. Every action
is a plain form post to the page (``action``: ``step``, ``choose``, ``record``,
``discard``, ``undo``, ``undo-battle`` or ``rout``); a change redirects back
(post/redirect/get), so a reload never records a battle twice. A battle being recorded
is kept on the server (a draft): leave the page and continue it later, or discard it.
"""

from __future__ import annotations

import random

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from armylists import selectors
from armylists.names import item_names, local_name
from armylists.playaids import ToolError, form_errors
from armylists.services import campaign, campaign_battles
from rules import selectors as rules_selectors

from . import battle_draft
from .battle_forms import BattleStepForm, ExperienceStepForm, ExplorationStepForm, TradingStepForm
from .campaign_rows import fighter_row
from .rout_test import RoutTestForm, mordheim_rout_test


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


def _here(army_list, step=None):
    url = reverse("list-campaign", args=[army_list.id])
    return redirect(f"{url}?step={step}#battle" if step else url)


@login_required
@require_http_methods(["GET", "POST"])
def campaign_page(request, list_id):
    """Template: systems/mordheim/campaign.html."""
    army_list = _warband_or_404(request, list_id)
    action = request.POST.get("action") if request.method == "POST" else None
    handler = ACTIONS.get(action)
    if handler is not None:
        response = handler(request, army_list)
        if response is not None:
            return response
    return _page(request, army_list)


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
    return _here(army_list)


def _undo_battle(request, army_list):
    try:
        removed = campaign_battles.battle_undo(army_list=army_list)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return _here(army_list)
    if removed is None:
        messages.info(request, _("No battle is recorded: nothing to undo."))
    else:
        messages.success(request, _("Battle %(n)s taken back, every step of it.")
                         % {"n": removed["number"]})
    return _here(army_list)


# -- a battle, step by step -----------------------------------------------------------


def _discard(request, army_list):
    if campaign_battles.draft_discard(army_list=army_list):
        messages.info(request, _("The battle being recorded was discarded."))
    return _here(army_list)


def _step(request, army_list):
    step = request.POST.get("step")
    if step not in battle_draft.KEYS:
        return None
    draft = campaign_battles.draft_get(army_list=army_list)
    data = draft.data if draft is not None else {}
    context = _battle_context(army_list, draft, step, request.POST)
    form = context["form"]
    if not form.is_valid():
        return _page(request, army_list, battle=context, status=400)
    data = battle_draft.merge(data, step, form.spec())
    try:
        preview = campaign_battles.battle_preview(
            army_list=army_list, spec=data, rng=random.SystemRandom(),
            until=battle_draft.UNTIL[step])
    except campaign.CampaignRefused as error:
        for _path, message, _code in error.problems:
            form.add_error(None, message)
        return _page(request, army_list, battle=context, status=400)
    campaign_battles.draft_save(army_list=army_list, data=preview["input"], step=step,
                                user=request.user)
    return _here(army_list, step if preview["pending"] else battle_draft.next_step(step))


def _choose(request, army_list):
    draft = campaign_battles.draft_get(army_list=army_list)
    if draft is None or not draft.step:
        return _here(army_list)
    until = battle_draft.UNTIL[draft.step]
    preview = _preview(army_list, draft)
    data, wrong = battle_draft.with_choices(draft.data, preview["pending"], request.POST)
    if wrong:
        messages.error(request, _("Not among the choices: %(fields)s.")
                       % {"fields": ", ".join(wrong)})
        return _here(army_list, draft.step)
    try:
        again = campaign_battles.battle_preview(army_list=army_list, spec=data,
                                                rng=random.SystemRandom(), until=until)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return _here(army_list, draft.step)
    campaign_battles.draft_save(army_list=army_list, data=again["input"], step=draft.step,
                                user=request.user)
    following = battle_draft.next_step(draft.step)
    return _here(army_list, draft.step if again["pending"] else following)


def _record(request, army_list):
    draft = campaign_battles.draft_get(army_list=army_list)
    if draft is None or draft.step != "trading":
        messages.error(request, _("Go through every step of the battle first."))
        return _here(army_list, battle_draft.next_step(draft.step if draft else None))
    try:
        battle = campaign_battles.battle_record(army_list=army_list, spec=draft.data,
                                                user=request.user)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return _here(army_list, "review")
    messages.success(request, _("Battle %(n)s recorded: treasury %(before)s → %(after)s gc.")
                     % {"n": battle["number"], "before": battle["treasury_before"],
                        "after": battle["treasury_after"]})
    return _here(army_list)


def _rout(request, army_list):
    return None  # the page handles it (its result is shown, not stored)


ACTIONS = {"undo": _undo, "undo-battle": _undo_battle, "discard": _discard, "step": _step,
           "choose": _choose, "record": _record, "rout": _rout}


def _preview(army_list, draft):
    if draft is None or not draft.step:
        return None
    try:
        return campaign_battles.battle_preview(
            army_list=army_list, spec=draft.data, rng=random.SystemRandom(),
            until=battle_draft.UNTIL[draft.step])
    except campaign.CampaignRefused as error:
        return {"refused": error.problems[0][1], "pending": [], "input": draft.data}


def _battle_context(army_list, draft, step, data=None) -> dict:
    """The step ``step`` of the battle being recorded: its form (bound to ``data``) and
    what the steps before it did."""
    catalogue = rules_selectors.catalogue_for(system=army_list.system)
    state = campaign.campaign_state(army_list=army_list)
    saved = draft.data if draft is not None else {}
    preview = _preview(army_list, draft)
    roster = (preview or {}).get("roster") or state["roster"]
    form = _form(step, data, army_list, catalogue, state, saved, preview, roster)
    return {"step": step, "steps": battle_draft.STEPS, "draft": draft, "preview": preview,
            "form": form, "done": draft.step if draft else None,
            "choices": battle_draft.choice_fields((preview or {}).get("pending") or []),
            "names": {f["entry_id"]: f["name"] for f in roster["fighters"]}}


def _form(step, data, army_list, catalogue, state, saved, preview, roster):
    fighters = roster["fighters"]
    if step == "battle":
        initial = {"won": "won" if saved.get("won", True) else "lost",
                   "opponent_rating": saved.get("opponent_rating")}
        return BattleStepForm(data, fighters=state["roster"]["fighters"], initial=initial)
    if step == "experience":
        fought = set(_fought(preview))
        still = {f["entry_id"] for f in fighters if f["in_warband"]}
        present = [f for f in state["roster"]["fighters"]  # experience before the battle
                   if f["entry_id"] in fought and f["entry_id"] in still]
        initial = {f"adv_{who}": dice for who, dice in battle_draft.advance_dice(saved).items()}
        for row in saved.get("enemies_out_of_action") or []:
            initial[f"kills_{row['entry_id']}"] = row["count"]
        for row in saved.get("experience") or []:
            initial[f"xp_{row['entry_id']}"] = row["amount"]
        return ExperienceStepForm(data, fighters=present, initial=initial)
    if step == "exploration":
        dice = (saved.get("exploration") or {}).get("dice")
        initial = {"dice": " ".join(str(d) for d in dice) if dice else ""}
        return ExplorationStepForm(data, count=_dice_count(army_list, saved), initial=initial)
    if step == "trading":
        items = sorted({key for card in catalogue.cards.values()
                        if card.faction == army_list.faction for key in card.allowed_items})
        names = {key: local_name(catalogue.items.get(key), key) for key in catalogue.items}
        cards = [(c.key, local_name(c, c.key)) for c in catalogue.cards.values()
                 if c.faction == army_list.faction]
        rows = {kind: saved.get(kind) or [] for kind in ("sales", "purchases", "recruits",
                                                         "moves")}
        return TradingStepForm(data, fighters=fighters, stash=roster["stash"], items=items,
                               cards=cards, names=names, initial_rows=rows,
                               initial={"sell_shards": saved.get("sell_shards") or None})
    return None


def _fought(preview) -> list[str]:
    for step in (preview or {}).get("steps") or []:
        if step["step"] == "before":
            return step["result"]["fighting"]
    return []


def _dice_count(army_list, saved) -> int:
    """How many exploration dice the battle so far gives (one per hero not out of
    action, +1 for the winner): the campaign rules count them."""
    try:
        trial = campaign_battles.battle_preview(
            army_list=army_list, spec={**saved, "exploration": None},
            rng=random.Random(0), until="exploration")
    except campaign.CampaignRefused:
        return 6
    return len(trial["input"]["exploration"]["dice"])


# -- the page -------------------------------------------------------------------------


def _page(request, army_list, *, battle=None, status=200):
    state = campaign.campaign_state(army_list=army_list)
    action = request.POST.get("action") if request.method == "POST" else None
    rout = _rout_form(request.POST if action == "rout" else None, state)
    rout_result = None
    if rout.is_bound and rout.is_valid():
        try:
            rout_result = mordheim_rout_test(**rout.cleaned_data)
        except ToolError as exc:
            form_errors(rout, exc.errors)
    if rout.is_bound and rout.errors:
        status = 400
    if battle is None:
        draft = campaign_battles.draft_get(army_list=army_list)
        wanted = request.GET.get("step")
        reached = battle_draft.next_step(draft.step if draft else None)
        step = wanted if wanted in battle_draft.STEPS and (
            battle_draft.STEPS.index(wanted) <= battle_draft.STEPS.index(reached)) else reached
        battle = _battle_context(army_list, draft, step)
    catalogue = rules_selectors.catalogue_for(system=army_list.system)
    rows = [fighter_row(f, catalogue) for f in state["roster"]["fighters"]]
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
            "rout": rout,
            "rout_result": rout_result,
            "unverified": state["unverified"],
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
