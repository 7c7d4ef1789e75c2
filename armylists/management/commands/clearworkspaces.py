"""``manage.py clearworkspaces``: expired sessions and the builder lists only they held.

A builder list (``Workspace``) belongs to the browser whose session holds its holder id
(``armylists.web.sessions.SESSION_KEY``). Once that session has expired nobody can
reach it again, so it goes: run this daily (cron, a systemd timer), as Django advises for
``clearsessions``, which it runs first. Anonymous sessions live ANONYMOUS_SESSION_AGE
after their last edit (armylists/web/brakes.py), so a visitor's drafts are bounded in
time; each browser holds at most one draft per game and one set of edits per list, each
with at most MAX_STEPS undo steps, so they are bounded in size too.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.utils import timezone

from armylists.models import Workspace
from armylists.web.sessions import SESSION_KEY

# A workspace touched this recently is kept even when no session names it yet: a request
# may have made it and not yet saved its new session.
GRACE = timedelta(hours=1)


def live_holders() -> set[str]:
    """The holder ids in sessions that have not expired."""
    holders = set()
    for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator():
        holder = session.get_decoded().get(SESSION_KEY)
        if holder:
            holders.add(holder)
    return holders


def clear_workspaces(*, now=None) -> int:
    """Delete every workspace no live session holds (older than GRACE); how many went."""
    now = now or timezone.now()
    holders = live_holders()
    stale = Workspace.objects.filter(updated_at__lt=now - GRACE).exclude(holder__in=holders)
    deleted, _ = stale.delete()
    return deleted


class Command(BaseCommand):
    help = "Delete expired sessions and the builder lists (drafts, unsaved edits) they held."

    def handle(self, *args, **options):
        call_command("clearsessions")
        deleted = clear_workspaces()
        self.stdout.write(f"deleted {deleted} workspace(s) of expired sessions")
