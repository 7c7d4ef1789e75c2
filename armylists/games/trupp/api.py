"""Trupp's matchup odds over the API: the same function as its page (``matchup.py``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers

from armylists.api.errors import ErrorsSerializer
from armylists.api.fields import Text
from armylists.api.parsers import read_body
from armylists.api.strict import NoUnknownFields
from armylists.games.trupp import matchup
from armylists.games.trupp.examples import MATCHUP_EXAMPLE, MATCHUP_RESULT_EXAMPLE
from armylists.matchup.api import (
    KEY_LENGTH,
    MatchupResultSerializer,
    MatchupSideSerializer,
    attack_field,
    attacks_field,
    weapon_field,
)
from armylists.playaids.api import TAGS, TrueFalseField, WholeNumberField, error_example, play_aid
from rules.systems.trupp import odds as trupp_odds

MAX_ROWS = 10


def stat(help_text="", null=False) -> WholeNumberField:
    return WholeNumberField(min_value=0, max_value=30, allow_null=null, help_text=help_text,
                            **({"required": False, "default": None} if null else {}))


class TruppStatRowSerializer(NoUnknownFields):
    KG_N = stat("KG (N), melee skill.")
    A_N = stat("#A (N), melee attacks.")
    KG_F = stat("KG (F), ranged skill; null without ranged attacks.", null=True)
    A_F = stat("#A (F), ranged attacks; null without ranged attacks.", null=True)
    STAE = stat("STÄ, strength.")
    WID = stat("WID, toughness.")
    AGI = stat("AGI, agility.")


class TruppCardValuesSerializer(NoUnknownFields):
    name = Text(required=False, max_length=KEY_LENGTH)
    stat_rows = TruppStatRowSerializer(
        many=True, max_length=MAX_ROWS,
        help_text="The sheet's rows by wounds taken (row 0 first), effective: options "
        "included. One wound more than the last row takes the character out.",
    )


class TruppMatchupSideSerializer(MatchupSideSerializer):
    card_values = TruppCardValuesSerializer(
        required=False, allow_null=True,
        help_text="A character's rows typed in, instead of a card key.",
    )


class TruppModifiersSerializer(NoUnknownFields):
    cover = serializers.ChoiceField(
        choices=list(trupp_odds.COVER), required=False, allow_null=True, default=None,
        help_text="Of the defender, ranged only: quarter_hidden -2 KG (F), mostly_hidden -4.",
    )
    # Godslayer's modifiers, taken so one body fits both games: Trupp has none of them.
    charge = TrueFalseField(required=False, default=False, help_text="Must be false.")
    style = Text(required=False, allow_null=True, default=None, max_length=20,
                                  help_text="Must be null.")
    opportunity = TrueFalseField(required=False, default=False, help_text="Must be false.")
    knocked_down = TrueFalseField(required=False, default=False, help_text="Must be false.")
    beyond_range = TrueFalseField(required=False, default=False,
                                  help_text="Must be false: the data has no range penalties.")


class TruppMatchupSerializer(NoUnknownFields):
    attacker = TruppMatchupSideSerializer()
    defender = TruppMatchupSideSerializer()
    weapon = weapon_field("An item the attacker carries (name or key), ranged for a ranged "
                          "attack; its modifiers are in the effective stats already.")
    attack = attack_field(default="melee", help_text="melee: KG (N), #A (N); ranged: "
                          "KG (F), #A (F).")
    modifiers = TruppModifiersSerializer(required=False)
    attacks = attacks_field("k: the chance to take the defender out within k attack actions.")


class TruppSideResultSerializer(serializers.Serializer):
    name = serializers.CharField()
    wounds_taken = serializers.IntegerField()
    row = serializers.DictField(help_text="The effective row that applies now.")


class TruppMatchupResultSerializer(MatchupResultSerializer):
    wound_test_fraction = serializers.CharField(help_text='STÄ against WID alone, "n/36".')
    wound_probability = serializers.FloatField(help_text="One attack hits and wounds.")
    wound_fraction = serializers.CharField(help_text='The same, exact: "hits x wounds/1296".')
    take_out_per_attack_probability = serializers.FloatField()
    attacks_per_action = serializers.IntegerField(help_text="#A (N) or #A (F).")
    damage_distribution = serializers.DictField(
        child=serializers.FloatField(),
        help_text='One attack action: {"<wounds dealt>": probability}, up to taking it out.',
    )
    expected_damage = serializers.FloatField(help_text="Wounds per attack action.")
    take_out_probability = serializers.FloatField(help_text="With one attack action.")
    wounds_to_take_out = serializers.IntegerField()
    attacker = TruppSideResultSerializer()
    defender = TruppSideResultSerializer()
    weapon = serializers.DictField(allow_null=True, help_text="name, ranged; or null.")


@extend_schema(
    summary="Trupp: the odds of one character attacking another",
    request=TruppMatchupSerializer,
    responses={
        200: OpenApiResponse(TruppMatchupResultSerializer,
                             description="Exact chances, counted from the dice."),
        400: OpenApiResponse(
            ErrorsSerializer,
            description="What cannot be fought, every problem by path. Codes: required, "
            "invalid, unknown_field, unknown_key (no such character or option), "
            "option_not_allowed, no_weapon (no ranged attacks), not_carried, parse_error.",
        ),
        404: OpenApiResponse(ErrorsSerializer, description="The trupp data is not loaded."),
    },
    examples=[
        OpenApiExample("The Knight Errant against the Orc Chieftain", value=MATCHUP_EXAMPLE,
                       request_only=True),
        OpenApiExample("The odds", value=MATCHUP_RESULT_EXAMPLE, response_only=True,
                       status_codes=["200"]),
        error_example("A character without ranged attacks shoots", "attack",
                      "Knight Errant has no ranged attacks (KG (F) and #A (F))", "no_weapon"),
    ],
    tags=TAGS,
    auth=[],
)
@play_aid
def trupp_matchup(request):
    """Exact odds (every roll of the dice counted, docs/rules/trupp.md) of one Trupp character
    attacking another: per attack the chance to hit and to wound (a double 1 fails, a
    double 6 passes), per attack action (#A attacks) the wounds dealt, and the chance to
    take the defender out within k attack actions."""
    return matchup.trupp_matchup(read_body(TruppMatchupSerializer, request))
