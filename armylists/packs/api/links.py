"""Keeping a pack shared by link for one's lists, over the API: the same service as the
pack's page (``/p/<token>/``, "Use this pack for my lists")."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer
from armylists.packs import selectors as selectors
from armylists.packs import services as service

KEPT = inline_serializer(
    "PackKept",
    {
        "id": serializers.CharField(help_text="The pack's id: name it in a list's `pack`."),
        "kept": serializers.BooleanField(
            help_text="Whether the pack is now among the packs you can build on (false "
            "for your own or an edited pack: you build on those anyway)."
        ),
    },
)


TOKEN = OpenApiParameter("token", OpenApiTypes.STR, OpenApiParameter.PATH)
NOT_LOGGED_IN = OpenApiResponse(
    ErrorsSerializer, description='Not logged in ("not_authenticated").'
)
NO_LINK = OpenApiResponse(ErrorsSerializer, description="No pack is shared by this link.")


@extend_schema(
    methods=["POST"],
    parameters=[TOKEN],
    request=None,
    responses={200: KEPT, 403: NOT_LOGGED_IN, 404: NO_LINK},
    tags=["packs"],
)
@extend_schema(
    methods=["DELETE"],
    parameters=[TOKEN],
    request=None,
    responses={204: OpenApiResponse(description="No longer kept."), 403: NOT_LOGGED_IN,
               404: NO_LINK},
    tags=["packs"],
)
@api_view(["POST", "DELETE"])
@permission_classes([IsAuthenticated])
def pack_keep(request, token):
    """POST: keep a pack shared with you by link, so it is listed among your packs (and
    offered on the start page) and your lists may name it in `pack`, for as long as it
    stays shared by this link. DELETE: no longer keep it (saved lists keep their
    version)."""
    pack = selectors.pack_get_by_token(token=token)
    if pack is None:
        raise NotFound("no pack is shared with this link")
    if request.method == "DELETE":
        service.pack_forget(pack=pack, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
    kept = service.pack_keep(pack=pack, user=request.user)
    return Response({"id": pack.id, "kept": kept})
