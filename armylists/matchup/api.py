"""What the games' matchup endpoints share (``POST /api/v1/<game>/matchup/``): the parts
of the body every game has, checked and bounded before the engine sees them, and the
answer's common fields. Each game's presenter package adds its card values, modifiers
and answer fields (``armylists/games/<game>/api.py``)."""

from __future__ import annotations

from rest_framework import serializers

from armylists.api.fields import Text
from armylists.api.strict import NoUnknownFields
from armylists.playaids.api import WholeNumberField
from rules.systems.matchup import ATTACKS, MAX_ATTACKS

MAX_KEYS = 20  # items or options on one side
KEY_LENGTH = 100
MAX_WOUNDS = 99


def keys_field(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=Text(max_length=KEY_LENGTH),
        required=False,
        default=list,
        max_length=MAX_KEYS,
        help_text=help_text,
    )


class MatchupSideSerializer(NoUnknownFields):
    """One side: a card by its key (with what it bought) or its values typed in."""

    card = Text(
        required=False,
        allow_null=True,
        max_length=KEY_LENGTH,
        help_text="A card of the game's data (unknown: unknown_key); ignored when "
        "card_values is given.",
    )
    items = keys_field("Items the card bought (their keys).")
    options = keys_field("Options the card bought (their keys).")
    wounds_taken = WholeNumberField(
        required=False, default=0, min_value=0, max_value=MAX_WOUNDS,
        help_text="Taken so far: fewer than take it out.",
    )


def attack_field(**kwargs) -> serializers.ChoiceField:
    return serializers.ChoiceField(choices=list(ATTACKS), required=False, **kwargs)


def weapon_field(help_text: str) -> serializers.CharField:
    return Text(
        required=False, allow_null=True, default=None, max_length=KEY_LENGTH,
        help_text=help_text,
    )


def attacks_field(help_text: str) -> WholeNumberField:
    return WholeNumberField(
        required=False, default=1, min_value=1, max_value=MAX_ATTACKS, help_text=help_text
    )


class MatchupResultSerializer(serializers.Serializer):
    """What every game's answer has."""

    hit_probability = serializers.FloatField(help_text="One attack hits (0 to 1).")
    hit_fraction = serializers.CharField(help_text='The rolls of 2D6 that hit, of 36: "21/36".')
    damage_distribution = serializers.DictField(
        child=serializers.FloatField(), help_text='{"<lost>": probability}, every value.'
    )
    expected_damage = serializers.FloatField()
    take_out_probability = serializers.FloatField()
    take_out_within = serializers.DictField(
        child=serializers.FloatField(),
        help_text='{"<k>": the chance to have taken the target out after k}, k = 1..attacks.',
    )
    attacks = serializers.IntegerField()
    steps = serializers.ListField(
        child=serializers.CharField(), help_text="The working in plain words (English)."
    )
