"""Saved lists over the API: the owner's lists, export and import, share links, and the
read-only shared view. Thin: read the body, call a selector or service, shape the answer.

Access: every private endpoint needs a logged-in user (session or ``Authorization:
Token <key>``). Anonymous callers get DRF's answer for missing credentials, which with
session authentication first in REST_FRAMEWORK is **403** ``not_authenticated``, before
any lookup. Every list is looked up through ``selectors.list_get_for_owner``, so a list
that belongs to someone else is answered exactly like one that does not exist: **404**.
"""

from __future__ import annotations

import re

from django.urls import reverse
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import status
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.exceptions import ErrorDetail, NotFound, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer
from armylists.api.pagination import ListPagination
from armylists.api.parsers import document_input
from armylists.api.responses import TOO_LARGE
from armylists.api.schema import DOCUMENT_REF
from armylists.lists import selectors
from armylists.lists import services as lists
from armylists.lists.api.owned import LIST_ID, NOT_LOGGED_IN
from armylists.lists.api.owned import owned_list_or_404 as _owned
from armylists.lists.api.serializers import (
    ConflictSerializer,
    ListDetailSerializer,
    ListPageSerializer,
    ListPatchSerializer,
    ListPutSerializer,
    ListSummarySerializer,
    ShareActionSerializer,
    SharedListSerializer,
)
from armylists.lists.api.views import BODY_PARSERS, EXAMPLE_DOCUMENT, read_body
from armylists.lists.tags import MAX_TAG_LENGTH, tag_normal, tag_problem
from armylists.models import ArmyList
from rules.engine import DocumentError, ProblemAt

TAGS = ["lists"]

NO_SUCH_LIST = OpenApiResponse(
    ErrorsSerializer,
    description="No such list among yours: it does not exist or belongs to someone else.",
)
MALFORMED = OpenApiResponse(ErrorsSerializer, description="Malformed body; every problem by path.")
CONFLICT = OpenApiResponse(
    ConflictSerializer,
    description="The list was saved elsewhere since `version`; nothing was saved. Reload "
    "(GET) and reapply the edit from current_version.",
)


def _edit_responses(bad_request: str) -> dict:
    """The answers of an edit (PUT, PATCH): the list, or why it was not saved."""
    return {
        200: ListDetailSerializer,
        400: OpenApiResponse(ErrorsSerializer, description=bad_request),
        403: NOT_LOGGED_IN,
        404: NO_SUCH_LIST,
        409: CONFLICT,
        413: TOO_LARGE,
    }


def list_response(request, army_list: ArmyList, *, status_code=status.HTTP_200_OK) -> Response:
    context = {"request": request, "payload": lists.list_payload(army_list=army_list)}
    response = Response(ListDetailSerializer(army_list, context=context).data, status=status_code)
    if status_code == status.HTTP_201_CREATED:
        response["Location"] = request.build_absolute_uri(reverse("api-list", args=[army_list.id]))
    return response


def _in_document(path: str, top_level: set[str]) -> str:
    """Where a problem of the saved document is in the request body."""
    head = re.split(r"[.\[]", path, maxsplit=1)[0]
    if path and head in top_level:
        return path  # PATCH sent this field at the top level of the body
    return f"document.{path}" if path else "document"


def _save(
    request, army_list: ArmyList, *, document, version: int, top_level=frozenset(), tags=None
):
    try:
        saved = lists.list_update(
            army_list=army_list,
            data=document,
            expected_version=version,
            user=request.user,
            tags=tags,
        )
    except DocumentError as exc:
        raise DocumentError(
            [ProblemAt(_in_document(p.path, top_level), p.message, p.code) for p in exc.errors]
        ) from None
    except lists.ListConflict as conflict:
        error = {"path": "version", "message": str(conflict), "code": "conflict"}
        return Response(
            {"errors": [error], "current_version": conflict.current_version},
            status=status.HTTP_409_CONFLICT,
        )
    except ArmyList.DoesNotExist:  # deleted between the lookup and the save
        raise NotFound("no such list") from None
    return list_response(request, saved)



def _tag_filter(request) -> str:
    """The ``?tag=`` to filter by, as kept ("" for none); a bad one is a 400 naming it."""
    given = request.query_params.get("tag", "")
    if not given.strip():
        return ""
    found = tag_problem(given)
    if found is not None:
        raise ValidationError({"tag": [ErrorDetail(found[0], code=found[1])]})
    return tag_normal(given)


@extend_schema(
    methods=["GET"],
    operation_id="v1_lists_list",
    parameters=[
        OpenApiParameter("q", str, description="Part of the name or faction."),
        OpenApiParameter("system", str, description="Only this game system (key)."),
        OpenApiParameter(
            "tag",
            {"type": "string", "maxLength": MAX_TAG_LENGTH},
            description="Only lists carrying this tag (case does not count).",
        ),
        OpenApiParameter(
            "page",
            {"type": "integer", "minimum": 1},
            description="Which page (1, 2, …); past the last: 404.",
        ),
        OpenApiParameter(
            "page_size",
            {"type": "integer", "minimum": 1, "maximum": 100},
            description="Lists per page: 25 unless given, at most 100.",
        ),
    ],
    responses={
        200: ListPageSerializer,
        400: OpenApiResponse(ErrorsSerializer, description='A bad "page_size" or "tag".'),
        403: NOT_LOGGED_IN,
        404: OpenApiResponse(ErrorsSerializer, description="No such page."),
    },
    tags=TAGS,
)
@extend_schema(
    methods=["POST"],
    request={"application/json": DOCUMENT_REF},
    responses={201: ListDetailSerializer, 400: MALFORMED, 403: NOT_LOGGED_IN, 413: TOO_LARGE},
    examples=[OpenApiExample("Nordgaard raid", value=EXAMPLE_DOCUMENT, request_only=True)],
    tags=TAGS,
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def list_collection(request):
    """GET: your lists, last saved first (summaries), a page at a time: count, next,
    previous and results. POST: save a list document, legal or not, as a new list at
    version 1 (a malformed one: 400, nothing saved)."""
    if request.method == "POST":
        # The raw body goes to the document service: decoded and checked in one pass.
        army_list = lists.list_import(owner=request.user, **document_input(request))
        return list_response(request, army_list, status_code=status.HTTP_201_CREATED)
    found = selectors.list_search(
        owner=request.user,
        query=request.query_params.get("q", "").strip(),
        system=request.query_params.get("system", "").strip(),
        tag=_tag_filter(request),
    )
    paginator = ListPagination()
    page = paginator.paginate_queryset(found, request)
    data = ListSummarySerializer(page, many=True, context={"request": request}).data
    return paginator.get_paginated_response(data)


@extend_schema(
    methods=["GET"],
    parameters=[LIST_ID],
    responses={200: ListDetailSerializer, 403: NOT_LOGGED_IN, 404: NO_SUCH_LIST},
    tags=TAGS,
)
@extend_schema(
    methods=["PUT"],
    parameters=[LIST_ID],
    request=ListPutSerializer,
    responses=_edit_responses(
        'Bad "version", or a malformed document (paths start with "document.").'
    ),
    tags=TAGS,
)
@extend_schema(
    methods=["PATCH"],
    parameters=[LIST_ID],
    request=ListPatchSerializer,
    responses=_edit_responses(
        'Bad "version", or the merged document is malformed (paths of fields sent at the top '
        'level as sent, others start with "document.").'
    ),
    tags=TAGS,
)
@extend_schema(
    methods=["DELETE"],
    parameters=[LIST_ID],
    responses={204: None, 403: NOT_LOGGED_IN, 404: NO_SUCH_LIST},
    tags=TAGS,
)
@api_view(["GET", "PUT", "PATCH", "DELETE"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def list_detail(request, list_id):
    """GET: the list with today's validation and what changed in the game data since it
    was saved. PUT: replace its document. PATCH: replace some top-level fields of its
    document. Either may set the list's "tags" (kept with the edit). Both edits name the
    version they start from and answer 409 if the list was saved elsewhere since; a save
    makes version + 1 and keeps the old one in the history. DELETE: delete it and its history."""
    army_list = _owned(request, list_id)
    if request.method == "GET":
        return list_response(request, army_list)
    if request.method == "DELETE":
        lists.list_delete(army_list=army_list)
        return Response(status=status.HTTP_204_NO_CONTENT)
    if request.method == "PUT":
        body = read_body(ListPutSerializer, request)
        return _save(
            request,
            army_list,
            document=body["document"],
            version=body["version"],
            tags=body.get("tags"),
        )
    body = read_body(ListPatchSerializer, request)
    fields = {k: v for k, v in body.items() if k not in ("version", "document", "tags")}
    # Document fields change only with the version, and list_update refuses the save
    # unless the list is still at body["version"]: so this merge base is that version.
    document = {**army_list.document, **body.get("document", {}), **fields}
    return _save(
        request,
        army_list,
        document=document,
        version=body["version"],
        top_level=set(fields),
        tags=body.get("tags"),
    )


@extend_schema(
    parameters=[LIST_ID],
    request=ShareActionSerializer,
    responses={
        200: ListDetailSerializer,
        400: MALFORMED,
        403: NOT_LOGGED_IN,
        404: NO_SUCH_LIST,
        413: TOO_LARGE,
    },
    tags=TAGS,
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@parser_classes(BODY_PARSERS)
def list_share(request, list_id):
    """The share link: "renew" makes a new token (the old link stops working at once),
    "revoke" turns sharing off (share_token and share_url become null)."""
    army_list = _owned(request, list_id)
    action = read_body(ShareActionSerializer, request)["action"]
    if action == "revoke":
        army_list = lists.list_share_revoke(army_list=army_list)
    else:
        army_list = lists.list_share_renew(army_list=army_list)
    return list_response(request, army_list)


@extend_schema(
    responses={
        200: SharedListSerializer,
        404: OpenApiResponse(ErrorsSerializer, description="Unknown or revoked share token."),
    },
    tags=TAGS,
    auth=[],
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([AllowAny])
def shared_detail(request, token):
    """A shared list, read-only, for anyone with the link: no login, no owner details."""
    army_list = selectors.list_get_shared(token=token)
    if army_list is None:
        raise NotFound("no list is shared with this link")
    context = {"request": request, "payload": lists.list_payload(army_list=army_list)}
    return Response(SharedListSerializer(army_list, context=context).data)
