"""Battles of a campaign over the API: record one battle's whole post-battle sequence at
once (or preview it), and take the last battle back as a whole. Thin: the body is
checked here for shape and bounds, ``services.campaign_battles`` does the rest.

Access as for every private list endpoint: anonymous callers get 403
``not_authenticated``; a list that is not yours answers 404 like one that does not
exist. A list of a game that keeps no campaign: POST 400 ``wrong_system``, DELETE 404.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer, problems_response
from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.games.mordheim.campaign_api import campaign_battle_examples as examples
from armylists.games.mordheim.campaign_api.campaign_battle_input import (
    NewBattleSerializer,
    without_nulls,
)
from armylists.games.mordheim.campaign_api.campaign_serializers import (
    TAGS,
    BattleSerializer,
    CampaignStateSerializer,
)
from armylists.games.mordheim.services import campaign
from armylists.games.mordheim.services import campaign_battles as battles
from armylists.lists.api.owned import LIST_ID, NOT_LOGGED_IN
from armylists.lists.api.owned import owned_list_or_404 as _owned
from armylists.models import ArmyList


class BattleChangeSerializer(serializers.Serializer):
    battle = BattleSerializer()
    campaign = CampaignStateSerializer()


class BattlePreviewSerializer(serializers.Serializer):
    battle = BattleSerializer(help_text="Not recorded; its pending lists what is owed.")
    rating = serializers.IntegerField(help_text="The warband's rating after it.")
    treasury = serializers.IntegerField()


class BattleUndoneSerializer(CampaignStateSerializer):
    battle = BattleSerializer(help_text="The battle taken back.")


@extend_schema(
    summary="Record a battle and its post-battle sequence",
    parameters=[LIST_ID],
    request=NewBattleSerializer,
    responses={
        201: BattleChangeSerializer,
        200: OpenApiResponse(BattlePreviewSerializer, description="dry_run: nothing recorded."),
        400: OpenApiResponse(
            ErrorsSerializer,
            description="A step cannot be applied (by path, e.g. \"purchases[0].item\", "
            "\"injuries[1].entry_id\", \"recruits[0].card\"), a choice is still owed "
            "(code required), or the game keeps no campaign (wrong_system). Nothing is "
            "recorded.",
        ),
        403: NOT_LOGGED_IN,
        404: OpenApiResponse(ErrorsSerializer, description="No such list among yours."),
    },
    examples=[*examples.REQUESTS, examples.RECORDED, *examples.ERRORS],
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def campaign_battles(request, list_id):
    """Record one battle, all or nothing, its steps in the order of the rules: who fights
    (games missed, old battle wounds), injuries and captives, experience and advances,
    exploration, selling wyrdstone, trading and recruits, the new rating. Dice left out
    are rolled by the server (random.SystemRandom) and stored, so the battle replays
    the same every time; `dry_run` answers what it would do without recording it."""
    army_list = _owned(request, list_id)
    body = read_body(NewBattleSerializer, request)
    dry_run = body.pop("dry_run", False)
    spec = without_nulls(body)
    try:
        if dry_run:
            preview = battles.battle_preview(army_list=army_list, spec=spec)
            return Response(BattlePreviewSerializer({
                "battle": preview, "rating": preview["rating"],
                "treasury": preview["treasury_after"]}).data)
        battle = battles.battle_record(army_list=army_list, spec=spec,
                                                user=request.user)
    except campaign.CampaignRefused as error:
        return problems_response(error.problems)
    except ArmyList.DoesNotExist:  # deleted between the lookup and the record
        raise NotFound("no such list") from None
    state = campaign.campaign_state(army_list=army_list)
    return Response(BattleChangeSerializer({"battle": battle, "campaign": state}).data,
                    status=status.HTTP_201_CREATED)


@extend_schema(
    summary="Undo the last battle",
    parameters=[LIST_ID],
    request=None,
    responses={
        200: BattleUndoneSerializer,
        403: NOT_LOGGED_IN,
        404: OpenApiResponse(
            ErrorsSerializer,
            description="No such list among yours, its game keeps no campaign, or no battle.",
        ),
        409: OpenApiResponse(
            ErrorsSerializer, description="An event was recorded after the last battle "
            "(last_is_event): undo it first (DELETE .../campaign/events/last/).",
        ),
    },
    examples=[examples.UNDONE],
    tags=TAGS,
)
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def campaign_battle_last(request, list_id):
    """Take back the last battle as a whole: every step of it. Answers the campaign
    state as it was before that battle, and the battle taken back."""
    army_list = _owned(request, list_id)
    if not campaign.list_has_campaign(army_list=army_list):
        raise NotFound("no campaign log: this list's game keeps none")
    try:
        removed = battles.battle_undo(army_list=army_list)
    except campaign.CampaignRefused as error:
        return Response({"errors": error.as_dicts()}, status=status.HTTP_409_CONFLICT)
    except ArmyList.DoesNotExist:
        removed = None
    if removed is None:
        raise NotFound("no battle is recorded")
    state = campaign.campaign_state(army_list=army_list)
    return Response(BattleUndoneSerializer({**state, "battle": removed}).data)
