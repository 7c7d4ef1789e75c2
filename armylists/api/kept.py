"""The pure-compute endpoints (validate, render) while PostgreSQL cannot be reached.

They need nothing from the database but game data, and each process keeps the game data
it read (rules/unreachable.py). So while PostgreSQL is down, a request that names the
official data, or a version of an official pack this process has kept, is still
answered, with the ``Game-Data`` header saying the data came from memory
(``Game-Data: kept; age=<seconds since the official tables were last read>``; a pack
version has no age: it never changes). Anything that needs the database (a player's
pack, whose readers only the database knows; game data this process never read) keeps
its 503 with Retry-After (armylists/web/middleware.py).

Who sends the request matters only for a player's pack. So a session or token that
cannot be looked up while PostgreSQL is down makes the request anonymous here rather
than failing it: an anonymous reader may use the official data and official packs, and
nothing else can be answered anyway.
"""

from __future__ import annotations

import functools

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.utils import OpenApiParameter
from rest_framework.authentication import SessionAuthentication, TokenAuthentication

from rules.unreachable import UNREACHABLE, Fallback, kept_while_unreachable

HEADER = "Game-Data"


class ReaderUnknown(AnonymousUser):
    """Someone whose session or token could not be looked up: anonymous for everything
    anybody may read, and for a player's pack that only some may read, the database's
    error (armylists/packs/pinning.py): the answer must not say "not yours" to its owner."""

    reader_unknown = True


class SessionUnlessUnreachable(SessionAuthentication):
    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except UNREACHABLE:
            return ReaderUnknown(), None  # see the module docstring


class TokenUnlessUnreachable(TokenAuthentication):
    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except UNREACHABLE:
            return ReaderUnknown(), None


# For ``@authentication_classes``: the API's usual two, anonymous while unreachable.
AUTHENTICATION = [SessionUnlessUnreachable, TokenUnlessUnreachable]


def header_value(fallback: Fallback) -> str:
    if fallback.tables_age is None:
        return "kept"
    return f"kept; age={int(fallback.tables_age)}"


def answers_from_memory(view):
    """Wraps a view (function or method): its game-data reads may come from memory while
    PostgreSQL is unreachable, and its answer then says so in the ``Game-Data`` header."""

    @functools.wraps(view)
    def answer(*args, **kwargs):
        with kept_while_unreachable() as fallback:
            response = view(*args, **kwargs)
        if fallback.used:
            response[HEADER] = header_value(fallback)
        return response

    return answer


GAME_DATA_HEADER = OpenApiParameter(
    HEADER,
    str,
    location=OpenApiParameter.HEADER,
    response=[200],
    description=(
        "Present only while the server's database is unreachable: the answer was computed "
        'from the game data the server holds. "kept; age=N": the official data as read N '
        'seconds ago; "kept": a version of an official pack (versions never change).'
    ),
)
