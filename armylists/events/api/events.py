"""Events over the API: open one, read and change it, join it (docs/api.md, "Events").

Every endpoint needs a login (403 ``not_authenticated``). An event is a 404 to anyone
without a part in it; the organiser and staff with edit rights change it (403
``permission_denied`` to the other parts), the organiser alone names the staff. The
submissions, the withdrawal and the exports: ``api_submissions``.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.events import selectors, services, submitting
from armylists.events.api.common import (
    CONFLICT,
    EVENT_ID,
    NOT_ALLOWED,
    NOT_FOUND,
    REFUSED,
    TAGS,
    conflict,
    error,
    event_payload,
    query_checked,
    refused,
    role_or_404,
    url,
)
from armylists.events.api.serializers import (
    CREATE_EXAMPLE,
    EventCreateSerializer,
    EventPageSerializer,
    EventSerializer,
    EventUpdateSerializer,
    JoinSerializer,
)
from armylists.events.borrowed_web import ListPagination


@extend_schema(
    methods=["GET"],
    operation_id="v1_events_list",
    parameters=[
        OpenApiParameter("page", {"type": "integer", "minimum": 1}),
        OpenApiParameter("page_size", {"type": "integer", "minimum": 1, "maximum": 100}),
    ],
    responses={200: EventPageSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)
@extend_schema(
    methods=["POST"],
    request=EventCreateSerializer,
    responses={201: EventSerializer, 400: REFUSED, 403: NOT_ALLOWED},
    examples=[CREATE_EXAMPLE],
    tags=TAGS,
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def event_collection(request):
    """GET: the events you organise, help with or play in, the latest close first, 25 a
    page. POST: open an event; you are its organiser. The answer holds its join_token and
    join_url: whoever has the link may join until lists_close."""
    now = timezone.now()
    if request.method == "GET":
        query_checked(request, {"page", "page_size"})
        paginator = ListPagination()
        page = paginator.paginate_queryset(selectors.events_of(user=request.user), request)
        roles = selectors.roles_in(user=request.user, events=page)
        return paginator.get_paginated_response(
            [event_payload(request, roles[e.pk], now) for e in page]
        )
    body = read_body(EventCreateSerializer, request)
    try:
        event = services.event_create(owner=request.user, fields=body, now=now)
    except services.EventRefused as exc:
        return refused(exc)
    role = selectors.event_role(user=request.user, event_id=event.pk)
    response = Response(event_payload(request, role, now), status=status.HTTP_201_CREATED)
    response["Location"] = url(request, "api-event", event.pk)
    return response


@extend_schema(
    methods=["GET"],
    parameters=[EVENT_ID],
    responses={200: EventSerializer, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)
@extend_schema(
    methods=["PATCH"],
    parameters=[EVENT_ID],
    request=EventUpdateSerializer,
    responses={200: EventSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)
@api_view(["GET", "PATCH"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def event_detail(request, event_id):
    """GET: the event and your part in it (the join link and the staff for the organiser
    and staff). PATCH (the organiser, staff with edit rights): any field of the event
    but its game; pack and battle_size only while nothing is submitted, lists_close and
    reveal only until the reveal; renew_join_token; staff (the organiser)."""
    now = timezone.now()
    role = role_or_404(request, event_id)
    if request.method == "GET":
        return Response(event_payload(request, role, now))
    if not role.can_edit:
        raise PermissionDenied("only the organiser and staff with edit rights change the event")
    body = read_body(EventUpdateSerializer, request)
    if "staff" in body and not role.can_manage:
        raise PermissionDenied("only the organiser names the staff")
    try:
        services.event_update(role=role, changes=body, now=now)
    except services.EventRefused as exc:
        return refused(exc)
    role = selectors.event_role(user=request.user, event_id=role.event.pk)
    return Response(event_payload(request, role, now))


@extend_schema(
    parameters=[EVENT_ID],
    request=JoinSerializer,
    responses={
        200: OpenApiResponse(EventSerializer, description="Joined (or already a player)."),
        400: REFUSED,
        403: NOT_ALLOWED,
        404: OpenApiResponse(NOT_FOUND.response, description="No such event, or not its "
                             "current join token (the same answer)."),
        409: CONFLICT,
    },
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def event_join(request, event_id):
    """Join as a player with the join link's token, until lists_close and while the
    event has room (409 event_closed, event_full)."""
    now = timezone.now()
    body = read_body(JoinSerializer, request)
    event = selectors.event_by_token(token=body["join_token"])
    role = selectors.event_role(user=request.user, event_id=event_id)
    if event is None or str(event.pk) != str(event_id):
        if role is not None:  # he knows the event: say what is wrong
            return error("invalid", "not this event's current join token",
                         status.HTTP_400_BAD_REQUEST, "join_token")  # fmt: skip
        return error("not_found", "no such event", status.HTTP_404_NOT_FOUND)
    try:
        submitting.event_join(event=event, user=request.user, token=body["join_token"], now=now)
    except services.EventConflict as exc:
        return conflict(exc)
    role = selectors.event_role(user=request.user, event_id=event.pk)
    return Response(event_payload(request, role, now))
