"""Play aids over the API: the Kemet battle resolver, the Mordheim rout test and the
Boarding Action hull-breach table. Thin: read the body, call the tool's one shared
function in armylists/tools.py (the pages call the same), shape the answer.

No authentication and no CSRF: the answers depend only on the body and the game data.
Impossible input is a 400 ``{"errors": [{"path", "message", "code"}]}`` naming the field.
"""

from __future__ import annotations

import functools

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from armylists import tools
from rules.systems import kemet

from .errors import ErrorsSerializer, problems_response
from .serializers import _NoUnknownFields
from .views import BODY_PARSERS, read_body

TAGS = ["play aids"]


def _play_aid(tool):
    """A play-aid endpoint: POST with a JSON body, open to anyone (no authentication, so no
    CSRF). ``tool(request)`` returns the answer; its ToolError is a 400 naming each field,
    ToolUnavailable (game data not loaded) a 404."""

    @functools.wraps(tool)
    def view(request):
        try:
            return Response(tool(request))
        except tools.ToolError as exc:
            return problems_response(exc.errors)
        except tools.ToolUnavailable as exc:
            raise NotFound(str(exc)) from None

    view = parser_classes(BODY_PARSERS)(view)
    view = permission_classes([AllowAny])(view)
    view = authentication_classes([])(view)
    return api_view(["POST"])(view)


class WholeNumberField(serializers.IntegerField):
    """A JSON integer: not a string, a boolean or a float."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class TrueFalseField(serializers.BooleanField):
    """A JSON true or false, nothing else."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


def _error_example(name, path, message, code="invalid", summary=""):
    return OpenApiExample(
        name,
        value={"errors": [{"path": path, "message": message, "code": code}]},
        response_only=True,
        status_codes=["400"],
        summary=summary,
    )


# -- Kemet --------------------------------------------------------------------------------
# The request serializers only document the body: the resolver reads and checks it
# itself and names every impossible field.


class KemetCardValuesSerializer(serializers.Serializer):
    strength = serializers.IntegerField(min_value=0, required=False, default=0)
    damage = serializers.IntegerField(min_value=0, required=False, default=0)
    shield = serializers.IntegerField(min_value=0, required=False, default=0)
    critical = serializers.IntegerField(min_value=0, required=False, default=0)
    sacrifice = serializers.IntegerField(
        min_value=0, required=False, default=0, help_text="Own soldiers removed, not lost."
    )


class KemetBonusSerializer(serializers.Serializer):
    strength = serializers.IntegerField(min_value=0, required=False, default=0)
    damage = serializers.IntegerField(min_value=0, required=False, default=0)
    shield = serializers.IntegerField(min_value=0, required=False, default=0)
    critical = serializers.IntegerField(min_value=0, required=False, default=0)


class KemetInterventionSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="A divine intervention of the kemet pack.")


class KemetSideSerializer(serializers.Serializer):
    soldiers = serializers.IntegerField(min_value=0)
    card = serializers.CharField(
        required=False,
        allow_null=True,
        help_text="A battle card of the kemet pack; ignored when card_values is given.",
    )
    card_values = KemetCardValuesSerializer(
        required=False,
        allow_null=True,
        help_text="The values of a card typed in, instead of a card key.",
    )
    bonus = KemetBonusSerializer(
        required=False, allow_null=True, help_text="Bonuses from tiles, veterans and the like."
    )
    interventions = KemetInterventionSerializer(
        many=True,
        required=False,
        help_text="Paid in this order from prayer_points; one that cannot be paid goes back "
        "to hand, as does a bluff. A day card is refused (card_not_allowed).",
    )
    prayer_points = serializers.IntegerField(min_value=0, required=False, default=0)
    in_own_city_district = serializers.BooleanField(
        required=False, default=False, help_text="+1 strength."
    )


class KemetBattleSerializer(serializers.Serializer):
    attacker = KemetSideSerializer()
    defender = KemetSideSerializer()
    zone_reward = serializers.ChoiceField(
        choices=list(kemet.ZONE_REWARDS),
        required=False,
        allow_null=True,
        help_text="The victory point the zone gives its winner, if any.",
    )


class KemetSideResultSerializer(serializers.Serializer):
    strength = serializers.IntegerField()
    soldiers = serializers.IntegerField(help_text="Before the battle.")
    soldiers_lost = serializers.IntegerField()
    sacrificed = serializers.IntegerField(help_text="Removed by its own card, not lost.")
    survivors = serializers.IntegerField()
    damage = serializers.IntegerField()
    shield = serializers.IntegerField()
    critical = serializers.IntegerField()
    prayer_points_paid = serializers.IntegerField()
    prayer_points_left = serializers.IntegerField()
    interventions_played = serializers.ListField(child=serializers.CharField())
    interventions_returned = serializers.ListField(
        child=serializers.CharField(), help_text="Bluffs and unpayable ones: back to hand."
    )
    card = serializers.CharField(allow_null=True)
    card_values = KemetCardValuesSerializer()


class KemetLoserOptionsSerializer(serializers.Serializer):
    disband_prayer_points = serializers.IntegerField(
        help_text="Prayer points for disbanding: one less than the survivors."
    )
    retreat = serializers.BooleanField(help_text="Any survivors to retreat.")
    stay = serializers.BooleanField(help_text="Always false: the loser leaves the zone.")


class KemetRewardSerializer(serializers.Serializer):
    battle_vp = serializers.IntegerField()
    veteran_tokens = serializers.IntegerField()
    zone_vp = serializers.IntegerField()


class KemetRewardsSerializer(serializers.Serializer):
    attacker = KemetRewardSerializer()
    defender = KemetRewardSerializer()


class KemetBattleResultSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=list(kemet.SIDES), help_text="A tie: the defender.")
    # Not a second enum of the same choices (one enum name per choice set in the schema).
    loser = serializers.CharField(help_text="The other side: attacker or defender.")
    zone_reward = serializers.ChoiceField(choices=list(kemet.ZONE_REWARDS), allow_null=True)
    attacker = KemetSideResultSerializer()
    defender = KemetSideResultSerializer()
    loser_options = KemetLoserOptionsSerializer()
    rewards = KemetRewardsSerializer()
    steps = serializers.ListField(
        child=serializers.CharField(), help_text="Every step of the battle, in order (English)."
    )


KEMET_EXAMPLE = {
    "attacker": {
        "soldiers": 5,
        "card": "str3-dmg2",
        "card_values": None,
        "bonus": {"strength": 1, "damage": 0, "shield": 0, "critical": 0},
        "interventions": [{"key": "sample-war-cry"}],
        "prayer_points": 2,
        "in_own_city_district": False,
    },
    "defender": {
        "soldiers": 4,
        "card": "str2-shield1-dmg2",
        "card_values": None,
        "bonus": None,
        "interventions": [{"key": "sample-blood-rite"}],
        "prayer_points": 2,
        "in_own_city_district": True,
    },
    "zone_reward": "temple",
}

KEMET_RESULT_EXAMPLE = {
    "winner": "attacker",
    "loser": "defender",
    "zone_reward": "temple",
    "attacker": {
        "strength": 10,
        "soldiers": 5,
        "soldiers_lost": 3,
        "sacrificed": 0,
        "survivors": 2,
        "damage": 2,
        "shield": 0,
        "critical": 0,
        "prayer_points_paid": 0,
        "prayer_points_left": 2,
        "interventions_played": ["sample-war-cry"],
        "interventions_returned": [],
        "card": "str3-dmg2",
        "card_values": {"strength": 3, "damage": 2, "shield": 0, "critical": 0, "sacrifice": 0},
    },
    "defender": {
        "strength": 7,
        "soldiers": 4,
        "soldiers_lost": 1,
        "sacrificed": 0,
        "survivors": 3,
        "damage": 2,
        "shield": 1,
        "critical": 1,
        "prayer_points_paid": 2,
        "prayer_points_left": 0,
        "interventions_played": ["sample-blood-rite"],
        "interventions_returned": [],
        "card": "str2-shield1-dmg2",
        "card_values": {"strength": 2, "damage": 2, "shield": 1, "critical": 0, "sacrifice": 0},
    },
    "loser_options": {"disband_prayer_points": 2, "retreat": True, "stay": False},
    "rewards": {
        "attacker": {"battle_vp": 1, "veteran_tokens": 0, "zone_vp": 1},
        "defender": {"battle_vp": 0, "veteran_tokens": 1, "zone_vp": 0},
    },
    "steps": [
        "attacker: War Cry (sample) paid, 0 prayer points (2 left)",
        "attacker: strength 10 (5 soldiers + card 3 + bonus 1 + interventions 1 + own district 0)",
        "defender: Blood Rite (sample) paid, 2 prayer points (0 left)",
        "defender: strength 7 (4 soldiers + card 2 + bonus 0 + interventions 0 + own district 1)",
        "attacker wins, strength 10 to 7",
        "defender: 1 critical damage, cannot be blocked: attacker loses 1",
        "attacker: 2 damage - 1 shields of the defender: defender loses 1",
        "defender: 2 damage - 0 shields of the attacker: attacker loses 2",
        "defender must leave the zone: disband (3 soldiers, 2 prayer points) or retreat to a "
        "free adjacent zone the winner picks",
        "attacker won with survivors: 1 battle victory point",
        "defender gained no victory point in this battle: 1 veteran token",
        "attacker takes the temple victory point of the zone",
    ],
}


@extend_schema(
    summary="Resolve one Kemet battle",
    request=KemetBattleSerializer,
    responses={
        200: OpenApiResponse(KemetBattleResultSerializer, description="What happened and why."),
        400: OpenApiResponse(
            ErrorsSerializer,
            description="Impossible input, every problem by path. Codes: required, invalid, "
            "unknown_field, unknown_key (no such card), card_not_allowed (a day card or a "
            "card of the wrong kind played in battle), parse_error (not JSON).",
        ),
        404: OpenApiResponse(ErrorsSerializer, description="The kemet game data is not loaded."),
    },
    examples=[
        OpenApiExample("A battle for a temple", value=KEMET_EXAMPLE, request_only=True),
        OpenApiExample(
            "The attacker wins",
            value=KEMET_RESULT_EXAMPLE,
            response_only=True,
            status_codes=["200"],
        ),
        _error_example(
            "A day card played in battle",
            "attacker.interventions[0].key",
            "Morning Offering (sample day card) is a day card: it may not be played in battle",
            "card_not_allowed",
        ),
    ],
    tags=TAGS,
    auth=[],
)
@_play_aid
def kemet_battle(request):
    """Fight one battle of Kemet: Blood and Sand (RULES.md 4, steps 2-6) with the cards of
    the kemet pack: strengths, who wins (a tie goes to the defender), critical damage
    (not blocked by shields), sacrifices, damage against shields, the loser's options and
    the rewards, with every step explained."""
    return tools.kemet_battle(request.data)


# -- Mordheim -----------------------------------------------------------------------------


class RoutTestSerializer(_NoUnknownFields):
    members = WholeNumberField(help_text="Fighters in the warband (at least 1).")
    out_of_action = WholeNumberField(help_text="Of them out of action (at most members).")
    leader_out_or_stunned = TrueFalseField(required=False, default=False)
    leader_ld = WholeNumberField(
        required=False,
        allow_null=True,
        default=None,
        min_value=tools.LD_MIN,
        max_value=tools.LD_MAX,
        help_text="Needed when a test is due and the leader is neither out of action nor stunned.",
    )
    other_lds = serializers.ListField(
        child=WholeNumberField(min_value=tools.LD_MIN, max_value=tools.LD_MAX),
        required=False,
        default=list,
        help_text="The Ld of every other active model; the highest takes the test when the "
        "leader is down.",
    )


class RoutTestResultSerializer(serializers.Serializer):
    due = serializers.BooleanField(help_text="25 % or more of the members out of action.")
    ld = serializers.IntegerField(
        allow_null=True, help_text="Pass on 2D6 <= ld; null when no test or nobody to take it."
    )
    ld_from = serializers.ChoiceField(choices=["leader", "highest_active"], allow_null=True)
    voluntary_allowed = serializers.BooleanField(help_text="Two or more out of action.")
    members = serializers.IntegerField()
    out_of_action = serializers.IntegerField()
    threshold = serializers.IntegerField(help_text="Out of action from which a test is due.")
    percent_out = serializers.FloatField()
    explanation = serializers.CharField(help_text="In English.")


@extend_schema(
    summary="Is a Mordheim rout test due?",
    request=RoutTestSerializer,
    responses={
        200: RoutTestResultSerializer,
        400: OpenApiResponse(ErrorsSerializer, description="Impossible numbers, by path."),
    },
    examples=[
        OpenApiExample(
            "Three of ten out of action",
            value={
                "members": 10,
                "out_of_action": 3,
                "leader_out_or_stunned": False,
                "leader_ld": 8,
                "other_lds": [7, 6],
            },
            request_only=True,
        ),
        OpenApiExample(
            "A test against the leader Ld",
            value={
                "due": True,
                "ld": 8,
                "ld_from": "leader",
                "voluntary_allowed": True,
                "members": 10,
                "out_of_action": 3,
                "threshold": 3,
                "percent_out": 30.0,
                "explanation": "3 of 10 out of action: rout test due, 2D6 <= 8 (the leader's Ld)",
            },
            response_only=True,
            status_codes=["200"],
        ),
        _error_example(
            "More out of action than members",
            "out_of_action",
            "11 out of action, only 10 members",
        ),
    ],
    tags=TAGS,
    auth=[],
)
@_play_aid
def mordheim_rout_test(request):
    """Mordheim rout test (RULES.md 3): due at the start of the turn with 25 % or more of
    the warband out of action; 2D6 <= the leader's Ld, or the highest Ld among the active
    models when the leader is out of action or stunned. A voluntary rout is allowed with
    two or more out of action."""
    return tools.mordheim_rout_test(**read_body(RoutTestSerializer, request))


# -- Boarding Action ----------------------------------------------------------------------


class HullBreachSerializer(_NoUnknownFields):
    glancing = TrueFalseField(
        required=False, default=False, help_text="A glancing hit: -2 on the roll."
    )
    roll = WholeNumberField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Your D6 roll, 1 to 6; leave it out and the server rolls.",
    )


class HullBreachResultSerializer(serializers.Serializer):
    roll = serializers.IntegerField(help_text="The D6 as rolled.")
    glancing = serializers.BooleanField()
    modified = serializers.IntegerField(help_text="After the glancing modifier, kept on the table.")
    result = serializers.CharField(help_text="The result's key, e.g. breach.")
    name = serializers.CharField()
    description = serializers.CharField()
    server_roll = serializers.BooleanField(help_text="True when the server rolled the die.")


@extend_schema(
    summary="Boarding Action hull breach",
    request=HullBreachSerializer,
    responses={
        200: HullBreachResultSerializer,
        400: OpenApiResponse(ErrorsSerializer, description="A roll off the die, by path."),
    },
    examples=[
        OpenApiExample("A glancing 6", value={"glancing": True, "roll": 6}, request_only=True),
        OpenApiExample("Let the server roll", value={"glancing": False}, request_only=True),
        OpenApiExample(
            "A glancing 6 reads as 4",
            value={
                "roll": 6,
                "glancing": True,
                "modified": 4,
                "result": "breach",
                "name": "Hull breach",
                "description": "Every model in the section passes an armour or "
                "invulnerable save or loses a wound, and may only move; the air is back "
                "next round. Walkers take no save.",
                "server_roll": False,
            },
            response_only=True,
            status_codes=["200"],
        ),
        _error_example("A seven", "roll", "a hull-breach roll is a whole number from 1 to 6"),
    ],
    tags=TAGS,
    auth=[],
)
@_play_aid
def boarding_action_hull_breach(request):
    """Look a D6 up on the hull-breach table (RULES.md 2): the loaded pack's table, else
    the rules' own. A glancing hit modifies the roll by the table's glancing_modifier (-2),
    kept on the table. Without a roll the server rolls one (random.SystemRandom)."""
    return tools.boarding_action_hull_breach(**read_body(HullBreachSerializer, request))
