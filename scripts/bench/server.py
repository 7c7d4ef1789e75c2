"""gunicorn with 2 sync workers on a free loopback port, and the certainty that it stops.

The server runs in its own process group, so Ctrl-C in the terminal reaches only the
benchmark, which then stops the whole group (master and workers). If the benchmark dies
without cleaning up (SIGKILL), the kernel sends the master SIGTERM (PR_SET_PDEATHSIG).
"""

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

PR_SET_PDEATHSIG = 1


def _die_with_parent():
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def gunicorn(root: Path, *, workers: int = 2, settings: str = "config.settings.bench"):
    """Yield the base URL of a running server; stop it on leaving, however we leave."""
    port = free_port()
    log_path = root / "var" / "bench-gunicorn.log"
    log_path.parent.mkdir(exist_ok=True)
    env = dict(os.environ, DJANGO_SETTINGS_MODULE=settings, PYTHONUNBUFFERED="1")
    command = [
        str(Path(sys.executable).with_name("gunicorn")),
        "--workers", str(workers),
        "--worker-class", "sync",
        "--bind", f"127.0.0.1:{port}",
        "--error-logfile", str(log_path),
        "config.wsgi",
    ]
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            command, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True, preexec_fn=_die_with_parent,
        )
    # SIGTERM to the benchmark: leave through the finally below, like Ctrl-C does.
    previous = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_ready(base, process, log_path)
        yield base
    finally:
        _stop(process)
        signal.signal(signal.SIGTERM, previous)


def _wait_ready(base: str, process, log_path: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited ({process.returncode}); see {log_path}")
        try:
            with urllib.request.urlopen(base + "/bench/bare/", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"gunicorn did not answer within {timeout:.0f} s; see {log_path}")


def _stop(process) -> None:
    if process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)  # master and workers: one group
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    # A worker that outlived its master would still hold the port: none may stay.
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
