"""What Trupp adds to the API's catalogue cards (``Presenter.api_fields``)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from armylists.lists.api.serializers.catalogue import attribute_bool, attribute_str


class CardFields(serializers.Serializer):
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

    @extend_schema_field(
        serializers.ChoiceField(choices=["good", "evil", "neutral"], allow_null=True)
    )
    def get_alignment(self, card):
        return attribute_str(card.attributes, "alignment")

    def get_mook(self, card) -> bool | None:
        return attribute_bool(card.attributes, "mook")

    def get_sorcery(self, card) -> bool | None:
        return attribute_bool(card.attributes, "sorcery")

    @extend_schema_field(
        serializers.ListField(
            child=serializers.DictField(child=serializers.IntegerField(allow_null=True))
        )
    )
    def get_stat_rows(self, card):
        return [dict(row) for row in card.attributes.get("stat_rows") or ()]
