"""What the packs' API endpoints share: the schema's parameters and answers, the
write rate, and finding the pack and version a request names (a pack the reader may not
see is the 404 of one that does not exist)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import status
from rest_framework.exceptions import ErrorDetail, NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle

from armylists.api.auth_token import RatesFromSettings
from armylists.api.errors import ErrorsSerializer
from armylists.packs import selectors as selectors
from armylists.packs import services as service
from armylists.packs.models import Pack, PackVersion

TAGS = ["packs"]
NOT_FOUND = OpenApiResponse(
    ErrorsSerializer, description="No such pack, or not one you may see (the same answer)."
)
NOT_ALLOWED = OpenApiResponse(
    ErrorsSerializer,
    description='Not logged in ("not_authenticated"), or not allowed ("permission_denied").',
)
REFUSED = OpenApiResponse(ErrorsSerializer, description="Every problem, by path.")
THROTTLED = OpenApiResponse(ErrorsSerializer, description='Too many ("throttled"); retry later.')
TOKEN = OpenApiParameter(
    "token", OpenApiTypes.STR, description="The share token of a pack shared by link."
)
PACK_ID = OpenApiParameter("pack_id", OpenApiTypes.STR, OpenApiParameter.PATH)
NUMBER = OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)


class PackWrites(RatesFromSettings, UserRateThrottle):
    """New packs and new versions per user (rate "pack-write"); reading is not counted."""

    scope = "pack-write"

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


def api_url(request, name: str, *args) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def token_of(request) -> str | None:
    token = request.query_params.get("token")
    return token if token and len(token) <= 64 else None


def readable(request, pack_id: str) -> Pack:
    pack = selectors.pack_get_readable(pack_id=pack_id, user=request.user, token=token_of(request))
    if pack is None:
        raise NotFound("no such pack")
    return pack


def live(request, pack_id: str) -> Pack:
    """A pack to change: readable and not deleted (a deleted one is only read)."""
    pack = readable(request, pack_id)
    if pack.deleted_at is not None:
        raise NotFound("this pack was deleted")
    return pack


def number_of(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else None


def version_of(pack: Pack, number: str) -> PackVersion:
    found = selectors.pack_version_get(pack=pack, number=number_of(number))
    if found is None:
        raise NotFound(f"this pack has no version {number[:12]}")
    return found


def refused(exc: service.PackRefused) -> Response:
    errors = [{"path": p.path, "message": p.message, "code": p.code} for p in exc.problems]
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def query_errors(request, allowed: set[str]) -> None:
    unknown = sorted(set(request.query_params) - allowed)[:10]
    if unknown:
        raise ValidationError(
            {
                name[:40]: [
                    ErrorDetail(
                        f"unknown query parameter: only {', '.join(sorted(allowed))} are read",
                        code="unknown_parameter",
                    )
                ]
                for name in unknown
            }
        )
