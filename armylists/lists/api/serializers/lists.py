"""Saved lists as the API shows them, and the bodies that change them."""

from collections.abc import Mapping

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armylists.api.errors import ErrorSerializer
from armylists.api.schema import DOCUMENT_REF, PARTIAL_DOCUMENT_REF
from armylists.api.strict import NoUnknownFields
from armylists.lists.api.serializers.results import ValidationResultSerializer, ViolationSerializer
from armylists.lists.tags import MAX_TAG_LENGTH, MAX_TAGS, TagError, tags_read
from rules.engine.document import list_schema
from rules.engine.validation import rules_for

# --- saved lists ---------------------------------------------------------------------
# Output shapes read ArmyList rows; ``validation`` and ``data_changes`` are the services'
# dicts (result_payload, list_data_changes), passed through as they are.


@extend_schema_field(DOCUMENT_REF)
class ListDocumentField(serializers.JSONField):
    """A list document (muster-list/1); the engine checks it, not this field."""


@extend_schema_field(PARTIAL_DOCUMENT_REF)
class PartialDocumentField(serializers.JSONField):
    """Top-level fields of a list document (muster-list/1) to replace, e.g.
    {"entries": [...]}; fields not given keep their current value."""

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError(
                "must be a JSON object (top-level fields of the list document)", code="invalid"
            )
        return super().to_internal_value(data)


def _document_value_field(schema: dict):
    """A top-level document field taken as given: the document schema checks it."""
    return extend_schema_field(schema)(type("DocumentValueField", (serializers.JSONField,), {}))


class _BlankAsNull(serializers.CharField):
    """Model strings stored blank for "none" read as null, as in the document."""

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


TAGS_SCHEMA = {
    "type": "array",
    "maxItems": MAX_TAGS,
    "items": {"type": "string", "minLength": 1, "maxLength": MAX_TAG_LENGTH, "pattern": r"\S"},
}


@extend_schema_field(TAGS_SCHEMA)
class TagsField(serializers.Field):
    """The list's tags: at most 20, each 1-40 characters without control characters;
    case does not count ("Club" and "club" are one tag), kept in lower case, each once."""

    def to_internal_value(self, data):
        try:
            return tags_read(data)
        except TagError as exc:
            indexed, whole = {}, []
            for path, message, code in exc.problems:
                detail = serializers.ErrorDetail(message, code=code)
                if path:
                    indexed[int(path.strip("[]"))] = [detail]
                else:
                    whole.append(detail)
            raise serializers.ValidationError(indexed or whole) from None

    def to_representation(self, value):
        return list(value)


def _absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class ListSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    system = serializers.CharField(source="system.key", help_text="Game-system key.")
    faction = _BlankAsNull(help_text="Faction key, or null.")
    battle_size = serializers.IntegerField(allow_null=True)
    role = _BlankAsNull()
    version = serializers.IntegerField(
        help_text="Goes up by one with every save; send it back with an edit (PUT/PATCH)."
    )
    data_version = serializers.CharField(help_text="The game data version of the last save.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    tags = TagsField(
        read_only=True, help_text="The owner's tags, in lower case (set them with PUT or PATCH)."
    )
    url = serializers.SerializerMethodField()

    def get_url(self, army_list) -> str:
        return _absolute(self.context.get("request"), reverse("api-list", args=[army_list.id]))


class ListPageSerializer(serializers.Serializer):
    """One page of your lists (DRF's page-number pagination)."""

    count = serializers.IntegerField(help_text="Lists in all pages.")
    next = serializers.URLField(allow_null=True, help_text="The next page; null on the last.")
    previous = serializers.URLField(
        allow_null=True, help_text="The page before; null on the first."
    )
    results = ListSummarySerializer(many=True)


class DataChangeSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=["card", "item", "faction", "option", "special_action"]
    )
    key = serializers.CharField()
    name = serializers.CharField()
    change = serializers.ChoiceField(
        choices=["removed", "points", "renamed"],
        help_text="removed: gone from the data (kept in the list as unknown_key); points: a "
        "price moved; renamed: the key has a new name (old and new are the keys).",
    )
    field = serializers.CharField(required=False, help_text='Which price moved ("points"...).')
    old = serializers.JSONField(
        required=False, allow_null=True, help_text="The old price, or the old key."
    )
    new = serializers.JSONField(
        required=False, allow_null=True, help_text="The new price, or the new key."
    )


class DataChangesSerializer(serializers.Serializer):
    saved_data_version = serializers.CharField()
    current_data_version = serializers.CharField()
    changed = serializers.BooleanField()
    changes = DataChangeSerializer(many=True)
    new_violations = ViolationSerializer(
        many=True, help_text="Violations today that the list did not have when saved."
    )
    total_before = serializers.IntegerField(allow_null=True)
    total_now = serializers.IntegerField()


class _Payload:
    # validation and data_changes come from context["payload"] (services.list_payload).

    @extend_schema_field(ValidationResultSerializer)
    def get_validation(self, army_list):
        return self.context["payload"]["validation"]

    @extend_schema_field(DataChangesSerializer)
    def get_data_changes(self, army_list):
        return self.context["payload"]["data_changes"]


class ListDetailSerializer(_Payload, ListSummarySerializer):
    document = ListDocumentField(help_text="The list document as saved (without data_version).")
    share_token = serializers.CharField(allow_null=True, help_text="null: sharing is off.")
    share_url = serializers.SerializerMethodField()
    shared_api_url = serializers.SerializerMethodField()
    export_url = serializers.SerializerMethodField()
    campaign_url = serializers.SerializerMethodField()
    validation = serializers.SerializerMethodField(help_text="Validated against today's data.")
    data_changes = serializers.SerializerMethodField(
        help_text="What changed in the game data since the last save."
    )

    def get_share_url(self, army_list) -> str | None:
        """The read-only page for anyone with the link; null when sharing is revoked."""
        token = army_list.share_token
        return _absolute(self.context.get("request"), f"/s/{token}/") if token else None

    def get_shared_api_url(self, army_list) -> str | None:
        token = army_list.share_token
        if not token:
            return None
        return _absolute(self.context.get("request"), reverse("api-shared", args=[token]))

    def get_export_url(self, army_list) -> str:
        path = reverse("api-list-export", args=[army_list.id])
        return _absolute(self.context.get("request"), path)

    def get_campaign_url(self, army_list) -> str | None:
        """Where its campaign's warband as it is now is (null: its game keeps none); the
        document is the warband as it started."""
        if rules_for(army_list.system.key).campaign is None:
            return None
        return _absolute(self.context.get("request"), reverse("api-campaign", args=[army_list.id]))


class SharedListSerializer(_Payload, serializers.Serializer):
    """A list read through its share link: no id, owner or share token."""

    name = serializers.CharField()
    system = serializers.CharField(source="system.key")
    faction = _BlankAsNull()
    battle_size = serializers.IntegerField(allow_null=True)
    role = _BlankAsNull()
    version = serializers.IntegerField()
    data_version = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    document = ListDocumentField()
    validation = serializers.SerializerMethodField()
    data_changes = serializers.SerializerMethodField()



class ListPutSerializer(NoUnknownFields):
    """PUT: the whole new document, and the version the edit starts from."""

    version = serializers.IntegerField(
        min_value=1, help_text="The version this edit starts from (409 if the list moved on)."
    )
    document = ListDocumentField(help_text="The whole new list document.")
    tags = TagsField(required=False, help_text="The list's new tags; not given: kept.")


class ListPatchSerializer(NoUnknownFields):
    """PATCH: the version the edit starts from, and the top-level document fields to change."""

    version = serializers.IntegerField(
        min_value=1, help_text="The version this edit starts from (409 if the list moved on)."
    )
    name = _document_value_field({"type": "string", "maxLength": 200})(required=False)
    faction = _document_value_field({"type": "string", "maxLength": 100})(
        required=False, allow_null=True
    )
    battle_size = _document_value_field({"type": "integer", "minimum": 0})(
        required=False, allow_null=True
    )
    role = _document_value_field({"type": "string", "maxLength": 32})(
        required=False, allow_null=True
    )
    # Move the list to another version of its pack (or another pack); null: the official
    # data as loaded. The document schema checks it, so the shape is the schema's.
    pack = _document_value_field(list_schema()["properties"]["pack"])(
        required=False, allow_null=True
    )
    document = PartialDocumentField(required=False)
    tags = TagsField(required=False, help_text="The list's new tags; not given: kept.")

    # Not DRF's partial update: "version" is always required, so the serializer is never
    # partial, and drf-spectacular (which sets partial for PATCH) must not publish the
    # body with every field optional.
    @property
    def partial(self):
        return False

    @partial.setter
    def partial(self, value):
        pass


class ShareActionSerializer(NoUnknownFields):
    action = serializers.ChoiceField(
        choices=["renew", "revoke"],
        help_text="renew: a new token, the old link stops working; revoke: no link at all.",
    )


class ConflictSerializer(serializers.Serializer):
    errors = ErrorSerializer(many=True, help_text='One error, path "version", code "conflict".')
    current_version = serializers.IntegerField(help_text="The version the list is at now.")


class ImportReportRowSerializer(serializers.Serializer):
    selection = serializers.CharField(help_text="The selection's name in the roster.")
    became = serializers.CharField(help_text="What it is in the list, in words.")
    matched = serializers.BooleanField(
        help_text="Found in our game data (Boarding Action: a unit type found in its "
        "categories). Not matched: kept under its roster name and reported by unknown_key "
        "(a Boarding Action unit without a type: by forbidden_unit)."
    )
    kind = serializers.CharField(help_text="fighter, item, custom_unit or setting.")
    entry_id = serializers.CharField(allow_null=True, help_text="The list entry it is in.")
    base_mm_default = serializers.BooleanField(
        required=False,
        help_text="Boarding Action: the base is the default for the unit type (rosters have "
        "no bases); check it and correct it.",
    )
    roster_points = serializers.FloatField(
        required=False,
        help_text="Boarding Action, a unit that became a card of a pack made from its codex: "
        "what the roster itself counts for the unit with everything selected under it.",
    )
    points = serializers.IntegerField(
        required=False,
        help_text="What this pack counts for that entry: the card with its options, the "
        "codex's rules evaluated against the whole list.",
    )
    points_difference = serializers.FloatField(
        required=False,
        help_text="points minus roster_points: 0 when both agree; otherwise the report's "
        "'became' says both numbers.",
    )


class ListImportedSerializer(ListDetailSerializer):
    import_report = ImportReportRowSerializer(
        many=True,
        required=False,
        help_text="Only for a BattleScribe / New Recruit roster: every selection and what it "
        "became, matched or not.",
    )
