"""Brakes around every request: JSON errors under /api/, throttled sign-up and password
change, and a short life for the sessions of browsers without an account."""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache
from django.forms import BaseForm
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils.cache import add_never_cache_headers

from armylists.services.workspaces import SESSION_KEY

API_PREFIX = "/api/"
logger = logging.getLogger("django.request")

# The message and code of an error answered by something other than an API view (the
# URL resolver, Django's own 400 and 500, a middleware), by status.
GENERIC_ERRORS = {
    400: ("bad request", "bad_request"),
    403: ("forbidden", "forbidden"),
    404: ("no such address in the API: {path}", "not_found"),
    405: ("{method} is not allowed here", "method_not_allowed"),
    413: ("the body is larger than {limit} bytes", "too_large"),
    429: ("too many requests; try again later", "throttled"),
    500: ("the server failed to answer this request; it has been logged", "server_error"),
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
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and size > limit:
            return error_response(request, 413)  # the body is never read
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


def username_key(username: str) -> str:
    """A username as a cache key: case and spaces ignored, any characters (hashed)."""
    return hashlib.sha256(username.strip().lower().encode("utf-8", "replace")).hexdigest()


def client_ip(request) -> str:
    """The client's address as the login lockouts see it (axes, with its proxy settings)."""
    from axes.helpers import get_client_ip_address

    return get_client_ip_address(request) or "unknown"


class AuthFormThrottleMiddleware:
    """Posts to the sign-up and password-change pages, per IP address and per username, in
    a fixed window (settings.AUTH_FORM_THROTTLE); past either limit the page answers 429
    with a message saying when to try again. Logins are axes' (failures only)."""

    PAGES = {"signup": "username", "password_change": None}  # None: the logged-in user

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if request.method != "POST" or match is None or match.url_name not in self.PAGES:
            return None
        field = self.PAGES[match.url_name]
        if field is None:
            username = request.user.get_username() if request.user.is_authenticated else ""
        else:
            username = request.POST.get(field, "")
        limits = settings.AUTH_FORM_THROTTLE
        window = limits["window_seconds"]
        counts = [(f"ip:{client_ip(request)}", limits["per_ip"])]
        if username:
            counts.append((f"user:{username_key(username)}", limits["per_username"]))
        over = False
        for who, limit in counts:
            key = f"auth-form-throttle:{match.url_name}:{who}"
            cache.add(key, 0, timeout=window)
            try:
                seen = cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=window)
                seen = 1
            over = over or seen > limit
        if not over:
            return None
        minutes = max(1, round(window / 60))
        response = render(
            request,
            "registration/throttled.html",
            {"minutes": minutes},
            status=429,
        )
        response["Retry-After"] = str(window)
        return response


class InvalidFormStatusMiddleware:
    """A page whose form was posted with errors answers 400, as the builder's pages do:
    Django's own views (login, password change) answer such a post 200."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_template_response(self, request, response):
        if request.method == "POST" and response.status_code == 200:
            context = response.context_data or {}
            if any(
                isinstance(value, BaseForm) and value.is_bound and value.errors
                for value in context.values()
            ):
                response.status_code = 400
        return response


def cooloff_minutes() -> int:
    return max(1, round(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


def locked_out(request, original_response=None, credentials=None):
    """axes' answer to a locked-out login (AXES_LOCKOUT_CALLABLE): the 429 page, in the
    page's language, saying for how long."""
    response = render(
        request,
        "registration/locked_out.html",
        {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": cooloff_minutes()},
        status=429,
    )
    response["Retry-After"] = str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    return response


class AnonymousSessionMiddleware:
    """A browser without an account that builds a list keeps its session (and with it its
    drafts) for settings.ANONYMOUS_SESSION_AGE after its last edit, not the two weeks of an
    account's; logging in (which keeps the session) gives it an account's age again."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        session = getattr(request, "session", None)
        user = getattr(request, "user", None)
        if session is None or user is None or not session.get(SESSION_KEY):
            return response
        if user.is_authenticated:
            if "_session_expiry" in session:
                session.set_expiry(None)  # the account's age (SESSION_COOKIE_AGE)
        elif request.method == "POST" or session.modified:
            session.set_expiry(settings.ANONYMOUS_SESSION_AGE)
        return response
