"""Drive the server with wrk (Debian's package) and read its summary.

Each scenario is checked once with a plain request first (status and a word of the
body), so a table never reports the speed of an error page.
"""

import re
import shutil
import subprocess
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


@dataclass(frozen=True)
class Scenario:
    label: str
    path: str
    method: str = "GET"
    body: bytes | None = None
    headers: dict = field(default_factory=dict)
    expect_status: int = 200
    expect_text: str = ""  # a word the first response's body must contain


@dataclass(frozen=True)
class Figures:
    requests_per_s: float
    p50_ms: float
    p99_ms: float
    requests: int
    errors: int  # socket errors and unexpected statuses (wrk counts 2xx and 3xx as fine)


def wrk_path() -> str:
    path = shutil.which("wrk")
    if path is None:
        raise SystemExit("wrk is missing: apt-get install wrk (make bench does it as root)")
    return path


def check(base: str, scenario: Scenario) -> None:
    request = urllib.request.Request(
        base + scenario.path, data=scenario.body, method=scenario.method,
        headers={"Content-Type": "application/json", **scenario.headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            status, text = r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:  # 304 and 4xx arrive here
        status, text = e.code, e.read().decode("utf-8", "replace")
    if status != scenario.expect_status or scenario.expect_text not in text:
        raise SystemExit(
            f"{scenario.label}: expected {scenario.expect_status} with"
            f" {scenario.expect_text!r}, got {status}: {text[:300]}"
        )


def _lua(scenario: Scenario, folder: Path) -> Path:
    """A wrk script that sends the scenario's method, headers and body."""
    lines = [f'wrk.method = "{scenario.method}"']
    for name, value in {"Content-Type": "application/json", **scenario.headers}.items():
        lines.append(f"wrk.headers[{_lua_string(name)}] = {_lua_string(value)}")
    if scenario.body is not None:
        body = folder / "body.json"
        body.write_bytes(scenario.body)
        lines.append(f'local f = io.open({_lua_string(str(body))}, "rb")')
        lines.append("wrk.body = f:read('*a')")
        lines.append("f:close()")
    script = folder / "scenario.lua"
    script.write_text("\n".join(lines) + "\n")
    return script


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def run(base: str, scenario: Scenario, *, connections: int, seconds: int, threads: int = 2):
    check(base, scenario)
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as tmp:
        script = _lua(scenario, Path(tmp))
        command = [
            wrk_path(), f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
            "--latency", "--timeout", "10s", "-s", str(script), base + scenario.path,
        ]
        out = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    if out.returncode != 0:
        raise SystemExit(f"wrk failed for {scenario.label}: {out.stderr or out.stdout}")
    return parse(out.stdout)


def _ms(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * UNITS[unit]


def parse(output: str) -> Figures:
    """The figures out of wrk's summary (run with --latency)."""
    percentiles = dict(re.findall(r"^\s+(\d+)%\s+([\d.]+(?:us|ms|s|m))\s*$", output, re.M))
    requests = int(re.search(r"(\d+) requests in", output).group(1))
    socket = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = (sum(int(n) for n in socket.groups()) if socket else 0) + (
        int(non_2xx.group(1)) if non_2xx else 0
    )
    return Figures(
        requests_per_s=float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        p50_ms=_ms(percentiles["50"]),
        p99_ms=_ms(percentiles["99"]),
        requests=requests,
        errors=errors,
    )
