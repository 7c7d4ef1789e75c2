"""What state the embedded server of a data directory is in, asked of the server.

A file alone never says it runs: ``postmaster.pid`` must name a live postgres process
working in that directory, and the server must answer on its socket.
"""

from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "postgres"  # the database role; trust authentication, socket only


@dataclass(frozen=True)
class PidFile:
    """What ``postmaster.pid`` says (its lines are documented in PostgreSQL's pidfile.h)."""

    pid: int
    port: int
    socket_dir: Path | None
    status: str


def read_pid_file(pgdata: Path) -> PidFile | None:
    try:
        lines = (pgdata / "postmaster.pid").read_text().splitlines()
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        pid = int(lines[0])
        port = int(lines[3]) if len(lines) > 3 and lines[3].strip() else 5432
    except (IndexError, ValueError):
        return PidFile(pid=0, port=5432, socket_dir=None, status="unreadable")
    socket_dir = Path(lines[4].strip()) if len(lines) > 4 and lines[4].strip() else None
    status = lines[7].strip() if len(lines) > 7 else "starting"
    return PidFile(pid=pid, port=port, socket_dir=socket_dir, status=status)


def cluster_pids(pgdata: Path) -> set[int]:
    """Pids of the postgres processes working in ``pgdata`` (they all chdir there).
    The name alone is not enough: other clusters' backends come and go all the time,
    and one of them may get the pid of a postmaster that was killed."""
    import psutil

    pgdata = pgdata.resolve()  # what a process's cwd reads, symlinks resolved
    found = set()
    for proc in psutil.process_iter(["name"]):
        try:
            if proc.info["name"] in {"postgres", "postmaster"} and Path(proc.cwd()) == pgdata:
                found.add(proc.pid)
        except (psutil.NoSuchProcess, psutil.AccessDenied, OSError):
            continue
    return found


def is_our_postmaster(pid: int, pgdata: Path) -> bool:
    import psutil

    try:
        proc = psutil.Process(pid)
        return proc.name() in {"postgres", "postmaster"} and Path(proc.cwd()) == pgdata.resolve()
    except (psutil.NoSuchProcess, psutil.AccessDenied, ValueError, OSError):
        return False


def answers(pid_file: PidFile) -> bool:
    """True when the server takes connections (an error from the server itself counts,
    e.g. too many clients: it runs); False while it refuses or starts up or recovers."""
    import psycopg

    try:
        psycopg.connect(
            host=str(pid_file.socket_dir), port=pid_file.port, user=SUPERUSER,
            dbname="postgres", connect_timeout=3,
        ).close()
    except psycopg.OperationalError as exc:
        code = getattr(exc, "sqlstate", None)
        return code is not None and code != "57P03"  # 57P03: starting up or recovering
    return True


def state(pgdata: Path) -> tuple[str, PidFile | None]:
    """``("ready", pid file)``; ``("busy", ...)``: a live postmaster that does not answer
    yet, or no postmaster but its orphaned children still exiting; ``("stale", ...)``:
    the file names no live postmaster of ``pgdata``; ``("down", None)``: no file."""
    pid_file = read_pid_file(pgdata)
    if pid_file is None:
        return "down", None
    if pid_file.pid > 0 and is_our_postmaster(pid_file.pid, pgdata):
        if pid_file.socket_dir is not None and pid_file.status == "ready" and answers(pid_file):
            return "ready", pid_file
        return "busy", pid_file
    return "stale", pid_file


