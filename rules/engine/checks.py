"""The thorough check of a refused list document: every problem, each with its path.

``rules.engine.document`` decodes documents with msgspec, which stops at the first
problem. Only when it refuses one does this module read the input again, with the JSON
Schema file (the published contract) and the checks the schema cannot express (NUL
characters, unpaired surrogates, unique ids), to tell the player everything at once.
Bounds come first, so a huge or deeply nested input costs little before it is refused.
"""

from __future__ import annotations

import itertools
import json
import re
from functools import cache
from pathlib import Path

from rules.engine.bounds import MAX_ENTRIES
from rules.engine.schema_errors import (
    MAX_PROBLEMS,
    ProblemAt,
    describe_error,
    format_path,
    type_phrase,
)

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "list-document.schema.json"


@cache
def list_schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text())


def schema_major() -> int:
    """The major number of the schema's ``version``: the list format's (muster-list/1),
    and the last part of its ``$id`` and of the address it is served at."""
    return int(list_schema()["version"].split(".")[0])


@cache
def _validator():
    from jsonschema import Draft202012Validator, validators

    # JSON Schema counts 2.0 as an integer; this API does not (a count of 2.0 is a
    # mistake to name, not a number to store as a float).
    whole = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _checker, x: isinstance(x, int) and not isinstance(x, bool)
    )
    strict = validators.extend(Draft202012Validator, type_checker=whole)
    return strict(list_schema())


def problems_in_body(body: bytes, cause: Exception) -> list[ProblemAt]:
    start = body.lstrip()[:1]
    if start == b"[":
        return [ProblemAt("", "must be a JSON object (the list document), not a list")]
    try:
        data = json.loads(body)
    except RecursionError:
        return [ProblemAt("", "is nested too deeply to be a list document", "parse_error")]
    except UnicodeDecodeError as exc:
        message = f"is not UTF-8 text ({exc.reason} at byte {exc.start})"
        return [ProblemAt("", message, "parse_error")]
    except ValueError as exc:
        return [ProblemAt("", f"is not valid JSON: {exc}", "parse_error")]
    return problems_in_data(data, cause)


def problems_in_data(data, cause: Exception | None = None) -> list[ProblemAt]:
    """Every problem of decoded data; ``cause`` is msgspec's first complaint, reported when
    nothing else is found (so a refusal always says why)."""
    if not isinstance(data, dict):
        return [ProblemAt("", f"must be a JSON object (the list document), not {_kind(data)}")]
    entries = data.get("entries")
    if isinstance(entries, list) and len(entries) > MAX_ENTRIES:
        # Refused before anything else looks at them: the size is the problem.
        return [
            ProblemAt(
                "entries",
                f"must have at most {MAX_ENTRIES} elements (this list has {len(entries)})",
            )
        ]
    try:
        found = list(itertools.islice(_validator().iter_errors(data), MAX_PROBLEMS))
    except RecursionError:
        return [ProblemAt("", "is nested too deeply to be a list document")]
    ordered = sorted(found, key=lambda e: [str(p) for p in e.absolute_path])
    problems = [p for error in ordered for p in _describe_all(error)]
    problems += [p for p in bad_strings(data) if p.path not in {q.path for q in problems}]
    problems += _duplicate_ids(data)
    if not problems and cause is not None:
        problems.append(_from_msgspec(cause))
    return problems[:MAX_PROBLEMS]


def _describe_all(error) -> list[ProblemAt]:
    if error.validator == "oneOf" and len(error.absolute_path) == 2:  # entries[i]
        return [
            ProblemAt(
                format_path(error.absolute_path),
                "needs exactly one of a 'card' key and a 'custom' unit",
            )
        ]
    if error.validator == "anyOf" and error.context:
        # A nullable object ("anyOf": [object, null]): what is wrong inside the object,
        # not that it is not null either.
        branches: dict[int, list] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        inside = [
            subs
            for subs in branches.values()
            if not (len(subs) == 1 and subs[0].validator == "type" and not subs[0].relative_path)
        ]
        if len(inside) == 1:
            return [p for sub in inside[0] for p in _describe_all(sub)]
    return [describe_error(error)]


_SURROGATE = re.compile("[\ud800-\udfff]")


def bad_strings(data) -> list[ProblemAt]:
    """Strings (keys or values) that cannot be stored: with NUL, or an unpaired surrogate."""
    problems = []
    stack = [((), data)]
    while stack:  # no recursion: the input may be nested deeply
        path, node = stack.pop()
        if isinstance(node, str):
            if "\x00" in node:
                problems.append(ProblemAt(format_path(path), "must not contain the NUL character"))
            elif _SURROGATE.search(node):
                problems.append(
                    ProblemAt(format_path(path), "holds an unpaired surrogate: not valid Unicode")
                )
        elif isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str) and ("\x00" in key or _SURROGATE.search(key)):
                    problems.append(
                        ProblemAt(format_path(path), "has a field name that is not text")
                    )
                stack.append(((*path, key), value))
        elif isinstance(node, list):
            stack.extend(((*path, i), value) for i, value in enumerate(node))
    return sorted(problems, key=lambda p: p.path)


def _duplicate_ids(data: dict) -> list[ProblemAt]:
    seen: dict[str, str] = {}
    problems = []
    for section in ("entries", "special_actions"):
        rows = data.get(section)
        for i, row in enumerate(rows if isinstance(rows, list) else []):
            id_ = row.get("id") if isinstance(row, dict) else None
            if not isinstance(id_, str):
                continue
            place = f"{section}[{i}]"
            if id_ in seen:
                problems.append(
                    ProblemAt(
                        f"{place}.id", f"'{id_}' is already the id of {seen[id_]}; ids are unique"
                    )
                )
            else:
                seen[id_] = place
    return problems


_MSGSPEC_AT = re.compile(r"^(?P<message>.*?)(?: - at `\$(?P<path>[^`]*)`)?$")


def _from_msgspec(cause: Exception) -> ProblemAt:
    found = _MSGSPEC_AT.match(str(cause))
    path = (found.group("path") or "").lstrip(".") if found else ""
    message = found.group("message") if found else str(cause)
    return ProblemAt(path, message[:1].lower() + message[1:])


def _kind(data) -> str:
    if isinstance(data, list):
        return "a list"
    if data is None:
        return "null"
    return type_phrase(
        {str: "string", bool: "boolean", int: "integer", float: "number"}.get(type(data), "?")
    )
