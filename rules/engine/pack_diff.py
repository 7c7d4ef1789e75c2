"""What changed between two versions of a game-data pack (muster-pack/1 documents).

Rows are matched by key (validators by code). A row whose key is new but which names a
key that disappeared among its ``aliases`` was renamed, not removed and added: it is
reported once, as ``renamed``, with ``key`` among its fields (old -> new) and every
other field that changed; the alias it gained is implied by the rename and not repeated.
Added and removed rows carry no fields; the version documents hold them whole.
"""

from __future__ import annotations

# (section of the pack, kind in the answer, the field that names a row)
SECTIONS = (
    ("factions", "faction", "key"),
    ("items", "item", "key"),
    ("cards", "card", "key"),
    ("special_actions", "special_action", "key"),
    ("validators", "validator", "code"),
)
ADDED, REMOVED, RENAMED, CHANGED = "added", "removed", "renamed", "changed"


def _fields(before: dict, after: dict, skip: tuple[str, ...] = ()) -> dict:
    names = list(before) + [n for n in after if n not in before]
    return {
        name: {"before": before.get(name), "after": after.get(name)}
        for name in names
        if name not in skip and before.get(name) != after.get(name)
    }


def _rows(document: dict, section: str, name: str) -> dict[str, dict]:
    rows = document.get(section) or []
    return {row[name]: row for row in rows if isinstance(row, dict) and name in row}


def pack_changes(before: dict, after: dict) -> list[dict]:
    """Every change from ``before`` to ``after``, section by section, in the order of
    the newer document (removed rows last, in the older one's order)."""
    changes: list[dict] = []
    system_fields = _fields(before.get("system") or {}, after.get("system") or {})
    if system_fields:
        key = (after.get("system") or {}).get("key")
        changes.append({"kind": "system", "key": key, "change": CHANGED, "fields": system_fields})
    for section, kind, name in SECTIONS:
        old, new = _rows(before, section, name), _rows(after, section, name)
        changes += _section_changes(old, new, kind)
    return changes


def _renamed_from(old: dict, new: dict, gone: list) -> dict[str, str]:
    """New key -> the removed key it renames (named among its aliases; each old key
    renamed into one new key at most)."""
    renamed_from: dict[str, str] = {}
    for key, row in new.items():
        if key in old:
            continue
        for alias in row.get("aliases") or []:
            if alias in gone and alias not in renamed_from.values():
                renamed_from[key] = alias
                break
    return renamed_from


def _section_changes(old: dict, new: dict, kind: str) -> list[dict]:
    """The changes of one section's rows, by key: in the newer rows' order, changed,
    renamed or added; then the removed ones."""
    gone = [key for key in old if key not in new]
    renamed_from = _renamed_from(old, new, gone)
    changes: list[dict] = []
    for key, row in new.items():
        if key in old:
            fields = _fields(old[key], row)
            if fields:
                changes.append({"kind": kind, "key": key, "change": CHANGED, "fields": fields})
        elif key in renamed_from:
            fields = _fields(old[renamed_from[key]], row, skip=("aliases",))
            changes.append({"kind": kind, "key": key, "change": RENAMED, "fields": fields})
        else:
            changes.append({"kind": kind, "key": key, "change": ADDED, "fields": {}})
    taken = set(renamed_from.values())
    changes += [
        {"kind": kind, "key": key, "change": REMOVED, "fields": {}}
        for key in gone
        if key not in taken
    ]
    return changes
