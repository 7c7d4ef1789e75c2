"""A pack's validators: only its game's codes, each with the parameters its game declares
(``SystemRules.params``, rules/engine/params.py). Packs are players' input, and the
engine reads these parameters as numbers and lists: what is not of that shape is
refused here, with its path, before any catalogue is built from it."""

from __future__ import annotations

import re
from functools import cache

from jsonschema import Draft202012Validator

from rules.engine.document import ProblemAt, describe_error, format_path
from rules.engine.params import NONE
from rules.engine.validation import UnknownSystem, rules_for


def check_validators(pack: dict, system: str) -> list[ProblemAt]:
    """Every validator's code and parameters (the pack already passed its schema)."""
    try:
        rules = rules_for(system)
    except UnknownSystem:
        return [
            ProblemAt(
                "system.key", f"no rules are registered for system '{system}' (rules/systems/)"
            )
        ]
    allowed = ", ".join(sorted(rules.validators))
    problems = []
    for i, validator in enumerate(pack.get("validators", [])):
        code = validator["code"]
        if code not in rules.validators:
            problems.append(
                ProblemAt(f"validators[{i}].code", f"unknown validator '{code}'; {system} has: "
                          f"{allowed}")  # fmt: skip
            )
            continue
        problems += _params_problems(i, validator.get("params") or {}, system, code)
    return problems


def _params_problems(i: int, params: dict, system: str, code: str) -> list[ProblemAt]:
    at = format_path(["validators", i, "params"])
    errors = sorted(
        _checker(system, code).iter_errors(params), key=lambda e: [str(p) for p in e.absolute_path]
    )
    found = []
    for error in errors:
        problem = describe_error(error)
        inner = problem.path
        path = at + (inner if inner.startswith("[") or not inner else f".{inner}")
        message = problem.message
        if error.validator == "maxProperties" and not error.schema.get("properties"):
            message = f"'{code}' takes no parameters"
        if error.validator == "additionalProperties" and error.schema.get("patternProperties"):
            path, message = at, _unknown_beside_patterns(error.schema, error.instance)
        found.append(ProblemAt(path, message))
    return found


def _unknown_beside_patterns(schema: dict, params: dict) -> str:
    """The message for fields neither named nor of a named pattern (jsonschema's own
    lists every field the named ones do not cover)."""
    patterns = [re.compile(p) for p in schema["patternProperties"]]
    named = schema.get("properties", {})
    unknown = [k for k in params if k not in named and not any(p.search(k) for p in patterns)]
    known = ", ".join(sorted(named))
    shapes = ", ".join(
        s.get("description", p) for p, s in schema["patternProperties"].items()
    )
    return (f"has fields that are not known here: {', '.join(unknown)} (known: {known}; "
            f"and names of the form {shapes})")  # fmt: skip


@cache
def _checker(system: str, code: str) -> Draft202012Validator:
    return Draft202012Validator(rules_for(system).params.get(code, NONE))
