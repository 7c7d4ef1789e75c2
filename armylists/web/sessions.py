"""What a browser's session holds for the builder: a random holder id that its workspaces
(drafts, a saved list's unsaved edits) are found by, so the session itself holds 22
characters, not a list; and the shorter life of a session without an account that holds
drafts."""

from __future__ import annotations

import secrets

from django.conf import settings

from rules.unreachable import UNREACHABLE

SESSION_KEY = "builder"


def holder_of(session, *, create: bool = True) -> str | None:
    """This browser's workspace holder id, kept in its session (a login keeps it). Only
    what starts a workspace creates one (``create``): a visitor who only looks at pages
    leaves no session behind."""
    holder = session.get(SESSION_KEY)
    if not holder and create:
        holder = session[SESSION_KEY] = secrets.token_urlsafe(16)
    return holder


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
        if session is None or user is None:
            return response
        try:
            drafts = session.get(SESSION_KEY)
        except UNREACHABLE:
            # PostgreSQL cannot be reached: nothing can be re-aged now, and an answer made
            # without the session (validate and render answer from memory) stands.
            return response
        if not drafts:
            return response
        if user.is_authenticated:
            if "_session_expiry" in session:
                session.set_expiry(None)  # the account's age (SESSION_COOKIE_AGE)
        elif request.method == "POST" or session.modified:
            session.set_expiry(settings.ANONYMOUS_SESSION_AGE)
        return response
