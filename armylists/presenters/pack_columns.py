"""Columns of the pack editor's tables: where a value lives in a pack row and what kind
of value it is. Each game declares its own (``Presenter.pack_columns``); a game without
declarations gets the neutral ones here, which every muster-pack/1 row has.

A column's ``path`` is dotted into the row (``stats.MOV``, ``names.de``,
``attributes.hit_points``); ``kind`` says how its form field reads it: ``text``,
``int``, ``bool``, ``key`` (one key of another section), ``keys`` (the ``{"key"}``
references of a card's items or options) or ``words`` (a list of words, e.g. wargear);
lists are written comma-separated. A ``nullable`` column left blank holds null (a stat
the model does not have) instead of being removed. A column that ``clears`` a path sets
it to false whenever the row is saved with a value in the column: the path is a marker
that the value still wants checking, and saving the row is the check.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

TEXT, INT, BOOL, KEY, KEYS, WORDS = "text", "int", "bool", "key", "keys", "words"
# The sections a player edits, in the order of the pack.
EDITABLE_SECTIONS = ("factions", "items", "cards", "special_actions")
SECTION_LABELS = {
    "factions": _("Factions"),
    "items": _("Items"),
    "cards": _("Cards"),
    "special_actions": _("Special actions"),
}


@dataclass(frozen=True)
class Column:
    path: str
    label: str
    kind: str = TEXT
    # Values of a ``key`` column come from this section (e.g. a card's faction).
    refers_to: str | None = None
    # Narrow columns (numbers) get a narrow input.
    narrow: bool = False
    nullable: bool = False
    # A marker path set to false when the row is saved with a value here (see above).
    clears: str | None = None

    @property
    def parts(self) -> list[str]:
        return self.path.split(".")

    @property
    def field_name(self) -> str:
        return self.path.replace(".", "__")

    def read(self, row: dict):
        node = row
        for part in self.parts:
            if not isinstance(node, dict) or part not in node:
                return None
            node = node[part]
        if self.kind == KEYS:
            return (
                [ref.get("key") for ref in node if isinstance(ref, dict)]
                if isinstance(node, list)
                else None
            )
        return node

    def shown(self, row: dict) -> str:
        """The value as the table and the form show it."""
        value = self.read(row)
        if value is None:
            return ""
        if self.kind in (KEYS, WORDS):
            return ", ".join(str(v) for v in value)
        if self.kind == BOOL:
            return "1" if value else ""
        return str(value)


def neutral_columns(section: str) -> list[Column]:
    """Key, names and points: what every pack row of these sections has."""
    columns = [
        Column("key", _("Key")),
        Column("name", _("Name (English)")),
        Column("names.de", _("Name (German)")),
    ]
    if section in ("items", "cards"):
        columns.append(Column("faction", _("Faction"), KEY, refers_to="factions"))
        columns.append(Column("points", _("Points"), INT, narrow=True))
    if section == "special_actions":
        columns.append(Column("points", _("Points"), INT, narrow=True))
    return columns
