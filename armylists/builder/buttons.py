"""The buttons of the builder as edits by id: add, remove, duplicate, move (buttons, keys
and drops), special actions, custom units, a pack's other version or the official data
instead; and the additions only the game data may offer."""

from __future__ import annotations

from django.utils.translation import gettext as _

from armylists.lists import pack_updates


def action_edit(verb: str, arg: str, post, document) -> dict | None:
    """The edit a button names (None: the button is not an edit, or names nothing)."""
    entry_id = arg.partition(":")[0]
    if verb == "add" and arg:
        return {"op": "add", "card": arg}
    if verb in ("remove", "duplicate") and entry_id:
        return {"op": verb, "entry": entry_id}
    if verb in ("up", "down", "move") and entry_id:
        return _move_edit(verb, entry_id, arg.partition(":")[2], document)
    if verb == "add_action" and arg:
        key, _sep, variant = arg.partition(":")
        return {"op": "add_action", "action": key, "variant": variant or None}
    if verb == "remove_action" and arg:
        return {"op": "remove_action", "pick": arg}
    if verb == "add_custom" and post.custom is not None:
        return {"op": "add_custom", "custom": post.custom}
    if verb in ("pack_update", "pack_leave"):
        return _pack_edit(verb, arg, document)
    return None


def _pack_edit(verb: str, arg: str, document) -> dict | None:
    """To another version of the pack the list is on (checked before the edit), or away
    from it to the official data as loaded (``pack_leave``)."""
    if document.pack is None:
        return None
    if verb == "pack_leave":
        return {"op": "set_pack", "value": None}
    if not arg.isdigit():
        return None
    return {"op": "set_pack", "value": {"id": document.pack.id, "version": int(arg)}}


def _move_edit(verb: str, entry_id: str, before: str, document) -> dict | None:
    """Up, down (the buttons and Alt+arrow keys) and "move:<id>:<id>" (a drop: before that
    entry; "move:<id>:" last) as one edit by ids: up stands before the entry above it, down
    before the one after the entry below it."""
    ids = [e.id for e in document.entries]
    if entry_id not in ids:
        return None
    if verb == "move":
        return {"op": "move_before", "entry": entry_id, "before": before or None}
    i = ids.index(entry_id)
    to = i - 1 if verb == "up" else i + 2
    if to < 0 or i == len(ids) - 1 and verb == "down":
        return None
    return {"op": "move_before", "entry": entry_id, "before": ids[to] if to < len(ids) else None}


def refused_addition(edit, catalogue, user=None) -> str | None:
    """Only what the game data offers can be added with a button (imports may still carry
    unknown keys, which validation reports); a list moves only to a version that exists."""
    if edit["op"] == "set_pack":
        value = edit["value"]
        if value is None:  # the official data: anybody's to build on
            return None
        if not pack_updates.may_move_to(pack_id=value["id"], number=value["version"], user=user):
            return _("This pack has no such version.")
        return None
    if edit["op"] == "add" and edit["card"] not in catalogue.cards:
        return _("There is no card '%(key)s' in this game.") % {"key": edit["card"]}
    if edit["op"] == "add_action":
        action = catalogue.special_actions.get(edit["action"])
        if action is None or (edit["variant"] and action.variant(edit["variant"]) is None):
            return _("There is no such special action in this game.")
    return None
