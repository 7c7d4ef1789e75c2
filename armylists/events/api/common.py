"""What the Events endpoints share: the schema's parameters and answers, finding the
event a request names (a 404 to anyone without a part in it), and the answers' shapes.
Thin: reads come from ``selectors`` and ``reports``, writes go through ``services``."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import status
from rest_framework.exceptions import ErrorDetail, NotFound, ValidationError
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer
from armylists.events import reports, selectors
from armylists.events.borrowed import pack_version_row
from armylists.events.models import Event
from armylists.events.services import NEVER, EventConflict, EventRefused

TAGS = ["events"]
EVENT_ID = OpenApiParameter("event_id", OpenApiTypes.INT, OpenApiParameter.PATH)
SUBMISSION_ID = OpenApiParameter("submission_id", OpenApiTypes.INT, OpenApiParameter.PATH)
NOT_FOUND = OpenApiResponse(
    ErrorsSerializer,
    description="No such event, or none you have a part in (the same answer).",
)
NOT_ALLOWED = OpenApiResponse(
    ErrorsSerializer,
    description='Not logged in ("not_authenticated"), or your part in the event does not '
    'allow it ("permission_denied", "not_a_player").',
)
REFUSED = OpenApiResponse(ErrorsSerializer, description="Every problem, by path.")
CONFLICT = OpenApiResponse(
    ErrorsSerializer,
    description='The event\'s state refuses it: "event_closed" (after lists_close), '
    '"event_full", "submission_limit", "data_gone".',
)


def role_or_404(request, event_id) -> selectors.Role:
    role = selectors.event_role(user=request.user, event_id=event_id)
    if role is None:
        raise NotFound("no such event")
    return role


def url(request, name: str, *args) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def refused(exc: EventRefused) -> Response:
    errors = [{"path": p.path, "message": p.message, "code": p.code} for p in exc.problems]
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def conflict(exc: EventConflict) -> Response:
    errors = [{"path": exc.path, "message": exc.message, "code": exc.code}]
    return Response({"errors": errors}, status=status.HTTP_409_CONFLICT)


def error(code: str, message: str, http_status: int, path: str = "") -> Response:
    return Response({"errors": [{"path": path, "message": message, "code": code}]},
                    status=http_status)  # fmt: skip


def _pack(event: Event) -> dict | None:
    if not event.pack_key:
        return None
    version = pack_version_row(pack_id=event.pack_key, number=event.pack_version)
    pack = version.pack if version is not None else None
    return {
        "id": event.pack_key,
        "version": event.pack_version,
        "content_hash": event.pack_content_hash,
        "name": pack.name if pack is not None else None,
        "official": pack.official if pack is not None else None,
    }


def event_payload(request, role: selectors.Role, now) -> dict:
    event = role.event
    insider = role.sees_all
    return {
        "id": event.pk,
        "name": event.name,
        "system": event.system.key,
        "battle_size": event.battle_size,
        "pack": _pack(event),
        "house_rules": event.house_rules,
        "lists_close": event.lists_close,
        "reveal": NEVER if event.reveal_never else event.reveal_at,
        "reveals_at": event.reveals_at(),
        "closed": event.is_closed(now),
        "revealed": event.is_revealed(now),
        "visibility": event.visibility,
        "player_limit": event.player_limit,
        "players": selectors.player_count(event=event),
        "organiser": event.owner.username,
        "role": {"organiser": role.organiser, "staff": role.staff, "player": role.player},
        "join_token": event.join_token if insider else None,
        "join_url": url(request, "event-join", event.join_token) if insider else None,
        "staff": (
            [{"username": p.user.username, "rights": p.staff}
             for p in selectors.staff_of(event=event)]
            if insider else None
        ),  # fmt: skip
        "url": url(request, "api-event", event.pk),
        "page_url": url(request, "event-detail", event.pk),
        "created_at": event.created_at,
        "updated_at": event.updated_at,
    }


def submission_payload(request, submission, catalogue, *, current: bool) -> dict:
    event_id = submission.event_id
    return {
        **reports.summary(submission, catalogue, reader=request.user),
        "current": current,
        "url": url(request, "api-event-submission", event_id, submission.pk),
        "page_url": url(request, "event-submission", event_id, submission.pk),
    }


def query_checked(request, allowed: set[str]) -> None:
    """Refuse, by name, a query parameter the endpoint does not read, one given twice,
    and a ``page`` that is no whole number from 1 (DRF would read an odd one as the first
    page, or the last of several)."""
    params = request.query_params
    problems = {}
    for name in sorted(set(params))[:10]:
        if name not in allowed:
            problems[name[:40]] = [ErrorDetail(
                f"unknown query parameter: only {', '.join(sorted(allowed))} are read",
                code="unknown_parameter")]  # fmt: skip
        elif len(params.getlist(name)) > 1:
            problems[name] = [ErrorDetail("given more than once", code="repeated")]
    page = params.get("page")
    if "page" not in problems and page is not None and not (
        page.isascii() and page.isdigit() and 1 <= int(page) <= 10**6
    ):
        problems["page"] = [ErrorDetail("must be a whole number from 1", code="invalid")]
    if problems:
        raise ValidationError(problems)
