"""A list out of the API in the format a player pastes it in: the list document (JSON,
what import takes back; the default and unchanged) or text (``text``, ``markdown``,
``compact``: ``armylists.lists.text_export``, the writer the pages use too).

Three ways in: the owner's saved list, a shared list by its token, and an unsaved
document posted to ``/api/v1/render/`` (no login needed, read like validate: a logged-in
caller may name his own packs).

How text comes back: JSON ``{"format", "text", "characters", "discord_limit",
"fits_discord", "valid", "share_url"}`` by default, so a script reads the length and
whether it fits one Discord message beside the text; the text alone, as
``text/plain; charset=utf-8``, to a client whose ``Accept`` prefers ``text/plain``
(``curl -H 'Accept: text/plain'``). Errors are JSON either way.

``?format=`` names the export's format here, not one of DRF's renderers (DRF reads
``format`` as its renderer override), so these views negotiate for themselves.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import ErrorDetail, NotFound, ValidationError
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from armylists.api.errors import ErrorsSerializer
from armylists.api.kept import AUTHENTICATION, GAME_DATA_HEADER, answers_from_memory
from armylists.api.renderers import JSONRenderer, JSONUnlessTheViewSaysSo
from armylists.api.responses import TOO_LARGE
from armylists.api.schema import DOCUMENT_REF, EXTRA_COMPONENTS
from armylists.lists import documents, selectors, text_export
from armylists.lists import services as lists
from armylists.lists.api.lists import LIST_ID, NO_SUCH_LIST, NOT_LOGGED_IN, _owned
from armylists.lists.api.views import BODY_PARSERS, document_input
from rules.engine.checks import schema_major

FORMATS = ("json", *text_export.FORMATS)
PLAIN = "text/plain"


# The JSON answer of a text format (a component of the OpenAPI schema, schema.py adds it).
TEXT_EXPORT = {
    "type": "object",
    "required": ["format", "text", "characters", "discord_limit", "fits_discord", "valid",
                 "share_url"],
    "properties": {
        "format": {"type": "string", "enum": list(text_export.FORMATS)},
        "text": {"type": "string", "description": "The list, ready to paste."},
        "characters": {
            "type": "integer",
            "description": "Its length as Discord counts it (UTF-16 code units).",
        },
        "discord_limit": {"type": "integer", "description": "2000: one Discord message."},
        "fits_discord": {
            "type": "boolean",
            "description": "Whether the text fits one Discord message. A compact text that "
            "does not says so in its last line.",
        },
        "valid": {"type": "boolean", "description": "Whether the list is legal today."},
        "share_url": {
            "type": "string",
            "format": "uri",
            "nullable": True,
            "description": "The list's share link, when it has one (also in the text).",
        },
    },
}
EXTRA_COMPONENTS["TextExport"] = TEXT_EXPORT


def _format_param(default_note: str) -> OpenApiParameter:
    return OpenApiParameter(
        "format",
        {"type": "string", "enum": list(FORMATS), "default": "json"},
        description="json: the list document (" + default_note + "); text: plain, for "
        "forums; markdown: for Discord and Reddit; compact: one Discord message "
        "(2,000 characters) for a typical list. Text comes as JSON (TextExport), or alone "
        "as text/plain when the Accept header prefers text/plain. Any other query parameter: "
        "400 naming it.",
    )


LINK = OpenApiParameter(
    "Link",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=[200],
    description='With format=json: the list document\'s JSON Schema, rel="describedby".',
)
BAD_FORMAT = OpenApiResponse(ErrorsSerializer, description='An unknown "format".')


def _answers(more: dict) -> dict:
    return {
        (200, "application/json"): OpenApiResponse(
            {"oneOf": [DOCUMENT_REF, {"$ref": "#/components/schemas/TextExport"}]},
            description="format=json: the list document with its data_version (an attachment"
            ", as the file import takes back); a text format: TextExport.",
        ),
        (200, PLAIN): OpenApiResponse(
            OpenApiTypes.STR, description="A text format, to a client that Accepts text/plain."
        ),
        400: BAD_FORMAT,
        **more,
    }


class _ExportView(APIView):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONUnlessTheViewSaysSo

    def export_format(self, request) -> str:
        """``?format=``, the one query parameter: any other is refused by name, as the
        body's unknown fields are, rather than ignored (a misspelt "fromat" is no JSON)."""
        unknown = sorted(set(request.query_params) - {"format"})[:10]
        if unknown:
            raise ValidationError({
                name[:40]: [ErrorDetail("unknown query parameter: only format is read",
                                        code="unknown_parameter")]
                for name in unknown
            })
        fmt = request.query_params.get("format", "json")
        if fmt not in FORMATS:
            message = f"unknown format '{fmt[:40]}': one of {', '.join(FORMATS)}"
            raise ValidationError({"format": [ErrorDetail(message, code="unknown_format")]})
        return fmt

    def saved_list(self, request, army_list, fmt: str):
        """A saved list (the owner's or a shared one) in the asked format."""
        if fmt == "json":
            return self.answer(
                request, None, fmt, document=lists.list_export(army_list=army_list),
                filename=lists.list_export_filename(army_list=army_list),
            )
        checked = lists.list_check_saved(army_list=army_list)
        return self.answer(
            request, checked, fmt, share_url=_share_url(request, army_list), army_list=army_list
        )

    def answer(self, request, checked, fmt, *, document=None, share_url=None, army_list=None,
               filename=None):
        if fmt == "json":
            response = Response(
                document if document is not None else _export_document(checked)
            )
            response["Link"] = (
                f'<{request.build_absolute_uri(schema_path())}>; rel="describedby"; '
                'type="application/schema+json"'
            )
            if filename:
                response["Content-Disposition"] = f'attachment; filename="{filename}"'
            return response
        out = text_export.text_export(
            checked=checked, fmt=fmt, share_url=share_url, army_list=army_list,
            title=army_list.name if army_list is not None else None,
        )
        if _prefers_text(request):
            return HttpResponse(out["text"], content_type=f"{PLAIN}; charset=utf-8")
        return Response(out)


def schema_path() -> str:
    """The list document's JSON Schema, at the address of its version."""
    return reverse("schema-file-version", args=["list-document", schema_major()])


def _prefers_text(request) -> bool:
    return request._request.get_preferred_type(["application/json", PLAIN]) == PLAIN


def _export_document(checked) -> dict:
    """An unsaved document as export writes a saved one: with the data version."""
    return {**checked.document.to_dict(), "data_version": checked.catalogue.data_version}


def _share_url(request, army_list) -> str | None:
    token = army_list.share_token
    return request.build_absolute_uri(reverse("shared", args=[token])) if token else None


class ListExport(_ExportView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="v1_lists_export_retrieve",
        parameters=[LIST_ID, _format_param("unchanged: what import takes back"), LINK],
        responses=_answers({403: NOT_LOGGED_IN, 404: NO_SUCH_LIST}),
        tags=["lists"],
    )
    def get(self, request, list_id):
        """Your list: the list document (muster-list/1) with the data version it was saved
        against, or as text to paste, with today's verdict and its share link."""
        fmt = self.export_format(request)
        army_list = _owned(request, list_id)
        return self.saved_list(request, army_list, fmt)


class SharedExport(_ExportView):
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[_format_param("as the owner's export writes it"), LINK],
        responses=_answers(
            {404: OpenApiResponse(ErrorsSerializer, description="Unknown or revoked token.")}
        ),
        tags=["lists"],
        auth=[],
    )
    def get(self, request, token):
        """A shared list for anyone with its link: the list document or text to paste."""
        fmt = self.export_format(request)
        army_list = selectors.list_get_shared(token=token)
        if army_list is None:
            raise NotFound("no list is shared with this link")
        return self.saved_list(request, army_list, fmt)


class Render(_ExportView):
    # Like validate: no login needed, but whoever is logged in may name his own packs.
    authentication_classes = AUTHENTICATION
    permission_classes = [AllowAny]
    parser_classes = BODY_PARSERS

    @extend_schema(
        parameters=[_format_param("read, with ids and the game data's version"),
                    GAME_DATA_HEADER],
        request={"application/json": DOCUMENT_REF},
        responses=_answers(
            {
                400: OpenApiResponse(
                    ErrorsSerializer, description='An unknown "format", or a malformed list.'
                ),
                413: TOO_LARGE,
            }
        ),
        tags=["validation"],
        auth=[],
    )
    @answers_from_memory
    def post(self, request):
        """An unsaved list document as export would write it: JSON, or text to paste with
        its verdict. The same checks as validate; nothing is stored."""
        fmt = self.export_format(request)
        checked = documents.list_check(**document_input(request), reader=request.user)
        return self.answer(request, checked, fmt)


list_export = ListExport.as_view()
shared_export = SharedExport.as_view()
render = Render.as_view()
