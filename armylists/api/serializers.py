"""Output shapes of the API. They read the engine's frozen objects and plain dicts."""

from rest_framework import serializers


class StatsSerializer(serializers.Serializer):
    MOV = serializers.IntegerField(required=False)
    MEL = serializers.IntegerField(required=False)
    RAN = serializers.IntegerField(required=False)
    MAG = serializers.IntegerField(required=False)
    DEF = serializers.IntegerField(required=False)
    ARM = serializers.IntegerField(required=False)
    DIS = serializers.IntegerField(required=False)
    ACT = serializers.IntegerField(required=False)

    def to_representation(self, instance):
        # Other systems have other stat names; pass every stat through.
        return dict(instance)


class SystemSummarySerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    description = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, system) -> str:
        request = self.context.get("request")
        path = f"/api/v1/systems/{system.key}/"
        return request.build_absolute_uri(path) if request else path


class FactionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()


class PricedKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    points = serializers.IntegerField()


class CardSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    faction = serializers.CharField(allow_null=True)
    kind = serializers.ChoiceField(choices=["model", "unit"])
    warlord = serializers.BooleanField()
    aal = serializers.IntegerField(allow_null=True, help_text="How often the card may be fielded.")
    points = serializers.IntegerField(help_text="MODEL points (individual models).")
    core_points = serializers.IntegerField(help_text="CORE points (units).")
    soldier_points = serializers.IntegerField(help_text="SOLDIER points per model beyond the core.")
    core_size = serializers.IntegerField()
    max_size = serializers.IntegerField()
    allowed_items = serializers.SerializerMethodField(
        help_text="Items the card may take, at its price; empty: it takes no items."
    )
    options = serializers.SerializerMethodField()
    base_mm = serializers.IntegerField(allow_null=True)
    movement_class = serializers.CharField(allow_null=True)
    stats = StatsSerializer()
    weapons = serializers.ListField(child=serializers.DictField())
    attributes = serializers.DictField()

    @staticmethod
    def _priced(mapping) -> list[dict]:
        return [{"key": k, "points": p} for k, p in mapping.items()]

    def get_allowed_items(self, card) -> PricedKeySerializer(many=True):
        return self._priced(card.allowed_items)

    def get_options(self, card) -> PricedKeySerializer(many=True):
        return self._priced(card.allowed_options)


class ItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    faction = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    kind = serializers.CharField()
    arm = serializers.IntegerField(source="arm_bonus", help_text="ARM added to the model.")
    attributes = serializers.DictField()


# "def" is a Python keyword, so the field cannot be declared in the class body.
ItemSerializer._declared_fields["def"] = serializers.IntegerField(
    source="def_bonus", help_text="DEF added to the model (armour and shields)."
)


class VariantSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    points = serializers.IntegerField()


class SpecialActionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    role = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    variants = VariantSerializer(many=True)


class ValidatorSpecSerializer(serializers.Serializer):
    code = serializers.CharField()
    params = serializers.DictField()


class CatalogueSerializer(serializers.Serializer):
    key = serializers.CharField(source="system")
    name = serializers.CharField()
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    factions = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    items = serializers.SerializerMethodField()
    special_actions = serializers.SerializerMethodField()
    validators = ValidatorSpecSerializer(many=True)
    attributes = serializers.DictField()

    def get_factions(self, cat) -> FactionSerializer(many=True):
        return FactionSerializer(cat.factions.values(), many=True).data

    def get_cards(self, cat) -> CardSerializer(many=True):
        return CardSerializer(cat.cards.values(), many=True).data

    def get_items(self, cat) -> ItemSerializer(many=True):
        return ItemSerializer(cat.items.values(), many=True).data

    def get_special_actions(self, cat) -> SpecialActionSerializer(many=True):
        return SpecialActionSerializer(cat.special_actions.values(), many=True).data


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Rule code from RULES.md, e.g. battle_size.")
    severity = serializers.ChoiceField(choices=["error", "warning", "info"])
    message = serializers.CharField()
    entry = serializers.IntegerField(allow_null=True, help_text="Index into entries, or null.")
    params = serializers.DictField(help_text="The numbers and names the message uses.")


class PointsSerializer(serializers.Serializer):
    total = serializers.IntegerField()
    limit = serializers.IntegerField(allow_null=True)
    entries = serializers.ListField(child=serializers.IntegerField())


class BreakdownSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    card = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    count = serializers.IntegerField()
    size = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    known = serializers.BooleanField()
    stats = serializers.DictField(required=False, help_text="Effective stats with items.")


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
