"""The builder's edits. Each changes exactly what it names, addresses entries (and special
action purchases) by id, never by position, and says how to take it back.

An edit is a plain dict, so a workspace can store it among its undo steps::

    {"op": "add", "card": key}                           a card (a unit at its core size)
    {"op": "add_custom", "custom": {...}}                 a unit the player typed in
    {"op": "insert", "entry": {...}, "at": n}             an entry as it was (undo, redo)
    {"op": "remove", "entry": id}
    {"op": "duplicate", "entry": id}                      a copy right after it, new id
    {"op": "move", "entry": id, "to": n}                 (kept for undo steps stored before
                                                          move_before)
    {"op": "move_before", "entry": id, "before": id}      right before another entry; before
                                                          None: last
    {"op": "set", "entry": id, "field": f, "value": v}    count, size, name, notes, items,
                                                          options, custom
    {"op": "set_header", "field": f, "value": v}          name, battle_size, role, notes
    {"op": "add_action", "action": key, "variant": v}     one more use of a special action
    {"op": "insert_action", "pick": {...}, "at": n}
    {"op": "remove_action", "pick": id}
    {"op": "set_action", "pick": id, "field": f, "value": v}   count, variant
    {"op": "replace", "document": {...}}                  a whole document (restore, discard)
    {"op": "set_pack", "value": {"id", "version"} | None} the pack version it is judged by

Past 400 lines on purpose: each edit's apply sits beside the undo and redo it returns,
and the table above is the contract of all of them; split by edit, an edit and its undo
would live in different files.

``apply`` returns the new document with ``undo`` (edits that, applied in order to the new
document, give the old one back) and ``redo`` (edits that make the new one from the old
again, with every id they assigned, so a redo is the same edit, not a new one). An edit of
an entry that is no longer there (removed in another tab) changes nothing.

Values come checked by the page's form; the whole document is checked against the schema
again by the workspace after every edit, so nothing out of bounds is ever stored.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import msgspec

from rules.engine import Catalogue, ListDocument
from rules.engine.document import (
    CustomUnit,
    Entry,
    PackRef,
    SpecialActionPick,
    build,
    entry_to_dict,
    new_id,
    pick_to_dict,
)

ENTRY_FIELDS = ("count", "size", "name", "notes", "items", "options", "custom")
HEADER_FIELDS = ("name", "battle_size", "role", "notes")
ACTION_FIELDS = ("count", "variant")


class EditRefused(ValueError):
    """An edit that cannot be made (an unknown operation, a field edits do not set)."""


@dataclass(frozen=True)
class Applied:
    document: ListDocument
    undo: list[dict] = field(default_factory=list)
    redo: list[dict] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return bool(self.redo)


def apply(
    document: ListDocument,
    edit: dict,
    catalogue: Catalogue | None = None,
    make_id: Callable[[], str] = new_id,
) -> Applied:
    """One edit (see the module docstring)."""
    op = edit.get("op")
    handler = _HANDLERS.get(op)
    if handler is None:
        raise EditRefused(f"unknown edit {op!r}")
    return handler(document, edit, catalogue, make_id)


def apply_all(
    document: ListDocument,
    edits: list[dict],
    catalogue: Catalogue | None = None,
    make_id: Callable[[], str] = new_id,
) -> Applied:
    """Several edits as one step: undo takes them all back, last first."""
    undo: list[dict] = []
    redo: list[dict] = []
    for edit in edits:
        step = apply(document, edit, catalogue, make_id)
        document = step.document
        undo = step.undo + undo
        redo = redo + step.redo
    return Applied(document, undo, redo)


# -- entries ------------------------------------------------------------------------------


def _index(document: ListDocument, entry_id) -> int | None:
    for i, entry in enumerate(document.entries):
        if entry.id == entry_id:
            return i
    return None


def _taken(document: ListDocument) -> set:
    return {e.id for e in document.entries} | {p.id for p in document.special_actions}


def _fresh(document: ListDocument, make_id) -> str:
    taken = _taken(document)
    while (candidate := make_id()) in taken:
        pass
    return candidate


def _with_entries(document: ListDocument, entries) -> ListDocument:
    return msgspec.structs.replace(document, entries=tuple(entries))


def _insert(document, entry: Entry, at: int) -> Applied:
    entries = list(document.entries)
    at = max(0, min(at, len(entries)))
    entries.insert(at, entry)
    new = _with_entries(document, entries)
    forward = {"op": "insert", "entry": entry_to_dict(entry), "at": at}
    return Applied(new, [{"op": "remove", "entry": entry.id}], [forward])


def _add(document, edit, catalogue, make_id) -> Applied:
    card = catalogue.cards.get(edit["card"]) if catalogue is not None else None
    entry = Entry(
        id=_fresh(document, make_id),
        card=edit["card"],
        size=card.core_size if card is not None and card.is_unit else None,
    )
    return _insert(document, entry, edit.get("at", len(document.entries)))


def _add_custom(document, edit, _catalogue, make_id) -> Applied:
    custom = msgspec.convert(edit["custom"], type=CustomUnit)
    entry = Entry(id=_fresh(document, make_id), custom=custom)
    return _insert(document, entry, edit.get("at", len(document.entries)))


def _insert_op(document, edit, _catalogue, make_id) -> Applied:
    entry = msgspec.convert(edit["entry"], type=Entry)
    if entry.id is None or entry.id in _taken(document):
        entry = msgspec.structs.replace(entry, id=_fresh(document, make_id))
    return _insert(document, entry, edit.get("at", len(document.entries)))


def _remove(document, edit, _catalogue, _make_id) -> Applied:
    i = _index(document, edit["entry"])
    if i is None:
        return Applied(document)
    entries = list(document.entries)
    gone = entries.pop(i)
    return Applied(
        _with_entries(document, entries),
        [{"op": "insert", "entry": entry_to_dict(gone), "at": i}],
        [{"op": "remove", "entry": gone.id}],
    )


def _duplicate(document, edit, _catalogue, make_id) -> Applied:
    i = _index(document, edit["entry"])
    if i is None:
        return Applied(document)
    copy = msgspec.structs.replace(document.entries[i], id=_fresh(document, make_id))
    return _insert(document, copy, i + 1)


def _move(document, edit, _catalogue, _make_id) -> Applied:
    i = _index(document, edit["entry"])
    if i is None:
        return Applied(document)
    entries = list(document.entries)
    to = max(0, min(int(edit["to"]), len(entries) - 1))
    if to == i:
        return Applied(document)
    entries.insert(to, entries.pop(i))
    return Applied(
        _with_entries(document, entries),
        [{"op": "move", "entry": edit["entry"], "to": i}],
        [{"op": "move", "entry": edit["entry"], "to": to}],
    )


def _move_before(document, edit, _catalogue, _make_id) -> Applied:
    # By ids on both sides, so a move (and its undo) means the same after another tab
    # added or removed entries; an entry that is gone moves nothing.
    i, before = _index(document, edit["entry"]), edit.get("before")
    if i is None or before == edit["entry"]:
        return Applied(document)
    if before is not None and _index(document, before) is None:
        return Applied(document)
    entries = list(document.entries)
    after = entries[i + 1].id if i + 1 < len(entries) else None
    if after == before:
        return Applied(document)
    moved = entries.pop(i)
    ids = [e.id for e in entries]
    entries.insert(len(entries) if before is None else ids.index(before), moved)
    return Applied(
        _with_entries(document, entries),
        [{"op": "move_before", "entry": moved.id, "before": after}],
        [{"op": "move_before", "entry": moved.id, "before": before}],
    )


def _plain(value):
    """A field value as stored in an edit (tuples as lists, structs as dicts)."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, msgspec.Struct):
        return msgspec.to_builtins(value)
    return value


def _set(document, edit, _catalogue, _make_id) -> Applied:
    name = edit["field"]
    if name not in ENTRY_FIELDS:
        raise EditRefused(f"an entry has no field {name!r} to set")
    i = _index(document, edit["entry"])
    if i is None:
        return Applied(document)
    entry = document.entries[i]
    old = getattr(entry, name)
    value = edit["value"]
    if name in ("items", "options"):
        value = tuple(value)
    elif name == "custom":
        if entry.custom is None:
            raise EditRefused("only a custom unit has custom fields")
        value = msgspec.convert(value, type=CustomUnit)
    if value == old:
        return Applied(document)
    entries = list(document.entries)
    entries[i] = msgspec.structs.replace(entry, **{name: value})
    return Applied(
        _with_entries(document, entries),
        [{"op": "set", "entry": entry.id, "field": name, "value": _plain(old)}],
        [{"op": "set", "entry": entry.id, "field": name, "value": _plain(value)}],
    )


def _set_header(document, edit, _catalogue, _make_id) -> Applied:
    name = edit["field"]
    if name not in HEADER_FIELDS:
        raise EditRefused(f"the list has no field {name!r} to set")
    old, value = getattr(document, name), edit["value"]
    if value == old:
        return Applied(document)
    return Applied(
        msgspec.structs.replace(document, **{name: value}),
        [{"op": "set_header", "field": name, "value": old}],
        [{"op": "set_header", "field": name, "value": value}],
    )


def _set_pack(document, edit, _catalogue, _make_id) -> Applied:
    value = edit["value"]
    old = document.pack.to_dict() if document.pack is not None else None
    if value == old:
        return Applied(document)
    pack = msgspec.convert(value, type=PackRef) if value is not None else None
    return Applied(
        msgspec.structs.replace(document, pack=pack),
        [{"op": "set_pack", "value": old}],
        [{"op": "set_pack", "value": value}],
    )


# -- special actions ----------------------------------------------------------------------


def _pick_index(document: ListDocument, pick_id) -> int | None:
    for k, pick in enumerate(document.special_actions):
        if pick.id == pick_id:
            return k
    return None


def _with_picks(document: ListDocument, picks) -> ListDocument:
    return msgspec.structs.replace(document, special_actions=tuple(picks))


def _add_action(document, edit, catalogue, make_id) -> Applied:
    """One more use: the same action and variant again counts up its purchase."""
    action, variant = edit["action"], edit.get("variant")
    for pick in document.special_actions:
        if pick.action == action and pick.variant == variant:
            count = min(1000, pick.count + 1)
            return _set_action(
                document, {"pick": pick.id, "field": "count", "value": count}, catalogue, make_id
            )
    pick = SpecialActionPick(id=_fresh(document, make_id), action=action, variant=variant)
    return _insert_pick(document, pick, len(document.special_actions))


def _insert_pick(document, pick: SpecialActionPick, at: int) -> Applied:
    picks = list(document.special_actions)
    at = max(0, min(at, len(picks)))
    picks.insert(at, pick)
    return Applied(
        _with_picks(document, picks),
        [{"op": "remove_action", "pick": pick.id}],
        [{"op": "insert_action", "pick": pick_to_dict(pick), "at": at}],
    )


def _insert_action(document, edit, _catalogue, make_id) -> Applied:
    pick = msgspec.convert(edit["pick"], type=SpecialActionPick)
    if pick.id is None or pick.id in _taken(document):
        pick = msgspec.structs.replace(pick, id=_fresh(document, make_id))
    return _insert_pick(document, pick, edit.get("at", len(document.special_actions)))


def _remove_action(document, edit, _catalogue, _make_id) -> Applied:
    k = _pick_index(document, edit["pick"])
    if k is None:
        return Applied(document)
    picks = list(document.special_actions)
    gone = picks.pop(k)
    return Applied(
        _with_picks(document, picks),
        [{"op": "insert_action", "pick": pick_to_dict(gone), "at": k}],
        [{"op": "remove_action", "pick": gone.id}],
    )


def _set_action(document, edit, _catalogue, _make_id) -> Applied:
    name = edit["field"]
    if name not in ACTION_FIELDS:
        raise EditRefused(f"a special action has no field {name!r} to set")
    k = _pick_index(document, edit["pick"])
    if k is None:
        return Applied(document)
    pick = document.special_actions[k]
    old, value = getattr(pick, name), edit["value"]
    if value == old:
        return Applied(document)
    picks = list(document.special_actions)
    picks[k] = msgspec.structs.replace(pick, **{name: value})
    return Applied(
        _with_picks(document, picks),
        [{"op": "set_action", "pick": pick.id, "field": name, "value": old}],
        [{"op": "set_action", "pick": pick.id, "field": name, "value": value}],
    )


# -- the whole document -------------------------------------------------------------------


def _replace(document, edit, _catalogue, _make_id) -> Applied:
    new = build(edit["document"])
    if new == document:
        return Applied(document)
    return Applied(
        new,
        [{"op": "replace", "document": document.to_dict()}],
        [{"op": "replace", "document": new.to_dict()}],
    )


_HANDLERS = {
    "add": _add,
    "add_custom": _add_custom,
    "insert": _insert_op,
    "remove": _remove,
    "duplicate": _duplicate,
    "move": _move,
    "move_before": _move_before,
    "set": _set,
    "set_header": _set_header,
    "add_action": _add_action,
    "insert_action": _insert_action,
    "remove_action": _remove_action,
    "set_action": _set_action,
    "replace": _replace,
    "set_pack": _set_pack,
}


# -- items as players buy them --------------------------------------------------------------


def with_quantity(items: tuple[str, ...], key: str, quantity: int) -> tuple[str, ...]:
    """``items`` with ``key`` exactly ``quantity`` times: more are added after its last
    one (or at the end), fewer are taken from the end; every other item stays where it is."""
    have = [i for i, k in enumerate(items) if k == key]
    if quantity == len(have):
        return items
    out = list(items)
    if quantity > len(have):
        at = have[-1] + 1 if have else len(out)
        out[at:at] = [key] * (quantity - len(have))
    else:
        for i in reversed(have[quantity:]):
            del out[i]
    return tuple(out)
