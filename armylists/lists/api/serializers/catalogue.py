"""A game's catalogue as the API shows it: systems, factions, cards, items, special
actions. They read the engine's frozen objects."""

from collections.abc import Mapping

from django.utils import translation
from rest_framework import serializers

from armylists.lists.api.serializers.contributed import Contributed


def request_language() -> str:
    """The request's language as a game-data names key ("de-de" -> "de")."""
    return (translation.get_language() or "en").split("-")[0].lower()


def local_name(row) -> str:
    """The row's name in the request's language where the game data has one."""
    names = getattr(row, "names", None) or {}
    return names.get(request_language()) or row.name


class LocalNameField(serializers.CharField):
    """``name`` in the request's language (Accept-Language, or the site's language
    choice), the data's own name where it gives no translation; ``names`` keeps every
    translation, so a client can show another language."""

    def __init__(self, **kwargs):
        kwargs.setdefault(
            "help_text",
            "The name in the request's language (Accept-Language: de gives the German name "
            "where the game data has one; otherwise the data's own name).",
        )
        super().__init__(source="*", read_only=True, **kwargs)

    def to_representation(self, value):
        return local_name(value)


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
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    data_version = serializers.CharField()
    sample_data = serializers.BooleanField()
    description = serializers.CharField()
    url = serializers.SerializerMethodField()

    def get_url(self, system) -> str:
        request = self.context.get("request")
        path = f"/api/v1/systems/{system.key}/"
        return request.build_absolute_uri(path) if request else path


def attribute_int(attributes: Mapping, key: str) -> int | None:
    """An integer attribute of the game data; null when absent (or not a whole number)."""
    value = attributes.get(key)
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def attribute_bool(attributes: Mapping, key: str) -> bool | None:
    value = attributes.get(key)
    return None if value is None else bool(value)


def attribute_str(attributes: Mapping, key: str) -> str | None:
    value = attributes.get(key)
    return None if value is None else str(value)


class FactionSerializer(Contributed, serializers.Serializer):
    contributed_as = "faction"  # e.g. a warband's starting gold and sizes

    key = serializers.CharField()
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )


class PricedKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    points = serializers.IntegerField()


class OptionSerializer(PricedKeySerializer):
    name = serializers.CharField(help_text="The option's item name, in the request's language.")
    kind = serializers.CharField(
        allow_null=True,
        help_text="The option's item kind; Trupp: equipment, ability, spell or veteran.",
    )


class CardSerializer(Contributed, serializers.Serializer):
    contributed_as = "card"  # e.g. a unit type, a stat row per wound, a fighter type

    key = serializers.CharField()
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
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

    def get_options(self, card) -> OptionSerializer(many=True):
        # Option items come from context["catalogue"] (CatalogueSerializer passes it).
        catalogue = self.context.get("catalogue")
        items = catalogue.items if catalogue is not None else {}
        options = []
        for key, points in card.allowed_options.items():
            item = items.get(key)
            options.append(
                {
                    "key": key,
                    "points": points,
                    "name": local_name(item) if item is not None else key,
                    "kind": item.kind if item is not None else None,
                }
            )
        return options


class ItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    faction = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    kind = serializers.CharField()
    arm = serializers.IntegerField(source="arm_bonus", help_text="ARM added to the model.")
    attributes = serializers.DictField()
    rarity = serializers.SerializerMethodField(
        help_text="The roll needed to find a rare item when trading; null for a common item "
        "and in games without rarity."
    )

    def get_rarity(self, item) -> int | None:
        return attribute_int(item.attributes, "rarity")


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
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    role = serializers.CharField(allow_null=True)
    points = serializers.IntegerField()
    variants = VariantSerializer(many=True)
    attributes = serializers.DictField()


class ValidatorSpecSerializer(serializers.Serializer):
    code = serializers.CharField()
    params = serializers.DictField()


class CatalogueSerializer(serializers.Serializer):
    key = serializers.CharField(source="system")
    name = LocalNameField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
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
        return CardSerializer(cat.cards.values(), many=True, context={"catalogue": cat}).data

    def get_items(self, cat) -> ItemSerializer(many=True):
        return ItemSerializer(cat.items.values(), many=True).data

    def get_special_actions(self, cat) -> SpecialActionSerializer(many=True):
        return SpecialActionSerializer(cat.special_actions.values(), many=True).data
