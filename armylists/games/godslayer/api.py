"""Godslayer's matchup odds over the API: the same function as its page (``matchup.py``)."""

from __future__ import annotations

from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers

from armylists.api.errors import ErrorsSerializer
from armylists.api.fields import Text
from armylists.api.parsers import read_body
from armylists.api.strict import NoUnknownFields
from armylists.games.godslayer import matchup
from armylists.games.godslayer.examples import MATCHUP_EXAMPLE, MATCHUP_RESULT_EXAMPLE
from armylists.matchup.api import (
    KEY_LENGTH,
    MatchupResultSerializer,
    MatchupSideSerializer,
    attack_field,
    attacks_field,
    weapon_field,
)
from armylists.playaids.api import TAGS, TrueFalseField, WholeNumberField, error_example, play_aid
from rules.systems.godslayer import odds as godslayer_odds
from rules.systems.matchup import ATTACKS

STAT = {"min_value": -9, "max_value": 30}  # a severely wounded 0 reads -1; no card nears 30


@extend_schema_field({"type": "string", "pattern": f"^({'|'.join(ATTACKS)})$"})
class WeaponTypeField(serializers.ChoiceField):
    """melee or ranged, described by a pattern: as an enum the same choices as ``attack``
    would get a second name in the schema (and clash with the campaign's event type)."""

    def __init__(self, **kwargs):
        super().__init__(choices=list(ATTACKS), **kwargs)


class GodslayerWeaponSerializer(NoUnknownFields):
    name = Text(max_length=KEY_LENGTH)
    type = WeaponTypeField()
    str = WholeNumberField(min_value=0, max_value=30, help_text="The weapon's STR.")
    range = WholeNumberField(required=False, allow_null=True, default=None, min_value=0,
                             max_value=99)
    act = WholeNumberField(required=False, allow_null=True, default=None, min_value=0,
                           max_value=9, help_text="Not used by the odds.")


class GodslayerCardValuesSerializer(NoUnknownFields):
    name = Text(required=False, max_length=KEY_LENGTH)
    MEL = WholeNumberField(required=False, default=0, **STAT)
    RAN = WholeNumberField(required=False, default=0, **STAT)
    DEF = WholeNumberField(required=False, default=0, **STAT)
    ARM = WholeNumberField(required=False, default=0, **STAT)
    hit_points = WholeNumberField(min_value=1, max_value=99)
    orange_from = WholeNumberField(
        required=False, default=0, min_value=0, max_value=98,
        help_text="Severely wounded at this many hit points left or fewer (0: never).",
    )
    save = WholeNumberField(required=False, allow_null=True, default=None, min_value=2,
                            max_value=6, help_text="D6 >= save ignores the damage.")
    weapons = GodslayerWeaponSerializer(many=True, required=False, default=list,
                                        max_length=10)


class GodslayerMatchupSideSerializer(MatchupSideSerializer):
    card_values = GodslayerCardValuesSerializer(
        required=False, allow_null=True,
        help_text="A card's values typed in, effective (its items included), instead of a "
        "card key.",
    )


class GodslayerModifiersSerializer(NoUnknownFields):
    charge = TrueFalseField(required=False, default=False, help_text="+1 MEL and +1 STR.")
    style = serializers.ChoiceField(
        choices=list(godslayer_odds.STYLES), required=False, allow_null=True, default=None,
        help_text="offensive +1 MEL or powerful +1 STR; not with a charge or an opportunity "
        "attack.",
    )
    opportunity = TrueFalseField(required=False, default=False,
                                 help_text="+2 to hit and to damage.")
    knocked_down = TrueFalseField(required=False, default=False,
                                  help_text="The defender: -2 DEF.")
    beyond_range = TrueFalseField(required=False, default=False,
                                  help_text="Ranged, up to double range: -1 RAN and -1 STR.")


class GodslayerMatchupSerializer(NoUnknownFields):
    attacker = GodslayerMatchupSideSerializer()
    defender = GodslayerMatchupSideSerializer()
    weapon = weapon_field("The attacker's weapon, by name (or a bought weapon item's key); "
                          "null: its first weapon for the attack.")
    attack = attack_field(allow_null=True, default=None,
                          help_text="null: as the weapon says (melee without a weapon named).")
    modifiers = GodslayerModifiersSerializer(required=False)
    attacks = attacks_field("k: the chance to take the defender out within k attacks.")


class GodslayerSideResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    severely_wounded = serializers.BooleanField()


class GodslayerMatchupResultSerializer(MatchupResultSerializer):
    hit_roll_needed = serializers.IntegerField(help_text="The 2D6 total that hits.")
    damage_distribution = serializers.DictField(
        child=serializers.FloatField(),
        help_text='One attack: {"<hit points lost>": probability}, a miss counting 0.',
    )
    expected_damage = serializers.FloatField(help_text="Hit points one attack takes off.")
    take_out_probability = serializers.FloatField(help_text="With one attack.")
    take_out_fraction = serializers.CharField(help_text="The same, exact.")
    hit_points_left = serializers.IntegerField(help_text="The defender's, before the attack.")
    attacker = GodslayerSideResultSerializer()
    defender = GodslayerSideResultSerializer()
    weapon = serializers.DictField(help_text="name, type, str (with the modifiers), range.")


@extend_schema(
    summary="Godslayer: the odds of one card attacking another",
    request=GodslayerMatchupSerializer,
    responses={
        200: OpenApiResponse(GodslayerMatchupResultSerializer,
                             description="Exact chances, counted from the dice."),
        400: OpenApiResponse(
            ErrorsSerializer,
            description="What cannot be fought, every problem by path. Codes: required, "
            "invalid, unknown_field, unknown_key (no such card or item), item_not_allowed, "
            "no_weapon, not_carried, parse_error (not JSON).",
        ),
        404: OpenApiResponse(ErrorsSerializer, description="The godslayer data is not loaded."),
    },
    examples=[
        OpenApiExample("The Ogre Huscarl charges the Gestir Captain", value=MATCHUP_EXAMPLE,
                       request_only=True),
        OpenApiExample("The odds", value=MATCHUP_RESULT_EXAMPLE, response_only=True,
                       status_codes=["200"]),
        error_example("A card that does not exist", "defender.card",
                      "no card 'nordgaard-jarl' in the Godslayer data", "unknown_key"),
        error_example("A style on a charge", "modifiers.style",
                      "a charge gives +1 MEL and +1 STR instead of a style"),
    ],
    tags=TAGS,
    auth=[],
)
@play_aid
def godslayer_matchup(request):
    """Exact odds (every roll of the dice counted, docs/rules/godslayer.md) of one Godslayer profile
    card attacking another with a weapon: the chance to hit, the hit points lost, and the
    chance to take the defender out with one attack and within k."""
    return matchup.godslayer_matchup(read_body(GodslayerMatchupSerializer, request))
