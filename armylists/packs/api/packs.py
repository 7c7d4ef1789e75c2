"""Game-data packs over the API: list, fork or import, read, change, delete (versions:
``versions.py``). Thin: the pack selectors read, the pack service writes.

Who may do what: reading is for whoever sees the pack (official and public packs:
anyone; a pack shared by link: anyone with its token, as ``?token=``; a private one: its
owner and editors); a pack the reader may not see is a 404, exactly as one that does not
exist. Publishing is for the owner and the editors, changing and deleting for the owner
(403 ``permission_denied`` to other readers). Anything that writes needs a login (403
``not_authenticated``) and creating packs and publishing are rate-limited per user (429).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, parser_classes, permission_classes, throttle_classes
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from armylists.api.pagination import ListPagination
from armylists.api.parsers import BODY_PARSERS, read_body
from armylists.api.responses import TOO_LARGE
from armylists.packs import selectors as selectors
from armylists.packs import services as service
from armylists.packs.api.common import (
    NOT_ALLOWED,
    NOT_FOUND,
    PACK_ID,
    REFUSED,
    TAGS,
    THROTTLED,
    TOKEN,
    PackWrites,
    api_url,
    live,
    query_errors,
    readable,
    refused,
)
from armylists.packs.api.schema import (
    FORK_EXAMPLE,
    PACK_EXAMPLE,
    PackCreateSerializer,
    PackDetailSerializer,
    PackPageSerializer,
    PackUpdateSerializer,
)
from armylists.packs.models import Pack


def summary_of(request, pack: Pack, latest: int | None) -> dict:
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
        "url": api_url(request, "api-pack", pack.id),
        "created_at": pack.created_at,
        "updated_at": pack.updated_at,
        "deleted": pack.deleted_at is not None,
    }


def detail_of(request, pack: Pack) -> dict:
    user = request.user
    versions = list(selectors.pack_versions(pack=pack))
    can_publish = selectors.pack_can_publish(pack=pack, user=user)
    can_manage = selectors.pack_can_manage(pack=pack, user=user)
    member = can_publish or (user.is_authenticated and pack.owner_id == user.pk)
    return {
        **summary_of(request, pack, versions[-1].number if versions else None),
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
            api_url(request, "api-pack-by-token", pack.share_token) if can_manage else None
        ),
    }


def _pack_list(request) -> Response:
    """The packs this reader can see, one page at a time, after checking the query."""
    query_errors(request, {"system", "page", "page_size"})
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
        [summary_of(request, p, p.latest_version) for p in page]
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
        return _pack_list(request)
    body = read_body(PackCreateSerializer, request)
    try:
        if "fork" in body:
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
            pack = service.pack_fork(
                user=request.user, source=source, name=body["name"],
                description=body.get("description", ""),
            )
        else:
            pack = service.pack_import(
                user=request.user, system=body["system"], name=body["name"],
                document=body["document"], description=body.get("description", ""),
                note=body.get("note", ""),
            )
    except service.PackRefused as exc:
        return refused(exc)
    response = Response(detail_of(request, pack), status=status.HTTP_201_CREATED)
    response["Location"] = api_url(request, "api-pack", pack.id)
    return response


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
        return Response(detail_of(request, readable(request, pack_id)))
    pack = live(request, pack_id)
    if not selectors.pack_can_manage(pack=pack, user=request.user):
        raise PermissionDenied("only the pack's owner may change or delete it")
    if request.method == "DELETE":
        service.pack_delete(pack=pack)
        return Response(status=status.HTTP_204_NO_CONTENT)
    body = read_body(PackUpdateSerializer, request)
    try:
        service.pack_update(pack=pack, **body)
    except service.PackRefused as exc:
        return refused(exc)
    return Response(detail_of(request, pack))


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
    return Response(detail_of(request, pack))
