"""Tournament snapshots as the OpenAPI schema shows them, with examples. The answers are
the snapshot service's dicts (armylists/compare/snapshots.py); these serializers
document them and read the verify body."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from armylists.api.strict import NoUnknownFields
from armylists.compare.api.diff_schema import _example
from armylists.lists.api.serializers import (
    DataChangesSerializer,
    ListDocumentField,
    PointsSerializer,
    ValidationResultSerializer,
    ViolationSerializer,
)


class VerifySerializer(NoUnknownFields):
    document = ListDocumentField(
        help_text="A list document (muster-list/1), e.g. a snapshot's or a list's export. "
        "With its data_version it is checked against that data version only."
    )


class FrozenValidationSerializer(serializers.Serializer):
    valid = serializers.BooleanField(help_text="Legal when frozen.")
    points = PointsSerializer()
    violations = ViolationSerializer(many=True, help_text="As checked when frozen.")


class SnapshotSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="20 hex digits (80 bits): the first of the hash.")
    hash = serializers.CharField(
        help_text="SHA-256 (hex) of the canonical JSON of {data_version, document, system}; "
        "the document without data_version and without entry and special-action ids."
    )
    url = serializers.URLField(help_text="The snapshot's page, for anyone with the code.")
    api_url = serializers.URLField()
    created_at = serializers.DateTimeField()
    system = serializers.CharField()
    data_version = serializers.CharField(help_text="The game data it was checked against.")
    list_version = serializers.IntegerField(
        allow_null=True, help_text="The version of the list that was frozen."
    )
    document = ListDocumentField(
        help_text="The frozen list with its data_version: post it to /snapshots/verify/."
    )
    validation = FrozenValidationSerializer()


class SnapshotTodaySerializer(SnapshotSerializer):
    still_valid = serializers.BooleanField(
        allow_null=True,
        help_text="Legal with today's data (null: the game's data is no longer loaded).",
    )
    data_changes = DataChangesSerializer(
        allow_null=True, help_text="What changed in the game data since it was frozen."
    )
    validation_today = ValidationResultSerializer(allow_null=True)


class VerifyResultSerializer(serializers.Serializer):
    matches = serializers.BooleanField()
    code = serializers.CharField(allow_null=True, help_text="The matching snapshot's code.")
    url = serializers.URLField(allow_null=True)
    hash = serializers.CharField(allow_null=True)


# Data, like the document it freezes (examples/); a test checks its hash.
_SNAPSHOT = _example("snapshot.json")
SNAPSHOT_EXAMPLE = OpenApiExample("A frozen list", value=_SNAPSHOT, response_only=True)
VERIFY_EXAMPLE = OpenApiExample(
    "An exported copy", value={"document": _SNAPSHOT["document"]}, request_only=True
)
VERIFY_ANSWER_EXAMPLE = OpenApiExample(
    "It matches",
    response_only=True,
    value={
        "matches": True,
        "code": _SNAPSHOT["code"],
        "url": _SNAPSHOT["url"],
        "hash": _SNAPSHOT["hash"],
    },
)
