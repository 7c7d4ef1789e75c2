"""Boarding Action's hull-breach table over the API: the same function as its page
(``hull_breach.py``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers

from armylists.api.errors import ErrorsSerializer
from armylists.api.parsers import read_body
from armylists.api.strict import NoUnknownFields
from armylists.games.boarding_action import hull_breach
from armylists.playaids.api import TAGS, TrueFalseField, WholeNumberField, error_example, play_aid


class HullBreachSerializer(NoUnknownFields):
    glancing = TrueFalseField(
        required=False, default=False, help_text="A glancing hit: -2 on the roll."
    )
    roll = WholeNumberField(
        required=False,
        allow_null=True,
        default=None,
        rules_range=(1, 6),
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
        error_example("A seven", "roll", "a hull-breach roll is a whole number from 1 to 6"),
    ],
    tags=TAGS,
    auth=[],
)
@play_aid
def boarding_action_hull_breach(request):
    """Look a D6 up on the hull-breach table (docs/rules/boarding_action.md): the pack's table, else
    the rules' own. A glancing hit modifies the roll by the table's glancing_modifier (-2),
    kept on the table. Without a roll the server rolls one (random.SystemRandom)."""
    return hull_breach.boarding_action_hull_breach(**read_body(HullBreachSerializer, request))
