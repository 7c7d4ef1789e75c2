"""What Mordheim adds to the API's catalogue cards and factions and to the validation
breakdown rows (``Presenter.api_fields``)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armylists.lists.api.serializers.catalogue import attribute_int, attribute_str


class CardFields(serializers.Serializer):
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

    @extend_schema_field(
        serializers.ChoiceField(choices=["hero", "henchman", "hired_sword"], allow_null=True)
    )
    def get_fighter(self, card):
        return attribute_str(card.attributes, "fighter")

    def get_type_limit(self, card) -> int | None:
        return attribute_int(card.attributes, "type_limit")

    def get_group_max(self, card) -> int | None:
        return attribute_int(card.attributes, "group_max")

    def get_starting_experience(self, card) -> int | None:
        return attribute_int(card.attributes, "starting_experience")

    def get_hired_sword(self, card) -> bool:
        return bool(card.attributes.get("hired_sword"))

    def get_hire_fee(self, card) -> int | None:
        return attribute_int(card.attributes, "hire_fee")

    def get_upkeep(self, card) -> int | None:
        return attribute_int(card.attributes, "upkeep")

    def get_rating(self, card) -> int | None:
        return attribute_int(card.attributes, "rating_value")


class FactionFields(serializers.Serializer):
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
        return attribute_int(faction.attributes, "starting_gold")

    def get_min_size(self, faction) -> int | None:
        return attribute_int(faction.attributes, "min_size")

    def get_max_size(self, faction) -> int | None:
        return attribute_int(faction.attributes, "max_size")


class BreakdownFields(serializers.Serializer):
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
