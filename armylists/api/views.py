"""Thin API views: parse the request, call a service or selector, shape the answer."""

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from armylists.services import documents
from rules import selectors

from .errors import ErrorsSerializer
from .parsers import AnyContentJSONBodyParser, JSONBodyParser, document_input
from .schema import DOCUMENT_REF
from .serializers import CatalogueSerializer, SystemSummarySerializer, ValidationResultSerializer

# Every endpoint that takes a body: JSON, whatever Content-Type the client sent.
BODY_PARSERS = [JSONBodyParser, AnyContentJSONBodyParser]


def read_body(serializer_class, request) -> dict:
    """The request body checked by ``serializer_class``; a bad one is a 400 by path."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


NOT_FOUND = {404: ErrorsSerializer}

EXAMPLE_DOCUMENT = {
    "format": "muster-list/1",
    "system": "godslayer",
    "name": "Nordgaard raid",
    "faction": "nordgaard",
    "battle_size": 160,
    "role": None,
    "entries": [
        {
            "id": "cpt",
            "card": "nordgaard-gestir-captain",
            "count": 1,
            "size": None,
            "items": [],
            "options": [],
        },
        {
            "id": "ogres",
            "card": "nordgaard-ogre-huscarl",
            "count": 3,
            "size": None,
            "items": [],
            "options": [],
        },
    ],
    "special_actions": [],
}


@extend_schema(responses={200: SystemSummarySerializer(many=True)}, tags=["game data"])
@api_view(["GET"])
@permission_classes([AllowAny])
def system_list(request):
    """Every game system with its data version."""
    systems = selectors.system_list()
    return Response(SystemSummarySerializer(systems, many=True, context={"request": request}).data)


@extend_schema(responses={200: CatalogueSerializer, **NOT_FOUND}, tags=["game data"])
@api_view(["GET"])
@permission_classes([AllowAny])
def system_detail(request, system):
    """One game system's whole catalogue: factions, cards, items, special actions."""
    catalogue = selectors.catalogue_get(key=system)
    if catalogue is None:
        raise NotFound(f"unknown game system '{system}'")
    return Response(CatalogueSerializer(catalogue).data)


@extend_schema(
    request={"application/json": DOCUMENT_REF},
    responses={200: ValidationResultSerializer, 400: ErrorsSerializer},
    examples=[OpenApiExample("Nordgaard raid", value=EXAMPLE_DOCUMENT, request_only=True)],
    tags=["validation"],
    auth=[],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@parser_classes(BODY_PARSERS)
def validate(request):
    """Validate a list document. 200 for every well-formed list, legal or not; 400 with
    paths for a malformed one (not JSON, wrong types, unknown system)."""
    # The raw body goes to the document service: decoded and checked in one pass.
    return Response(documents.list_validate(**document_input(request)))
