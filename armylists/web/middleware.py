"""Under /api/, every error is JSON in the API's error shape, and a body over the size
limit is refused before it is parsed (read and thrown away, so the client sees the 413).
An address with a control character is no address at all (404, before any view).
(The pages' brakes: armylists/web/brakes.py.)"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import connection
from django.http import Http404
from django.urls import Resolver404, resolve
from django.utils.cache import add_never_cache_headers

from armylists.web.health import database_unavailable, retry_later

API_PREFIX = "/api/"
logger = logging.getLogger("django.request")

# The message and code of an error answered by something other than an API view (the
# URL resolver, Django's own 400 and 500, a middleware), by status.
GENERIC_ERRORS = {
    400: ("bad request", "bad_request"),
    403: ("forbidden", "forbidden"),
    404: ("no such address in the API: {path}", "not_found"),
    405: ("{method} is not allowed here", "method_not_allowed"),
    411: ("send the body with a Content-Length (chunked bodies are not read)",
          "length_required"),
    413: ("the body is larger than {limit} bytes", "too_large"),
    429: ("too many requests; try again later", "throttled"),
    500: ("the server failed to answer this request; it has been logged", "server_error"),
    503: ("the database is not reachable for a moment; try again shortly", "unavailable"),
}


def is_api(request) -> bool:
    return request.path_info.startswith(API_PREFIX)


def error_response(request, status: int, message: str | None = None, code: str | None = None):
    """The API's error shape, ``{"errors": [{"path", "message", "code"}]}``."""
    from django.http import JsonResponse

    default_message, default_code = GENERIC_ERRORS.get(status, ("error", "error"))
    text = message or default_message.format(
        path=request.path_info,
        method=request.method,
        limit=settings.DATA_UPLOAD_MAX_MEMORY_SIZE,
    )
    response = JsonResponse(
        {"errors": [{"path": "", "message": text, "code": code or default_code}]}, status=status
    )
    add_never_cache_headers(response)
    return response


# A refused body up to this size is read and thrown away before the 413 goes out: a
# client still sending when the server closes the connection sees a reset, not the 413.
# Larger claims are not read (the cost would be the client's to choose).
DRAIN_LIMIT = 16 * 1024 * 1024
DRAIN_CHUNK = 64 * 1024


def _drain(request, size: int) -> None:
    if size > DRAIN_LIMIT:
        return
    stream = request.META.get("wsgi.input")
    left = size
    while stream is not None and left > 0:
        chunk = stream.read(min(DRAIN_CHUNK, left))
        if not chunk:
            break
        left -= len(chunk)


def _is_json(response) -> bool:
    return response.get("Content-Type", "").split(";")[0].strip() == "application/json"


def _resolves(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


class ApiErrorsMiddleware:
    """Under /api/, every 4xx and 5xx is JSON in the error shape, whoever answered it
    (DEBUG or not), and a body larger than DATA_UPLOAD_MAX_MEMORY_SIZE is refused (413)
    before anything reads it. Pages keep Django's own error pages."""

    # Headers of the answer that the JSON one keeps.
    KEPT_HEADERS = ("Allow", "Retry-After", "WWW-Authenticate", "Vary")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not is_api(request):
            return self.get_response(request)
        refused = self._refuse_early(request)
        if refused is not None:
            return refused
        return self._as_json(request, self.get_response(request))

    def process_exception(self, request, exception):
        """A view's unexpected exception: logged with its traceback, answered as JSON."""
        if not is_api(request):
            return None
        if isinstance(exception, Http404):  # a plain Django view's "no such thing"
            return error_response(request, 404)
        if database_unavailable(exception):  # PostgreSQL down or restarting: try again
            logger.warning("Database unavailable: %s (%s)", request.path, exception)
            connection.close_if_unusable_or_obsolete()
            return retry_later(error_response(request, 503))
        logger.error(
            "Internal Server Error: %s",
            request.path,
            exc_info=exception,
            extra={"request": request, "status_code": 500},
        )
        return error_response(request, 500)

    def _refuse_early(self, request):
        length = request.META.get("CONTENT_LENGTH") or "0"
        try:
            size = int(length)
        except ValueError:
            return error_response(request, 400, "the Content-Length header is not a number")
        if size < 0:
            return error_response(request, 400, "the Content-Length header is negative")
        if size == 0 and "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            # WSGI hands the app no chunked body: reading it as empty would answer "not
            # valid JSON" about a body that was sent. Say what is needed instead.
            return error_response(request, 411)
        limit = getattr(settings, "API_UPLOAD_LIMITS", {}).get(
            request.path_info, settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        )
        if limit is not None and size > limit:
            _drain(request, size)
            # The body is never parsed.
            return error_response(request, 413, f"the body is larger than {limit} bytes")
        path = request.path_info
        # Not CommonMiddleware's redirect to the address with a slash: it loses a POST's
        # body (and is a 500 under DEBUG). Say where the endpoint is instead.
        if not path.endswith("/") and not _resolves(path) and _resolves(path + "/"):
            return error_response(
                request, 404, f"no such address in the API: {path} (did you mean {path}/ ?)"
            )
        return None

    def _as_json(self, request, response):
        if response.status_code < 400 or _is_json(response):
            return response
        replacement = error_response(request, response.status_code)
        for header in self.KEPT_HEADERS:
            if header in response:
                replacement[header] = response[header]
        return replacement


# C0 controls and DEL: no id, token, key or code of ours holds one, and PostgreSQL
# refuses NUL in text outright (a query naming it would fail, not find nothing).
_CONTROL = frozenset(chr(c) for c in (*range(32), 127))


def has_control(text: str) -> bool:
    return not _CONTROL.isdisjoint(text)


class OddAddressMiddleware:
    """A path with a control character names nothing: 404 before routing (JSON under
    /api/, through ApiErrorsMiddleware, which stands before this one). Each view still
    checks its parameters' shape before a query (for packs:
    ``armylists.packs.selectors.is_key_shaped``), and its query parameters (a NUL searched for
    is found nowhere); this is the net under all of them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if has_control(request.path_info):
            raise Http404("no such address")
        return self.get_response(request)
