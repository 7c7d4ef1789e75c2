"""A validation result as the API shows it: violations, points, the breakdown."""


from rest_framework import serializers


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Rule code from RULES.md, e.g. battle_size.")
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


class BreakdownSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    id = serializers.CharField(help_text="The entry's id.")
    card = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    size = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    known = serializers.BooleanField()
    stats = serializers.DictField(required=False, help_text="Effective stats with items.")
    fighter = serializers.ChoiceField(
        choices=["hero", "henchman", "hired_sword"], required=False,
        help_text="Mordheim: hero, henchman or hired sword."
    )
    leader = serializers.BooleanField(required=False, help_text="Mordheim: the leader.")
    models = serializers.IntegerField(required=False, help_text="Mordheim: models fielded.")
    model_price = serializers.IntegerField(
        required=False, help_text="Mordheim: gold for one model with its equipment."
    )
    group_sizes = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Mordheim: the smallest and largest henchman group of this type.",
    )


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField(
        help_text="False exactly when an error-severity violation exists."
    )
    points = PointsSerializer()
    violations = ViolationSerializer(many=True)
    system = serializers.CharField()
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    breakdown = BreakdownSerializer(many=True)
    renamed = serializers.ListField(
        child=serializers.DictField(),
        help_text='Keys the game data renamed since the document was written, read as their '
        'new keys: {"kind", "old", "new", "name", "path"}.',
    )
