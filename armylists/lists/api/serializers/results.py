"""A validation result as the API shows it: violations, points, the breakdown."""

from rest_framework import serializers

from armylists.lists.api.serializers.contributed import Contributed


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Rule code from docs/rules/<game>.md, e.g. battle_size.")
    severity = serializers.ChoiceField(choices=["error", "warning", "info"])
    message = serializers.CharField()
    entry = serializers.IntegerField(allow_null=True, help_text="Index into entries, or null.")
    entry_id = serializers.CharField(
        allow_null=True, help_text="The id of the entry it concerns, or null."
    )
    params = serializers.DictField(help_text="The numbers and names the message uses.")


class PointsSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    entries = serializers.ListField(child=serializers.IntegerField())
    special_actions = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="What each special-action purchase costs (all its uses); empty in games "
        "without special actions.",
    )


class BreakdownSerializer(Contributed, serializers.Serializer):
    contributed_as = "breakdown"  # e.g. a fighter's type and his group's sizes

    entry = serializers.IntegerField()
    id = serializers.CharField(help_text="The entry's id.")
    card = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    size = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    known = serializers.BooleanField()
    stats = serializers.DictField(required=False, help_text="Effective stats with items.")


class JudgedBySerializer(serializers.Serializer):
    id = serializers.CharField(help_text="The pack's id (an official pack's: its system's key).")
    version = serializers.IntegerField(min_value=1)
    official = serializers.BooleanField(
        help_text="False: a player's own pack, not the site's official data."
    )
    content_hash = serializers.CharField(help_text="SHA-256 of the version's canonical JSON.")


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField(
        help_text="False exactly when an error-severity violation exists."
    )
    points = PointsSerializer()
    violations = ViolationSerializer(many=True)
    system = serializers.CharField()
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    pack = JudgedBySerializer(
        allow_null=True,
        help_text="The pack version the list was judged by, as its document's `pack` names "
        "it; null: the system's official data as loaded (the document names no pack).",
    )
    breakdown = BreakdownSerializer(many=True)
    renamed = serializers.ListField(
        child=serializers.DictField(),
        help_text="Keys the game data renamed since the document was written, read as their "
        'new keys: {"kind", "old", "new", "name", "path"}.',
    )
