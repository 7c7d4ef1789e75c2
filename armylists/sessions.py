"""Django's database sessions, with the one read every request makes compiled once.

SESSION_ENGINE names this module. Everything is Django's ``db`` session store (the same
table, encoding, expiry and cycling on login) but ``_get_session_from_db``: the lookup by
key is a ``Compiled`` query (armylists/compiled.py), and the expiry is compared here
instead of in SQL (the same rule: a session is read until its ``expire_date``). Profiling
the builder page found this read the largest cost of a kept page (docs/performance.md).
"""

from __future__ import annotations

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from .compiled import Compiled

_by_key = Compiled(
    lambda key: Session.objects.filter(session_key=key).values_list("session_data", "expire_date"),
    arity=1,
)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        row = _by_key.first(self.session_key) if self.session_key else None
        if row is None or row[1] <= timezone.now():
            self._session_key = None
            return None
        return self.model(session_key=self.session_key, session_data=row[0], expire_date=row[1])
