"""Checking a ``muster-pack/1`` document whole: the JSON Schema first, then every
reference inside it (factions, items, duplicate and renamed keys) and its validators
(armylists/packs/validators.py). Pure: nothing here reads or writes the database."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import Counter
from functools import cache

from cachetools import LRUCache, cached
from jsonschema import Draft202012Validator

from armylists.packs.battlescribe import battlescribe_problems
from armylists.packs.validators import check_validators
from rules.engine.aliases import ALIASES
from rules.engine.checks import SCHEMA_PATH as LIST_SCHEMA_PATH
from rules.engine.document import ProblemAt, describe_error

# Rows that may be renamed: the pack section, and the name of the kind in messages.
RENAMABLE = {
    "factions": "faction",
    "items": "item",
    "cards": "card",
    "special_actions": "special action",
}
# The pack format's JSON Schema, beside the list document's in rules/schemas/ (the formats
# Muster publishes).
SCHEMA_PATH = LIST_SCHEMA_PATH.parent / "pack.schema.json"


@cache
def pack_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


# check_pack is a pure function of the document, and the larger packs take seconds to
# check against the schema: the same document checked again (re-loads, a fork's first
# version, the test suite) reuses the answer, keyed by a digest of its exact content.
_CHECKED_MAX = 32


def _digest(pack: dict) -> str:
    # repr, not JSON: it keeps 1 and "1", a YAML date and its string, and a lone surrogate
    # apart (each is checked differently), and it costs milliseconds on the largest pack.
    return hashlib.sha256(repr(pack).encode("utf-8", "backslashreplace")).hexdigest()


def check_pack(pack) -> list[ProblemAt]:
    """Every problem of the pack: schema first, then dangling and duplicate keys."""
    if not isinstance(pack, dict):
        return [ProblemAt("", "a pack must be a mapping with 'format' and 'system'")]
    return list(_checked(pack))


@cached(LRUCache(maxsize=_CHECKED_MAX), key=_digest, lock=threading.Lock())
def _checked(pack: dict) -> tuple[ProblemAt, ...]:
    return tuple(_check_whole(pack))


def _check_whole(pack: dict) -> list[ProblemAt]:
    errors = sorted(
        Draft202012Validator(pack_schema()).iter_errors(pack),
        key=lambda e: [str(p) for p in e.absolute_path],
    )
    if errors:
        return [describe_error(e) for e in errors]
    return _check_references(pack)


def _duplicates(rows, section: str) -> list[ProblemAt]:
    seen = Counter(r["key"] for r in rows)
    return [
        ProblemAt(f"{section}[{i}].key", f"duplicate key '{r['key']}'")
        for i, r in enumerate(rows)
        if seen[r["key"]] > 1
    ]


def _check_references(pack: dict) -> list[ProblemAt]:
    problems: list[ProblemAt] = []
    for section in ("factions", "items", "cards", "special_actions", "validators"):
        rows = pack.get(section, [])
        if section == "validators":
            rows = [{"key": v["code"]} for v in rows]
        problems += _duplicates(rows, section)
    problems += check_validators(pack, pack["system"]["key"])
    problems += _dangling(pack)
    for i, action in enumerate(pack.get("special_actions", [])):
        problems += _duplicates(action.get("variants", []), f"special_actions[{i}].variants")
    for section, kind in RENAMABLE.items():
        problems += _check_aliases(pack.get(section, []), section, kind)
    problems += battlescribe_problems(pack)
    return problems


def _dangling(pack: dict) -> list[ProblemAt]:
    """A faction an item or card names, an item a card offers: each must be in the pack."""
    factions = {f["key"] for f in pack.get("factions", [])}
    items = {i["key"] for i in pack.get("items", [])}
    problems = [
        ProblemAt(f"{section}[{i}].faction", f"unknown faction '{row['faction']}'")
        for section in ("items", "cards")
        for i, row in enumerate(pack.get(section, []))
        if row.get("faction") is not None and row["faction"] not in factions
    ]
    problems += [
        ProblemAt(f"cards[{i}].{slot}[{j}].key", f"unknown item '{ref['key']}'")
        for i, card in enumerate(pack.get("cards", []))
        for slot in ("items", "options")
        for j, ref in enumerate(card.get(slot, []))
        if ref["key"] not in items
    ]
    return problems


def _check_aliases(rows: list[dict], section: str, kind: str) -> list[ProblemAt]:
    """An old key must name one row only: not a current key, not claimed by two rows."""
    problems: list[ProblemAt] = []
    current = {r["key"] for r in rows}
    claimed: dict[str, str] = {}
    for i, row in enumerate(rows):
        if ALIASES in row.get("attributes", {}):
            problems.append(
                ProblemAt(
                    f"{section}[{i}].attributes.{ALIASES}",
                    f"'{ALIASES}' is reserved in attributes: old keys go in {section}[{i}].aliases",
                )
            )
        for j, old in enumerate(row.get("aliases", [])):
            path = f"{section}[{i}].aliases[{j}]"
            if old in current:
                problems.append(ProblemAt(path, f"'{old}' is the key of a current {kind}"))
            elif old in claimed:
                problems.append(
                    ProblemAt(path, f"'{old}' is already an old key of {kind} '{claimed[old]}'")
                )
            else:
                claimed[old] = row["key"]
    return problems
