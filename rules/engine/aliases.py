"""Renamed keys: lists saved before a rename keep working.

A pack may declare the old keys of a faction, card, item or special action
(``aliases: [the-fallen]``); the database and the admin keep them in the row's
``attributes["aliases"]`` (see armylists/packs/tables.py). ``alias_table`` turns the rows into
``Catalogue.aliases`` ({kind: {old key: current key}}), and ``canonical_document``
rewrites a list document's old keys to the current ones and says what it renamed, so
the service layer can read a saved or posted list with today's data and report the
rename instead of an ``unknown_key``.

Pure functions on plain data: no Django, nothing here raises on a malformed document
(the schema check after it names the problem).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from rules.engine.catalogue import Catalogue, frozen_map
from rules.engine.document import ListDocument

ALIASES = "aliases"  # the attributes key that holds a row's old keys
KINDS = ("faction", "card", "item", "special_action")


def declared_aliases(attributes: Any) -> tuple[str, ...]:
    """The old keys a row declares; anything but a list of strings counts as none.

    The admin edits ``attributes`` as free JSON, so a typo there must not break reading.
    """
    value = attributes.get(ALIASES) if isinstance(attributes, Mapping) else None
    if not isinstance(value, list | tuple):
        return ()
    return tuple(v for v in value if isinstance(v, str) and v)


def alias_table(rows: Mapping[str, Iterable[Any]]) -> Mapping[str, Mapping[str, str]]:
    """``{kind: {old key: current key}}`` from ``{kind: rows}``; each row has ``key`` and
    ``attributes`` (database rows and engine objects alike).

    An old key that is also a current key of its kind is ignored (the current key wins),
    and of two rows that claim one old key the first wins, so bad data never makes a key
    ambiguous. Packs refuse both cases on load (armylists/packs/tables.py).
    """
    table: dict[str, Mapping[str, str]] = {}
    for kind, kind_rows in rows.items():
        kind_rows = list(kind_rows)
        current = {row.key for row in kind_rows}
        renamed: dict[str, str] = {}
        for row in kind_rows:
            for old in declared_aliases(row.attributes):
                if old not in current:
                    renamed.setdefault(old, row.key)
        if renamed:
            table[kind] = frozen_map(renamed)
    return frozen_map(table)


def _current(catalogue: Catalogue, kind: str) -> Mapping:
    return {
        "faction": catalogue.factions,
        "card": catalogue.cards,
        "item": catalogue.items,
        "special_action": catalogue.special_actions,
    }[kind]


def canonical_document(catalogue: Catalogue, data: Any) -> tuple[Any, list[dict]]:
    """A copy of a list document (muster-list/1 as plain data) with renamed keys replaced
    by their current keys, and what was renamed.

    Looks at ``faction``, ``entries[i].card``, ``entries[i].items[j]``,
    ``entries[i].options[j]`` (options are items) and ``special_actions[k].action``.
    Each rename is ``{"kind", "old", "new", "name", "path"}``, e.g. ``{"kind":
    "faction", "old": "the-fallen", "new": "banebrood", "name": "Banebrood", "path":
    "faction"}``; ``kind`` is faction, card, item, option or special_action. A current
    key, an unknown key and anything that is not a string are left as they are (unknown
    keys stay for ``unknown_key`` to report); the input is never changed.
    """
    doc = copy.deepcopy(data)
    renames: list[dict] = []
    if not isinstance(doc, dict):
        return doc, renames

    def swap(container: dict | list, place: str | int, kind: str, lookup: str, path: str):
        key = container[place]
        if not isinstance(key, str):
            return
        current = _current(catalogue, lookup)
        new = catalogue.current_key(lookup, key)
        if key in current or new is None or new not in current:
            return
        container[place] = new
        renames.append(
            {"kind": kind, "old": key, "new": new, "name": current[new].name, "path": path}
        )

    if "faction" in doc:
        swap(doc, "faction", "faction", "faction", "faction")
    entries = doc.get("entries")
    for i, entry in enumerate(entries if isinstance(entries, list) else ()):
        if not isinstance(entry, dict):
            continue
        if "card" in entry:
            swap(entry, "card", "card", "card", f"entries[{i}].card")
        for slot, kind in (("items", "item"), ("options", "option")):
            keys = entry.get(slot)
            for j in range(len(keys) if isinstance(keys, list) else 0):
                swap(keys, j, kind, "item", f"entries[{i}].{slot}[{j}]")
    actions = doc.get("special_actions")
    for k, pick in enumerate(actions if isinstance(actions, list) else ()):
        if isinstance(pick, dict) and "action" in pick:
            swap(pick, "action", "special_action", "special_action", f"special_actions[{k}].action")
    return doc, renames


def canonical_list(catalogue: Catalogue, document) -> tuple[Any, list[dict]]:
    """``canonical_document`` for a typed ``ListDocument``: the same renames, but a list
    without old keys (nearly every one) comes back as it is, after one dict lookup per
    key, without being copied."""
    aliases = catalogue.aliases
    if not aliases:
        return document, []
    factions, cards, items = (aliases.get(k, {}) for k in ("faction", "card", "item"))
    actions = aliases.get("special_action", {})
    old = (
        document.faction in factions
        or any(
            e.card in cards
            or any(k in items for k in e.items)
            or any(k in items for k in e.options)
            for e in document.entries
        )
        or any(p.action in actions for p in document.special_actions)
    )
    if not old:
        return document, []
    # Through JSON, not to_builtins: that keeps the document's tuples (entries, items),
    # which canonical_document reads as no list at all and would leave unrenamed.
    plain = msgspec.json.decode(msgspec.json.encode(document))
    data, renames = canonical_document(catalogue, plain)
    return msgspec.convert(data, type=ListDocument), renames
