"""The Mordheim pack's items: the whole trading chart, the braces its pair prices make and
the items only a warband's equipment list has, each once under one key (make_mordheim_pack.py
calls ``items``; the transcription is fixtures/sources/mordheim-roster-builder.json).

- An item's ``points`` is the chart's price (its base when the price has dice); what one
  warband's list asks is that list's price, on the fighter cards, never the item's.
- ``attributes.price`` is the chart's price as data (mordheim_source_prices.py): base,
  dice (``count`` D6, each counting ``times`` gc), a ``multiple`` of the weapon it is made
  of, an ``increment`` (and the ``later`` one); ``price_text`` the chart's own notation;
  ``price_dice`` the dice alone ("3D6", "D6×10").
- One item, one key: a list that names a chart item otherwise (the Amazons' "Sun staff"
  is the chart's "Sunstaff") uses the chart's key, and its own name's key stays an alias
  (``aliases``) so lists saved with it still read.
- ``buyers``: the warbands that may buy it (pack faction keys; ``only`` or ``except``);
  an item only unofficial warbands use is named "(unofficial)" and ``official: false``.
- German names: the chart's (its German column), else the list's German name.
"""

from __future__ import annotations

import re

SOURCE_FILE = "fixtures/sources/mordheim-roster-builder.json"
# Chart names of items the pack has long had under another key.
ITEM_KEYS = {
    "Weeping blades": "weeping-blades-pair",
    "Fighting claws": "fighting-claws-pair",
    "Throwing knives/stars": "throwing-stars",
    "Hunting rifle (Hochland long rifle)": "hochland-long-rifle",
}
FIRST_FREE = {"dagger"}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def chart_key(name: str) -> str:
    return ITEM_KEYS.get(name) or slug(name)


def list_row_key(row: dict) -> str:
    """The item key of an equipment-list row: its chart item's, a brace's own, or (an item
    the chart lacks) its list name's."""
    if row["chart"] and not row["pair_of"]:
        return chart_key(row["chart"])
    return slug(row["list_name"])


def dice_text(price: dict) -> str | None:
    dice = price.get("dice")
    if not dice:
        return None
    count = "" if dice["count"] == 1 else str(dice["count"])
    return f"{count}D6" + (f"×{dice['times']}" if dice["times"] != 1 else "")


def _german(name_de: str | None, name: str) -> dict:
    return {"de": name_de} if name_de and name_de != name else {}


def _price_attributes(price: dict, text: str) -> dict:
    return {"price": price, "price_text": text, "price_dice": dice_text(price)}


def _chart_item(row: dict) -> dict:
    price = {k: v for k, v in row["price"].items() if k != "pair"}
    attributes = {
        "rare": row["rarity"] is not None,
        "rarity": row["rarity"],
        **_price_attributes(price, row["cost_text"].split(" (Paar")[0]),
        "available_to": row["available_to"],
        "source": SOURCE_FILE + " (equipment chart)",
    }
    if row["upgrade"]:
        attributes["upgrade"] = row["upgrade"]
    return {
        "key": chart_key(row["name"]),
        "name": row["name"],
        "names": _german(row["name_de"], row["name"]),
        "kind": row["kind"],
        "points": price["base"],
        "attributes": attributes,
    }


def _brace(row: dict, chart_row: dict) -> dict:
    """A brace of pistols: the chart row's pair price and pair rarity."""
    pair = chart_row["price"]["pair"]
    text = chart_row["cost_text"]
    rarity = chart_row.get("pair_rarity", chart_row["rarity"])
    return {
        "key": slug(row["list_name"]),
        "name": row["list_name"],
        "names": _german(row["item_de"], row["list_name"]),
        "kind": chart_row["kind"],
        "points": pair["base"],
        "attributes": {
            "rare": rarity is not None, "rarity": rarity,
            **_price_attributes(pair, text[text.index("(Paar ") + 6:-1]),
            "pair_of": chart_key(chart_row["name"]),
            "available_to": chart_row["available_to"],
            "source": SOURCE_FILE + " (equipment chart, the pair's price)",
        },
    }


def _list_only(row: dict) -> dict:
    return {
        "key": slug(row["list_name"]),
        "name": row["list_name"],
        "names": _german(row["item_de"], row["list_name"]),
        "kind": row["kind"],
        "points": row["cost"],
        "attributes": {
            "rare": False, "rarity": None, "price": {"base": row["cost"], "dice": None},
            "price_text": str(row["cost"]), "price_dice": None,
            "source": SOURCE_FILE + " (equipment lists; the chart has no row)",
            "unverified": ["rarity", "points"],
        },
    }


def _list_items(facts: dict, items: dict, chart: dict) -> None:
    """Braces and list-only items, and the aliases of list names for chart items."""
    for name in sorted(facts["equipment_lists"]):
        for row in facts["equipment_lists"][name]:
            key = list_row_key(row)
            if row["pair_of"]:
                items.setdefault(key, _brace(row, chart[row["pair_of"]]))
            elif not row["chart"]:
                items.setdefault(key, _list_only(row))
            elif slug(row["list_name"]) != key:
                aliases = items[key].setdefault("aliases", [])
                if slug(row["list_name"]) not in aliases:
                    aliases.append(slug(row["list_name"]))


def _faction_keys(facts: dict, faction_of) -> dict[str, list[str]]:
    """The data's warband keys ("merc", "merc/midd") -> pack faction keys."""
    out: dict[str, list[str]] = {}
    for wb in facts["warbands"]:
        keys = faction_of(wb)
        out[wb["key"]] = [k for _sub, k in keys]
        for sub, key in keys:
            if sub:
                out[f"{wb['key']}/{sub}"] = [key]
    return out


def _buyers(row: dict, keys: dict[str, list[str]]) -> dict:
    out = {}
    for side in ("only", "except"):
        if side in row["buyers"]:
            out[side] = sorted({k for wb in row["buyers"][side] for k in keys.get(wb, [])})
    if row["buyers"].get("heroes_only"):
        out["heroes_only"] = True
    return out


def _label_unofficial(items: dict, users: dict[str, set], official: dict[str, bool]) -> None:
    """``official: false`` and "(unofficial)" on an item whose every user is an unofficial
    warband (those that may buy it, and those whose lists carry it)."""
    for key, item in items.items():
        buyers = item["attributes"].get("buyers") or {}
        if item["attributes"]["source"].endswith("(equipment chart)") and "only" not in buyers:
            continue  # the whole chart offers it to anyone
        who = set(buyers.get("only") or ()) | users.get(key, set())
        if who and not any(official.get(k, True) for k in who):
            item["attributes"]["official"] = False
            item["name"] += " (unofficial)"
            if item["names"].get("de"):
                item["names"]["de"] += " (inoffiziell)"


def items(facts: dict, faction_of, users: dict[str, set], official: dict[str, bool]) -> dict:
    """Every item of the pack by key (see the module docstring). ``faction_of(warband)``
    gives a transcribed warband's ``[(subtype, pack faction key)]``; ``users`` the pack
    faction keys whose cards list each item; ``official`` each faction's grade."""
    keys = _faction_keys(facts, faction_of)
    chart = {row["name"]: row for row in facts["equipment"]}
    out: dict[str, dict] = {}
    for row in facts["equipment"]:
        item = _chart_item(row)
        buyers = _buyers(row, keys)
        if buyers:
            item["attributes"]["buyers"] = buyers
        if item["key"] in FIRST_FREE:
            item["attributes"]["first_free"] = True
        out[item["key"]] = item
    _list_items(facts, out, chart)
    for key, item in out.items():
        single = out.get(item["attributes"].get("pair_of") or "")
        if single is not None and "buyers" in single["attributes"]:
            # a brace is bought by whoever may buy one of the pair
            item["attributes"]["buyers"] = dict(single["attributes"]["buyers"])
        elif item["attributes"]["source"].endswith("the chart has no row)"):
            # an item only lists have: the warbands whose lists carry it
            item["attributes"]["buyers"] = {"only": sorted(users.get(key, ()))}
    _label_unofficial(out, users, official)
    for item in out.values():
        if item.get("aliases"):
            item["aliases"].sort()
    return out
