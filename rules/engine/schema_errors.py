"""Sentences for JSON Schema errors: what is wrong, at which path, in words a player can act on.

Only refused input comes here (documents that failed the fast typed check, and packs), so
this may be thorough: it reports every problem, each with its path.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

# How many problems one answer lists at most: a document with 20,000 broken entries must
# not cost 20,000 messages (nor the time to make them).
MAX_PROBLEMS = 100


@dataclass(frozen=True, slots=True)
class ProblemAt:
    path: str
    message: str
    # The error code the API answers ("invalid"; "parse_error" for what is not JSON at
    # all, "too_large" for a body over the limit).
    code: str = "invalid"


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


def type_phrase(expected) -> str:
    if isinstance(expected, list):
        return " or ".join(_TYPE_NAMES.get(t, t) for t in expected)
    return _TYPE_NAMES.get(expected, expected)


def shown(value) -> str:
    """A value as an error message may quote it: short, and never a deep structure (a value
    nested a thousand levels deep must not be serialised just to say it is wrong)."""
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _pattern(error) -> str:
    if "\\u0000" in error.validator_value or "\x00" in error.validator_value:
        return "must not contain the NUL character"
    return f"must match {error.validator_value}, not {shown(error.instance)}"


def _enum(error) -> str:
    allowed = ", ".join(json.dumps(x) for x in error.validator_value)
    return f"must be one of {allowed}, not {shown(error.instance)}"


def _min_length(error) -> str:
    return "must not be empty" if error.validator_value == 1 else error.message


# One sentence per JSON Schema keyword; a keyword not listed keeps jsonschema's message.
_MESSAGES = {
    "type": lambda e: f"must be {type_phrase(e.validator_value)}, not {shown(e.instance)}",
    "minimum": lambda e: f"must be at least {e.validator_value}, not {shown(e.instance)}",
    "maximum": lambda e: f"must be at most {e.validator_value}, not {shown(e.instance)}",
    "const": lambda e: f"must be {json.dumps(e.validator_value)}, not {shown(e.instance)}",
    "enum": _enum,
    "minLength": _min_length,
    "maxLength": lambda e: f"must be at most {e.validator_value} characters long",
    "maxItems": lambda e: f"must have at most {e.validator_value} elements",
    "pattern": _pattern,
}


def _unknown_fields(error, path: list) -> ProblemAt:
    """``additionalProperties``: one unknown field named at its own path, several listed."""
    known = ", ".join(sorted(error.schema.get("properties", {})))
    extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
    if len(extra) == 1:
        return ProblemAt(format_path([*path, extra[0]]),
                         f"is not a field here (known fields: {known})")
    return ProblemAt(format_path(path),
                     f"has fields that are not known here: {', '.join(extra)} (known: {known})")


def describe_error(error) -> ProblemAt:
    """Turn a jsonschema error into a sentence a player can act on."""
    path = list(error.absolute_path)
    if error.validator == "required":
        missing = error.message.split("'")[1]
        return ProblemAt(format_path([*path, missing]), "is required")
    if error.validator == "additionalProperties":
        return _unknown_fields(error, path)
    describe = _MESSAGES.get(error.validator)
    return ProblemAt(format_path(path), describe(error) if describe else error.message)
