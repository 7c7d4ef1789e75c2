"""What the builder offers an entry to buy: its items (checkboxes and quantities, grouped
by kind) and its options. Generic: the game's presenter says which control an item gets
and how many may be had.

The offer depends only on the entry's card and what the entry has, so entries of one
card with the same gear share it: a big list of many alike entries works it out, and
renders its checkboxes, once; each entry's copy gets the entry's id put in.
"""

from __future__ import annotations

from collections import Counter

from django.template.loader import get_template
from django.utils.safestring import mark_safe

from armylists.lists.rows import row_words
from armylists.presenters.base import Presenter
from armylists.presenters.names import local_name
from armylists.web.pages import spoken
from rules.engine import Catalogue

# Stands for the entry's id in a rendered offer: characters of Unicode's private use
# area, which escaping leaves as they are and no real name holds (as the
# marks of builder/tools.py); an id is letters, digits, "_" and "-".
ENTRY_ID = "\ue000id\ue001"


class Choices:
    """The item and option offers of a page's entries, each worked out and rendered once
    per card and gear; the dicts are shared between entries, so nothing may change them."""

    def __init__(self, catalogue: Catalogue, presenter: Presenter):
        self.catalogue, self.presenter = catalogue, presenter
        self._items: dict = {}
        self._options: dict = {}
        self._shown = {"words": spoken(presenter.words), "say": row_words()}

    def add_to(self, row: dict, card, entry) -> None:
        items = self._offer(self._items, "items", card, entry.items)
        options = self._offer(self._options, "options", card, entry.options)
        row["item_groups"], row["offers_items"], item_html = items
        row["option_groups"], row["offers_options"], option_html = options
        row["item_html"] = mark_safe(item_html.replace(ENTRY_ID, entry.id))
        row["option_html"] = mark_safe(option_html.replace(ENTRY_ID, entry.id))

    def _offer(self, kept: dict, kind: str, card, had: tuple) -> tuple:
        key = (card.key if card is not None else None, had)
        if key not in kept:
            work = item_choices if kind == "items" else option_choices
            groups, offers = work(self.catalogue, self.presenter, card, had)
            row = {"id": ENTRY_ID, "item_groups" if kind == "items" else "option_groups": groups}
            html = get_template(f"builder/_{kind[:-1]}_groups.html").render(
                {"row": row, **self._shown}
            )
            kept[key] = (groups, offers, html)
        return kept[key]


def _choice(catalogue, card, key, *, price) -> dict:
    item = catalogue.items.get(key)
    return {
        "key": key,
        "item": item,
        "name": local_name(item, key),
        "kind": item.kind if item is not None else None,
        "price": price(card, key) if item is not None else None,
        "known": item is not None,
        "first_free": bool(item is not None and item.attributes.get("first_free")),
        "note": item.attributes.get("effect") if item is not None else None,
    }


def _offered(allowed, had) -> list:
    """The card's keys, then keys the entry has that the card lacks (kept and shown with
    their violation, never dropped)."""
    keys = list(allowed)
    return keys + [k for k in dict.fromkeys(had) if k not in keys]


def item_choices(catalogue, presenter, card, items) -> tuple[list, bool]:
    """(item groups, whether the card offers any): checkboxes (have it or not) and
    quantities (the same item more than once), grouped by kind."""
    have = Counter(items)
    keys = _offered(card.allowed_items if card is not None else (), items)
    checkboxes, quantities = [], []
    for key in keys:
        choice = _choice(catalogue, card, key, price=catalogue.item_points)
        if choice["known"]:
            choice["price_text"] = presenter.item_price_text(card, key, catalogue)
        control = presenter.item_control(card, key, catalogue) if choice["known"] else "checkbox"
        if control == "quantity":
            top = presenter.item_quantity_max(card, key, catalogue)
            quantities.append({**choice, "quantity": have[key], "max": max(top, have[key])})
        else:
            checkboxes.append({**choice, "checked": have[key] > 0, "times": have[key]})
    groups: dict = {}

    def group_of(choice):
        return choice["kind"] if presenter.GROUP_BY_KIND else None

    for choice in checkboxes + quantities:
        groups.setdefault(group_of(choice), {"checkboxes": [], "quantities": []})
    for choice in checkboxes:
        groups[group_of(choice)]["checkboxes"].append(choice)
    for choice in quantities:
        groups[group_of(choice)]["quantities"].append(choice)
    labelled = [
        {"label": presenter.kind_label(kind), "kind": kind, **parts}
        for kind, parts in groups.items()
    ]
    return labelled, bool(keys)


def option_choices(catalogue, presenter, card, options) -> tuple[list, bool]:
    """(option groups, whether the card offers any), each option checked or not."""
    keys = _offered(card.allowed_options if card is not None else (), options)

    def price(c, k):
        return c.allowed_options.get(k, 0) if c is not None else 0

    groups: dict = {}
    for key in keys:
        choice = _choice(catalogue, card, key, price=price)
        choice["checked"] = key in options
        groups.setdefault(choice["kind"] if presenter.GROUP_BY_KIND else None, []).append(choice)
    labelled = [
        {"label": presenter.kind_label(kind), "kind": kind, "choices": choices}
        for kind, choices in groups.items()
    ]
    return labelled, bool(keys)
