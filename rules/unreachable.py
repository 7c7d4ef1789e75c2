"""Answers from the game data this process already holds while PostgreSQL cannot be
reached, for the few callers that ask for it (the pure-compute endpoints: validate and
render). Everyone else keeps the database error, and with it an honest 503.

Inside ``kept_while_unreachable()`` a failed read of the official tables serves the last
rows this process read (``rules.selectors.GameData``), and a pack version that cannot be
looked up serves its kept catalogue if that pack was official when it was kept
(``armylists.packs.catalogues``): an official pack is readable by anyone, so no privacy check
is skipped. What was served so is recorded in the ``Fallback`` the block yields, for the
answer to say so.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import InterfaceError, OperationalError

# Errors that mean the database cannot be reached now (down, restarting, a connection it
# dropped), as opposed to a query that is wrong.
UNREACHABLE = (OperationalError, InterfaceError)

_local = threading.local()


@dataclass
class Fallback:
    """What one block served from memory: ``tables_age``, seconds since the official
    tables it used were last read (None: they were not needed or were fresh), and
    ``pack``, whether a kept pack version's catalogue stood in for its lookup."""

    tables_age: float | None = None
    pack: bool = False

    @property
    def used(self) -> bool:
        return self.tables_age is not None or self.pack


@contextmanager
def kept_while_unreachable():
    """Within the block, game-data reads may be served from memory while PostgreSQL is
    unreachable (only in this thread); yields the ``Fallback`` that records it."""
    fallback = Fallback()
    outer = getattr(_local, "fallback", None)
    _local.fallback = fallback
    try:
        yield fallback
    finally:
        _local.fallback = outer


def active() -> Fallback | None:
    """The block this thread is in, if any: None means "raise as always"."""
    return getattr(_local, "fallback", None)
