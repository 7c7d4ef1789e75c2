"""The trading step's form of a battle recorded on the campaign page: wyrdstone sold,
items sold and bought, recruits, equipment moved (``battle_forms`` has the other steps').
Its choices are the warband as the steps before trading left it.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_ROWS = 3  # blank rows of each kind (as many more after each save)
STASH = "stash"


def _holder_items(fighters: list[dict], stash: list[str], names: dict) -> list[tuple[str, str]]:
    """Choices "<entry id>|<item>" for every item a fighter in the warband carries, and
    "stash|<item>" for the stash's."""
    out = [(f"{STASH}|{key}", _("Stash: %(item)s") % {"item": names.get(key, key)})
           for key in dict.fromkeys(stash)]
    for f in fighters:
        if f["in_warband"]:
            out += [(f"{f['entry_id']}|{key}", f"{f['name']}: {names.get(key, key)}")
                    for key in dict.fromkeys(f["items"])]
    return out


class TradingStepForm(forms.Form):
    """Step 4: wyrdstone sold, items sold and bought (a rare item found first: its
    rarity and the searcher's 2D6), recruits, equipment moved. Rows left empty are
    ignored; each save adds blank rows."""

    sell_shards = forms.IntegerField(label=gettext_lazy("Shards to sell"), required=False,
                                     min_value=0, max_value=99)

    def __init__(self, *args, fighters, stash, targets, items, cards, names, initial_rows,
                 **kwargs):
        super().__init__(*args, **kwargs)
        present = [f for f in fighters if f["in_warband"]]
        receivers = [(f["entry_id"], f["name"]) for f in targets if f["in_warband"]]
        owned = [("", "–"), *_holder_items(fighters, stash, names)]
        whom = [("", _("the stash")), *[(f["entry_id"], f["name"]) for f in present]]
        heroes = [("", _("who gets it")), *[(f["entry_id"], f["name"]) for f in present
                                             if f["hero"]]]
        groups = [("", _("a new fighter")), *[(f["entry_id"], f["name"]) for f in present
                                               if not f["hero"]]]
        item_choices = [("", "–"), *[(key, names.get(key, key)) for key in items]]
        card_choices = [("", "–"), *cards]
        counts = {kind: len(initial_rows.get(kind, [])) + MAX_ROWS
                  for kind in ("sales", "purchases", "recruits", "moves")}
        self.rows = {kind: [] for kind in counts}
        for k in range(counts["sales"]):
            self.fields[f"sell_{k}"] = forms.ChoiceField(choices=owned, required=False,
                                                         label=_("Sell"))
            self.rows["sales"].append({"item": f"sell_{k}"})
        for k in range(counts["purchases"]):
            p = f"buy_{k}_"
            self.fields[p + "item"] = forms.ChoiceField(choices=item_choices, required=False,
                                                        label=_("Buy"))
            self.fields[p + "for"] = forms.ChoiceField(choices=whom, required=False,
                                                       label=_("For"))
            self.fields[p + "rarity"] = forms.IntegerField(
                required=False, min_value=2, max_value=20, label=_("Rarity"),
                help_text=_("A rare item: Rare N from your rulebook."))
            self.fields[p + "roll"] = forms.IntegerField(
                required=False, min_value=2, max_value=12, label=_("2D6 to find it"),
                help_text=_("Empty: Muster rolls."))
            self.fields[p + "searcher"] = forms.ChoiceField(choices=heroes, required=False,
                                                            label=_("Searched by"))
            self.rows["purchases"].append({n: p + n for n in
                                           ("item", "for", "rarity", "roll", "searcher")})
        for k in range(counts["recruits"]):
            p = f"hire_{k}_"
            self.fields[p + "card"] = forms.ChoiceField(choices=card_choices, required=False,
                                                        label=_("Hire"))
            self.fields[p + "join"] = forms.ChoiceField(choices=groups, required=False,
                                                        label=_("Joining"))
            self.fields[p + "name"] = forms.CharField(required=False, max_length=60,
                                                      label=_("Name"))
            self.fields[p + "size"] = forms.IntegerField(required=False, min_value=1,
                                                         max_value=5, label=_("Models"))
            self.fields[p + "items"] = forms.MultipleChoiceField(
                choices=item_choices[1:], required=False, label=_("Equipment"))
            self.rows["recruits"].append({n: p + n for n in
                                          ("card", "join", "name", "size", "items")})
        for k in range(counts["moves"]):
            p = f"move_{k}_"
            self.fields[p + "item"] = forms.ChoiceField(choices=owned, required=False,
                                                        label=_("Move"))
            self.fields[p + "to"] = forms.ChoiceField(
                choices=[("", "–"), (STASH, _("the stash")), *receivers], required=False,
                label=_("To"))
            self.rows["moves"].append({"item": p + "item", "to": p + "to"})
        self._initial(initial_rows)

    def _initial(self, rows: dict) -> None:
        for k, sale in enumerate(rows.get("sales", [])):
            self.initial[f"sell_{k}"] = f"{sale.get('entry_id') or STASH}|{sale['item']}"
        for k, buy in enumerate(rows.get("purchases", [])):
            p = f"buy_{k}_"
            self.initial.update({p + "item": buy["item"], p + "for": buy.get("entry_id") or "",
                                 p + "rarity": buy.get("rarity"), p + "roll": buy.get("roll"),
                                 p + "searcher": buy.get("searcher") or ""})
        for k, hire in enumerate(rows.get("recruits", [])):
            p = f"hire_{k}_"
            self.initial.update({p + "card": hire.get("card") or "",
                                 p + "join": hire.get("join_entry_id") or "",
                                 p + "name": hire.get("name") or "", p + "size": hire.get("size"),
                                 p + "items": hire.get("items") or []})
        for k, move in enumerate(rows.get("moves", [])):
            p = f"move_{k}_"
            self.initial.update({p + "item": f"{move.get('from_entry_id') or STASH}|"
                                             f"{move['item']}",
                                 p + "to": move.get("to_entry_id") or STASH})

    def spec(self) -> dict:
        data = self.cleaned_data
        sales, purchases, recruits, moves = [], [], [], []
        for row in self.rows["sales"]:
            if data.get(row["item"]):
                who, item = data[row["item"]].split("|", 1)
                sales.append({"item": item, "entry_id": None if who == STASH else who})
        for row in self.rows["purchases"]:
            if data.get(row["item"]):
                buy = {"item": data[row["item"]], "entry_id": data.get(row["for"]) or None}
                for key in ("rarity", "roll", "searcher"):
                    if data.get(row[key]):
                        buy[key] = data[row[key]]
                purchases.append(buy)
        for row in self.rows["recruits"]:
            if data.get(row["card"]) or data.get(row["join"]):
                hire = {"size": data.get(row["size"]) or 1}
                if data.get(row["join"]):
                    hire["join_entry_id"] = data[row["join"]]
                else:
                    hire["card"] = data[row["card"]]
                    hire["items"] = list(data.get(row["items"]) or [])
                if data.get(row["name"]):
                    hire["name"] = data[row["name"]]
                recruits.append(hire)
        for row in self.rows["moves"]:
            if data.get(row["item"]) and data.get(row["to"]):
                who, item = data[row["item"]].split("|", 1)
                to = data[row["to"]]
                moves.append({"item": item, "from_entry_id": None if who == STASH else who,
                              "to_entry_id": None if to == STASH else to})
        return {"sell_shards": data.get("sell_shards") or 0, "sales": sales,
                "purchases": purchases, "recruits": recruits, "moves": moves}
