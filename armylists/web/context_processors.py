"""What every page's head carries for the service worker (static/js/sw.js)."""

from __future__ import annotations

from django.utils.crypto import salted_hmac


def offline_account(request) -> dict:
    """``muster_account``: which account's copies on the device a page belongs to, an id
    derived from the user's (never the session, which changes at every login; never the
    user's own id or name). ``anon`` for a visitor not logged in: he sees only what anyone
    with the link sees (shared lists), and logging in forgets those copies too."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"muster_account": "anon"}
    return {"muster_account": salted_hmac("muster-offline-account", str(user.pk)).hexdigest()[:24]}
