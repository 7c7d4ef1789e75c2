"""Brakes for the pages and the login: sign-up and password change throttled per address
and per username, the page axes shows a locked-out login, a 400 for a form posted with
errors, and a short life for the sessions of browsers without an account."""

from __future__ import annotations

import hashlib

from axes.models import AccessAttempt
from django.conf import settings
from django.core.cache import caches
from django.forms import BaseForm
from django.shortcuts import render

from armylists.web.client_address import client_address


def username_key(username: str) -> str:
    """A username as a cache key: case and spaces ignored, any characters (hashed)."""
    return hashlib.sha256(username.strip().lower().encode("utf-8", "replace")).hexdigest()


def client_ip(request) -> str:
    """The client's address, as the login lockouts and the API's throttles see it too."""
    return client_address(request) or "unknown"


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
        cache = caches["brakes"]
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


def forget_own_failures(sender, request, user, **kwargs):
    """A successful login forgets only the failures of that username from that client
    (axes' AXES_RESET_ON_SUCCESS would forget every failure of the address too, so an
    attacker could clear its own count by logging in to its own account between
    guesses). Connected to user_logged_in in armylists/apps.py."""
    address = client_address(request) if request is not None else None
    if address is None:
        return
    AccessAttempt.objects.filter(username=user.get_username(), ip_address=address).delete()
