"""Tournament snapshots over the API.

``POST /lists/{id}/snapshots/`` freezes the owner's list (403 not_authenticated without
login, 404 for a list that is not theirs); ``GET`` there lists them. ``GET
/snapshots/{code}/`` is for anyone with the code (a wrong code: 404), and ``POST
/snapshots/verify/`` for anyone with a list document.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
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
from armylists.compare import snapshots
from armylists.compare.api.diff import owned_list
from armylists.compare.api.snapshot_schema import (
    SNAPSHOT_EXAMPLE,
    VERIFY_ANSWER_EXAMPLE,
    VERIFY_EXAMPLE,
    SnapshotSerializer,
    SnapshotTodaySerializer,
    VerifyResultSerializer,
    VerifySerializer,
)
from armylists.lists import selectors
from armylists.lists.api.views import BODY_PARSERS, read_body
from armylists.lists.documents import document_read
from armylists.models import Snapshot
from rules.engine import DocumentError, ProblemAt

TAGS = ["snapshots"]
NOT_LOGGED_IN = OpenApiResponse(
    ErrorsSerializer, description='Not logged in ("not_authenticated").'
)
NO_SUCH_LIST = OpenApiResponse(ErrorsSerializer, description="No such list among yours.")


def _urls(request, code: str) -> dict:
    return {
        "url": request.build_absolute_uri(reverse("snapshot", args=[code])),
        "api_url": request.build_absolute_uri(reverse("api-snapshot", args=[code])),
    }


def _answer(request, snapshot: Snapshot, *, today: bool = False) -> dict:
    payload = snapshots.snapshot_payload(snapshot=snapshot, today=today)
    return {
        "code": payload.pop("code"),
        "hash": payload.pop("hash"),
        **_urls(request, snapshot.code),
        **payload,
    }


@extend_schema(
    methods=["POST"],
    parameters=[OpenApiParameter("list_id", OpenApiTypes.INT, OpenApiParameter.PATH)],
    request=None,
    responses={
        201: SnapshotSerializer,
        200: OpenApiResponse(
            SnapshotSerializer,
            description="This army was frozen against this data before: that snapshot.",
        ),
        403: NOT_LOGGED_IN,
        404: NO_SUCH_LIST,
    },
    examples=[SNAPSHOT_EXAMPLE],
    tags=TAGS,
)
@extend_schema(
    methods=["GET"],
    parameters=[OpenApiParameter("list_id", OpenApiTypes.INT, OpenApiParameter.PATH)],
    responses={200: SnapshotSerializer(many=True), 403: NOT_LOGGED_IN, 404: NO_SUCH_LIST},
    examples=[SNAPSHOT_EXAMPLE],
    tags=TAGS,
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def list_snapshots(request, list_id):
    """POST: freeze the list's current saved version for a tournament: validated with
    today's data and stored with its data version and hash; it never changes after.
    GET: the list's snapshots, newest first."""
    army_list = owned_list(request, list_id)
    if request.method == "GET":
        found = selectors.snapshots_of_list(army_list=army_list)
        return Response([_answer(request, s) for s in found])
    snapshot, created = snapshots.snapshot_create(army_list=army_list)
    response = Response(
        _answer(request, snapshot),
        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
    )
    if created:
        response["Location"] = request.build_absolute_uri(
            reverse("api-snapshot", args=[snapshot.code])
        )
    return response


@extend_schema(
    parameters=[OpenApiParameter("code", OpenApiTypes.STR, OpenApiParameter.PATH)],
    responses={
        200: SnapshotTodaySerializer,
        404: OpenApiResponse(ErrorsSerializer, description="No snapshot has this code."),
    },
    examples=[SNAPSHOT_EXAMPLE],
    tags=TAGS,
    auth=[],
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def snapshot_detail(request, code):
    """A frozen list for anyone with its code: as checked when frozen, whether it is still
    legal with today's data (still_valid) and what changed in the data since."""
    snapshot = selectors.snapshot_get(code=code)
    if snapshot is None:
        raise NotFound("no snapshot has this code")
    return Response(_answer(request, snapshot, today=True))


@extend_schema(
    request=VerifySerializer,
    responses={
        200: VerifyResultSerializer,
        400: OpenApiResponse(
            ErrorsSerializer, description='A malformed document, by path ("document.entries[0]").'
        ),
    },
    examples=[VERIFY_EXAMPLE, VERIFY_ANSWER_EXAMPLE],
    tags=TAGS,
    auth=[],
)
@api_view(["POST"])
@authentication_classes([])  # no login, so no CSRF: the answer depends only on the body
@permission_classes([AllowAny])
@parser_classes(BODY_PARSERS)
def snapshot_verify(request):
    """Whether a list document is exactly a frozen list (same army, same game, same data
    version; entry ids, key order and whitespace do not matter)."""
    data = read_body(VerifySerializer, request)["document"]
    try:
        document = document_read(data=data)
    except DocumentError as exc:
        raise DocumentError(
            [
                ProblemAt(f"document.{p.path}" if p.path else "document", p.message, p.code)
                for p in exc.errors
            ]
        ) from None
    found = snapshots.snapshot_verify(document=document)
    if found is None:
        return Response({"matches": False, "code": None, "url": None, "hash": None})
    return Response(
        {
            "matches": True,
            "code": found.code,
            "url": _urls(request, found.code)["url"],
            "hash": found.hash,
        }
    )
