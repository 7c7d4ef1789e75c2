"""Editing the rows of a game-data pack (muster-pack/1) by key, never by position.

Pure functions over the document (a dict, changed in place): set a value at a dotted
path, set a card's item references, add, remove and rename rows. A rename keeps the old
key among the row's ``aliases`` (so lists saved with it still read) and follows the
pack's own references to it (a faction named by cards and items, an item offered by
cards), so the pack stays whole. Problems are answered as data, nothing is raised.
"""

from __future__ import annotations

from rules.engine.schema_errors import ProblemAt

# Which fields of which sections name a row of another section.
REFERENCES = {
    "factions": (("items", "faction"), ("cards", "faction")),
    "items": (("cards", "items"), ("cards", "options")),
}


def rows_of(document: dict, section: str) -> list[dict]:
    rows = document.get(section)
    return rows if isinstance(rows, list) else []


def find_row(document: dict, section: str, key: str) -> dict | None:
    return next(
        (r for r in rows_of(document, section) if isinstance(r, dict) and r.get("key") == key),
        None,
    )


class _Null:
    """A value written as JSON null (a stat a model does not have), unlike None,
    which removes the field."""

    def __repr__(self):
        return "NULL"


NULL = _Null()


def _changes_nothing(value) -> bool:
    """Written where the field is absent, these would change nothing (an absent flag
    is false, an absent list empty, an absent value null)."""
    return value is None or value is False or value is NULL or value == []


def set_value(row: dict, path: str, value) -> None:
    """``value`` at the dotted ``path``; None removes it (a null stays), ``NULL`` writes
    null. Nothing
    is written where it would change nothing, and mappings stay even when emptied (the
    pack writes ``names: {}`` out)."""
    parts = path.split(".")
    node = row
    for part in parts[:-1]:
        if not isinstance(node.get(part), dict):
            if _changes_nothing(value):
                return
            node[part] = {}
        node = node[part]
    last = parts[-1]
    if value is None:
        # A field left blank that was null stays null (blank shows both the same).
        if node.get(last) is not None:
            node.pop(last)
    elif last in node or not _changes_nothing(value):
        node[last] = None if value is NULL else value


def set_refs(row: dict, path: str, keys: list[str]) -> None:
    """A list of ``{"key": …}`` references in the order given; a reference kept keeps
    its other fields (e.g. a limit)."""
    old = row.get(path) if isinstance(row.get(path), list) else []
    by_key = {r.get("key"): r for r in old if isinstance(r, dict)}
    refs = [by_key.get(k, {"key": k}) for k in dict.fromkeys(keys)]
    if refs or path in row:
        row[path] = refs


def add_row(document: dict, section: str, row: dict) -> list[ProblemAt]:
    key = row.get("key")
    if find_row(document, section, key) is not None:
        return [ProblemAt("key", f"'{key}' is already the key of a row", "duplicate_key")]
    document.setdefault(section, []).append(row)
    return []


def remove_row(document: dict, section: str, key: str) -> bool:
    rows = rows_of(document, section)
    kept = [r for r in rows if not (isinstance(r, dict) and r.get("key") == key)]
    if len(kept) == len(rows):
        return False
    document[section] = kept
    return True


def _follow(document: dict, section: str, old: str, new: str) -> None:
    for other, field in REFERENCES.get(section, ()):
        for row in rows_of(document, other):
            value = row.get(field) if isinstance(row, dict) else None
            if value == old:
                row[field] = new
            elif isinstance(value, list):
                for ref in value:
                    if isinstance(ref, dict) and ref.get("key") == old:
                        ref["key"] = new


def rename_row(document: dict, section: str, old: str, new: str) -> list[ProblemAt]:
    """Row ``old`` becomes ``new``; ``old`` joins its aliases (``new`` leaves them: a
    rename back), and the pack's references follow."""
    if old == new:
        return []
    row = find_row(document, section, old)
    if row is None:
        return [ProblemAt("key", f"no row has the key '{old}'", "unknown_key")]
    if find_row(document, section, new) is not None:
        return [ProblemAt("key", f"'{new}' is already the key of a row", "duplicate_key")]
    aliases = [a for a in row.get("aliases") or [] if a != new]
    if old not in aliases:
        aliases.append(old)
    row["key"] = new
    row["aliases"] = aliases
    _follow(document, section, old, new)
    return []


def row_index(document: dict, section: str) -> dict[int, str]:
    """Position -> key of the section's rows (to show a problem's path at its row)."""
    return {
        i: r.get("key") for i, r in enumerate(rows_of(document, section)) if isinstance(r, dict)
    }
