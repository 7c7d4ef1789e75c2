"""The trading step's form of a battle recorded on the campaign page: wyrdstone sold,
items sold and bought, recruits, hired swords dismissed and hired, equipment moved
(``battle_forms`` has the other steps'). Its choices are the warband as the steps before
trading left it.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_ROWS = 3  # blank rows of each kind (as many more after each save)
# What the fields of a purchase row are for, said once above the rows.
PURCHASE_HELP = (
    gettext_lazy("Price dice: for a price with dice (100+D6×10), the D6 you rolled, e.g. 4 "
                 "or 2 5 1; empty: Muster rolls."),
    gettext_lazy("Made of: for a Gromril, Ithilmar or Obsidian weapon, the weapon it is."),
    gettext_lazy("2D6 to find it: for a rare item, the searching hero's roll; empty: Muster "
                 "rolls. Rarity: only for a rare item the game data gives no rarity (Rare N "
                 "from your rulebook)."),
)
HIRE_ROWS = 1  # blank hired-sword rows: a warband hires few (at most one of each)
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
                 offer, fighter_items=None, hired_swords=(), dismissable=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.offer, self.fighter_items = offer, fighter_items or {}
        self.purchase_help = PURCHASE_HELP
        present = [f for f in fighters if f["in_warband"]]
        owned = [("", "–"), *_holder_items(fighters, stash, names)]
        item_choices = [("", "–"), *[(key, names.get(key, key)) for key in items]]
        counts = {kind: len(initial_rows.get(kind, [])) + MAX_ROWS
                  for kind in ("sales", "purchases", "recruits", "moves")}
        self.rows = {kind: [] for kind in counts}
        for k in range(counts["sales"]):
            self.fields[f"sell_{k}"] = forms.ChoiceField(choices=owned, required=False,
                                                         label=_("Sell"))
            self.rows["sales"].append({"item": f"sell_{k}"})
        self._purchase_rows(counts["purchases"], present, [("", "–"), *offer["choices"]])
        self._recruit_rows(counts["recruits"], present, item_choices, cards)
        self._hire_rows(len(initial_rows.get("hires", [])) + HIRE_ROWS, list(hired_swords),
                        list(dismissable))
        receivers = [(f["entry_id"], f["name"]) for f in targets if f["in_warband"]]
        self._move_rows(counts["moves"], owned, receivers)
        self._initial(initial_rows)

    def _purchase_rows(self, count: int, present: list[dict], item_choices: list) -> None:
        """An item bought (every item the warband may buy, with its price and rarity), for
        whom (or the stash), the dice of its price or the weapon it is made of, and when
        rare the 2D6 to find it and the hero searching (its rarity typed only for an item
        the game data gives none)."""
        whom = [("", _("the stash")), *[(f["entry_id"], f["name"]) for f in present]]
        heroes = [("", _("who gets it")), *[(f["entry_id"], f["name"]) for f in present
                                             if f["hero"]]]
        weapons = [("", "–"), *self.offer["weapons"]]
        for k in range(count):
            p = f"buy_{k}_"
            self.fields[p + "item"] = forms.ChoiceField(choices=item_choices, required=False,
                                                        label=_("Buy"))
            self.fields[p + "for"] = forms.ChoiceField(choices=whom, required=False,
                                                       label=_("For"))
            # what each field is for is said once above the rows (PURCHASE_HELP)
            self.fields[p + "dice"] = forms.CharField(required=False, max_length=40,
                                                      label=_("Price dice"))
            self.fields[p + "of"] = forms.ChoiceField(choices=weapons, required=False,
                                                      label=_("Made of"))
            self.fields[p + "rarity"] = forms.IntegerField(
                required=False, min_value=2, max_value=20, label=_("Rarity"))
            self.fields[p + "roll"] = forms.IntegerField(
                required=False, min_value=2, max_value=12, label=_("2D6 to find it"))
            self.fields[p + "searcher"] = forms.ChoiceField(choices=heroes, required=False,
                                                            label=_("Searched by"))
            self.rows["purchases"].append({n: p + n for n in (
                "item", "for", "dice", "of", "rarity", "roll", "searcher")})

    def clean(self):
        data = super().clean()
        for row in self.rows["purchases"]:
            key, typed = data.get(row["item"]), data.get(row["dice"])
            if not key or not typed:
                continue
            faces = _faces(typed)
            wanted = self.offer["dice"].get(key)
            if faces is None or (wanted and len(faces) != wanted):
                self.add_error(row["dice"], _(
                    "Type %(n)s dice, each a number from 1 to 6 (e.g. %(example)s).") % {
                    "n": wanted or 1, "example": " ".join(["4", "2", "5"][:wanted or 1])})
            else:
                data[row["dice"]] = faces
        return data

    def _recruit_rows(self, count: int, present: list[dict], item_choices: list,
                      cards: list) -> None:
        """A new fighter (his card, name, models, equipment) or models joining a group."""
        groups = [("", _("a new fighter")), *[(f["entry_id"], f["name"]) for f in present
                                               if not f["hero"]]]
        card_choices = [("", "–"), *cards]
        for k in range(count):
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

    def _hire_rows(self, count: int, hired_swords: list, dismissable: list) -> None:
        """Hired swords let go (those in the warband), then hired (those the warband may
        hire, with their hire fee and upkeep)."""
        self.rows["hires"] = []
        self.fields["dismiss"] = forms.MultipleChoiceField(
            choices=dismissable, required=False, widget=forms.CheckboxSelectMultiple,
            label=_("Dismiss"))
        for k in range(count):
            p = f"sword_{k}_"
            self.fields[p + "card"] = forms.ChoiceField(
                choices=[("", "–"), *hired_swords], required=False, label=_("Hire a hired sword"))
            self.fields[p + "name"] = forms.CharField(required=False, max_length=60,
                                                      label=_("Name"))
            self.rows["hires"].append({"card": p + "card", "name": p + "name"})

    def _move_rows(self, count: int, owned: list, receivers: list) -> None:
        """An item carried (or in the stash) moved to another fighter or the stash."""
        for k in range(count):
            p = f"move_{k}_"
            self.fields[p + "item"] = forms.ChoiceField(choices=owned, required=False,
                                                        label=_("Move"))
            self.fields[p + "to"] = forms.ChoiceField(
                choices=[("", "–"), (STASH, _("the stash")), *receivers], required=False,
                label=_("To"))
            self.rows["moves"].append({"item": p + "item", "to": p + "to"})

    def _initial(self, rows: dict) -> None:
        for k, sale in enumerate(rows.get("sales", [])):
            self.initial[f"sell_{k}"] = f"{sale.get('entry_id') or STASH}|{sale['item']}"
        self._initial_purchases(rows.get("purchases", []))
        for k, hire in enumerate(rows.get("recruits", [])):
            p = f"hire_{k}_"
            self.initial.update({p + "card": hire.get("card") or "",
                                 p + "join": hire.get("join_entry_id") or "",
                                 p + "name": hire.get("name") or "", p + "size": hire.get("size"),
                                 p + "items": hire.get("items") or []})
        self._initial_hired_swords(rows)
        for k, move in enumerate(rows.get("moves", [])):
            p = f"move_{k}_"
            self.initial.update({p + "item": f"{move.get('from_entry_id') or STASH}|"
                                             f"{move['item']}",
                                 p + "to": move.get("to_entry_id") or STASH})

    def _initial_purchases(self, purchases: list[dict]) -> None:
        for k, buy in enumerate(purchases):
            p = f"buy_{k}_"
            self.initial.update({p + "item": buy["item"], p + "for": buy.get("entry_id") or "",
                                 p + "rarity": buy.get("rarity"), p + "roll": buy.get("roll"),
                                 p + "searcher": buy.get("searcher") or "",
                                 p + "dice": " ".join(str(d) for d in buy.get("price_dice")
                                                      or ()),
                                 p + "of": buy.get("of") or ""})

    def _initial_hired_swords(self, rows: dict) -> None:
        for k, hire in enumerate(rows.get("hires", [])):
            self.initial.update({f"sword_{k}_card": hire.get("card") or "",
                                 f"sword_{k}_name": hire.get("name") or ""})
        self.initial["dismiss"] = [row["entry_id"] for row in rows.get("dismissals", [])]

    def spec(self) -> dict:
        data = self.cleaned_data
        readers = {**_READERS, "purchases": self._purchase}
        picked = {kind: [one for row in self.rows[kind] if (one := readers[kind](data, row))
                         is not None] for kind in _ORDER}
        dismissals = [{"entry_id": who} for who in data.get("dismiss") or []]
        return {"sell_shards": data.get("sell_shards") or 0, **picked,
                "dismissals": dismissals}

    def _purchase(self, data: dict, row: dict) -> dict | None:
        """A purchase row as the campaign rules take it: the price dice only for an item
        priced with dice that the fighter's own list does not price, the weapon only for
        a multiple."""
        if not data.get(row["item"]):
            return None
        key, who = data[row["item"]], data.get(row["for"]) or None
        buy = {"item": key, "entry_id": who}
        for field in ("rarity", "roll", "searcher"):
            if data.get(row[field]):
                buy[field] = data[row[field]]
        off_list = who is None or key not in self.fighter_items.get(who, ())
        if off_list and key in self.offer["dice"] and data.get(row["dice"]):
            buy["price_dice"] = data[row["dice"]]
        if key in self.offer["multiple"] and data.get(row["of"]):
            buy["of"] = data[row["of"]]
        return buy


def _holder(value: str) -> tuple[str | None, str]:
    """"<entry id>|<item>" (or "stash|<item>"): who holds the item (None: the stash)."""
    who, item = value.split("|", 1)
    return (None if who == STASH else who), item


def _sale(data: dict, row: dict) -> dict | None:
    if not data.get(row["item"]):
        return None
    who, item = _holder(data[row["item"]])
    return {"item": item, "entry_id": who}


def _faces(typed) -> list[int] | None:
    """"2 5 1" (or "2,5,1") -> [2, 5, 1]; None unless every one is a D6 face."""
    if isinstance(typed, list):
        return typed
    parts = [p for p in re.split(r"[\s,;+]+", str(typed).strip()) if p]
    if not parts or len(parts) > 10 or not all(p in "123456" and len(p) == 1 for p in parts):
        return None
    return [int(p) for p in parts]


def _recruit(data: dict, row: dict) -> dict | None:
    if not (data.get(row["card"]) or data.get(row["join"])):
        return None
    hire = {"size": data.get(row["size"]) or 1}
    if data.get(row["join"]):
        hire["join_entry_id"] = data[row["join"]]
    else:
        hire["card"] = data[row["card"]]
        hire["items"] = list(data.get(row["items"]) or [])
    if data.get(row["name"]):
        hire["name"] = data[row["name"]]
    return hire


def _hire(data: dict, row: dict) -> dict | None:
    if not data.get(row["card"]):
        return None
    hire = {"card": data[row["card"]]}
    if data.get(row["name"]):
        hire["name"] = data[row["name"]]
    return hire


def _move(data: dict, row: dict) -> dict | None:
    if not (data.get(row["item"]) and data.get(row["to"])):
        return None
    who, item = _holder(data[row["item"]])
    to = data[row["to"]]
    return {"item": item, "from_entry_id": who, "to_entry_id": None if to == STASH else to}


# Each kind of row read back into the trading step's spec, in the spec's order.
_READERS = {"sales": _sale, "recruits": _recruit, "hires": _hire, "moves": _move}
_ORDER = ("sales", "purchases", "recruits", "hires", "moves")
