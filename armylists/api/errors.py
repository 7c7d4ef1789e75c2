"""Every API error is JSON: ``{"errors": [{"path", "message", "code"}]}``."""

from __future__ import annotations

from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from armylists.api.parsers import BodyError
from rules.engine import DocumentError


class InvalidDocument(exceptions.APIException):
    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, error: DocumentError):
        self.problems = error.errors
        super().__init__(str(error))


def _flatten(detail, path: str = "") -> list[dict]:
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            if isinstance(key, int):  # an item of a list: items[2]
                out += _flatten(value, f"{path}[{key}]")
                continue
            key = "" if key in ("non_field_errors", "detail") else str(key)
            sub = f"{path}.{key}" if path and key else (path or key)
            out += _flatten(value, sub)
        return out
    if isinstance(detail, list):
        if all(isinstance(d, str) for d in detail):
            return [_error(path, d) for d in detail]
        out = []
        for i, value in enumerate(detail):
            out += _flatten(value, f"{path}[{i}]")
        return out
    return [_error(path, detail)]


def _error(path: str, detail) -> dict:
    return {"path": path, "message": str(detail), "code": getattr(detail, "code", "invalid")}


def problems_response(problems) -> Response:
    """A 400 ``{"errors": [...]}`` from ``(path, message, code)`` triples (a ToolError's
    or a CampaignRefused's)."""
    errors = [{"path": p, "message": m, "code": c} for p, m, c in problems]
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def exception_handler(exc, context):
    if isinstance(exc, DocumentError):
        exc = InvalidDocument(exc)
    if isinstance(exc, (InvalidDocument, BodyError)):
        errors = [{"path": p.path, "message": p.message, "code": p.code} for p in exc.problems]
        return Response({"errors": errors}, status=exc.status_code)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = {"errors": _flatten(response.data)}
    return response


class ErrorSerializer(serializers.Serializer):
    path = serializers.CharField(help_text='Where, e.g. "entries[2].size"; "" for the whole body.')
    message = serializers.CharField()
    code = serializers.CharField()


class ErrorsSerializer(serializers.Serializer):
    errors = ErrorSerializer(many=True)
