"""Request bodies: JSON, bounded, read in one pass.

DRF's JSONParser uses the standard library, which answers a body nested a thousand
levels deep with a RecursionError (a 500). This parser decodes with msgspec (in C, fast),
turns every failure into a 400 naming it, and reads the body as JSON whatever
Content-Type the client sent (``curl -d`` sends a form type).
"""

from __future__ import annotations

import msgspec
from django.conf import settings
from django.http.request import RawPostDataException
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser


def decode_json(body: bytes):
    """Decoded JSON, or ParseError: not JSON, not UTF-8, nested too deeply."""
    try:
        return msgspec.json.decode(body)
    except RecursionError:
        raise ParseError("the JSON is nested too deeply") from None
    except msgspec.DecodeError as exc:
        raise ParseError(f"not valid JSON: {exc}") from None


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
