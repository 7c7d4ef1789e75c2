"""Request bodies: JSON, bounded, read in one pass.

DRF's JSONParser uses the standard library, which answers a body nested a thousand
levels deep with a RecursionError (a 500). This parser decodes with msgspec (in C, fast),
turns every failure into a 400 naming it, and reads the body as JSON whatever
Content-Type the client sent (``curl -d`` sends a form type).

Every decoded body is then bounded before a serializer or service sees it: nesting
(MAX_DEPTH), and every string, keys included: no NUL (PostgreSQL cannot store it), no
unpaired surrogate (msgspec refuses those while decoding; the standard library then
finds where), at most MAX_STRING characters. Each refusal names its place in the body.
"""

from __future__ import annotations

import json
import re

import msgspec
from django.conf import settings
from django.http.request import RawPostDataException
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from rules.engine import ProblemAt
from rules.engine.document import format_path

# A list document nests 6 deep inside a PUT body ({"document": {"entries": [{"custom":
# {"wargear": [...]}}]}}); nothing the API takes needs more than a few levels beyond.
MAX_DEPTH = 16
# The longest string a body may hold (a list document's notes: 5,000 characters).
MAX_STRING = 10_000
_LONE_SURROGATE = re.compile(r"[\ud800-\udfff]")


class BodyError(ParseError):
    """A body refused before any serializer saw it; ``problems`` name each place."""

    def __init__(self, problems: list[ProblemAt]):
        self.problems = problems
        super().__init__("; ".join(f"{p.path or '(body)'}: {p.message}" for p in problems))


def _string_problem(text: str) -> tuple[str, str] | None:
    if "\x00" in text:
        return "contains the NUL character, which cannot be stored", "nul_character"
    if _LONE_SURROGATE.search(text):
        return "contains an unpaired surrogate (not a Unicode character)", "invalid_string"
    if len(text) > MAX_STRING:
        return f"is longer than {MAX_STRING} characters", "max_length"
    return None


def body_problems(data, max_depth: int = MAX_DEPTH) -> list[ProblemAt]:
    """Where decoded JSON breaks the bounds above (the first problem of each kind found;
    a walk without recursion, so any depth is safe)."""
    problems: list[ProblemAt] = []
    stack: list[tuple[object, tuple, int]] = [(data, (), 0)]
    while stack:
        node, path, depth = stack.pop()
        if isinstance(node, str):
            found = _string_problem(node)
            if found:
                problems.append(ProblemAt(format_path(path), *found))
            continue
        if not isinstance(node, (dict, list)):
            continue
        if depth >= max_depth:
            problems.append(
                ProblemAt(format_path(path), f"is nested more than {max_depth} deep", "too_deep")
            )
            continue
        if isinstance(node, dict):
            for key, value in node.items():
                found = _string_problem(key)
                if found:
                    message = f"a field name {found[0]}"
                    problems.append(ProblemAt(format_path(path), message, found[1]))
                    continue
                stack.append((value, (*path, key), depth + 1))
        else:
            stack.extend((value, (*path, i), depth + 1) for i, value in enumerate(node))
        if len(problems) >= 20:
            break
    return problems


def _surrogate_problems(body: bytes) -> list[ProblemAt]:
    """msgspec refuses an unpaired surrogate escape without saying where; the standard
    library reads it, so the walk can name its place. Empty when that is not the cause."""
    if b"\\u" not in body:
        return []
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return []
    return [p for p in body_problems(data, max_depth=10**9) if p.code == "invalid_string"]


def decode_json(body: bytes):
    """Decoded JSON, or a 400: not JSON, not UTF-8, nested too deeply, bad strings."""
    try:
        data = msgspec.json.decode(body)
    except RecursionError:
        raise BodyError(
            [ProblemAt("", f"is nested more than {MAX_DEPTH} deep", "too_deep")]
        ) from None
    except msgspec.DecodeError as exc:
        problems = _surrogate_problems(body)
        if problems:
            raise BodyError(problems) from None
        raise ParseError(f"not valid JSON: {exc}") from None
    problems = body_problems(data)
    if problems:
        raise BodyError(problems)
    return data


def document_input(request) -> dict:
    """How a view hands a list document to the document service: the raw body (decoded
    and checked in one pass), or, when something read it already (DRF's CSRF check reads
    the data of a session-authenticated post), the data it decoded."""
    try:
        return {"body": request.body}
    except RawPostDataException:
        return {"data": request.data}


class JSONBodyParser(BaseParser):
    media_type = "application/json"

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = stream.read(limit + 1) if stream is not None else b""
        if limit is not None and len(body) > limit:
            raise ParseError(f"the body is larger than {limit} bytes")
        return decode_json(body)


class AnyContentJSONBodyParser(JSONBodyParser):
    """The same for any Content-Type the client sent (``curl -d`` sends a form type)."""

    media_type = "*/*"


# Every endpoint that takes a body: JSON, whatever Content-Type the client sent.
BODY_PARSERS = [JSONBodyParser, AnyContentJSONBodyParser]


def read_body(serializer_class, request) -> dict:
    """The request body checked by ``serializer_class``; a bad one is a 400 by path."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
