"""The game systems and their data (``/api/v1/systems/``, from bytes kept per system:
``conditional``) and ``POST /api/v1/validate/``; the body parsers and examples the
endpoints of a list document share."""

import json
from pathlib import Path

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from armylists.api.errors import ErrorsSerializer
from armylists.api.kept import AUTHENTICATION, GAME_DATA_HEADER, answers_from_memory

# BODY_PARSERS and read_body live with the parsers (the games' endpoints use them too).
from armylists.api.parsers import BODY_PARSERS, document_input, read_body  # noqa: F401  (re-exported)
from armylists.api.schema import DOCUMENT_REF
from armylists.lists import documents
from armylists.lists.api import conditional
from armylists.lists.api.serializers import (
    CatalogueSerializer,
    SystemSummarySerializer,
    ValidationResultSerializer,
)
from rules import selectors

NOT_FOUND = {404: ErrorsSerializer}

# Examples are data: the documents the API's documentation shows (a list of one game).
EXAMPLES = Path(__file__).parent / "examples"
EXAMPLE_DOCUMENT = json.loads((EXAMPLES / "list-document.json").read_text())


@extend_schema(responses={200: SystemSummarySerializer(many=True)}, tags=["game data"])
@api_view(["GET"])
@authentication_classes([])  # public game data: no session or token to look up
@permission_classes([AllowAny])
def system_list(request):
    """Every game system with its data version. ETag: send it back in If-None-Match."""
    systems = selectors.system_list()
    data = SystemSummarySerializer(systems, many=True, context={"request": request}).data
    if not conditional.wants_json(request):
        return Response(data)
    # No Last-Modified: a system deleted leaves the newest stamp as it was.
    return conditional.respond(request, conditional.rendered(data, None))


@extend_schema(responses={200: CatalogueSerializer, **NOT_FOUND}, tags=["game data"])
@api_view(["GET"])
@authentication_classes([])  # public game data: no session or token to look up
@permission_classes([AllowAny])
def system_detail(request, system):
    """One game system's whole catalogue: factions, cards, items, special actions.
    ETag and Last-Modified: send them back (If-None-Match) to get 304 while unchanged."""
    row = selectors.system_get(key=system)
    if row is None:
        raise NotFound(f"unknown game system '{system}'")
    if not conditional.wants_json(request):  # the browsable API
        return Response(CatalogueSerializer(selectors.catalogue_for(system=row)).data)
    return conditional.respond(request, conditional.catalogue_json(row))


@extend_schema(
    request={"application/json": DOCUMENT_REF},
    responses={200: ValidationResultSerializer, 400: ErrorsSerializer},
    examples=[OpenApiExample("Nordgaard raid", value=EXAMPLE_DOCUMENT, request_only=True)],
    parameters=[GAME_DATA_HEADER],
    tags=["validation"],
    auth=[],
)
@api_view(["POST"])
@authentication_classes(AUTHENTICATION)
@permission_classes([AllowAny])
@parser_classes(BODY_PARSERS)
@answers_from_memory
def validate(request):
    """Validate a list document. 200 for every well-formed list, legal or not; 400 with
    paths for a malformed one (not JSON, wrong types, unknown system). Answered from the
    game data the server holds while its database is unreachable (see Game-Data)."""
    # The raw body goes to the document service: decoded and checked in one pass.
    return Response(documents.list_validate(**document_input(request), reader=request.user))
