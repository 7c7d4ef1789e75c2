"""Helpers for the embedded-database tests: a throwaway cluster's environment, real
commands and servers run against it, and a way to kill its postmaster (only its own:
the pid comes from that cluster's postmaster.pid)."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

from config.pgembedded import server
from tests.support.paths import ROOT

PYTHON = sys.executable
GUNICORN = str(Path(sys.executable).with_name("gunicorn"))


def env_for(pgdata: Path, settings: str | None = "config.settings.dev", **extra) -> dict:
    """This environment, on the cluster in ``pgdata``, with ``settings`` (None: unset)."""
    drop = {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(MUSTER_PGDATA=str(pgdata), **extra)
    if settings:
        env["DJANGO_SETTINGS_MODULE"] = settings
    return env


def manage(pgdata: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env_for(pgdata),
        capture_output=True, text=True, timeout=timeout,
    )


def postmaster_pid(pgdata: Path) -> int:
    current, pid_file = server.state(pgdata)
    assert current == "ready", current
    return pid_file.pid


def kill_postmaster(pgdata: Path) -> int:
    """kill -9 the postmaster of ``pgdata``; return once all its processes are gone
    (its children notice and exit at once), so nothing can still answer."""
    pid = postmaster_pid(pgdata)
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while server.cluster_pids(pgdata) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not server.cluster_pids(pgdata)
    assert server.state(pgdata)[0] == "stale"
    return pid


def query(pgdata: Path, sql: str = "SELECT count(*) FROM django_migrations"):
    import psycopg

    socket_dir = server.ensure_running(pgdata)
    with psycopg.connect(host=str(socket_dir), user="postgres", dbname="muster") as conn:
        return conn.execute(sql).fetchone()[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _default_sigint():
    # A shell without job control starts background jobs with SIGINT ignored, and a
    # child inherits that: Ctrl-C must reach the server as it would in a terminal.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Served:
    """A web server started as a real command, in its own process group (so a signal
    can go to it and its children, as Ctrl-C in a terminal does)."""

    def __init__(self, argv: list[str], env: dict, port: int):
        self.base = f"http://127.0.0.1:{port}"
        # A file, not a pipe: a busy server's log would fill a pipe nobody reads.
        self.log = tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            text=True, start_new_session=True, preexec_fn=_default_sigint,
        )

    def wait_until_up(self, path: str = "/api/v1/systems/", timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited {self.proc.returncode}:\n{self.output()}")
            try:
                # The first answer of a cold worker (imports, the game data) can take
                # longer than 5 s on a busy 2-core machine: a slow answer is waited for
                # again until the deadline, as a refused connection is.
                requests.get(self.base + path, timeout=15, allow_redirects=False)
                return
            except (requests.ConnectionError, requests.Timeout):
                time.sleep(0.1)
        raise AssertionError(f"server not up in {timeout} s")

    def get(self, path: str, **kw) -> requests.Response:
        return requests.get(self.base + path, timeout=10, **kw)

    def signal_group(self, sig: int) -> None:
        try:
            os.killpg(self.proc.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self, sig: int = signal.SIGTERM) -> int:
        """Signal the group and wait; the exit code, -9 if it had to be killed."""
        if self.proc.poll() is None:
            self.signal_group(sig)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.signal_group(signal.SIGKILL)
                self.proc.wait(timeout=5)
        return self.proc.returncode

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read()
