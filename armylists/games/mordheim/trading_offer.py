"""What the trading step offers to buy (issue 32): every item the warband may buy, by kind,
each named with its price as the trading chart writes it (its dice, a multiple of the
weapon it is made of), the price the warband's own list asks where that is another, and
for a rare item its rarity; and which of them take price dice or a weapon to be made of.
The prices are the campaign rules' (``rules.systems.mordheim.prices``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from armylists.presenters.names import local_name
from rules.systems.mordheim.prices import (
    buyable_by,
    dice_of,
    fixed,
    multiple_of,
    price_of,
    price_words,
)

# The kinds of the chart, in its order, as the builder names them (the same words).
KINDS = {
    "close_combat": gettext_lazy("Close combat weapons"),
    "missile": gettext_lazy("Missile weapons"),
    "armour": gettext_lazy("Armour"),
    "miscellaneous": gettext_lazy("Miscellaneous"),
}


def chart_price(item) -> str:
    """The chart's price in the reader's words: "30 gc", "100+D6×10 gc", "4 × the weapon's
    price"."""
    times = multiple_of(item)
    if times:
        return _("%(times)s × the weapon's price") % {"times": times}
    return _("%(price)s gc") % {"price": price_words(item).render(_)}


def _list_prices(catalogue, faction: str) -> dict[str, set[int]]:
    """Item key -> the prices the warband's own lists ask for it."""
    prices: dict[str, set[int]] = {}
    for card in catalogue.cards.values():
        if card.faction == faction:
            for key, points in card.allowed_items.items():
                prices.setdefault(key, set()).add(points)
    return prices


def item_label(item, listed: set[int] | None = None) -> str:
    """"Elven cloak – 100+D6×10 gc · rare 12"; a list price that is another is said."""
    words = [chart_price(item)]
    others = sorted((listed or set()) - {price_of(item)["base"]}) if fixed(item) else sorted(
        listed or ())
    if others:
        words.append(_("your list: %(prices)s gc") % {
            "prices": "/".join(str(p) for p in others)})
    if item.attributes.get("rarity"):
        words.append(_("rare %(rarity)s") % {"rarity": item.attributes["rarity"]})
    return f"{local_name(item)} – " + " · ".join(words)


def purchase_offer(catalogue, faction: str) -> dict:
    """``choices``: [(kind label, [(key, label)])] of every item the warband may buy (its
    lists' and the chart's for it); ``dice``/``multiple``: the keys whose price has dice
    or is a weapon's multiple; ``weapons``: [(key, label)] a multiple may be made of;
    ``lists``: the warband's list prices."""
    listed = _list_prices(catalogue, faction)
    offered = [item for item in catalogue.items.values()
               if item.key in listed or buyable_by(item, faction)]
    return {
        "choices": _by_kind(offered, listed),
        "dice": {i.key: dice_of(i)["count"] for i in offered if dice_of(i)},
        "multiple": {i.key for i in offered if multiple_of(i)},
        "weapons": _weapons(offered),
        "lists": listed,
    }


def _by_kind(offered, listed: dict) -> list:
    """[(kind label, [(key, label)])], the chart's kinds in its order, names sorted."""
    groups: dict[str, list] = {}
    for item in sorted(offered, key=lambda i: local_name(i).casefold()):
        groups.setdefault(item.kind, []).append((item.key, item_label(item, listed.get(item.key))))
    kinds = [k for k in KINDS if k in groups] + [k for k in groups if k not in KINDS]
    return [(str(KINDS.get(kind, kind)), groups[kind]) for kind in kinds]


def _weapons(offered) -> list[tuple[str, str]]:
    """The close combat weapons of a fixed price a weapon's multiple may be made of."""
    weapons = [(i.key, f"{local_name(i)} ({price_of(i)['base']} {_('gc')})") for i in offered
               if i.kind == "close_combat" and fixed(i) and price_of(i)["base"] > 0]
    return sorted(weapons, key=lambda pair: pair[1].casefold())
