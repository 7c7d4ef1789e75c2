"""What a Mordheim item costs (docs/rules/mordheim.md, "Trading"): its price as the pack
gives it (``attributes.price``), read the same way by the builder, the trading step and
the pages.

A price is a ``base`` in gold crowns and, where the trading chart says so:

- ``dice``: ``count`` D6 added to the base, each die counting ``times`` gc ("100+D6×10":
  base 100, one die times ten), rolled or typed when the item is bought;
- ``multiple``: ``times`` the price of the weapon it is made of (a Gromril weapon: four
  times the price of the sword it is), that weapon named when it is bought;
- ``increment``: an amount added to the weapon it improves; ``later`` the amount after
  the warband was founded (a Dark Elf blade: +15 at recruitment, +20 later).

An item without ``price`` (a hand-built catalogue, an older pack) costs its ``points``.
A warband's own list may price an item otherwise: that list price, fixed, is what its
fighters pay (``Catalogue.item_points``); the chart's price applies to the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.engine.catalogue import Item
from rules.engine.violations import N_, Phrase
from rules.systems.mordheim.dice import MAX_GOLD, fail, is_int

MAX_DICE = 10  # the chart's most dice on one price (a Skeleton chariot's 10D6)


def price_of(item: Item) -> Mapping:
    """The item's price as data (``{"base", "dice", ...}``)."""
    price = item.attributes.get("price")
    if isinstance(price, Mapping) and is_int(price.get("base")):
        return price
    return {"base": item.points, "dice": None}


def dice_of(item: Item) -> Mapping | None:
    """``{"count", "times"}`` of the dice in the item's price, or None."""
    dice = price_of(item).get("dice")
    if not isinstance(dice, Mapping):
        return None
    count, times = dice.get("count"), dice.get("times", 1)
    if not (is_int(count) and 1 <= count <= MAX_DICE and is_int(times) and 1 <= times <= 100):
        return None
    return {"count": count, "times": times}


def multiple_of(item: Item) -> int | None:
    """How many times the weapon's price the item costs (None: not a multiple)."""
    multiple = price_of(item).get("multiple")
    times = multiple.get("times") if isinstance(multiple, Mapping) else None
    return times if is_int(times) and 1 <= times <= 100 else None


def fixed(item: Item) -> bool:
    """The price is one number, known before the item is bought."""
    return dice_of(item) is None and multiple_of(item) is None


def later_base(item: Item) -> int:
    """The base after the warband was founded (an increment's later amount)."""
    price = price_of(item)
    later = price.get("later")
    return later if price.get("increment") and is_int(later) else int(price["base"])


def dice_text(dice: Mapping) -> str:
    count = "" if dice["count"] == 1 else str(dice["count"])
    times = f"×{dice['times']}" if dice["times"] != 1 else ""
    return f"{count}D6{times}"


def price_text(item: Item) -> str:
    """The price as the chart writes it: "100+D6×10", "35+3D6", "4× price", "+15/+20"."""
    price = price_of(item)
    if multiple_of(item):
        return f"{multiple_of(item)}× price"
    if price.get("increment"):
        later = f"/+{price['later']}" if is_int(price.get("later")) else ""
        return f"+{price['base']}{later}"
    dice = dice_of(item)
    return f"{price['base']}+{dice_text(dice)}" if dice else str(price["base"])


def price_words(item: Item) -> Phrase:
    """``price_text`` as words a reader's language says ("100+W6×10" in German)."""
    dice = dice_of(item)
    if dice is None or multiple_of(item) or price_of(item).get("increment"):
        return Phrase("{price}", {"price": price_text(item)})  # a number: no words to translate
    return Phrase(N_("{base}+{count}D6{times}"), {
        "base": price_of(item)["base"], "count": "" if dice["count"] == 1 else dice["count"],
        "times": f"×{dice['times']}" if dice["times"] != 1 else ""})


def price_range(item: Item) -> tuple[int, int]:
    """The lowest and highest price the chart's dice allow (a multiple: unknown, 0..MAX)."""
    if multiple_of(item):
        return 0, MAX_GOLD
    base, dice = later_base(item), dice_of(item)
    if dice is None:
        return base, base
    return base + dice["count"] * dice["times"], base + 6 * dice["count"] * dice["times"]


def with_dice(item: Item, faces: Sequence[int]) -> int:
    """The price paid with these faces of the price's dice."""
    dice = dice_of(item)
    if dice is None:
        return later_base(item)
    return later_base(item) + sum(faces) * dice["times"]


def buyable_by(item: Item, faction: str | None) -> bool:
    """The warband type may buy the item: the chart keeps some for a few warbands
    (``buyers.only``) or from some (``buyers.except``)."""
    buyers = item.attributes.get("buyers") or {}
    if "only" in buyers and faction not in buyers["only"]:
        return False
    return faction not in (buyers.get("except") or ())


def heroes_only(item: Item) -> bool:
    return bool((item.attributes.get("buyers") or {}).get("heroes_only"))


def multiple(item: Item, weapon: Item, path: str = "of") -> int:
    """``times`` the price of the weapon the item is made of (a fixed-price close combat
    weapon)."""
    times = multiple_of(item)
    if times is None:
        fail(path, f"{item.name} is not priced by another weapon")
    if weapon.kind != "close_combat" or not fixed(weapon) or multiple_of(weapon):
        fail(path, f"{item.name} is made of a close combat weapon of a fixed price, not "
             f"{weapon.name}", "not_allowed")
    return times * later_base(weapon)
