"""Kemet's battle resolver over the API: the same function as its page (``battle.py``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers

from armylists.api.errors import ErrorsSerializer
from armylists.api.fields import Text
from armylists.api.parsers import read_body
from armylists.api.schema import ClosedSerializerExtension
from armylists.api.strict import NoUnknownFields
from armylists.games.kemet import battle
from armylists.playaids.api import TAGS, TrueFalseField, WholeNumberField, error_example, play_aid
from rules.systems import kemet

# The request serializers check the body's shape (types, bounds, no unknown field, a card
# or its values), so the published schema is what is enforced; the resolver then checks
# what needs the game data (which cards exist and may be played) and names each problem.

COUNT_MAX = 999  # as on the page (armylists/playaids.count_field)


def _count(**kwargs):
    return WholeNumberField(min_value=0, max_value=COUNT_MAX, **kwargs)


class KemetCardValuesSerializer(NoUnknownFields):
    strength = _count(required=False, default=0)
    damage = _count(required=False, default=0)
    shield = _count(required=False, default=0)
    critical = _count(required=False, default=0)
    sacrifice = _count(
        required=False, default=0, help_text="Own soldiers removed, not lost."
    )


class KemetBonusSerializer(NoUnknownFields):
    strength = _count(required=False, default=0)
    damage = _count(required=False, default=0)
    shield = _count(required=False, default=0)
    critical = _count(required=False, default=0)


class KemetInterventionSerializer(NoUnknownFields):
    key = Text(
        max_length=100, help_text="A divine intervention of the kemet pack."
    )


class KemetSideSerializer(NoUnknownFields):
    soldiers = _count()
    card = Text(
        required=False,
        allow_null=True,
        max_length=100,
        help_text="A battle card of the kemet pack. Exactly one of card and card_values.",
    )
    card_values = KemetCardValuesSerializer(
        required=False,
        allow_null=True,
        help_text="The values of a card typed in, instead of a card key. Exactly one of "
        "card and card_values.",
    )
    bonus = KemetBonusSerializer(
        required=False, allow_null=True, help_text="Bonuses from tiles, veterans and the like."
    )
    interventions = KemetInterventionSerializer(
        many=True,
        required=False,
        max_length=50,
        help_text="Paid in this order from prayer_points; one that cannot be paid goes back "
        "to hand, as does a bluff. A day card is refused (card_not_allowed).",
    )
    prayer_points = _count(required=False, default=0)
    in_own_city_district = TrueFalseField(
        required=False, default=False, help_text="+1 strength."
    )

    def validate(self, attrs):
        has_card = attrs.get("card") is not None
        has_values = attrs.get("card_values") is not None
        if has_card == has_values:
            message = (
                "give card or card_values, not both"
                if has_card
                else "give a battle card key or card_values"
            )
            raise serializers.ValidationError(
                {"card": [message]}, code="invalid" if has_card else "required"
            )
        return attrs


class KemetSideExtension(ClosedSerializerExtension):
    """The schema says what validate() enforces: exactly one of card and card_values."""

    target_class = KemetSideSerializer
    match_subclasses = False
    priority = 1

    def map_serializer(self, auto_schema, direction):
        schema = super().map_serializer(auto_schema, direction)
        if direction == "request":
            schema["oneOf"] = [
                {
                    "required": ["card"],
                    "properties": {"card": {"type": "string"}, "card_values": {"type": "null"}},
                },
                {
                    "required": ["card_values"],
                    "properties": {"card_values": {"type": "object"}, "card": {"type": "null"}},
                },
            ]
        return schema


class KemetBattleSerializer(NoUnknownFields):
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
        error_example(
            "A day card played in battle",
            "attacker.interventions[0].key",
            "Morning Offering (sample day card) is a day card: it may not be played in battle",
            "card_not_allowed",
        ),
    ],
    tags=TAGS,
    auth=[],
)
@play_aid
def kemet_battle(request):
    """Fight one battle of Kemet: Blood and Sand (docs/rules/kemet.md, steps 2-6) with the cards of
    the kemet pack: strengths, who wins (a tie goes to the defender), critical damage
    (not blocked by shields), sacrifices, damage against shields, the loser's options and
    the rewards, with every step explained."""
    return battle.kemet_battle(_plain(read_body(KemetBattleSerializer, request)))


def _plain(data):
    """Validated data as plain dicts and lists, as the resolver reads a battle."""
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    return data
