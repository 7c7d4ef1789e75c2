"""The list document (``muster-list/1``): parsing, checking and its plain objects.

A document that breaks the JSON Schema is *malformed* (``DocumentError``, a 400 in the
API). Everything the schema allows is a well-formed list, legal or not: unknown keys
and broken rules are the validators' business.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

FORMAT = "muster-list/1"
SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "list-document.schema.json"


@dataclass(frozen=True, slots=True)
class ProblemAt:
    path: str
    message: str


class DocumentError(ValueError):
    """The document is malformed; ``errors`` says where and why."""

    def __init__(self, errors: list[ProblemAt]):
        self.errors = errors
        super().__init__("; ".join(f"{e.path or '(document)'}: {e.message}" for e in errors))


@dataclass(frozen=True, slots=True)
class CustomUnit:
    name: str
    points: int
    unit_type: str | None = None
    base_mm: int | None = None
    wargear: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Entry:
    card: str | None = None
    count: int = 1
    size: int | None = None
    items: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    name: str | None = None
    custom: CustomUnit | None = None


@dataclass(frozen=True, slots=True)
class SpecialActionPick:
    action: str
    count: int = 1
    variant: str | None = None


@dataclass(frozen=True, slots=True)
class ListDocument:
    system: str
    name: str = ""
    faction: str | None = None
    battle_size: int | None = None
    role: str | None = None
    entries: tuple[Entry, ...] = ()
    special_actions: tuple[SpecialActionPick, ...] = ()
    data_version: str | None = None
    extra: Mapping = field(default_factory=dict)

    def to_dict(self) -> dict:
        """The canonical JSON form: every field present, defaults filled in."""
        doc = {
            "format": FORMAT,
            "system": self.system,
            "name": self.name,
            "faction": self.faction,
            "battle_size": self.battle_size,
            "role": self.role,
            "entries": [entry_to_dict(e) for e in self.entries],
            "special_actions": [
                {"action": s.action, "count": s.count, "variant": s.variant}
                for s in self.special_actions
            ],
        }
        if self.data_version is not None:
            doc["data_version"] = self.data_version
        return doc


def entry_to_dict(entry: Entry) -> dict:
    out: dict = {}
    if entry.card is not None:
        out["card"] = entry.card
    if entry.custom is not None:
        c = entry.custom
        out["custom"] = {
            "name": c.name,
            "points": c.points,
            "unit_type": c.unit_type,
            "base_mm": c.base_mm,
            "wargear": list(c.wargear),
        }
    out.update(
        count=entry.count,
        size=entry.size,
        items=list(entry.items),
        options=list(entry.options),
    )
    if entry.name is not None:
        out["name"] = entry.name
    return out


@cache
def list_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


@cache
def _validator():
    from jsonschema import Draft202012Validator

    return Draft202012Validator(list_schema())


@cache
def _fast_check():
    """The same schema compiled to Python: ~15x faster, but it stops at the first error.

    Well-formed documents (nearly all of them) take this path; a failing one is checked
    again by jsonschema, which reports every problem with its path.
    """
    import fastjsonschema

    # fastjsonschema rewrites $refs in place: give it a copy, not the shared schema.
    schema = copy.deepcopy(list_schema())
    schema["$schema"] = "http://json-schema.org/draft-07/schema#"
    return fastjsonschema.compile(schema, use_default=False)


def _passes_fast_check(data) -> bool:
    from fastjsonschema import JsonSchemaException

    try:
        _fast_check()(data)
    except JsonSchemaException:
        return False
    return True


def format_path(parts) -> str:
    """``["entries", 2, "size"]`` -> ``"entries[2].size"``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


_TYPE_NAMES = {
    "integer": "a whole number",
    "string": "a string",
    "array": "a list",
    "object": "an object",
    "boolean": "true or false",
    "null": "null",
    "number": "a number",
}


def _type_phrase(expected) -> str:
    if isinstance(expected, list):
        return " or ".join(_TYPE_NAMES.get(t, t) for t in expected)
    return _TYPE_NAMES.get(expected, expected)


def describe_error(error) -> ProblemAt:
    """Turn a jsonschema error into a sentence a player can act on."""
    path = list(error.absolute_path)
    v, got = error.validator, error.instance
    if v == "required":
        missing = error.message.split("'")[1]
        path.append(missing)
        message = "is required"
    elif v == "type":
        message = f"must be {_type_phrase(error.validator_value)}, not {json.dumps(got)}"
    elif v == "minimum":
        message = f"must be at least {error.validator_value}, not {got}"
    elif v == "maximum":
        message = f"must be at most {error.validator_value}, not {got}"
    elif v == "const":
        message = f"must be {json.dumps(error.validator_value)}, not {json.dumps(got)}"
    elif v == "enum":
        allowed = ", ".join(json.dumps(x) for x in error.validator_value)
        message = f"must be one of {allowed}, not {json.dumps(got)}"
    elif v == "minLength":
        message = "must not be empty" if error.validator_value == 1 else error.message
    elif v == "maxLength":
        message = f"must be at most {error.validator_value} characters long"
    elif v == "maxItems":
        message = f"must have at most {error.validator_value} elements"
    else:
        message = error.message
    return ProblemAt(format_path(path), message)


def check(data) -> list[ProblemAt]:
    """Every schema problem of ``data``, in document order."""
    if not isinstance(data, dict):
        return [ProblemAt("", f"must be a JSON object (the list document), not {_json_kind(data)}")]
    if _passes_fast_check(data):
        return _entry_problems(data)
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    return [describe_error(e) for e in errors] + _entry_problems(data)


def _entry_problems(data: dict) -> list[ProblemAt]:
    problems = []
    entries = data.get("entries")
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if isinstance(entry, dict) and "card" not in entry and "custom" not in entry:
            problems.append(ProblemAt(f"entries[{i}]", "needs a 'card' key or a 'custom' unit"))
        if isinstance(entry, dict) and "card" in entry and "custom" in entry:
            problems.append(
                ProblemAt(f"entries[{i}]", "has both 'card' and 'custom'; give one of them")
            )
    return problems


def _json_kind(data) -> str:
    if isinstance(data, list):
        return "a list"
    if data is None:
        return "null"
    return _type_phrase(
        {str: "string", bool: "boolean", int: "integer", float: "number"}.get(type(data), "?")
    )


def parse(data) -> ListDocument:
    """Check ``data`` against the schema and build the document, or raise DocumentError."""
    problems = check(data)
    if problems:
        raise DocumentError(problems)
    return build(data)


def build(data: Mapping) -> ListDocument:
    """Build a document from data already known to pass the schema."""
    entries = []
    for e in data.get("entries") or ():
        custom = e.get("custom")
        entries.append(
            Entry(
                card=e.get("card"),
                count=e.get("count", 1),
                size=e.get("size"),
                items=tuple(e.get("items") or ()),
                options=tuple(e.get("options") or ()),
                name=e.get("name"),
                custom=CustomUnit(
                    name=custom["name"],
                    points=custom["points"],
                    unit_type=custom.get("unit_type"),
                    base_mm=custom.get("base_mm"),
                    wargear=tuple(custom.get("wargear") or ()),
                )
                if custom
                else None,
            )
        )
    return ListDocument(
        system=data["system"],
        name=data.get("name") or "",
        faction=data.get("faction"),
        battle_size=data.get("battle_size"),
        role=data.get("role"),
        entries=tuple(entries),
        special_actions=tuple(
            SpecialActionPick(action=s["action"], count=s.get("count", 1), variant=s.get("variant"))
            for s in data.get("special_actions") or ()
        ),
        data_version=data.get("data_version"),
    )
