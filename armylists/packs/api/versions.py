"""A pack's versions over the API: publish the next one, read one whole, compare two,
download one as a pack file. Who may: see ``packs.py``; shared parts in
``common.py``."""

from __future__ import annotations

import json

import yaml
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes, throttle_classes
from rest_framework.exceptions import ErrorDetail, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from armylists.api.errors import ErrorsSerializer
from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.api.renderers import JSONRenderer, JSONUnlessTheViewSaysSo
from armylists.api.responses import TOO_LARGE
from armylists.packs import selectors as selectors
from armylists.packs import services as service
from armylists.packs.api.common import (
    NOT_ALLOWED,
    NOT_FOUND,
    NUMBER,
    PACK_ID,
    REFUSED,
    TAGS,
    THROTTLED,
    TOKEN,
    PackWrites,
    api_url,
    live,
    number_of,
    query_errors,
    readable,
    refused,
    version_of,
)
from armylists.packs.api.schema import (
    DIFF_EXAMPLE,
    PUBLISH_EXAMPLE,
    PackDiffSerializer,
    PackPublishedSerializer,
    PackPublishSerializer,
    PackVersionSerializer,
)


@extend_schema(
    parameters=[PACK_ID],
    request=PackPublishSerializer,
    responses={201: PackPublishedSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND,
               409: OpenApiResponse(ErrorsSerializer, description="base_version is not the "
                                    "latest: read the latest, apply your edit, publish again."),
               413: TOO_LARGE, 429: THROTTLED},  # fmt: skip
    examples=[PUBLISH_EXAMPLE],
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@throttle_classes([PackWrites])
@parser_classes(BODY_PARSERS)
def pack_publish(request, pack_id):
    """Publish the next version (owner and editors): the whole document, checked whole
    (400 naming every problem), made from base_version (409 when that is not the latest)."""
    pack = live(request, pack_id)
    if not selectors.pack_can_publish(pack=pack, user=request.user):
        raise PermissionDenied("only the pack's owner and editors may publish")
    body = read_body(PackPublishSerializer, request)
    try:
        version = service.pack_publish(
            pack=pack, user=request.user, document=body["document"], note=body["note"],
            base_version=body["base_version"],
        )
    except service.PackRefused as exc:
        return refused(exc)
    except service.StaleBase as exc:
        message = f"base_version is not the latest: version {exc.latest} is"
        return Response(
            {"errors": [{"path": "base_version", "message": message, "code": "stale"}]},
            status=status.HTTP_409_CONFLICT,
        )
    url = api_url(request, "api-pack-version", pack.id, version.number)
    response = Response(
        {"version": version.number, "content_hash": version.content_hash, "url": url},
        status=status.HTTP_201_CREATED,
    )
    response["Location"] = url
    return response


@extend_schema(
    parameters=[PACK_ID, NUMBER, TOKEN],
    responses={200: PackVersionSerializer, 404: NOT_FOUND},
    tags=TAGS,
)
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def pack_version(request, pack_id, number):
    """One version, whole: its document as published (never changes)."""
    version = version_of(readable(request, pack_id), number)
    return Response(
        {
            "version": version.number,
            "note": version.note,
            "author": version.author.username if version.author_id else None,
            "created_at": version.created_at,
            "content_hash": version.content_hash,
            "document": version.document,
        }
    )


@extend_schema(
    parameters=[
        PACK_ID,
        OpenApiParameter("from", OpenApiTypes.INT, required=True),
        OpenApiParameter("to", OpenApiTypes.INT, required=True),
        TOKEN,
    ],
    responses={200: PackDiffSerializer, 400: REFUSED, 404: NOT_FOUND},
    examples=[DIFF_EXAMPLE],
    tags=TAGS,
)
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def pack_diff(request, pack_id):
    """What changed from version ``from`` to version ``to``: rows added, removed,
    renamed (a new key declaring the old one among its aliases) and changed, each
    changed field before and after."""
    query_errors(request, {"from", "to", "token"})
    pack = readable(request, pack_id)
    numbers, errors = {}, {}
    for name in ("from", "to"):
        given = request.query_params.get(name)
        number = number_of(given) if given is not None else None
        if number is None or number < 1:
            errors[name] = [ErrorDetail("must be a version number (1, 2, …)", code="invalid")]
        else:
            numbers[name] = number
    if errors:
        raise ValidationError(errors)
    before = version_of(pack, str(numbers["from"]))
    after = version_of(pack, str(numbers["to"]))
    return Response(
        {
            "from": before.number,
            "to": after.number,
            "changes": service.pack_diff(before=before, after=after),
        }
    )


DOWNLOAD_FORMATS = ("yaml", "json")


class PackDownload(APIView):
    """``?format=`` names the file's format here, not a DRF renderer."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONUnlessTheViewSaysSo

    @extend_schema(
        parameters=[
            PACK_ID,
            NUMBER,
            OpenApiParameter("format", OpenApiTypes.STR, enum=list(DOWNLOAD_FORMATS),
                             description="yaml (the default) or json."),
            TOKEN,
        ],
        responses={
            (200, "application/yaml"): OpenApiTypes.STR,
            (200, "application/json"): OpenApiTypes.OBJECT,
            400: REFUSED,
            404: NOT_FOUND,
        },
        tags=TAGS,
    )
    def get(self, request, pack_id, number):
        """The version as a pack file, in the format of fixtures/ (``manage.py loadpack``
        reads it)."""
        query_errors(request, {"format", "token"})
        fmt = request.query_params.get("format", "yaml")
        if fmt not in DOWNLOAD_FORMATS:
            message = f"unknown format '{fmt[:40]}': one of {', '.join(DOWNLOAD_FORMATS)}"
            raise ValidationError({"format": [ErrorDetail(message, code="unknown_format")]})
        pack = readable(request, pack_id)
        version = version_of(pack, number)
        if fmt == "json":
            text = json.dumps(version.document, ensure_ascii=False, indent=2) + "\n"
            content_type = "application/json"
        else:
            text = yaml.safe_dump(version.document, allow_unicode=True, sort_keys=False)
            content_type = "application/yaml"
        response = HttpResponse(text, content_type=f"{content_type}; charset=utf-8")
        filename = f"{pack.system}-{pack.id[:12]}-v{version.number}.{fmt}"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


pack_download = PackDownload.as_view()
