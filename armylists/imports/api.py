"""``POST /api/v1/lists/import/``: a list document or a roster saved as a new list. What it
was sent: a list document (JSON, as always) or a BattleScribe / New Recruit roster, told
apart by content, not by the declared type:

- a raw body: a zip (``.rosz``) or XML (``.ros``) is a roster, anything else the JSON
  document it always was (so every JSON import behaves exactly as before);
- a multipart form: its ``file`` field, a roster or a JSON document likewise, and an
  optional ``system`` field.

``?system=`` (or the form's ``system``) names the game when the roster does not say it.
``?pack=`` (or the form's ``pack``) puts a roster onto a pack the sender may build on, at
``pack_version`` (else its latest): the list is pinned to it, and a pack made from the
roster's catalogue turns its units into the pack's cards.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from django.http.request import RawPostDataException
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated

from armylists.api.parsers import AnyContentJSONBodyParser, JSONBodyParser, document_input
from armylists.api.responses import TOO_LARGE
from armylists.api.schema import DOCUMENT_REF
from armylists.imports import rosters as imports_rosters
from armylists.imports.rosters import looks_like_roster
from armylists.lists import services as lists
from armylists.lists.api.lists import MALFORMED, TAGS, list_response
from armylists.lists.api.owned import NOT_LOGGED_IN
from armylists.lists.api.serializers import ListImportedSerializer
from rules.engine import DocumentError, ProblemAt
from rules.engine.document import MAX_BODY_BYTES

# Multipart before the catch-all JSON parser, which would otherwise claim every type.
IMPORT_PARSERS = [JSONBodyParser, MultiPartParser, AnyContentJSONBodyParser]

BINARY = {"type": "string", "format": "binary"}
IMPORT_REQUEST_BODIES = {
    "application/xml": {
        **BINARY,
        "description": "A BattleScribe / New Recruit roster (.ros).",
    },
    "application/zip": {**BINARY, "description": "A zipped roster (.rosz)."},
    "multipart/form-data": {
        "type": "object",
        "properties": {
            "file": {**BINARY, "description": "A .ros, .rosz or muster-list/1 JSON file."},
            "system": {"type": "string", "maxLength": 64,
                       "description": "The game, when the roster does not say it."},
            "pack": {"type": "string", "maxLength": 64,
                     "description": "A roster onto this pack (its id)."},
            "pack_version": {"type": "integer", "minimum": 1,
                             "description": "The pack's version (default: its latest)."},
        },
        "required": ["file"],
    },
}
SYSTEM_PARAMETER = OpenApiParameter(
    "system",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    required=False,
    description="For a roster: the game's key (GET /api/v1/systems/) when its game system "
    "name does not tell. Ignored for a list document.",
)

PACK_PARAMETERS = [
    OpenApiParameter(
        "pack", {"type": "string", "maxLength": 64}, OpenApiParameter.QUERY, required=False,
        description="For a roster: the id of a pack to build it on (the list is pinned to "
        "it; a pack made from the roster's catalogue matches its units by entry id, then "
        "name). Ignored for a list document.",
    ),
    OpenApiParameter(
        "pack_version", {"type": "integer", "minimum": 1, "maximum": 2**31 - 1},
        OpenApiParameter.QUERY, required=False,
        description="For a roster onto a pack: its version (default: the latest); checked "
        "for a list document too, and ignored there.",
    ),
]


@dataclass(frozen=True)
class RosterInput:
    raw: bytes
    path: str  # where problems of the file are: "" (the body) or "file"
    system: str | None
    pack: str | None = None
    pack_version: int | None = None


def _pack(request, form=None) -> dict:
    """``pack`` and ``pack_version`` of a roster import, checked before anything is read."""
    def given(name):
        value = request.query_params.get(name) or (form.get(name) if form else None)
        return str(value).strip() if value else ""

    pack, number = given("pack"), given("pack_version")
    if len(pack) > 64 or "\x00" in pack:
        raise DocumentError([ProblemAt("pack", "is not a pack id", "invalid")])
    if number and not (number.isascii() and number.isdigit() and 0 < int(number[:10]) < 2**31
                       and len(number) <= 10):
        raise DocumentError([ProblemAt("pack_version", "must be a whole number from 1",
                                       "invalid")])
    return {"pack": pack or None, "pack_version": int(number) if number else None}


def _system(request, form=None) -> str | None:
    value = request.query_params.get("system") or (form.get("system") if form else None)
    return str(value).strip()[:64] or None if value else None


def import_input(request) -> RosterInput | dict:
    """A roster, or the keyword arguments of the JSON document import."""
    _pack(request)  # malformed pack parameters are refused whatever the body is
    content_type = (request.content_type or "").split(";")[0].strip().lower()
    if content_type == "multipart/form-data":
        upload = request.FILES.get("file")
        if upload is None:
            raise DocumentError([ProblemAt("file", "send the roster or list in a 'file' field",
                                           "required")])
        if upload.size > MAX_BODY_BYTES:
            raise DocumentError([ProblemAt("file", f"is larger than {MAX_BODY_BYTES} bytes",
                                           "too_large")])
        raw = upload.read().removeprefix(codecs.BOM_UTF8)
        if looks_like_roster(raw):
            return RosterInput(raw, "file", _system(request, request.data),
                               **_pack(request, request.data))
        return {"body": raw}
    try:
        raw = request.body
    except RawPostDataException:
        return document_input(request)
    if looks_like_roster(raw):
        return RosterInput(raw, "", _system(request), **_pack(request))
    return {"body": raw}


@extend_schema(
    request={"application/json": DOCUMENT_REF, **IMPORT_REQUEST_BODIES},
    parameters=[SYSTEM_PARAMETER, *PACK_PARAMETERS],
    responses={201: ListImportedSerializer, 400: MALFORMED, 403: NOT_LOGGED_IN, 413: TOO_LARGE},
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@parser_classes(IMPORT_PARSERS)
def list_import(request):
    """Save an exported list document as a new list. Unknown card, item or faction keys are
    kept and reported as unknown_key violations; a malformed document is refused with
    every problem by path, and nothing is saved.

    Or import a BattleScribe / New Recruit roster (.ros XML or .rosz zip; a raw body or a
    multipart "file"), told apart by content: Boarding Action units become custom units
    (bases are the unit type's defaults: check them), Mordheim fighters and equipment are
    matched by name. The answer adds "import_report": every selection and what it became;
    what matched nothing is kept and reported by unknown_key. A file that is not a roster
    (malformed or foreign XML, a DTD or entities, a zip without one .ros, too large) is
    refused with 400 and nothing is saved."""
    found = import_input(request)
    if not isinstance(found, RosterInput):
        army_list = lists.list_import(owner=request.user, **found)
        return list_response(request, army_list, status_code=status.HTTP_201_CREATED)
    army_list, mapped = imports_rosters.roster_import(
        owner=request.user, raw=found.raw, system=found.system, path=found.path,
        pack=found.pack, pack_version=found.pack_version,
    )
    response = list_response(request, army_list, status_code=status.HTTP_201_CREATED)
    response.data["import_report"] = mapped.report
    return response
