"""An event's submissions over the API: submit, read, withdraw, export.

Who reads what (``selectors``): the organiser and staff every submission; a player his
own, and after the reveal every player's that counts. Submitting and withdrawing are a
joined player's, until lists_close (409 ``event_closed`` after it); someone without a
part in the event gets a 404 everywhere. The exports are the organiser's and staff's.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import ErrorDetail, NotFound, PermissionDenied, ValidationError
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.api.renderers import JSONRenderer
from armylists.events import reports, selectors, services, submitting
from armylists.events.api.common import (
    CONFLICT,
    EVENT_ID,
    NOT_ALLOWED,
    NOT_FOUND,
    REFUSED,
    SUBMISSION_ID,
    TAGS,
    conflict,
    error,
    query_checked,
    refused,
    role_or_404,
    submission_payload,
    url,
)
from armylists.events.api.serializers import (
    SUBMIT_EXAMPLE,
    SubmissionDetailSerializer,
    SubmissionPageSerializer,
    SubmissionSerializer,
    SubmitSerializer,
)
from armylists.events.borrowed import snapshots
from armylists.events.borrowed_web import ListPagination
from armylists.events.downloads import export_answer
from armylists.events.models import Participant

NOT_A_PLAYER = "join the event as a player to submit or withdraw a list"


def _current_ids(event) -> set[int]:
    found = Participant.objects.filter(event=event, current__isnull=False)
    return set(found.values_list("current_id", flat=True))


def _current_only(request) -> bool:
    given = request.query_params.get("current", "false")
    if given not in ("true", "false"):
        raise ValidationError({"current": [ErrorDetail("must be true or false", code="invalid")]})
    return given == "true"


@extend_schema(
    methods=["GET"],
    operation_id="v1_events_submissions_list",
    parameters=[
        EVENT_ID,
        OpenApiParameter("current", {"type": "string", "enum": ["true", "false"]},
                         description="true: only each player's submission that counts."),
        OpenApiParameter("page", {"type": "integer", "minimum": 1}),
        OpenApiParameter("page_size", {"type": "integer", "minimum": 1, "maximum": 100}),
    ],
    responses={200: SubmissionPageSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)  # fmt: skip
@extend_schema(
    methods=["POST"],
    parameters=[EVENT_ID],
    request=SubmitSerializer,
    responses={
        201: SubmissionSerializer,
        400: OpenApiResponse(REFUSED.response, description='"list": not_found (no such list '
                             "among yours), wrong_system (a list of another game)."),
        403: NOT_ALLOWED, 404: NOT_FOUND, 409: CONFLICT,
    },
    examples=[SUBMIT_EXAMPLE],
    tags=TAGS,
)  # fmt: skip
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def submissions(request, event_id):
    """POST: submit one of your saved lists (its saved version): a frozen copy with the
    event's pack version and battle size, judged on the event's data; your list is not
    changed. It counts from now; each submission is kept. GET: the submissions you may
    see, newest first."""
    now = timezone.now()
    role = role_or_404(request, event_id)
    catalogue = selectors.event_catalogue(role.event)
    if request.method == "GET":
        query_checked(request, {"current", "page", "page_size"})
        only = _current_only(request)
        found = selectors.submissions_visible(role=role, now=now, current_only=only)
        paginator = ListPagination()
        page = paginator.paginate_queryset(found, request)
        counting = _current_ids(role.event)
        return paginator.get_paginated_response([
            submission_payload(request, s, catalogue, current=s.pk in counting) for s in page
        ])  # fmt: skip
    if not role.player:
        return error("not_a_player", NOT_A_PLAYER, status.HTTP_403_FORBIDDEN)
    body = read_body(SubmitSerializer, request)
    try:
        submission = submitting.event_submit(role=role, list_id=body["list"], now=now)
    except services.EventRefused as exc:
        return refused(exc)
    except services.EventConflict as exc:
        return conflict(exc)
    response = Response(submission_payload(request, submission, catalogue, current=True),
                        status=status.HTTP_201_CREATED)  # fmt: skip
    response["Location"] = url(request, "api-event-submission", role.event.pk, submission.pk)
    return response


@extend_schema(
    operation_id="v1_events_submission_retrieve",
    parameters=[EVENT_ID, SUBMISSION_ID],
    responses={200: SubmissionDetailSerializer, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def submission_detail(request, event_id, submission_id):
    """One submission with its frozen list document, for whoever may see it (else 404)."""
    now = timezone.now()
    role = role_or_404(request, event_id)
    found = selectors.submission_for(role=role, submission_id=submission_id, now=now)
    if found is None:
        raise NotFound("no such submission")
    catalogue = selectors.event_catalogue(role.event)
    payload = submission_payload(
        request, found, catalogue, current=found.pk in _current_ids(role.event)
    )
    return Response({**payload, "document": snapshots.snapshot_export(snapshot=found.snapshot)})


@extend_schema(
    parameters=[EVENT_ID],
    request=None,
    responses={
        200: OpenApiResponse(SubmissionSerializer, description="The submission withdrawn."),
        403: NOT_ALLOWED,
        404: OpenApiResponse(NOT_FOUND.response, description="No such event, or nothing of "
                             "yours counts to withdraw."),
        409: CONFLICT,
    },
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def withdraw(request, event_id):
    """Withdraw your submission that counts (it stays on record as withdrawn); until
    lists_close you may submit again."""
    now = timezone.now()
    role = role_or_404(request, event_id)
    if not role.player:
        return error("not_a_player", NOT_A_PLAYER, status.HTTP_403_FORBIDDEN)
    try:
        submission = submitting.event_withdraw(role=role, now=now)
    except services.NothingToWithdraw:
        return error("not_found", "you have no submission to withdraw", status.HTTP_404_NOT_FOUND)
    except services.EventConflict as exc:
        return conflict(exc)
    catalogue = selectors.event_catalogue(role.event)
    return Response(submission_payload(request, submission, catalogue, current=False))


class _JSONUnlessTheViewSaysSo(BaseContentNegotiation):
    """``?format=`` is the export's format here, not DRF's renderer override: every answer
    DRF renders is JSON (errors included); the view writes text and CSV itself."""

    def select_parser(self, request, parsers):
        return DefaultContentNegotiation().select_parser(request, parsers)

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


EXPORT_ANSWERS = {
    (200, "application/json"): OpenApiResponse(
        OpenApiTypes.OBJECT, description='format=json: {"event", "submissions"}: each '
        "submission that counts with its frozen document (the file that verifies) and hash.",
    ),
    (200, "text/plain"): OpenApiResponse(
        OpenApiTypes.STR, description="format=text: every list's text export, one file."
    ),
    (200, "text/csv"): OpenApiResponse(
        OpenApiTypes.STR, description="format=csv: a row per player: player, list, faction, "
        "points, limit, legal, submitted_at, hash (blank: nothing submitted).",
    ),
    400: OpenApiResponse(REFUSED.response, description='An unknown "format" or parameter.'),
    403: NOT_ALLOWED,
    404: NOT_FOUND,
}  # fmt: skip


class EventExport(APIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _JSONUnlessTheViewSaysSo

    @extend_schema(
        operation_id="v1_events_export",
        parameters=[EVENT_ID, OpenApiParameter(
            "format", {"type": "string", "enum": list(reports.EXPORT_FORMATS), "default": "json"},
        )],
        responses=EXPORT_ANSWERS,
        tags=TAGS,
    )  # fmt: skip
    def get(self, request, event_id):
        """Every submission that counts, as JSON, one text file or CSV (the organiser and
        staff)."""
        role = role_or_404(request, event_id)
        if not role.sees_all:
            raise PermissionDenied("the exports are the organiser's and staff's")
        query_checked(request, {"format"})
        fmt = request.query_params.get("format", "json")
        if fmt not in reports.EXPORT_FORMATS:
            raise ValidationError({"format": [ErrorDetail(
                f"unknown format '{fmt[:40]}': one of {', '.join(reports.EXPORT_FORMATS)}",
                code="unknown_format")]})  # fmt: skip
        return export_answer(role.event, fmt)
