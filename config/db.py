"""Where the database comes from.

``DATABASE_URL`` wins when set (any PostgreSQL). Otherwise we start, on demand, the
PostgreSQL that the ``pgserver`` package ships, with its data in ``var/pgdata``. It is
left running between commands (starting it costs about a second); ``make stop`` stops
it. Run as a script: ``python -m config.db stop|start|status``.
"""

import os
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlparse

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
PGDATA = VAR_DIR / "pgdata"
DATABASE_NAME = "muster"


def _prepare_runtime_dir() -> None:
    # pgserver keeps its lock file and, for long paths, its socket in the user runtime
    # dir; pointing it into the project keeps everything we create in one git-ignored
    # folder. It is read when pgserver is imported, so this must run first.
    run_dir = VAR_DIR / "run"
    run_dir.mkdir(parents=True, exist_ok=True)
    run_dir.chmod(0o700)
    os.environ.setdefault("XDG_RUNTIME_DIR", str(run_dir))


def embedded_server():
    _prepare_runtime_dir()
    PGDATA.mkdir(parents=True, exist_ok=True)
    import pgserver

    # cleanup_mode=None: the server outlives this process, so the next command (or
    # the test run after `make run`) does not pay for another start.
    return pgserver.get_server(PGDATA, cleanup_mode=None)


def embedded_database_settings() -> dict:
    server = embedded_server()
    uri = urlparse(server.get_uri())
    socket_dir = parse_qs(uri.query)["host"][0]
    _ensure_database(socket_dir)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": DATABASE_NAME,
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": socket_dir,
        "PORT": "",
        "CONN_MAX_AGE": 0,
    }


def _ensure_database(socket_dir: str) -> None:
    import psycopg

    with psycopg.connect(host=socket_dir, user="postgres", dbname="postgres", autocommit=True) as c:
        exists = c.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", [DATABASE_NAME]
        ).fetchone()
        if not exists:
            c.execute(f'CREATE DATABASE "{DATABASE_NAME}"')


def database_settings() -> dict:
    url = os.environ.get("DATABASE_URL")
    if url:
        import dj_database_url

        return dj_database_url.parse(url, conn_max_age=60, conn_health_checks=True)
    return embedded_database_settings()


def stop() -> None:
    _prepare_runtime_dir()
    if not (PGDATA / "postmaster.pid").exists():
        print("embedded PostgreSQL is not running")
        return
    from pgserver._commands import pg_ctl

    user = "pgserver" if os.geteuid() == 0 else None
    pg_ctl(["-w", "stop"], pgdata=PGDATA, user=user)
    print(f"stopped the embedded PostgreSQL ({PGDATA})")


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "status"
    if command == "stop":
        stop()
    elif command == "start":
        settings = embedded_database_settings()
        print(f"embedded PostgreSQL running, socket in {settings['HOST']}, data in {PGDATA}")
    elif command == "status":
        running = (PGDATA / "postmaster.pid").exists()
        print(f"embedded PostgreSQL {'running' if running else 'stopped'} ({PGDATA})")
    else:
        print(f"unknown command {command!r}; use start, stop or status", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
