"""The words of an undo step ("remove Ogre Huscarl", "change count of Ogre Huscarl").

A step is stored with its label as data, not as words: the sentence's message id and its
arguments (a card, a special action or a field by key; a name the player typed as it is),
so the label is worded in the language of the page that shows it, not the one the edit was
made in. Steps stored before this were plain text and are shown as they are.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from armylists.presenters.names import local_name


def _field_words(presenter) -> dict:
    return {
        "count": gettext("count"),
        "size": gettext("models"),
        "name": gettext("name"),
        "notes": gettext("notes"),
        "items": presenter.words["items_in_sentence"],
        "options": gettext("options"),
        "custom": gettext("custom unit"),
        "battle_size": presenter.words["limit_in_sentence"],
        "role": presenter.words.get("role_in_sentence") or gettext("role"),
    }


def label(text: str, **args) -> dict:
    """A label to store: ``text`` is a message id (marked with gettext_noop where written)."""
    return {"text": text, "args": args} if args else {"text": text}


# The verb of each edit of one entry or one special action.
ENTRY_VERBS = {
    "remove": gettext_noop("remove %(name)s"),
    "duplicate": gettext_noop("duplicate %(name)s"),
    "move": gettext_noop("move %(name)s"),
    "move_before": gettext_noop("move %(name)s"),
}
PICK_VERBS = {
    "remove_action": gettext_noop("remove %(name)s"),
    "set_action": gettext_noop("change %(name)s"),
}


def _entry_name(document, entry_id):
    """An entry as a label names it: its custom unit's or its own name, else its card."""
    entry = next((e for e in document.entries if e.id == entry_id), None)
    if entry is None:
        return "?"
    if entry.custom is not None:
        return entry.custom.name
    return entry.name or {"card": entry.card or "?"}


def edit_label(edits: list[dict], document, catalogue) -> dict:
    """The label of a step of ``edits`` on ``document`` (the document before them)."""
    edit = next((e for e in edits if e["op"] not in ("set", "set_header")), edits[0])
    op = edit["op"]
    if op == "add":
        return label(gettext_noop("add %(name)s"), name={"card": edit["card"]})
    if op == "add_custom":
        return label(gettext_noop("add %(name)s"), name=edit["custom"]["name"])
    if op in ENTRY_VERBS:
        return label(ENTRY_VERBS[op], name=_entry_name(document, edit["entry"]))
    if op == "add_action":
        return label(gettext_noop("buy %(name)s"), name={"action": edit["action"]})
    if op in PICK_VERBS:
        pick = next((p for p in document.special_actions if p.id == edit["pick"]), None)
        return label(PICK_VERBS[op], name={"action": pick.action if pick else "?"})
    return _field_label(edit, document)


def _field_label(edit: dict, document) -> dict:
    """A changed field of an entry or of the list, a pack version, or "the list"."""
    op = edit["op"]
    if op == "set":
        return label(
            gettext_noop("change %(field)s of %(name)s"),
            field={"field": edit["field"]},
            name=_entry_name(document, edit["entry"]),
        )
    if op == "set_header":
        return label(gettext_noop("change the list's %(field)s"), field={"field": edit["field"]})
    if op == "set_pack" and edit["value"] is not None:
        return label(gettext_noop("update to version %(version)s of the pack"),
                     version=str(edit["value"]["version"]))
    return label(gettext_noop("change the list"))


def label_text(stored, catalogue, presenter) -> str | None:
    """A stored label in the current language (None stays None: no step)."""
    if stored is None or isinstance(stored, str):
        return stored
    fields = _field_words(presenter)

    def word(value):
        if isinstance(value, str):
            return value
        if "card" in value:
            return local_name(catalogue.cards.get(value["card"]), value["card"])
        if "action" in value:
            return local_name(catalogue.special_actions.get(value["action"]), value["action"])
        if "field" in value:
            return fields.get(value["field"], value["field"])
        return gettext(value.get("text", "?"))

    text = gettext(stored.get("text", ""))
    args = stored.get("args")
    return text % {k: word(v) for k, v in args.items()} if args else text
