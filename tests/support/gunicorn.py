"""Real app servers for the tests that need them: gunicorn with the production settings
on a loopback port, against the test database (a transactional test's, so what they
write is visible and cleaned up), started and stopped by the test."""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import requests

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = str(Path(sys.executable).parent / "gunicorn")
SECRET = secrets.token_urlsafe(50)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """The test database as DATABASE_URL (the embedded server listens on a socket)."""
    host = quote(settings_dict["HOST"] or "127.0.0.1", safe="")
    port = f":{settings_dict['PORT']}" if settings_dict.get("PORT") else ""
    user = quote(settings_dict["USER"] or "", safe="")
    return f"postgres://{user}@{host}{port}/{settings_dict['NAME']}"


def production_env(settings_dict: dict, **extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=SECRET,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_SSL_REDIRECT="0",
        DATABASE_URL=database_url(settings_dict),
        PYTHONUNBUFFERED="1",
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


class AppServer:
    """One gunicorn (sync workers) on 127.0.0.1:port."""

    def __init__(self, settings_dict: dict, *, port: int | None = None, workers: int = 2,
                 log: Path | None = None, **env):
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 (the child's)
        self.process = subprocess.Popen(
            [GUNICORN, "--bind", f"127.0.0.1:{self.port}", "--workers", str(workers),
             "--timeout", "30", "--graceful-timeout", "5", "config.wsgi"],
            cwd=ROOT, env=production_env(settings_dict, **env), stdout=out,
            stderr=subprocess.STDOUT, start_new_session=True,
        )
        if log:
            out.close()

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}")
            try:
                if requests.get(f"{self.url}/healthz", timeout=2).status_code == 200:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn on {self.port} did not answer within {timeout} s")

    def kill_hard(self) -> None:
        """kill -9 of the master and its workers, as a crash would."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill_hard()
