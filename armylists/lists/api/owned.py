"""A saved list in an address (``/lists/<list_id>/…``): its parameter, the 403 and the
owner's lookup that answers 404 to anyone else. Shared by the generic endpoints and the
games' own (a campaign's)."""

from __future__ import annotations

import re

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.exceptions import NotFound

from armylists.api.errors import ErrorsSerializer
from armylists.lists import selectors
from armylists.models import ArmyList

NOT_LOGGED_IN = OpenApiResponse(
    ErrorsSerializer,
    description='Not logged in (code "not_authenticated"), a bad token, or a missing CSRF '
    "token on a session-authenticated write.",
)

LIST_ID = OpenApiParameter("list_id", OpenApiTypes.INT, OpenApiParameter.PATH)
_ID = re.compile(r"[0-9]{1,18}")  # fits a bigint: a longer id cannot exist


def owned_list_or_404(request, list_id: str) -> ArmyList:
    """The caller's own list of that id; a 404 (JSON) for anyone else's or none."""
    army_list = None
    if _ID.fullmatch(list_id):
        army_list = selectors.list_get_for_owner(owner=request.user, list_id=int(list_id))
    if army_list is None:
        raise NotFound("no such list")
    return army_list
