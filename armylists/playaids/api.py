"""What every play-aid endpoint shares: POST a JSON body, no login (the answer depends
only on the body and the game data), a 400 naming each impossible field."""

from __future__ import annotations

import functools

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    authentication_classes,
    parser_classes,
    permission_classes,
)
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from armylists.api.errors import problems_response
from armylists.api.parsers import BODY_PARSERS
from armylists.playaids.tools import ToolError, ToolUnavailable

TAGS = ["play aids"]


def play_aid(tool):
    """A play-aid endpoint: POST with a JSON body, open to anyone (no authentication, so no
    CSRF). ``tool(request)`` returns the answer; its ToolError is a 400 naming each field,
    ToolUnavailable (game data not loaded) a 404."""

    @functools.wraps(tool)
    def view(request):
        try:
            return Response(tool(request))
        except ToolError as exc:
            return problems_response(exc.errors)
        except ToolUnavailable as exc:
            raise NotFound(str(exc)) from None

    view = parser_classes(BODY_PARSERS)(view)
    view = permission_classes([AllowAny])(view)
    view = authentication_classes([])(view)
    return api_view(["POST"])(view)


class WholeNumberField(serializers.IntegerField):
    """A JSON integer: not a string, a boolean or a float. ``rules_range``: the bounds
    the schema shows when the game's rules check them (with their own message and code)
    rather than this field."""

    def __init__(self, *, rules_range: tuple[int, int] | None = None, **kwargs):
        super().__init__(**kwargs)
        if rules_range is not None:
            # Only what the schema reads: no validator, so the rules' message stands.
            self.min_value, self.max_value = rules_range

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class TrueFalseField(serializers.BooleanField):
    """A JSON true or false, nothing else."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


def error_example(name, path, message, code="invalid", summary=""):
    return OpenApiExample(
        name,
        value={"errors": [{"path": path, "message": message, "code": code}]},
        response_only=True,
        status_codes=["400"],
        summary=summary,
    )
