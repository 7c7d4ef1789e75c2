"""Start and stop the embedded PostgreSQL of one data directory.

Every change of state happens under an exclusive ``flock`` on ``<pgdata>.lock``, so any
number of processes may call ``ensure_running`` at once: one starts the server, the
others wait and then find it running. The kernel drops the lock of a process that dies,
even by ``kill -9``, and nothing else is written on the way, so an interrupted start
leaves nothing half-done behind: no pid list (pgserver's ``.handle_pids.json`` is
deleted when found), and ``initdb`` works in a scratch folder that is renamed into place
only when it is complete. No Django here: ``python -m config.db`` uses it bare.
"""

import fcntl
import os
import shlex
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from config.pgembedded.probe import SUPERUSER, PidFile, cluster_pids, state
from config.pgembedded.programs import EmbeddedServerError, give_to_server_user, run

START_TIMEOUT = 30.0  # seconds to wait for a start (twice that for another's lock)
LEGACY_PID_LIST = ".handle_pids.json"  # pgserver's, which broke when a writer was killed

__all__ = ["EmbeddedServerError", "SUPERUSER", "ensure_running", "state", "stop"]


@contextmanager
def locked(pgdata: Path, timeout: float = 2 * START_TIMEOUT):
    """Hold ``<pgdata>.lock`` exclusively. flock, not lockf: two threads of one process
    (runserver's) exclude each other too, and a killed holder's lock goes with it."""
    lock_path = pgdata.parent / f"{pgdata.name}.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a") as handle:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise EmbeddedServerError(
                        f"another process has held {lock_path} for {timeout:.0f} s"
                    ) from None
                time.sleep(0.02)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_running(pgdata: Path, database: str | None = None) -> Path:
    """Start the server of ``pgdata`` unless it runs (creating the cluster first if
    there is none, and ``database`` if given and missing); return its socket folder."""
    pgdata = Path(pgdata).absolute()
    with locked(pgdata):
        (pgdata / LEGACY_PID_LIST).unlink(missing_ok=True)
        current, pid_file = state(pgdata)
        if current != "ready":
            _initialise(pgdata)
            pid_file = _start(pgdata)
        if database:
            _create_database(pid_file, database)
        return pid_file.socket_dir


def stop(pgdata: Path) -> bool:
    """Stop the server of ``pgdata``; False if it was not running."""
    pgdata = Path(pgdata).absolute()
    with locked(pgdata):
        current, _ = state(pgdata)
        if current in {"down", "stale"}:
            return False
        run("pg_ctl", "-D", str(pgdata), "-w", "-t", str(int(START_TIMEOUT)), "-m", "fast", "stop")
        return True


def socket_dir_for(pgdata: Path) -> Path:
    # A Unix socket path has room for about 107 bytes; PostgreSQL appends
    # "/.s.PGSQL.5432". Deep folders get a short one in the temp folder instead.
    if len(os.fsencode(pgdata)) <= 90:
        return pgdata
    import hashlib

    digest = hashlib.sha256(os.fsencode(pgdata)).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"muster-pg-{digest}"


def _start(pgdata: Path) -> PidFile:
    """Start the server and wait until it answers. After a ``kill -9`` of the postmaster
    its children take a moment to notice and exit, and PostgreSQL refuses to start while
    they hold its shared memory: so a failed start is retried until START_TIMEOUT."""
    socket_dir = socket_dir_for(pgdata)
    if socket_dir != pgdata:
        socket_dir.mkdir(mode=0o700, exist_ok=True)
        give_to_server_user(socket_dir)
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        current, pid_file = state(pgdata)
        if current == "ready":
            return pid_file
        if current == "stale":
            current = _clear_stale(pgdata, pid_file)
        if current == "down":
            try:
                run(
                    "pg_ctl", "-D", str(pgdata), "-l", str(pgdata / "log"), "-w",
                    "-t", str(int(START_TIMEOUT)),
                    # -h '': no TCP at all, only the socket in socket_dir
                    "-o", f"-h '' -k {shlex.quote(str(socket_dir))}", "start",
                )
            except EmbeddedServerError as exc:
                if time.monotonic() > deadline:
                    raise EmbeddedServerError(f"{exc}\n{_log_tail(pgdata)}") from None
                time.sleep(0.2)
        if time.monotonic() > deadline:
            raise EmbeddedServerError(
                f"the embedded PostgreSQL in {pgdata} did not become ready in "
                f"{START_TIMEOUT:.0f} s (state: {current})\n{_log_tail(pgdata)}"
            )
        time.sleep(0.1)


def _clear_stale(pgdata: Path, pid_file: PidFile) -> str:
    """After a crash. When the file's pid is gone, PostgreSQL handles the leftover lock
    files itself, and also waits for the old children to let go of the shared memory
    (it reads the segment's key from postmaster.pid): so they stay. When the pid still
    exists, as another program or as the killed postmaster not yet reaped by its parent
    (a zombie: it holds nothing, but PostgreSQL takes it for a live server), or the
    file is empty or garbled, PostgreSQL refuses to start: then the lock files go, but
    only once no process of the old server is left."""
    import psutil

    if pid_file.pid > 0 and not psutil.pid_exists(pid_file.pid):
        return "down"
    if cluster_pids(pgdata):
        return "busy"
    (pgdata / "postmaster.pid").unlink(missing_ok=True)
    # Only in the folder we chose: a garbled file may name any folder.
    (socket_dir_for(pgdata) / ".s.PGSQL.5432.lock").unlink(missing_ok=True)
    return "down"


def _initialise(pgdata: Path) -> None:
    """initdb, unless the cluster exists. It runs in a scratch folder that is renamed
    to ``pgdata`` when complete, so a killed initdb never leaves a half cluster."""
    parent = pgdata.parent
    for leftover in parent.glob(f".{pgdata.name}.init-*"):
        shutil.rmtree(leftover, ignore_errors=True)  # a killed initdb's; we hold the lock
    if (pgdata / "PG_VERSION").exists():
        return
    parent.mkdir(parents=True, exist_ok=True)
    if pgdata.exists():
        if any(pgdata.iterdir()):
            # Not a cluster, but not ours to delete either: keep it, out of the way.
            aside = parent / f"{pgdata.name}.incomplete-{int(time.time())}"
            pgdata.rename(aside)
            print(f"moved {pgdata} (no PG_VERSION, so no database) to {aside}", file=sys.stderr)
        else:
            pgdata.rmdir()
    scratch = Path(tempfile.mkdtemp(prefix=f".{pgdata.name}.init-", dir=parent))
    give_to_server_user(scratch)
    run(
        "initdb", "-D", str(scratch), "--auth=trust", "--auth-local=trust",
        "--encoding=UTF8", "-U", SUPERUSER,
    )
    scratch.rename(pgdata)


def _create_database(pid_file: PidFile, name: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(
        host=str(pid_file.socket_dir), port=pid_file.port, user=SUPERUSER,
        dbname="postgres", autocommit=True,
    ) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            return
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def _log_tail(pgdata: Path, lines: int = 15) -> str:
    try:
        text = (pgdata / "log").read_text(errors="replace").splitlines()
    except OSError:
        return "(no server log)"
    return "server log, last lines:\n" + "\n".join(text[-lines:])
