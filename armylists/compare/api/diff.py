"""List diffs over the API: a saved list against one of its versions, another list of the
caller's or a list shared with them; and two documents posted by anyone.

Access: ``GET /lists/{id}/diff/`` is the owner's (403 not_authenticated without login;
404 for a list that is not theirs, a version not in its history, another list that is not
theirs, or a share token that is unknown or revoked). ``POST /diff/`` needs nothing: the
answer depends only on the body and the game data.
"""

from __future__ import annotations

import re

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer
from armylists.api.kept import AUTHENTICATION
from armylists.compare import diff
from armylists.compare.api.diff_schema import (
    ANSWER_EXAMPLE,
    BODY_EXAMPLE,
    DiffBodySerializer,
    DiffQuerySerializer,
    DiffSerializer,
)
from armylists.lists import selectors
from armylists.lists.api.views import BODY_PARSERS
from armylists.lists.documents import catalogue_of, document_read
from armylists.models import ArmyList, ArmyListVersion
from rules.engine import DocumentError, ProblemAt

TAGS = ["diff"]
_ID = re.compile(r"[0-9]{1,18}")  # fits a bigint: a longer id cannot exist


def owned_list(request, list_id: str) -> ArmyList:
    """The caller's list, or the API's 404 (another's list does not exist for them)."""
    army_list = None
    if _ID.fullmatch(list_id):
        army_list = selectors.list_get_for_owner(owner=request.user, list_id=int(list_id))
    if army_list is None:
        raise NotFound("no such list")
    return army_list


def _query(request) -> dict:
    # One value per parameter (the last, as Django reads it); others (?format=) are DRF's.
    names = ("version", "to", "against", "shared")
    data = {k: request.query_params.get(k) for k in names if k in request.query_params}
    serializer = DiffQuerySerializer(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def list_diff_of(request, army_list: ArmyList, query: dict) -> diff.Diff:
    """The diff a query asks for (pages and API read the same parameters)."""
    if "version" in query:
        try:
            return diff.diff_versions(
                army_list=army_list, version=query["version"], to=query.get("to")
            )
        except ArmyListVersion.DoesNotExist as exc:
            raise NotFound(str(exc)) from None
    if "against" in query:
        other = selectors.list_get_for_owner(owner=request.user, list_id=int(query["against"]))
        if other is None:
            raise NotFound("no such list")
        return diff.diff_lists(before=other, after=army_list)
    other = selectors.list_get_shared(token=query["shared"])
    if other is None:
        raise NotFound("no list is shared with this link")
    return diff.diff_lists(before=other, after=army_list)


@extend_schema(
    parameters=[
        OpenApiParameter("list_id", OpenApiTypes.INT, OpenApiParameter.PATH),
        DiffQuerySerializer,
    ],
    responses={
        200: DiffSerializer,
        400: OpenApiResponse(
            ErrorsSerializer, description="Not exactly one of version, against, shared; or a "
            "malformed value (named by its path)."
        ),
        403: OpenApiResponse(ErrorsSerializer, description='Not logged in ("not_authenticated").'),
        404: OpenApiResponse(
            ErrorsSerializer,
            description="No such list among yours, no such version, or an unknown or revoked "
            "share token.",
        ),
    },
    examples=[ANSWER_EXAMPLE],
    tags=TAGS,
)  # fmt: skip
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def list_diff(request, list_id):
    """What changed from `?version=N` (to `&to=M`, default the current version), from your
    list `?against=<id>`, or from the list shared as `?shared=<token>`, to this list: entries
    added, removed and changed (matched by id), special actions, list fields, points and
    violations gained and lost, both sides validated with today's data."""
    army_list = owned_list(request, list_id)
    return Response(list_diff_of(request, army_list, _query(request)).payload)


@extend_schema(
    request=DiffBodySerializer,
    responses={
        200: DiffSerializer,
        400: OpenApiResponse(
            ErrorsSerializer,
            description='A malformed document: every problem by path ("before.entries[2].size").',
        ),
    },
    examples=[BODY_EXAMPLE, ANSWER_EXAMPLE],
    tags=TAGS,
    auth=[],
)
@api_view(["POST"])
# Like validate: no login needed, but whoever is logged in may name the packs he may use
# (his own among them); a session login brings CSRF with it, as everywhere.
@authentication_classes(AUTHENTICATION)
@permission_classes([AllowAny])
@parser_classes(BODY_PARSERS)
def document_diff(request):
    """What changed between two list documents (muster-list/1). Documents without entry
    ids, or two that share none, are matched by card."""
    serializer = DiffBodySerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    sides, problems = {}, []
    for side in ("before", "after"):
        try:
            sides[side] = document_read(data=serializer.validated_data[side])
            # An unknown game system or pack: named on its side.
            catalogue_of(sides[side], reader=request.user)
        except DocumentError as exc:
            problems += [_under(side, p) for p in exc.errors]
    if problems:
        raise DocumentError(problems)
    return Response(diff.diff_documents(**sides, reader=request.user).payload)


def _under(side: str, problem: ProblemAt) -> ProblemAt:
    path = f"{side}.{problem.path}" if problem.path else side
    return ProblemAt(path, problem.message, problem.code)
