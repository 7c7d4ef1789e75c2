"""Packs as the OpenAPI schema shows them, with examples; the request serializers read
the bodies (fields a request does not know are refused by name)."""

from __future__ import annotations

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from armylists.api.strict import NoUnknownFields
from armylists.packs.models import Pack
from armylists.packs.services import MAX_EDITORS

VISIBILITIES = [choice for choice, _ in Pack.VISIBILITY_CHOICES]


class PackVersionRefSerializer(NoUnknownFields):
    id = serializers.CharField(max_length=64)
    version = serializers.IntegerField(min_value=1, max_value=2**31 - 1)
    token = serializers.CharField(
        max_length=64,
        required=False,
        help_text="The share token, to fork a pack shared with you by link.",
    )


class PackDocumentField(serializers.JSONField):
    """A muster-pack/1 document (the shape of fixtures/*.yaml), checked whole by the
    pack schema and the pack's own references."""


class PackCreateSerializer(NoUnknownFields):
    fork = PackVersionRefSerializer(required=False, help_text="Fork this pack version.")
    system = serializers.SlugField(max_length=64, required=False, help_text="Import: the game.")
    document = PackDocumentField(required=False, help_text="Import: the whole pack document.")
    name = serializers.CharField(max_length=100)
    description = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    note = serializers.CharField(max_length=500, required=False, allow_blank=True)

    def validate(self, attrs):
        forking = "fork" in attrs
        importing = "system" in attrs or "document" in attrs
        if forking == importing:
            raise serializers.ValidationError(
                'give either "fork" (a pack version to copy) or "system" and "document" '
                "(a pack to import)",
                code="fork_or_import",
            )
        if importing:
            missing = {k: "is required for an import" for k in ("system", "document")
                       if k not in attrs}  # fmt: skip
            if missing:
                raise serializers.ValidationError(missing, code="required")
        return attrs


class PackUpdateSerializer(NoUnknownFields):
    name = serializers.CharField(max_length=100, required=False)
    description = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(VISIBILITIES, required=False)
    editors = serializers.ListField(
        child=serializers.CharField(max_length=150),
        max_length=MAX_EDITORS,
        required=False,
        help_text="Who may publish besides the owner: user names (the whole list).",
    )
    renew_token = serializers.BooleanField(
        required=False, help_text="true: a new share token; the old link stops working."
    )


class PackPublishSerializer(NoUnknownFields):
    document = PackDocumentField()
    note = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    base_version = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The latest version the edit started from."
    )


class PackForkedFromSerializer(serializers.Serializer):
    id = serializers.CharField()
    version = serializers.IntegerField()


class PackSummarySerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Opaque; the official packs' are their game's key.")
    system = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()
    owner = serializers.CharField(allow_null=True, help_text="User name; null: official.")
    official = serializers.BooleanField()
    visibility = serializers.ChoiceField(VISIBILITIES)
    latest_version = serializers.IntegerField(allow_null=True)
    forked_from = PackForkedFromSerializer(allow_null=True)
    url = serializers.URLField(help_text="This pack in the API.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    deleted = serializers.BooleanField(
        help_text="Deleted by its owner: listed nowhere, readable for lists pinned to it."
    )


class PackPageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = PackSummarySerializer(many=True)


class PackVersionSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    note = serializers.CharField()
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    content_hash = serializers.CharField(help_text="SHA-256 of the canonical JSON.")


class PackDetailSerializer(PackSummarySerializer):
    versions = PackVersionSummarySerializer(many=True)
    editors = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="User names; null for a reader who is neither the owner nor an editor.",
    )
    can_publish = serializers.BooleanField(help_text="You may publish versions.")
    can_manage = serializers.BooleanField(help_text="You may change, share and delete it.")
    share_token = serializers.CharField(allow_null=True, help_text="The owner's only.")
    share_api_url = serializers.URLField(allow_null=True, help_text="The owner's only.")


class PackVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    note = serializers.CharField()
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    content_hash = serializers.CharField()
    document = PackDocumentField()


class PackPublishedSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    content_hash = serializers.CharField()
    url = serializers.URLField()


class PackFieldChangeSerializer(serializers.Serializer):
    before = serializers.JSONField(allow_null=True)
    after = serializers.JSONField(allow_null=True)


class PackChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        ["system", "faction", "item", "card", "special_action", "validator"]
    )
    key = serializers.CharField(help_text="The row's key (a validator's code); renamed: new.")
    change = serializers.ChoiceField(["added", "removed", "renamed", "changed"])
    fields = serializers.DictField(child=PackFieldChangeSerializer())


class PackDiffSerializer(serializers.Serializer):
    # "from" is a keyword: declared through the field map.
    to = serializers.IntegerField()
    changes = PackChangeSerializer(many=True)

    def get_fields(self):
        fields = super().get_fields()
        fields["from"] = serializers.IntegerField()
        return fields


# Examples are data (a game's keys belong in no generic file): examples/packs.json.
EXAMPLES = json.loads((Path(__file__).parent / "examples" / "packs.json").read_text())
FORK_EXAMPLE = OpenApiExample(
    "Fork the official data of a game", value=EXAMPLES["fork"], request_only=True
)
PACK_EXAMPLE = OpenApiExample("A fork", value=EXAMPLES["pack"], response_only=True)
PUBLISH_EXAMPLE = OpenApiExample(
    "Publish version 2 (the whole document; shortened here)",
    value=EXAMPLES["publish"],
    request_only=True,
)
DIFF_EXAMPLE = OpenApiExample(
    "A card's points changed, a card renamed", value=EXAMPLES["diff"], response_only=True
)
