"""Health for a load balancer, answered first in the middleware chain (before sessions,
CSRF, the security redirect and every page's work) so that a check never waits behind
what it checks:

- ``GET /healthz``: this process is up and answering. No database query, no template,
  no session: a check every second costs nothing, and load on PostgreSQL never takes the
  app servers out of rotation.
- ``GET /readyz``: this process can reach PostgreSQL (one ``SELECT 1``): 200, else 503
  with Retry-After.

Both answer plain text, are never cached, and take any Host (the balancer checks by
address); any other method is 405."""

from __future__ import annotations

import sys

from django.db import DatabaseError, connection
from django.http import HttpResponse
from django.views import defaults

from rules.unreachable import UNREACHABLE

HEALTH = "/healthz"
READY = "/readyz"
RETRY_AFTER_SECONDS = 5


def _answer(text: str, status: int = 200) -> HttpResponse:
    response = HttpResponse(text + "\n", status=status, content_type="text/plain; charset=utf-8")
    response["Cache-Control"] = "no-store"
    return response


def database_ready() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        # A broken connection must not stay for the next request: the next check (or
        # request) opens a new one once PostgreSQL is back.
        connection.close_if_unusable_or_obsolete()
        return False
    return True


class HealthCheckMiddleware:
    """Answers /healthz and /readyz itself; everything else passes through untouched."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if path != HEALTH and path != READY:
            return self.get_response(request)
        if request.method not in ("GET", "HEAD"):
            response = _answer("method not allowed", 405)
            response["Allow"] = "GET, HEAD"
            return response
        if path == HEALTH:
            return _answer("ok")
        if database_ready():
            return _answer("ready")
        response = _answer("database unavailable", 503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response


# -- PostgreSQL down ---------------------------------------------------------------------

# Errors that mean the database cannot be reached now (down, restarting, a connection it
# dropped): the request may well work in a moment, so 503 with Retry-After, not 500.
UNAVAILABLE = UNREACHABLE


def database_unavailable(exception) -> bool:
    return isinstance(exception, UNAVAILABLE)


def retry_later(response):
    response.status_code = 503
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request):
    """handler500: Django's own 500 page, except while the database is unreachable: 503
    with Retry-After (under /api/, armylists/web/middleware.py turns it into JSON)."""
    if database_unavailable(sys.exc_info()[1]):
        # Drop the broken connection now rather than at the end of the request.
        connection.close_if_unusable_or_obsolete()
        return retry_later(
            _answer("The database is not reachable for a moment; try again shortly.", 503)
        )
    return defaults.server_error(request)
