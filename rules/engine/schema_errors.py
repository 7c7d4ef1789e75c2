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


def describe_error(error) -> ProblemAt:
    """Turn a jsonschema error into a sentence a player can act on."""
    path = list(error.absolute_path)
    v, got = error.validator, error.instance
    if v == "required":
        missing = error.message.split("'")[1]
        path.append(missing)
        message = "is required"
    elif v == "type":
        message = f"must be {type_phrase(error.validator_value)}, not {shown(got)}"
    elif v == "minimum":
        message = f"must be at least {error.validator_value}, not {shown(got)}"
    elif v == "maximum":
        message = f"must be at most {error.validator_value}, not {shown(got)}"
    elif v == "const":
        message = f"must be {json.dumps(error.validator_value)}, not {shown(got)}"
    elif v == "enum":
        allowed = ", ".join(json.dumps(x) for x in error.validator_value)
        message = f"must be one of {allowed}, not {shown(got)}"
    elif v == "minLength":
        message = "must not be empty" if error.validator_value == 1 else error.message
    elif v == "maxLength":
        message = f"must be at most {error.validator_value} characters long"
    elif v == "maxItems":
        message = f"must have at most {error.validator_value} elements"
    elif v == "additionalProperties":
        known = ", ".join(sorted(error.schema.get("properties", {})))
        extra = sorted(set(got) - set(error.schema.get("properties", {})))
        return ProblemAt(
            format_path([*path, extra[0]]) if len(extra) == 1 else format_path(path),
            f"is not a field here (known fields: {known})"
            if len(extra) == 1
            else f"has fields that are not known here: {', '.join(extra)} (known: {known})",
        )
    elif v == "pattern":
        message = (
            "must not contain the NUL character"
            if "\\u0000" in error.validator_value or "\x00" in error.validator_value
            else f"must match {error.validator_value}, not {shown(got)}"
        )
    else:
        message = error.message
    return ProblemAt(format_path(path), message)
