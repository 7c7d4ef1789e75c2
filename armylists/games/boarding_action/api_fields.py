"""What Boarding Action adds to the API's catalogue cards (``Presenter.api_fields``)."""

from rest_framework import serializers

from armylists.lists.api.serializers.catalogue import attribute_str


class CardFields(serializers.Serializer):
    # Read from card.attributes, on every card of every system: null (or []) where the
    # game data does not say.
    unit_type = serializers.SerializerMethodField(
        help_text="Boarding Action: infantry, walker, vehicle, monstrous_creature, bike, "
        "jetbike, beast or swarm; null elsewhere."
    )
    wargear = serializers.SerializerMethodField(
        help_text="Boarding Action: wargear keywords (forbidden_wargear reads them)."
    )

    def get_unit_type(self, card) -> str | None:
        return attribute_str(card.attributes, "unit_type")

    def get_wargear(self, card) -> list[str]:
        wargear = card.attributes.get("wargear") or ()
        return [wargear] if isinstance(wargear, str) else [str(w) for w in wargear]
