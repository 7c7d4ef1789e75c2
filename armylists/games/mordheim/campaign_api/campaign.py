"""A saved list's campaign log over the API (today: Mordheim's serious injuries, henchmen
out of action and experience), and the roster it made. Thin: read the body, call
``services.campaign``, shape the answer.

Access as for every private list endpoint (armylists/lists/api/lists.py): anonymous callers
get 403 ``not_authenticated``; a list that is not yours answers 404 like one that does
not exist. A list of a game that keeps no campaign log: GET and DELETE answer 404, POST
400 ``wrong_system``. Events name their fighter by ``entry_id`` (``entry``, the index in
the list, is still taken and always answered: null once the fighter was removed).
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer, problems_response
from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.api.strict import NoUnknownFields
from armylists.games.mordheim.campaign_api.campaign_serializers import (
    EVENT_TYPES,
    TAGS,
    CampaignEventSerializer,
    CampaignStateSerializer,
)
from armylists.games.mordheim.services import campaign
from armylists.lists.api.owned import LIST_ID, NOT_LOGGED_IN
from armylists.lists.api.owned import owned_list_or_404 as _owned
from armylists.models import ArmyList
from armylists.playaids.api import TrueFalseField, WholeNumberField
from armylists.playaids.api import error_example as _error_example

# -- request ------------------------------------------------------------------------------


class NewCampaignEventSerializer(NoUnknownFields):
    """One event. The rolls you leave out are rolled by the server and stored; ranges,
    the D66 digits and which fields a result takes are checked by the campaign rules."""

    type = serializers.ChoiceField(
        choices=list(EVENT_TYPES),
        help_text="serious_injury: a hero went out of action (D66). henchman_out_of_action: "
        "one model of a henchman group did (D6). experience: a fighter gains (or loses) "
        "experience.",
    )
    entry_id = serializers.CharField(
        required=False,
        max_length=32,
        help_text="The id of the fighter's list entry (a hero, or a henchman group of one "
        "entry). Give this or entry.",
    )
    entry = WholeNumberField(
        required=False,
        help_text="Index of the fighter in the list's entries (0 = first), as the list is "
        "now; turned into its entry_id. Give this or entry_id.",
    )
    roll = WholeNumberField(
        required=False,
        allow_null=True,
        help_text="serious_injury: the D66 (11-66, each digit 1-6); henchman_out_of_action: "
        "the D6 (1-2 lost with its gear). Left out or null: the server rolls.",
    )
    amount = WholeNumberField(
        required=False,
        min_value=-999,
        max_value=999,
        help_text="experience only: experience points gained (negative: lost). The fighter's "
        "experience stays within 0 and the end of his experience track (Mordheim: 90 for a "
        "hero, 14 for henchmen); past it: 400, code out_of_range.",
    )
    d6 = WholeNumberField(
        required=False,
        allow_null=True,
        help_text="serious_injury: the D6 a result asks for (multiple injuries: how many; arm "
        "wound, madness, smashed leg, bitter enmity). Left out: rolled.",
    )
    d3 = WholeNumberField(
        required=False, allow_null=True, help_text="serious_injury, deep wound: games missed."
    )
    injuries = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text='serious_injury, multiple injuries: the further injuries, e.g. [{"roll": '
        "22}]; the ones left out are rolled.",
    )
    won = TrueFalseField(
        required=False,
        allow_null=True,
        help_text="serious_injury, sold to the pits: the pit fight was won (left out: a D6 of "
        "4+ stands in).",
    )
    again = serializers.DictField(
        required=False,
        help_text='serious_injury, sold to the pits and lost: the next injury, e.g. {"roll": 41}.',
    )


class CampaignChangeSerializer(CampaignStateSerializer):
    event = CampaignEventSerializer(help_text="The event recorded, or removed.")


# -- examples -----------------------------------------------------------------------------

EXAMPLE_EVENT = {
    "sequence": 1,
    "type": "serious_injury",
    "entry_id": "hAns1",
    "entry": 0,
    "orphaned": False,
    "card": "reikland-mercenary-captain",
    "who": "Hans",
    "roll": 23,
    "result": "arm_wound",
    "d6": 4,
    "date": "2026-11-20T19:45:00Z",
    "summary": "Hans: 23 arm wound; D6 4: misses the next game",
    "what": "23 arm wound; D6 4: misses the next game",
}
REQUEST_EXAMPLES = [
    OpenApiExample(
        "Serious injury, rolled on the table",
        value={"type": "serious_injury", "entry_id": "hAns1", "roll": 22},
        request_only=True,
    ),
    OpenApiExample(
        "Serious injury, the server rolls",
        value={"type": "serious_injury", "entry": 1},
        summary="By the fighter's place in the list",
        request_only=True,
    ),
    OpenApiExample(
        "Multiple injuries, all dice typed",
        value={
            "type": "serious_injury",
            "entry_id": "hAns1",
            "roll": 16,
            "d6": 2,
            "injuries": [{"roll": 22}, {"roll": 24, "d6": 5}],
        },
        request_only=True,
    ),
    OpenApiExample(
        "Henchman out of action",
        value={"type": "henchman_out_of_action", "entry_id": "w4rr1", "roll": 2},
        request_only=True,
    ),
    OpenApiExample(
        "Experience",
        value={"type": "experience", "entry_id": "hAns1", "amount": 2},
        request_only=True,
    ),
]
CHANGE_EXAMPLE = OpenApiExample(
    "An arm wound",
    value={
        "event": EXAMPLE_EVENT,
        "events": [EXAMPLE_EVENT],
        "roster": {
            "faction": "reikland",
            "fighters": [
                {
                    "entry": 0,
                    "entry_id": "hAns1",
                    "card": "reikland-mercenary-captain",
                    "name": "Hans",
                    "hero": True,
                    "leader": True,
                    "models": 1,
                    "items": ["sword", "light-armour"],
                    "stats": {
                        "M": 4,
                        "WS": 4,
                        "BS": 4,
                        "S": 3,
                        "T": 3,
                        "W": 1,
                        "I": 4,
                        "A": 1,
                        "Ld": 8,
                    },
                    "experience": 20,
                    "status": "active",
                    "in_warband": True,
                    "recordable": True,
                    "misses_games": 1,
                    "injuries": ["arm_wound"],
                    "traits": [],
                    "hatred": [],
                    "lost_models": 0,
                    "large": False,
                }
            ],
            "treasury": 410,
            "log": ["Hans: 23 arm wound; D6 4: misses the next game"],
            "members": 1,
        },
        "rating": 25,
        "problems": [],
        "rout_test": {"members": 1, "leader": "Hans", "leader_ld": 8, "other_lds": []},
    },
    response_only=True,
    status_codes=["201", "200"],
)
ERROR_EXAMPLES = [
    _error_example(
        "Not a D66", "roll", "17 is not a D66 roll (11-66, each digit 1-6)", summary="400"
    ),
    _error_example(
        "No such entry",
        "entry_id",
        "no entry has the id 'zz9' in this warband",
        "unknown_entry",
        summary="400",
    ),
    _error_example(
        "A dead hero",
        "entry_id",
        "Hans is no longer in the warband (dead)",
        "not_in_warband",
        summary="400",
    ),
    _error_example(
        "Not a Mordheim list",
        "",
        "Godslayer lists keep no campaign log",
        "wrong_system",
        summary="400",
    ),
]
NO_CAMPAIGN = OpenApiResponse(
    ErrorsSerializer,
    description="No such list among yours, or its game keeps no campaign log.",
)


# -- views --------------------------------------------------------------------------------


def _with_campaign(request, list_id: str) -> ArmyList:
    army_list = _owned(request, list_id)
    if not campaign.list_has_campaign(army_list=army_list):
        raise NotFound("no campaign log: this list's game keeps none")
    return army_list


def _change(army_list: ArmyList, event: dict, status_code: int) -> Response:
    state = campaign.campaign_state(army_list=army_list)
    return Response(CampaignChangeSerializer({**state, "event": event}).data, status=status_code)


@extend_schema(
    summary="A warband's campaign log and roster",
    parameters=[LIST_ID],
    responses={200: CampaignStateSerializer, 403: NOT_LOGGED_IN, 404: NO_CAMPAIGN},
    examples=[
        OpenApiExample(
            "After an arm wound",
            value={k: v for k, v in CHANGE_EXAMPLE.value.items() if k != "event"},
            response_only=True,
            status_codes=["200"],
        )
    ],
    tags=TAGS,
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def campaign_detail(request, list_id):
    """The campaign log of a saved Mordheim warband (its rules: docs/rules/), oldest event
    first, and the roster it made: the saved list with every event applied (stats lowered, games to
    miss, traits and hatred, experience, dead and lost fighters out with their gear) and
    its warband rating."""
    army_list = _with_campaign(request, list_id)
    return Response(CampaignStateSerializer(campaign.campaign_state(army_list=army_list)).data)


@extend_schema(
    summary="Record a campaign event",
    parameters=[LIST_ID],
    request=NewCampaignEventSerializer,
    responses={
        201: CampaignChangeSerializer,
        400: OpenApiResponse(
            ErrorsSerializer,
            description='The warband cannot take this event (by path, e.g. "roll", '
            '"entry_id", "injuries[0].roll"), or the list\'s game keeps no campaign log '
            '("wrong_system"); nothing is recorded.',
        ),
        403: NOT_LOGGED_IN,
        404: NO_CAMPAIGN,
    },
    examples=[*REQUEST_EXAMPLES, CHANGE_EXAMPLE, *ERROR_EXAMPLES],
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def campaign_events(request, list_id):
    """Record one event after a battle: a serious injury of a hero (D66), a henchman out
    of action (D6: 1-2 lost with its gear) or experience. Rolls left out are rolled by the
    server (random.SystemRandom) and stored, so the log replays the same every time.
    Answers the event as recorded and the new state."""
    army_list = _owned(request, list_id)
    body = read_body(NewCampaignEventSerializer, request)
    event = {k: v for k, v in body.items() if v is not None}
    try:
        recorded = campaign.campaign_record_event(
            army_list=army_list, event=event, user=request.user
        )
    except campaign.CampaignRefused as error:
        return problems_response(error.problems)
    except ArmyList.DoesNotExist:  # deleted between the lookup and the record
        raise NotFound("no such list") from None
    return _change(army_list, recorded, status.HTTP_201_CREATED)


@extend_schema(
    summary="Undo the last campaign event",
    parameters=[LIST_ID],
    request=None,
    responses={
        200: CampaignChangeSerializer,
        403: NOT_LOGGED_IN,
        404: OpenApiResponse(
            ErrorsSerializer,
            description="No such list among yours, not a Mordheim warband, or an empty log.",
        ),
        409: OpenApiResponse(
            ErrorsSerializer,
            description="The last record is a battle (last_is_battle): take it back as a "
            "whole with DELETE .../campaign/battles/last/.",
        ),
    },
    examples=[CHANGE_EXAMPLE],
    tags=TAGS,
)
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def campaign_event_last(request, list_id):
    """Delete the last event of the log; answers it and the state without it."""
    army_list = _with_campaign(request, list_id)
    try:
        removed = campaign.campaign_undo(army_list=army_list)
    except campaign.CampaignRefused as error:  # the last record is a battle
        return Response({"errors": error.as_dicts()}, status=status.HTTP_409_CONFLICT)
    except ArmyList.DoesNotExist:
        removed = None
    if removed is None:
        raise NotFound("the campaign log is empty")
    return _change(army_list, removed, status.HTTP_200_OK)
