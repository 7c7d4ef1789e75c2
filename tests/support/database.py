"""PostgreSQL out of reach for a moment, for the tests of what answers while it is down:
a real refused connection (as while the server restarts), no mock of the database."""

import time
from contextlib import contextmanager

from django.db import connection

OTHERS = "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"


def drop_other_connections() -> None:
    """PostgreSQL ends every other connection to this test database (the live server's
    threads keep theirs between requests), as a restart would; returns once they are
    gone."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT pg_terminate_backend(pid) {OTHERS}")  # noqa: S608 (constant)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            cursor.execute(f"SELECT count(*) {OTHERS}")  # noqa: S608 (constant)
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.02)
    raise AssertionError("PostgreSQL did not end the other connections within 10 s")


@contextmanager
def unreachable_database():
    """Every connection of this process to a port nothing listens on, then back: the
    open ones are ended by PostgreSQL, and the settings every thread connects with
    (shared) name the closed port, so the live test server's requests fail as this
    thread's do."""
    drop_other_connections()
    saved = connection.settings_dict["PORT"]
    connection.close()
    connection.settings_dict["PORT"] = "9"  # discard: closed on loopback
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict["PORT"] = saved
