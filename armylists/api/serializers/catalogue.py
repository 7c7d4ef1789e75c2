"""A game's catalogue as the API shows it: systems, factions, cards, items, special
actions. They read the engine's frozen objects."""

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema_field
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


def _attribute_int(attributes: Mapping, key: str) -> int | None:
    """An integer attribute of the game data; null when absent (or not a whole number)."""
    value = attributes.get(key)
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _attribute_bool(attributes: Mapping, key: str) -> bool | None:
    value = attributes.get(key)
    return None if value is None else bool(value)


def _attribute_str(attributes: Mapping, key: str) -> str | None:
    value = attributes.get(key)
    return None if value is None else str(value)


class FactionSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    names = serializers.DictField(
        child=serializers.CharField(),
        help_text='The name in other languages, e.g. {"de": "..."}; empty when the game '
        "data gives none (the name stays).",
    )
    # Mordheim warband rules (faction.attributes); null in systems without them.
    starting_gold = serializers.SerializerMethodField(
        help_text="Mordheim: the warband's starting gold (gc), the limit when a list's "
        "battle_size is null; null elsewhere."
    )
    min_size = serializers.SerializerMethodField(
        help_text="Mordheim: the fewest fighters in a warband; null elsewhere."
    )
    max_size = serializers.SerializerMethodField(
        help_text="Mordheim: the most fighters in a warband; null elsewhere."
    )

    def get_starting_gold(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "starting_gold")

    def get_min_size(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "min_size")

    def get_max_size(self, faction) -> int | None:
        return _attribute_int(faction.attributes, "max_size")


class PricedKeySerializer(serializers.Serializer):
    key = serializers.CharField()
    points = serializers.IntegerField()


class OptionSerializer(PricedKeySerializer):
    name = serializers.CharField(help_text="The option's item name.")
    kind = serializers.CharField(
        allow_null=True,
        help_text="The option's item kind; Trupp: equipment, ability, spell or veteran.",
    )


class CardSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
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
    # Read from card.attributes, on every card of every system: null (or []) where the
    # game data does not say.
    unit_type = serializers.SerializerMethodField(
        help_text="Boarding Action: infantry, walker, vehicle, monstrous_creature, bike, "
        "jetbike, beast or swarm; null elsewhere."
    )
    wargear = serializers.SerializerMethodField(
        help_text="Boarding Action: wargear keywords (forbidden_wargear reads them)."
    )
    alignment = serializers.SerializerMethodField(
        help_text="Trupp: good and evil never share a troop; null elsewhere."
    )
    mook = serializers.SerializerMethodField(
        help_text="Trupp: true when the character may be fielded more than once; null elsewhere."
    )
    sorcery = serializers.SerializerMethodField(
        help_text="Trupp: true when the sheet has Sorcery (may buy spells); null elsewhere."
    )
    stat_rows = serializers.SerializerMethodField(
        help_text="Trupp: the sheet's stat rows, indexed by wounds taken (row 0 at the "
        "start); a stat is null where the character lacks it. Empty elsewhere."
    )
    fighter = serializers.SerializerMethodField(
        help_text="Mordheim: a hero (one model per entry), a henchman (groups) or a "
        "hired_sword; null elsewhere."
    )
    type_limit = serializers.SerializerMethodField(
        help_text="Mordheim: the most models of this fighter type; null: no limit of its own."
    )
    group_max = serializers.SerializerMethodField(
        help_text="Mordheim: the largest henchman group of this type (the general maximum "
        "applies when it is lower); null: only the general maximum applies."
    )
    starting_experience = serializers.SerializerMethodField(
        help_text="Mordheim: experience at hiring; null elsewhere."
    )
    hired_sword = serializers.SerializerMethodField(
        help_text="Mordheim: true for a hired sword (no warband of his own; the warbands "
        "that may hire him are in attributes.hire_rule); false elsewhere."
    )
    hire_fee = serializers.SerializerMethodField(
        help_text="Mordheim: a hired sword's hire fee in gold crowns (his points); null "
        "elsewhere."
    )
    upkeep = serializers.SerializerMethodField(
        help_text="Mordheim: a hired sword's upkeep in gold crowns, due after each battle; "
        "null elsewhere."
    )
    rating = serializers.SerializerMethodField(
        help_text="Mordheim: what a hired sword adds to the warband rating; null elsewhere."
    )

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
                    "name": item.name if item is not None else key,
                    "kind": item.kind if item is not None else None,
                }
            )
        return options

    def get_unit_type(self, card) -> str | None:
        return _attribute_str(card.attributes, "unit_type")

    def get_wargear(self, card) -> list[str]:
        wargear = card.attributes.get("wargear") or ()
        return [wargear] if isinstance(wargear, str) else [str(w) for w in wargear]

    @extend_schema_field(
        serializers.ChoiceField(choices=["good", "evil", "neutral"], allow_null=True)
    )
    def get_alignment(self, card):
        return _attribute_str(card.attributes, "alignment")

    def get_mook(self, card) -> bool | None:
        return _attribute_bool(card.attributes, "mook")

    def get_sorcery(self, card) -> bool | None:
        return _attribute_bool(card.attributes, "sorcery")

    @extend_schema_field(
        serializers.ListField(
            child=serializers.DictField(child=serializers.IntegerField(allow_null=True))
        )
    )
    def get_stat_rows(self, card):
        return [dict(row) for row in card.attributes.get("stat_rows") or ()]

    @extend_schema_field(
        serializers.ChoiceField(choices=["hero", "henchman", "hired_sword"], allow_null=True)
    )
    def get_fighter(self, card):
        return _attribute_str(card.attributes, "fighter")

    def get_type_limit(self, card) -> int | None:
        return _attribute_int(card.attributes, "type_limit")

    def get_group_max(self, card) -> int | None:
        return _attribute_int(card.attributes, "group_max")

    def get_starting_experience(self, card) -> int | None:
        return _attribute_int(card.attributes, "starting_experience")

    def get_hired_sword(self, card) -> bool:
        return bool(card.attributes.get("hired_sword"))

    def get_hire_fee(self, card) -> int | None:
        return _attribute_int(card.attributes, "hire_fee")

    def get_upkeep(self, card) -> int | None:
        return _attribute_int(card.attributes, "upkeep")

    def get_rating(self, card) -> int | None:
        return _attribute_int(card.attributes, "rating_value")


class ItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
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
        help_text="Mordheim: the rarity of a rare item (the roll needed to find it); null "
        "for a common item and in other games."
    )

    def get_rarity(self, item) -> int | None:
        return _attribute_int(item.attributes, "rarity")


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
    name = serializers.CharField()
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
