"""What the figures were measured on, in one line each."""

import os
import platform
import re
import subprocess
import sys
from pathlib import Path

import django
from django.db import connection


def _cpu_model() -> str:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or platform.machine()
    match = re.search(r"^model name\s*:\s*(.+)$", text, re.M)
    return match.group(1).strip() if match else platform.machine()


def _version(command: list[str]) -> str:
    try:
        out = subprocess.run(command, capture_output=True, text=True, timeout=10)
    except OSError:
        return "?"
    return (out.stdout or out.stderr).splitlines()[0].strip() if (out.stdout or out.stderr) else "?"


def describe() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        postgres = cursor.fetchone()[0]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    where = "at DATABASE_URL" if os.environ.get("DATABASE_URL") else "the embedded pgserver"
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    wrk = _version(["wrk", "--version"]).split(" [")[0]
    return [
        f"- CPU: {_cpu_model()}, {os.cpu_count()} cores ({platform.machine()},"
        f" {platform.system()} {platform.release()})",
        f"- Python {platform.python_version()}, Django {django.get_version()},"
        f" PostgreSQL {postgres} ({where}, on the same machine)",
        f"- {_version([gunicorn, '--version'])}, 2 sync workers; load generator {wrk},"
        " on the same machine",
        f"- load average when the run started: {load} (the machine is shared: figures are"
        " noisy, ratios within one run are what counts)",
    ]
