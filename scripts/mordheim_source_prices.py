"""The prices and rarities of the Mordheim trading chart as the Mordheim-Roster-Builder data
writes them (data/equipment.json, CATALOG ``cost`` and ``rare``), read into data:

- ``15`` or ``"15"``: a fixed price;
- ``"35+3D6"``, ``"30+D6"``, ``"200+10D6"``: a base and dice added to it;
- ``"100+D6×10"``, ``"200+D6×25"``: a base and dice, each die counting ten (25) gc;
- ``"30 (Paar 60)"``, ``"25+1D6 (Paar 46+2D6)"``: the price of one and of a pair (brace);
- ``"4× Preis"``: a multiple of the price of the weapon it is made of (Gromril weapon);
- ``"+25"``, ``"+15/+20"``: an increment on the weapon it improves (at recruitment, and
  the later one when the chart gives two).

``price_text`` writes a price back in the chart's own notation, so a transcription can be
checked against the text it came from (``check``). Read by
transcribe_mordheim_roster_builder.py; the pack keeps the structure as ``attributes.price``.
"""

from __future__ import annotations

import re

_DICE = re.compile(r"^(?P<base>\d+)\s*\+\s*(?P<count>\d*)D6(?:\s*×\s*(?P<times>\d+))?$")
_PAIR = re.compile(r"^(?P<one>[^(]+?)\s*\(Paar\s+(?P<pair>[^)]+)\)$")
_MULTIPLE = re.compile(r"^(?P<times>\d+)\s*×\s*Preis$")
_INCREMENT = re.compile(r"^\+(?P<now>\d+)(?:/\+(?P<later>\d+))?$")
_RARE = re.compile(r"^Rare\s+(?P<one>\d+)(?:\s*\(Paar Rare\s+(?P<pair>\d+)\))?$")


def _single(text: str) -> dict:
    """One price (no pair): fixed, base and dice, a multiple or an increment."""
    text = text.strip()
    if text.isdigit():
        return {"base": int(text), "dice": None}
    found = _DICE.match(text)
    if found:
        return {"base": int(found["base"]), "dice": {
            "count": int(found["count"] or 1), "times": int(found["times"] or 1)}}
    found = _MULTIPLE.match(text)
    if found:
        return {"base": 0, "dice": None, "multiple": {"times": int(found["times"]),
                                                     "of": "weapon"}}
    found = _INCREMENT.match(text)
    if found:
        out = {"base": int(found["now"]), "dice": None, "increment": True}
        if found["later"]:
            out["later"] = int(found["later"])
        return out
    raise ValueError(f"a price the chart writes in a way not known here: {text!r}")


def parse_price(cost) -> dict:
    """A chart price as data: ``{"base", "dice": {"count", "times"} | None}`` and, where the
    chart has them, ``multiple``, ``increment``/``later`` and ``pair`` (a price of the
    same shape)."""
    if isinstance(cost, int):
        return {"base": cost, "dice": None}
    text = str(cost).strip()
    found = _PAIR.match(text)
    if found:
        return {**_single(found["one"]), "pair": _single(found["pair"])}
    return _single(text)


def parse_rarity(text) -> dict:
    """``"Rare 9"`` -> ``{"rarity": 9}``; ``"Rare 9 (Paar Rare 10)"`` adds ``pair_rarity``;
    ``"Common"``, blanks, "—" and "Special" are no rarity (the text is kept by the
    caller)."""
    found = _RARE.match(str(text or "").strip())
    if not found:
        return {"rarity": None}
    out = {"rarity": int(found["one"])}
    if found["pair"]:
        out["pair_rarity"] = int(found["pair"])
    return out


def _dice_text(dice: dict) -> str:
    count = "" if dice["count"] == 1 else str(dice["count"])
    times = f"×{dice['times']}" if dice["times"] != 1 else ""
    return f"{count}D6{times}"


def single_text(price: dict) -> str:
    """One price in the chart's notation: "35+3D6", "100+D6×10", "4× Preis", "+15/+20"."""
    if price.get("multiple"):
        return f"{price['multiple']['times']}× Preis"
    if price.get("increment"):
        later = f"/+{price['later']}" if price.get("later") is not None else ""
        return f"+{price['base']}{later}"
    if price.get("dice"):
        return f"{price['base']}+{_dice_text(price['dice'])}"
    return str(price["base"])


def price_text(price: dict) -> str:
    """The whole price in the chart's notation, the pair's in brackets: "30 (Paar 60)"."""
    text = single_text(price)
    if price.get("pair"):
        text += f" (Paar {single_text(price['pair'])})"
    return text


def normal_text(cost) -> str:
    """The chart's own text with its spelling variants made one ("1D6" and "D6")."""
    return re.sub(r"\+1D6", "+D6", str(cost).strip())


def check(cost) -> dict:
    """``parse_price`` that refuses a reading which does not write back to the text."""
    price = parse_price(cost)
    if price_text(price) != normal_text(cost):
        raise ValueError(f"price {cost!r} read as {price_text(price)!r}")
    return price
