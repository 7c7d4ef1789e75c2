"""``POST /api/v1/packs/import/battlescribe/``: a pack made from a BattleScribe catalogue.
Thin: the pack catalogue service reads, maps and stores; this reads the form and answers.

A multipart form: ``catalogue`` (a ``.cat``/``.catz``, or a ``.gst``/``.gstz`` alone),
optional ``game_system`` (its ``.gst``/``.gstz``), ``name``, and optionally ``system``
(the game, when several make packs from catalogues), ``cost_type`` (the cost to read as
points; default: the pack's ``battlescribe.cost_names``, "pts" first) and ``pack`` (the id
of one's own pack to import as its next version; owner and editors). The answer is the
pack as ``GET /api/v1/packs/{id}/`` shows it, plus ``version`` and ``report``.
"""

from __future__ import annotations

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes, throttle_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from armylists.api.responses import TOO_LARGE
from armylists.battlescribe.catalogues import MAX_XML_BYTES
from armylists.packs import catalogue_import as service
from armylists.packs import selectors as selectors
from armylists.packs.api.common import (
    NOT_ALLOWED,
    NOT_FOUND,
    REFUSED,
    TAGS,
    THROTTLED,
    PackWrites,
    api_url,
    refused,
)
from armylists.packs.api.common import live as live_pack
from armylists.packs.api.packs import detail_of
from armylists.packs.api.schema import PackDetailSerializer
from armylists.packs.services import PackRefused
from rules.engine import ProblemAt

MAX_NAME = 100
FILE_BYTES = MAX_XML_BYTES  # a zipped file is smaller; unpacked, the reader bounds it
TEXT_FIELDS = {"name": MAX_NAME, "system": 64, "cost_type": 50, "pack": 64}
KNOWN_FIELDS = {"catalogue", "game_system", *TEXT_FIELDS}
BINARY = {"type": "string", "format": "binary"}
REQUEST = {
    "multipart/form-data": {
        "type": "object",
        "properties": {
            "catalogue": {**BINARY, "description": "The codex: .cat or .catz (or a .gst alone)."},
            "game_system": {**BINARY, "description": "Its game system: .gst or .gstz."},
            "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
            "system": {"type": "string", "maxLength": 64,
                       "description": "The game's key; needed only when several games make "
                                      "packs from catalogues."},
            "cost_type": {"type": "string", "maxLength": 50,
                          "description": "The cost to read as points (default: pts)."},
            "pack": {"type": "string", "maxLength": 64,
                     "description": "Your pack's id: import as its next version."},
        },
        "required": ["catalogue", "name"],
    }
}


class ReportRowSerializer(serializers.Serializer):
    entry = serializers.CharField()
    entry_id = serializers.CharField()
    type = serializers.CharField()
    became = serializers.CharField()
    card = serializers.CharField()
    unit_type = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    models = serializers.IntegerField()
    base_mm = serializers.IntegerField(allow_null=True)
    base_mm_default = serializers.BooleanField()
    options = serializers.IntegerField()
    max_per_list = serializers.IntegerField(allow_null=True)
    limit = serializers.IntegerField(
        allow_null=True, help_text="The catalogue's \"max n per roster\" as read (0 is not "
                                   "applied: a modifier usually raises it).")
    limit_alone = serializers.IntegerField(
        allow_null=True, help_text="At most this many per list on its own, when a rule of the "
                                   "codex changes the limit with the rest of the list.")
    not_offered = serializers.ListField(child=serializers.CharField())
    problems = serializers.ListField(child=serializers.CharField())
    rules = serializers.IntegerField(
        help_text="How many of the codex's conditions on the rest of a list the card keeps "
                  "as rules, evaluated when a list is checked.")


class SkippedSerializer(serializers.Serializer):
    entry = serializers.CharField()
    entry_id = serializers.CharField()
    reason = serializers.CharField()
    code = serializers.CharField(help_text="Why, as a code: hidden, hidden_by_modifier, "
                                           "not_a_unit, no_entry.")
    entry_type = serializers.CharField(required=False,
                                       help_text="The entry's type, for not_a_unit.")


class NotEvaluatedSerializer(serializers.Serializer):
    where = serializers.CharField()
    modifier = serializers.CharField()
    conditions = serializers.ListField(child=serializers.CharField())
    status = serializers.CharField(help_text='"not evaluated".')
    reason = serializers.CharField(help_text="Why not: on an entry no card uses, or what it "
                                             "changes is not kept by the pack.")


class EvaluatedSerializer(serializers.Serializer):
    where = serializers.CharField(help_text="The entries above the modifier, by name.")
    modifier = serializers.CharField(help_text='What it does, e.g. "set pts 15".')
    conditions = serializers.ListField(child=serializers.CharField(),
                                       help_text="Its conditions and repeats in words.")
    status = serializers.CharField(help_text='"applied" or "became a rule".')
    cards = serializers.ListField(child=serializers.CharField(),
                                  help_text="The cards (by name) it applied to (at most 50).")


class ModifierCountsSerializer(serializers.Serializer):
    total = serializers.IntegerField(help_text="Modifiers in the catalogue and game system.")
    applied = serializers.IntegerField(help_text="Evaluated for a unit alone at import.")
    rules = serializers.IntegerField(help_text="Depend on the rest of a list: kept as rules.")
    not_evaluated = serializers.IntegerField()


class ImportReportSerializer(serializers.Serializer):
    entries = ReportRowSerializer(many=True)
    skipped = SkippedSerializer(many=True)
    not_evaluated = NotEvaluatedSerializer(
        many=True, help_text="Modifiers not evaluated, each with the reason.")
    applied = EvaluatedSerializer(many=True, help_text="Modifiers applied at import.")
    rules = EvaluatedSerializer(many=True, help_text="Modifiers that became rules of the pack.")
    modifiers = ModifierCountsSerializer(help_text="How many modifiers had each outcome.")


class PackImportedSerializer(PackDetailSerializer):
    version = serializers.IntegerField(help_text="The version the import made.")
    report = ImportReportSerializer()


# Examples are data (a game's keys belong in no generic file).
IMPORT_EXAMPLE = json.loads(
    (Path(__file__).parent / "examples" / "pack-import-battlescribe.json").read_text()
)
EXAMPLE = OpenApiExample(
    "A codex imported (shortened)",
    response_only=True,
    status_codes=["201"],
    value=IMPORT_EXAMPLE,
)


def _problem(path: str, message: str, code: str) -> PackRefused:
    return PackRefused([ProblemAt(path, message, code)])


def _file(request, field: str, required: bool) -> bytes | None:
    upload = request.FILES.get(field)
    if upload is None:
        if required:
            raise _problem(field, "send the file in this field of a multipart form", "required")
        return None
    if upload.size > FILE_BYTES:
        raise _problem(field, f"is larger than {FILE_BYTES} bytes", "too_large")
    return upload.read()


def _texts(request) -> dict:
    unknown = sorted(set(request.data) - KNOWN_FIELDS)[:10]
    if unknown:
        fields = ", ".join(sorted(KNOWN_FIELDS))
        raise PackRefused([ProblemAt(f[:40], f"unknown field: only {fields} are read",
                                     "unknown_field") for f in unknown])
    texts = {}
    for field, limit in TEXT_FIELDS.items():
        value = request.data.get(field)
        if field in request.FILES:
            raise _problem(field, "must be text, not a file", "invalid")
        value = value.strip() if isinstance(value, str) else None
        if value is not None and ("\x00" in value or len(value) > limit):
            raise _problem(field, f"must be text of at most {limit} characters", "invalid")
        texts[field] = value or None
    if texts["name"] is None:
        raise _problem("name", "name the pack", "required")
    return texts


def _own_pack(request, pack_id: str):
    pack = live_pack(request, pack_id)
    if not selectors.pack_can_publish(pack=pack, user=request.user):
        raise PermissionDenied("only the pack's owner and editors may publish")
    return pack


@extend_schema(
    operation_id="v1_packs_import_battlescribe",
    request=REQUEST,
    responses={201: PackImportedSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND,
               413: TOO_LARGE, 429: THROTTLED},  # fmt: skip
    examples=[EXAMPLE],
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@throttle_classes([PackWrites])
@parser_classes([MultiPartParser])
def pack_import_battlescribe(request):
    """A Boarding Action pack (or another game's that makes packs from catalogues) from a
    BattleScribe catalogue: a card per unit, its modifiers evaluated, with a report of what
    each entry became, every entry skipped and why, and every modifier: applied, kept as a
    rule of the pack, or not evaluated (with the reason), and how many of each. A new
    private pack of yours, or with ``pack`` the next version of your pack."""
    try:
        texts = _texts(request)
        pack = _own_pack(request, texts["pack"]) if texts["pack"] else None
        done = service.pack_from_catalogue(
            user=request.user,
            catalogue=_file(request, "catalogue", required=True),
            game_system=_file(request, "game_system", required=False),
            name=texts["name"], system=texts["system"], cost_type=texts["cost_type"],
            pack=pack,
        )
    except PackRefused as exc:
        return refused(exc)
    body = {**detail_of(request, done.pack), "version": done.version, "report": done.report}
    response = Response(body, status=status.HTTP_201_CREATED)
    response["Location"] = api_url(request, "api-pack", done.pack.id)
    return response

