"""Game-data packs over the API: list, fork or import, read, change, delete, publish,
compare and download versions. Thin: the pack selectors read, the pack service writes.

Who may do what: reading is for whoever sees the pack (official and public packs:
anyone; a pack shared by link: anyone with its token, as ``?token=``; a private one: its
owner and editors); a pack the reader may not see is a 404, exactly as one that does not
exist. Publishing is for the owner and the editors, changing and deleting for the owner
(403 ``permission_denied`` to other readers). Anything that writes needs a login (403
``not_authenticated``) and creating packs and publishing are rate-limited per user (429).
"""

from __future__ import annotations

import json

import yaml
from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes, throttle_classes
from rest_framework.exceptions import ErrorDetail, NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.throttling import UserRateThrottle
from rest_framework.views import APIView

from armylists.services import packs as service
from rules import pack_selectors as selectors
from rules.models import Pack, PackVersion

from .errors import ErrorsSerializer
from .exports import _JSONUnlessTheViewSaysSo
from .lists import TOO_LARGE, ListPagination, _RatesFromSettings
from .pack_schema import (
    DIFF_EXAMPLE,
    FORK_EXAMPLE,
    PACK_EXAMPLE,
    PUBLISH_EXAMPLE,
    PackCreateSerializer,
    PackDetailSerializer,
    PackDiffSerializer,
    PackPageSerializer,
    PackPublishedSerializer,
    PackPublishSerializer,
    PackUpdateSerializer,
    PackVersionSerializer,
)
from .parsers import BODY_PARSERS, read_body
from .renderers import JSONRenderer

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


class PackWrites(_RatesFromSettings, UserRateThrottle):
    """New packs and new versions per user (rate "pack-write"); reading is not counted."""

    scope = "pack-write"

    def allow_request(self, request, view):
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)


def _api_url(request, name: str, *args) -> str:
    return request.build_absolute_uri(reverse(name, args=args))


def _summary(request, pack: Pack, latest: int | None) -> dict:
    source = pack.forked_from
    return {
        "id": pack.id,
        "system": pack.system,
        "name": pack.name,
        "description": pack.description,
        "owner": pack.owner.username if pack.owner_id else None,
        "official": pack.official,
        "visibility": pack.visibility,
        "latest_version": latest,
        "forked_from": {"id": source.pack_id, "version": source.number} if source else None,
        "url": _api_url(request, "api-pack", pack.id),
        "created_at": pack.created_at,
        "updated_at": pack.updated_at,
        "deleted": pack.deleted_at is not None,
    }


def _detail(request, pack: Pack) -> dict:
    user = request.user
    versions = list(selectors.pack_versions(pack=pack))
    can_publish = selectors.pack_can_publish(pack=pack, user=user)
    can_manage = selectors.pack_can_manage(pack=pack, user=user)
    member = can_publish or (user.is_authenticated and pack.owner_id == user.pk)
    return {
        **_summary(request, pack, versions[-1].number if versions else None),
        "versions": [
            {
                "number": v.number,
                "note": v.note,
                "author": v.author.username if v.author_id else None,
                "created_at": v.created_at,
                "content_hash": v.content_hash,
            }
            for v in versions
        ],
        "editors": selectors.pack_editor_names(pack=pack) if member else None,
        "can_publish": can_publish,
        "can_manage": can_manage,
        "share_token": pack.share_token if can_manage else None,
        "share_api_url": (
            _api_url(request, "api-pack-by-token", pack.share_token) if can_manage else None
        ),
    }


def _token(request) -> str | None:
    token = request.query_params.get("token")
    return token if token and len(token) <= 64 else None


def _readable(request, pack_id: str) -> Pack:
    pack = selectors.pack_get_readable(pack_id=pack_id, user=request.user, token=_token(request))
    if pack is None:
        raise NotFound("no such pack")
    return pack


def _live(request, pack_id: str) -> Pack:
    """A pack to change: readable and not deleted (a deleted one is only read)."""
    pack = _readable(request, pack_id)
    if pack.deleted_at is not None:
        raise NotFound("this pack was deleted")
    return pack


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 10 else None


def _version(pack: Pack, number: str) -> PackVersion:
    found = selectors.pack_version_get(pack=pack, number=_number(number))
    if found is None:
        raise NotFound(f"this pack has no version {number[:12]}")
    return found


def _refused(exc: service.PackRefused) -> Response:
    errors = [{"path": p.path, "message": p.message, "code": p.code} for p in exc.problems]
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def _query_errors(request, allowed: set[str]) -> None:
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


@extend_schema(
    methods=["GET"],
    operation_id="v1_packs_list",
    parameters=[
        OpenApiParameter("system", OpenApiTypes.STR, description="Only this game (its key)."),
        OpenApiParameter("page", {"type": "integer", "minimum": 1}),
        OpenApiParameter("page_size", {"type": "integer", "minimum": 1, "maximum": 100}),
    ],
    responses={200: PackPageSerializer, 400: REFUSED, 404: NOT_FOUND},
    examples=[PACK_EXAMPLE],
    tags=TAGS,
)
@extend_schema(
    methods=["POST"],
    request=PackCreateSerializer,
    responses={201: PackDetailSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND,
               413: TOO_LARGE, 429: THROTTLED},  # fmt: skip
    examples=[FORK_EXAMPLE, PACK_EXAMPLE],
    tags=TAGS,
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticatedOrReadOnly])
@throttle_classes([PackWrites])
@parser_classes(BODY_PARSERS)
def pack_collection(request):
    """GET: the packs you can see and build on (official first, then by name), one page
    at a time. POST: a new private pack of yours, forked from a pack version you can see
    (its version 1 is a copy) or imported from a whole document (checked whole)."""
    if request.method == "GET":
        return _packs_page(request)
    body = read_body(PackCreateSerializer, request)
    try:
        if "fork" in body:
            pack = _fork(request, body)
        else:
            pack = service.pack_import(
                user=request.user, system=body["system"], name=body["name"],
                document=body["document"], description=body.get("description", ""),
                note=body.get("note", ""),
            )
    except service.PackRefused as exc:
        return _refused(exc)
    response = Response(_detail(request, pack), status=status.HTTP_201_CREATED)
    response["Location"] = _api_url(request, "api-pack", pack.id)
    return response


def _packs_page(request):
    """One page of the packs the caller can see, of one system or all."""
    _query_errors(request, {"system", "page", "page_size"})
    system = request.query_params.get("system")
    if system is not None and not (
        system.isascii() and 1 <= len(system) <= 64
        and all(c.isalnum() or c in "-_" for c in system)
    ):
        raise ValidationError({"system": ["must be a game system's key"]})
    page_number = request.query_params.get("page")
    if page_number is not None and not (
        page_number.isascii() and page_number.isdigit() and 1 <= int(page_number) <= 10**6
    ):
        # DRF would read a blank or odd page as the first: say so instead.
        raise ValidationError({"page": ["must be a whole number from 1"]})
    paginator = ListPagination()
    found = selectors.packs_visible(user=request.user, system=system)
    page = paginator.paginate_queryset(found, request)
    return paginator.get_paginated_response(
        [_summary(request, p, p.latest_version) for p in page]
    )


def _fork(request, body):
    """A new pack of the caller's, copied from a pack version he can see (404 if none)."""
    ref = body["fork"]
    source_pack = selectors.pack_get_readable(
        pack_id=ref["id"], user=request.user, token=ref.get("token")
    )
    source = (
        selectors.pack_version_get(pack=source_pack, number=ref["version"])
        if source_pack is not None and source_pack.deleted_at is None
        else None
    )
    if source is None:
        raise NotFound("no such pack version to fork")
    return service.pack_fork(
        user=request.user, source=source, name=body["name"],
        description=body.get("description", ""),
    )


@extend_schema(
    methods=["GET"],
    parameters=[PACK_ID, TOKEN],
    responses={200: PackDetailSerializer, 404: NOT_FOUND},
    tags=TAGS,
)
@extend_schema(
    methods=["PATCH"],
    parameters=[PACK_ID],
    request=PackUpdateSerializer,
    responses={200: PackDetailSerializer, 400: REFUSED, 403: NOT_ALLOWED, 404: NOT_FOUND,
               413: TOO_LARGE},  # fmt: skip
    tags=TAGS,
)
@extend_schema(
    methods=["DELETE"],
    parameters=[PACK_ID],
    responses={204: None, 403: NOT_ALLOWED, 404: NOT_FOUND},
    tags=TAGS,
)
@api_view(["GET", "PATCH", "DELETE"])
@permission_classes([IsAuthenticatedOrReadOnly])
@parser_classes(BODY_PARSERS)
def pack_detail(request, pack_id):
    """GET: the pack and its versions. PATCH (owner): name, description, visibility,
    editors, a new share token. DELETE (owner): gone from every listing; its versions
    stay readable for the lists built on them."""
    if request.method == "GET":
        return Response(_detail(request, _readable(request, pack_id)))
    pack = _live(request, pack_id)
    if not selectors.pack_can_manage(pack=pack, user=request.user):
        raise PermissionDenied("only the pack's owner may change or delete it")
    if request.method == "DELETE":
        service.pack_delete(pack=pack)
        return Response(status=status.HTTP_204_NO_CONTENT)
    body = read_body(PackUpdateSerializer, request)
    try:
        service.pack_update(pack=pack, **body)
    except service.PackRefused as exc:
        return _refused(exc)
    return Response(_detail(request, pack))


@extend_schema(
    parameters=[OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH)],
    responses={200: PackDetailSerializer, 404: NOT_FOUND},
    tags=TAGS,
)
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def pack_by_token(request, token):
    """A pack shared by link, for anyone with its token (its other endpoints take the
    same token as ?token=)."""
    pack = selectors.pack_get_by_token(token=token)
    if pack is None:
        raise NotFound("no pack is shared with this link")
    return Response(_detail(request, pack))


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
    pack = _live(request, pack_id)
    if not selectors.pack_can_publish(pack=pack, user=request.user):
        raise PermissionDenied("only the pack's owner and editors may publish")
    body = read_body(PackPublishSerializer, request)
    try:
        version = service.pack_publish(
            pack=pack, user=request.user, document=body["document"], note=body["note"],
            base_version=body["base_version"],
        )
    except service.PackRefused as exc:
        return _refused(exc)
    except service.StaleBase as exc:
        message = f"base_version is not the latest: version {exc.latest} is"
        return Response(
            {"errors": [{"path": "base_version", "message": message, "code": "stale"}]},
            status=status.HTTP_409_CONFLICT,
        )
    url = _api_url(request, "api-pack-version", pack.id, version.number)
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
    version = _version(_readable(request, pack_id), number)
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
    _query_errors(request, {"from", "to", "token"})
    pack = _readable(request, pack_id)
    numbers, errors = {}, {}
    for name in ("from", "to"):
        given = request.query_params.get(name)
        number = _number(given) if given is not None else None
        if number is None or number < 1:
            errors[name] = [ErrorDetail("must be a version number (1, 2, …)", code="invalid")]
        else:
            numbers[name] = number
    if errors:
        raise ValidationError(errors)
    before = _version(pack, str(numbers["from"]))
    after = _version(pack, str(numbers["to"]))
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
    content_negotiation_class = _JSONUnlessTheViewSaysSo

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
        _query_errors(request, {"format", "token"})
        fmt = request.query_params.get("format", "yaml")
        if fmt not in DOWNLOAD_FORMATS:
            message = f"unknown format '{fmt[:40]}': one of {', '.join(DOWNLOAD_FORMATS)}"
            raise ValidationError({"format": [ErrorDetail(message, code="unknown_format")]})
        pack = _readable(request, pack_id)
        version = _version(pack, number)
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
