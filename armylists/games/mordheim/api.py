"""Mordheim's rout test over the API: the same function as its page (``rout_test.py``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers

from armylists.api.errors import ErrorsSerializer
from armylists.api.parsers import read_body
from armylists.api.strict import NoUnknownFields
from armylists.games.mordheim import rout_test
from armylists.playaids.api import TAGS, TrueFalseField, WholeNumberField, error_example, play_aid


class RoutTestSerializer(NoUnknownFields):
    members = WholeNumberField(help_text="Fighters in the warband (at least 1).")
    out_of_action = WholeNumberField(help_text="Of them out of action (at most members).")
    leader_out_or_stunned = TrueFalseField(required=False, default=False)
    leader_ld = WholeNumberField(
        required=False,
        allow_null=True,
        default=None,
        min_value=rout_test.LD_MIN,
        max_value=rout_test.LD_MAX,
        help_text="Needed when a test is due and the leader is neither out of action nor stunned.",
    )
    other_lds = serializers.ListField(
        child=WholeNumberField(min_value=rout_test.LD_MIN, max_value=rout_test.LD_MAX),
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
        error_example(
            "More out of action than members",
            "out_of_action",
            "11 out of action, only 10 members",
        ),
    ],
    tags=TAGS,
    auth=[],
)
@play_aid
def mordheim_rout_test(request):
    """Mordheim rout test (docs/rules/mordheim.md): due at the turn's start with 25 % or more of
    the warband out of action; 2D6 <= the leader's Ld, or the highest Ld among the active
    models when the leader is out of action or stunned. A voluntary rout is allowed with
    two or more out of action."""
    return rout_test.mordheim_rout_test(**read_body(RoutTestSerializer, request))
