"""An entry's tools in the builder (notes, move up and down, duplicate, remove): the same
markup on every row but for the entry's id, name and notes, so it is rendered once for
the page with a mark where each entry's own value goes, and each row fills the marks in
one pass (a big list's rows would otherwise spend most of their time here).

A mark is a character of Unicode's private use area around a name: escaping leaves it
as it is, and the values put in are escaped and never read again for marks.
"""

from __future__ import annotations

import re

from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

MARKS = ("id", "title", "notes", "open", "first", "last", "history")
_MARK = re.compile("\ue000([a-z]+)\ue001")


def add_tools(rows: list[dict], say: dict) -> None:
    """Each row's ``tools``: the fragment builder/_entry_tools.html for that entry."""
    if not rows:
        return
    marked = get_template("builder/_entry_tools.html").render(
        {"m": {name: f"\ue000{name}\ue001" for name in MARKS}, "say": say}
    )
    parts = _MARK.split(marked)  # text, name, text, name, ..., text
    names = parts[1::2]
    history = mark_safe(f" ({conditional_escape(say['has_history'])})")
    last = len(rows) - 1
    for row in rows:
        notes = row["entry"].notes
        values = {
            "id": conditional_escape(row["id"]),
            "title": conditional_escape(row["title"]),
            "notes": conditional_escape(notes) if notes is not None else "",
            "open": " open" if notes else "",
            "first": " disabled" if row["index"] == 0 else "",
            "last": " disabled" if row["index"] == last else "",
            "history": history if row["history"] else "",
        }
        filled = parts[:]
        filled[1::2] = [values[name] for name in names]
        row["tools"] = mark_safe("".join(filled))
