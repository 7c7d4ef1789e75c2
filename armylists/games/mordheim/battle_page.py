"""A battle recorded step by step on the campaign page (``campaign.py`` is the page):
the actions of its forms (a step saved, choices made, the battle recorded or discarded)
and what each step shows. The draft, its steps and its choices are ``battle_draft``;
the forms are ``battle_forms`` and ``trading_form``.
"""

from __future__ import annotations

import random
import re

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from armylists.games.mordheim import battle_draft
from armylists.games.mordheim.battle_forms import (
    BattleStepForm,
    ExperienceStepForm,
    ExplorationStepForm,
)
from armylists.games.mordheim.campaign_rows import local_fighter_name, local_fighters
from armylists.games.mordheim.services import campaign, campaign_battles
from armylists.games.mordheim.trading_form import TradingStepForm
from armylists.games.mordheim.trading_offer import purchase_offer
from armylists.lists.services import list_catalogue
from armylists.presenters.names import local_name
from rules.systems.mordheim.hired_swords import hirable, is_hired_sword, upkeep


def here(army_list, step=None):
    """Back to the campaign page (at the battle's ``step``)."""
    url = reverse("list-campaign", args=[army_list.id])
    return redirect(f"{url}?step={step}#battle" if step else url)


def discard(request, army_list):
    if campaign_battles.draft_discard(army_list=army_list):
        messages.info(request, _("The battle being recorded was discarded."))
    return here(army_list)


class Refused:
    """A step refused: the campaign page (campaign.py, which calls these actions) shows
    the step's form again with its errors, as a 400. A value, not a call back up."""

    def __init__(self, context: dict):
        self.context = context


def _refused(request, army_list, context):
    return Refused(context)


def step(request, army_list):
    name = request.POST.get("step")
    if name not in battle_draft.KEYS:
        return None
    draft = campaign_battles.draft_get(army_list=army_list)
    data = draft.data if draft is not None else {}
    context = battle_context(army_list, draft, name, request.POST)
    form = context["form"]
    if not form.is_valid():
        return _refused(request, army_list, context)
    data = battle_draft.merge(data, name, form.spec())
    try:
        preview = campaign_battles.battle_preview(
            army_list=army_list, spec=data, rng=random.SystemRandom(),
            until=battle_draft.UNTIL[name])
    except campaign.CampaignRefused as error:
        for path, message, code in error.problems:
            field, message = _on_field(army_list, data, path, code, message, context)
            form.add_error(field if field in form.fields else None, message)
        return _refused(request, army_list, context)
    campaign_battles.draft_save(army_list=army_list, data=preview["input"], step=name,
                                user=request.user)
    return here(army_list, name if preview["pending"] else battle_draft.next_step(name))


def _on_field(army_list, data, path, code, message, context) -> tuple[str | None, str]:
    """The form field a refusal of the campaign rules concerns, and what to tell the
    player there. Advance dice typed for a fighter who has fewer advances due are the
    fighter's advance dice, told with his experience and the next threshold."""
    found = re.fullmatch(r"advances\[([0-9]{1,3})\]\.entry_id", path or "")
    if code != "no_advance_due" or not found:
        return None, message
    rows = data.get("advances") or []
    who = rows[int(found[1])].get("entry_id") if int(found[1]) < len(rows) else None
    gain = _gain_without_advances(army_list, data, who)
    if gain is None:
        return f"adv_{who}", message
    name = context["names"].get(who, who)
    typed = sum(1 for row in rows if row.get("entry_id") == who)
    due = len(gain["advances"])
    later = [t for t in _thresholds(army_list, gain["track"]) if t > gain["after"]]
    facts = {"name": name, "xp": gain["after"], "next": later[0] if later else "–",
             "due": due, "typed": typed}
    if not due:
        return f"adv_{who}", _(
            "No advance is due for %(name)s: experience %(xp)s after this battle, next "
            "advance at %(next)s. Leave the advance dice empty.") % facts
    return f"adv_{who}", ngettext(
        "%(name)s has %(due)s advance due (experience %(xp)s after this battle, next "
        "advance at %(next)s), not %(typed)s: type one 2D6 per advance.",
        "%(name)s has %(due)s advances due (experience %(xp)s after this battle, next "
        "advance at %(next)s), not %(typed)s: type one 2D6 per advance.", due) % facts


def _gain_without_advances(army_list, data, who) -> dict | None:
    """The experience ``who`` gains in the battle ``data``, its advance dice left out."""
    try:
        trial = campaign_battles.battle_preview(
            army_list=army_list, spec={**data, "advances": []}, rng=random.Random(0),
            until="experience")
    except campaign.CampaignRefused:
        return None
    for step in trial.get("steps") or []:
        if step["step"] == "experience":
            for gain in step["result"]["gains"]:
                if gain["entry_id"] == who:
                    return gain
    return None


def _thresholds(army_list, track: str) -> list[int]:
    catalogue = list_catalogue(army_list=army_list)
    tables = catalogue.attributes.get("campaign") or {}
    return list((tables.get("thresholds") or {}).get(track) or [])


def choose(request, army_list):
    draft = campaign_battles.draft_get(army_list=army_list)
    if draft is None or not draft.step:
        return here(army_list)
    until = battle_draft.UNTIL[draft.step]
    preview = _preview(army_list, draft)
    data, wrong = battle_draft.with_choices(draft.data, preview["pending"], request.POST)
    if wrong:
        messages.error(request, _("Not among the choices: %(fields)s.")
                       % {"fields": ", ".join(wrong)})
        return here(army_list, draft.step)
    try:
        again = campaign_battles.battle_preview(army_list=army_list, spec=data,
                                                rng=random.SystemRandom(), until=until)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return here(army_list, draft.step)
    campaign_battles.draft_save(army_list=army_list, data=again["input"], step=draft.step,
                                user=request.user)
    following = battle_draft.next_step(draft.step)
    return here(army_list, draft.step if again["pending"] else following)


def record(request, army_list):
    draft = campaign_battles.draft_get(army_list=army_list)
    if draft is None or draft.step != "trading":
        messages.error(request, _("Go through every step of the battle first."))
        return here(army_list, battle_draft.next_step(draft.step if draft else None))
    try:
        battle = campaign_battles.battle_record(army_list=army_list, spec=draft.data,
                                                user=request.user)
    except campaign.CampaignRefused as error:
        messages.error(request, error.problems[0][1])
        return here(army_list, "review")
    messages.success(request, _("Battle %(n)s recorded: treasury %(before)s → %(after)s gc.")
                     % {"n": battle["number"], "before": battle["treasury_before"],
                        "after": battle["treasury_after"]})
    return here(army_list)


def _preview(army_list, draft):
    if draft is None or not draft.step:
        return None
    try:
        return campaign_battles.battle_preview(
            army_list=army_list, spec=draft.data, rng=random.SystemRandom(),
            until=battle_draft.UNTIL[draft.step])
    except campaign.CampaignRefused as error:
        return {"refused": error.problems[0][1], "pending": [], "input": draft.data}


def battle_context(army_list, draft, step, data=None) -> dict:
    """The step ``step`` of the battle being recorded: its form (bound to ``data``) and
    what the steps before it did."""
    catalogue = list_catalogue(army_list=army_list)
    state = campaign.campaign_state(army_list=army_list)
    saved = draft.data if draft is not None else {}
    preview = _preview(army_list, draft)
    roster = (preview or {}).get("roster") or state["roster"]
    form = _form(step, data, army_list, catalogue, state, saved, preview, roster)
    return {"step": step, "steps": battle_draft.STEPS, "draft": draft, "preview": preview,
            "form": form, "done": draft.step if draft else None,
            "done_steps": battle_draft.done_steps(draft.step if draft else None),
            "choices": battle_draft.choice_fields((preview or {}).get("pending") or [],
                                                  catalogue),
            "names": {f["entry_id"]: local_fighter_name(f, catalogue)
                      for f in roster["fighters"]}}


class _Step:
    """What every step's form is built from: the posted data, the list, its game data,
    the campaign before the battle, the saved draft, its preview and the roster now."""

    def __init__(self, data, army_list, catalogue, state, saved, preview, roster):
        self.data, self.army_list, self.catalogue = data, army_list, catalogue
        self.state, self.saved, self.preview, self.roster = state, saved, preview, roster

    def fighters(self) -> list[dict]:
        return local_fighters(self.roster["fighters"], self.catalogue)

    def before_battle(self) -> list[dict]:
        return local_fighters(self.state["roster"]["fighters"], self.catalogue)


def _battle_form(s: _Step):
    initial = {"won": "won" if s.saved.get("won", True) else "lost",
               "opponent_rating": s.saved.get("opponent_rating")}
    return BattleStepForm(s.data, fighters=s.before_battle(), initial=initial)


def _experience_form(s: _Step):
    fought = set(_fought(s.preview))
    still = {f["entry_id"] for f in s.fighters() if f["in_warband"]}
    present = [f for f in s.before_battle()  # experience before the battle
               if f["entry_id"] in fought and f["entry_id"] in still]
    initial = {f"adv_{who}": dice for who, dice in battle_draft.advance_dice(s.saved).items()}
    for row in s.saved.get("enemies_out_of_action") or []:
        initial[f"kills_{row['entry_id']}"] = row["count"]
    for row in s.saved.get("experience") or []:
        initial[f"xp_{row['entry_id']}"] = row["amount"]
    return ExperienceStepForm(s.data, fighters=present, initial=initial)


def _exploration_form(s: _Step):
    dice = (s.saved.get("exploration") or {}).get("dice")
    initial = {"dice": " ".join(str(d) for d in dice) if dice else ""}
    return ExplorationStepForm(s.data, count=_dice_count(s.army_list, s.saved), initial=initial)


def _fighter_lists(catalogue, fighters) -> dict[str, set]:
    """Each fighter's own equipment list (what he pays his list's price for)."""
    return {f["entry_id"]: set(catalogue.cards[f["card"]].allowed_items)
            for f in fighters if f["card"] in catalogue.cards}


def _warband_choices(catalogue, faction) -> tuple[list, list, dict]:
    """The items of the warband's lists (a recruit's equipment), its fighters to recruit
    and every item's name in the reader's language."""
    items = sorted({key for card in catalogue.cards.values()
                    if card.faction == faction for key in card.allowed_items})
    cards = [(c.key, local_name(c, c.key)) for c in catalogue.cards.values()
             if c.faction == faction]
    names = {key: local_name(catalogue.items.get(key), key) for key in catalogue.items}
    return items, cards, names


def _trading_form(s: _Step):
    catalogue, faction = s.catalogue, s.army_list.faction
    items, cards, names = _warband_choices(catalogue, faction)
    rows = {kind: s.saved.get(kind) or [] for kind in ("sales", "purchases", "recruits",
                                                       "hires", "dismissals", "moves")}
    before = _before_trading(s.army_list, s.saved) or s.roster
    fighters = local_fighters(before["fighters"], catalogue)
    return TradingStepForm(s.data, fighters=fighters, stash=before["stash"],
                           targets=s.fighters(), items=items, cards=cards, names=names,
                           initial_rows=rows, fighter_items=_fighter_lists(catalogue,
                                                                           s.fighters()),
                           offer=purchase_offer(catalogue, faction),
                           hired_swords=hired_sword_choices(catalogue, faction),
                           dismissable=[(f["entry_id"], f["name"]) for f in fighters
                                        if f["in_warband"] and _is_hired(catalogue, f)],
                           initial={"sell_shards": s.saved.get("sell_shards") or None})


def hired_sword_choices(catalogue, faction) -> list[tuple[str, str]]:
    """The hired swords this warband may hire, named with their hire fee and upkeep."""
    out = []
    for card in hirable(catalogue, faction):
        gold = {"name": local_name(card, card.key), "fee": card.points,
                "upkeep": upkeep(card, catalogue.factions.get(faction))}
        out.append((card.key, _("%(name)s (%(fee)s gc, upkeep %(upkeep)s gc)") % gold))
    return out


def _is_hired(catalogue, fighter: dict) -> bool:
    card = catalogue.cards.get(fighter["card"]) if fighter["card"] else None
    return card is not None and is_hired_sword(card)


# The steps that take a form; the review step only shows what the draft did.
_FORMS = {
    "battle": _battle_form,
    "experience": _experience_form,
    "exploration": _exploration_form,
    "trading": _trading_form,
}


def _form(step, data, army_list, catalogue, state, saved, preview, roster):
    build = _FORMS.get(step)
    if build is None:
        return None
    return build(_Step(data, army_list, catalogue, state, saved, preview, roster))


def _fought(preview) -> list[str]:
    for step in (preview or {}).get("steps") or []:
        if step["step"] == "before":
            return step["result"]["fighting"]
    return []


def _before_trading(army_list, saved) -> dict | None:
    """The warband as the steps before trading left it: what may be sold, bought for and
    moved (the recruits of this battle, once saved, may be given gear too)."""
    keys = battle_draft.KEYS["trading"]
    try:
        return campaign_battles.battle_preview(
            army_list=army_list, spec={k: v for k, v in saved.items() if k not in keys},
            rng=random.Random(0), until="wyrdstone")["roster"]
    except campaign.CampaignRefused:
        return None


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
