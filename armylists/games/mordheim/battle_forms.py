"""The forms of a battle recorded step by step on the campaign page (``battle_draft``):
one per step (the trading step's is ``trading_form``), each turning what the player
typed into its part of the battle as the campaign rules take it
(``rules.systems.mordheim.battle``). Fields are named by the fighter's entry id; every
field is bounded; dice left empty are rolled by Muster.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.systems.mordheim.campaign import is_d66

D6S = re.compile(r"[1-6]")


def _dice(text: str, field: str, form, *, most: int) -> list[int] | None:
    tokens = [t for t in re.split(r"[\s,;]+", text or "") if t]
    if not all(D6S.fullmatch(t) for t in tokens):
        form.add_error(field, _("D6 rolls are whole numbers from 1 to 6."))
        return None
    if len(tokens) > most:
        form.add_error(field, _("At most %(n)s dice.") % {"n": most})
        return None
    return [int(t) for t in tokens]


class BattleStepForm(forms.Form):
    """Step 1: won or lost, old battle wounds, who went out of action (and their dice),
    captured heroes ransomed, exchanged or lost."""

    won = forms.TypedChoiceField(
        label=gettext_lazy("Result"), widget=forms.RadioSelect, coerce=lambda v: v == "won",
        choices=[("won", gettext_lazy("Won")), ("lost", gettext_lazy("Lost"))],
    )
    opponent_rating = forms.IntegerField(
        label=gettext_lazy("Opponent's rating"), required=False, min_value=0, max_value=100_000,
        help_text=gettext_lazy("Optional: a higher rating gives the underdog bonus."),
    )

    def __init__(self, *args, fighters: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.rows, self.captives, self.absent = [], [], []
        for f in fighters:
            i = f["entry_id"]
            if f["status"] == "captured":
                self._captive(f, i)
                continue
            if not f["recordable"]:
                continue
            if f["misses_games"]:
                self.absent.append(f)
                continue
            row = {"fighter": f}
            if "old_battle_wound" in f["traits"]:
                self.fields[f"wound_{i}"] = forms.IntegerField(
                    required=False, min_value=1, max_value=6, label=_("Old battle wound D6"),
                    help_text=_("Empty: Muster rolls. On a 1 he cannot fight."))
                row["wound"] = f"wound_{i}"
            if f["hero"]:
                self.fields[f"ooa_{i}"] = forms.BooleanField(required=False,
                                                             label=_("Out of action"))
                self.fields[f"roll_{i}"] = forms.IntegerField(
                    required=False, min_value=11, max_value=66, label=_("D66 roll"),
                    help_text=_("D66; empty: Muster rolls."))
            else:
                self.fields[f"ooa_{i}"] = forms.IntegerField(
                    required=False, min_value=0, max_value=f["models"],
                    label=_("Models out of action"))
                self.fields[f"roll_{i}"] = forms.CharField(
                    required=False, max_length=50, label=_("D6 rolls"),
                    help_text=_("One D6 per model out of action, e.g. 2 5; empty: Muster rolls."))
            self.rows.append({**row, "out": f"ooa_{i}", "roll": f"roll_{i}"})

    def _captive(self, f: dict, i: str) -> None:
        self.fields[f"captive_{i}"] = forms.ChoiceField(
            required=False, label=_("Captured"),
            choices=[("", _("still held by the enemy")), ("ransom", _("ransomed")),
                     ("exchange", _("exchanged")), ("lost", _("lost for good"))])
        self.fields[f"price_{i}"] = forms.IntegerField(
            required=False, min_value=0, max_value=100_000, label=_("Ransom (gc)"))
        self.fields[f"for_{i}"] = forms.CharField(
            required=False, max_length=100, label=_("Exchanged for"))
        self.captives.append({"fighter": f, "outcome": f"captive_{i}", "price": f"price_{i}",
                              "captive": f"for_{i}"})

    def clean(self):
        data = super().clean()
        for row in self.rows:
            f = row["fighter"]
            if f["hero"]:
                roll = data.get(row["roll"])
                if roll is not None and not is_d66(roll):
                    self.add_error(row["roll"], _("A D66 roll is 11 to 66, each digit 1 to 6."))
            else:
                rolls = _dice(data.get(row["roll"]), row["roll"], self, most=f["models"])
                out = data.get(row["out"]) or 0
                if rolls is not None and out and len(rolls) > out:
                    self.add_error(row["roll"], _("%(rolls)s rolls for %(out)s models out of "
                                                  "action.") % {"rolls": len(rolls), "out": out})
                data[row["roll"]] = rolls or []
        return data

    def spec(self) -> dict:
        data = self.cleaned_data
        wounds = {row["fighter"]["entry_id"]: data[row["wound"]] for row in self.rows
                  if row.get("wound") and data.get(row["wound"]) is not None}
        injuries = [one for row in self.rows if (one := _injury(data, row)) is not None]
        captured = [one for row in self.captives if (one := _captive(data, row)) is not None]
        spec = {"won": data["won"], "injuries": injuries, "captured": captured,
                "old_wound_rolls": wounds}
        if data.get("opponent_rating") is not None:
            spec["opponent_rating"] = data["opponent_rating"]
        return spec


def _injury(data: dict, row: dict) -> dict | None:
    """A hero out of action (his D66, if typed) or a group's models out of action (their
    D6s), or None when the fighter came through."""
    f, i = row["fighter"], row["fighter"]["entry_id"]
    roll = data.get(row["roll"])
    if f["hero"]:
        if data.get(row["out"]) or roll is not None:
            return {"entry_id": i, **({"roll": roll} if roll else {})}
        return None
    if data.get(row["out"]) or roll:
        return {"entry_id": i, "models": max(data.get(row["out"]) or 0, len(roll)), "rolls": roll}
    return None


def _captive(data: dict, row: dict) -> dict | None:
    """What became of a captured fighter: ransomed (for a price), exchanged (for whom),
    lost for good; None while the enemy still holds him."""
    outcome = data.get(row["outcome"])
    if not outcome:
        return None
    one = {"entry_id": row["fighter"]["entry_id"], "outcome": outcome}
    if outcome == "ransom":
        one["price"] = data.get(row["price"]) or 0
    if outcome == "exchange" and data.get(row["captive"]):
        one["captive"] = data[row["captive"]]
    return one


class ExperienceStepForm(forms.Form):
    """Step 2: enemies each hero put out of action, the scenario's extra experience, and
    the dice of the advances due (2D6, and the D6 a hero's 6, 8 or 9 asks for)."""

    def __init__(self, *args, fighters: list[dict], **kwargs):
        super().__init__(*args, **kwargs)
        self.rows = []
        for f in fighters:
            i = f["entry_id"]
            if f["hero"]:
                self.fields[f"kills_{i}"] = forms.IntegerField(
                    required=False, min_value=0, max_value=99, label=_("Enemies out of action"))
            self.fields[f"xp_{i}"] = forms.IntegerField(
                required=False, min_value=0, max_value=99, label=_("Scenario experience"))
            self.fields[f"adv_{i}"] = forms.CharField(
                required=False, max_length=60, label=_("Advance dice"),
                help_text=_("2D6 per advance, a hero's D6 after a slash: 6/2 9; empty: "
                            "Muster rolls."))
            self.rows.append({"fighter": f, "kills": f"kills_{i}" if f["hero"] else None,
                              "xp": f"xp_{i}", "adv": f"adv_{i}"})

    def clean(self):
        data = super().clean()
        for row in self.rows:
            advances = []
            for token in re.split(r"[\s,;]+", data.get(row["adv"]) or ""):
                if not token:
                    continue
                found = re.fullmatch(r"(1[0-2]|[2-9])(?:/([1-6]))?", token)
                if not found:
                    self.add_error(row["adv"], _("Write each advance as its 2D6 (2 to 12), "
                                                 "a hero's D6 after a slash: 6/2 9."))
                    break
                advances.append((int(found[1]), int(found[2]) if found[2] else None))
            data[row["adv"]] = advances[:10]
        return data

    def spec(self) -> dict:
        data = self.cleaned_data
        kills, extra, advances = [], [], []
        for row in self.rows:
            i = row["fighter"]["entry_id"]
            if row["kills"] and data.get(row["kills"]):
                kills.append({"entry_id": i, "count": data[row["kills"]]})
            if data.get(row["xp"]):
                extra.append({"entry_id": i, "amount": data[row["xp"]]})
            for roll, sub in data.get(row["adv"]) or []:
                advances.append({"entry_id": i, "roll": roll,
                                 **({"sub_roll": sub} if sub else {})})
        return {"enemies_out_of_action": kills, "experience": extra, "advances": advances}


class ExplorationStepForm(forms.Form):
    """Step 3: the exploration dice."""

    dice = forms.CharField(
        required=False, max_length=60, label=gettext_lazy("Exploration dice"),
        help_text=gettext_lazy("e.g. 2 3 5; empty: Muster rolls."))

    def __init__(self, *args, count: int = 6, **kwargs):
        super().__init__(*args, **kwargs)
        self.count = count

    def clean_dice(self):
        dice = _dice(self.cleaned_data.get("dice"), "dice", self, most=13)
        if dice and len(dice) != self.count:
            raise forms.ValidationError(_("Roll %(n)s dice, not %(given)s.")
                                        % {"n": self.count, "given": len(dice)})
        return dice or []

    def spec(self) -> dict:
        dice = self.cleaned_data["dice"]
        return {"exploration": {"dice": dice} if dice else {}}
