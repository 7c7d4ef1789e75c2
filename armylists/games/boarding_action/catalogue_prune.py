"""What of a unit's catalogue ids a card keeps (``battlescribe_defaults``,
``battlescribe_options``): only what the validators need to rebuild the unit in a list
for the pack's rules: an option or default a rule is about, one a rule's condition names
(by its entry, link or group id), and what those sit below. A codex has thousands of
options; most no rule ever asks about."""

from __future__ import annotations

from collections.abc import Iterable


def named_ids(modifiers: Iterable[dict]) -> set[str]:
    """Every id the modifiers' conditions and repeats name (``childId``, an id scope)."""
    found: set[str] = set()
    stack = list(modifiers)
    while stack:
        node = stack.pop()
        for key in ("childId", "scope"):
            if isinstance(node.get(key), str):
                found.add(node[key])
        for key in ("conditions", "conditionGroups", "repeats"):
            if isinstance(node.get(key), list):  # a repeat's own "repeats" is a number
                stack.extend(node[key])
    return found


def _kept_parents(held: dict, defaults: list[dict], keep: set[str]) -> set[str]:
    parents = {o["parent"] for key, o in held.items() if key in keep and o["parent"]}
    by_id = {d["id"]: d for d in defaults}
    grown = set(parents)
    while parents:
        parent = by_id.get(parents.pop())
        if parent is not None and parent["parent"] and parent["parent"] not in grown:
            grown.add(parent["parent"])
            parents.add(parent["parent"])
    return grown


def _keep(attributes: dict, named: set[str]) -> None:
    ruled = {r["key"] for r in attributes.get("battlescribe_rules") or ()}
    wanted = ruled | named
    held = attributes.get("battlescribe_options") or {}
    keep = {key for key, o in held.items() if key in wanted or {o["id"], o["link"]} & named}
    defaults = attributes.get("battlescribe_defaults") or []
    wanted |= _kept_parents(held, defaults, keep)
    attributes["battlescribe_options"] = {k: o for k, o in held.items() if k in keep}
    attributes["battlescribe_defaults"] = [d for d in defaults
                                           if d["id"] in wanted or d["link"] in named]


def _compact(row: dict) -> dict:
    """A row without the ids it does not have (no link, at the unit's top, the unit's own
    rule): a codex pack carries thousands of them."""
    return {k: v for k, v in row.items() if v != "" or k not in ("link", "parent", "key")}


def keep_ids(cards: list[dict], modifiers: Iterable[dict]) -> None:
    named = named_ids(modifiers)
    for card in cards:
        attributes = card["attributes"]
        _keep(attributes, named)
        attributes["battlescribe_options"] = {
            k: _compact(o) for k, o in attributes["battlescribe_options"].items()}
        attributes["battlescribe_defaults"] = [
            _compact(d) for d in attributes["battlescribe_defaults"]]
        if "battlescribe_rules" in attributes:
            attributes["battlescribe_rules"] = [
                _compact(r) for r in attributes["battlescribe_rules"]]
