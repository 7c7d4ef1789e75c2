"""A short soak of the scale-out recipe (deploy/), without containers: two gunicorn app
servers (production settings, 2 workers each) on loopback ports behind Debian's haproxy
with the health check of deploy/haproxy.cfg, against the test database. Mixed load from
a few client threads; one app server is ``kill -9``ed and PostgreSQL is restarted
mid-run. Then: every acknowledged save reads back (none lost), no 5xx outside the fault
windows, and one abusive client's lockout never touches another client. Prints its
figures (requests, errors, acknowledged saves, p99). About a minute; every loop stops by
itself; all traffic on 127.0.0.1.

The test stands in for an outer proxy too: each client sends the X-Forwarded-For such a
proxy would, haproxy appends 127.0.0.1, and the app trusts two hops (PROXY_COUNT=2)."""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection

from config.pgembedded import server as pg
from tests.support.gunicorn import AppServer, free_port
from tests.support.text_export import GODSLAYER
from tests.support.users import PASSWORD, make_user

HAPROXY = "/usr/sbin/haproxy"  # Debian's (make haproxy-deps)
LOAD_SECONDS = 38
KILL_AT, PG_RESTART_AT = 14, 24  # seconds into the load
FAULT_GRACE = 8  # seconds after a fault while 5xx are the fault's (detection, reconnects)
HONEST_CLIENTS = 3

# soak: it restarts the test PostgreSQL that the other worker's tests are using, so
# `make test` runs it on its own after the parallel run (see the Makefile).
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.soak]


def haproxy_config(port: int, servers: list[int]) -> str:
    """deploy/haproxy.cfg's balancing and health check, on loopback, checked every
    second rather than two (a short test)."""
    lines = "\n".join(
        f"    server app{n} 127.0.0.1:{p} check inter 1s fall 3 rise 2"
        for n, p in enumerate(servers, 1)
    )
    return f"""global
    maxconn 500
defaults
    mode http
    option forwardfor
    option redispatch
    retries 2
    retry-on conn-failure
    timeout connect 1s
    timeout client 30s
    timeout server 35s
    timeout check 2s
frontend www
    bind 127.0.0.1:{port}
    default_backend app
backend app
    balance roundrobin
    option httpchk
    http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1
    http-check expect status 200
{lines}
"""


class Client:
    """One client behind the outer proxy: its own address, its own connection."""

    def __init__(self, port: int, address: str, token: str | None = None):
        self.port, self.address, self.token = port, address, token
        self.conn = None

    def request(self, method: str, path: str, body=None, spoof: str | None = None):
        """(status, parsed JSON or None, seconds); status 0 when no answer came."""
        headers = {"X-Forwarded-For": f"{spoof}, {self.address}" if spoof else self.address,
                   "Host": "127.0.0.1", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        started = time.monotonic()
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=40)
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            raw = response.read()
            if response.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
        except (OSError, http.client.HTTPException):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return 0, None, time.monotonic() - started
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        return response.status, parsed, time.monotonic() - started


class Figures:
    def __init__(self, start: float):
        self.start = start
        self.lock = threading.Lock()
        self.samples: list[tuple[float, str, int, float]] = []  # (t, what, status, seconds)
        self.saves: dict[int, tuple[str, str]] = {}  # acknowledged: id -> (name, token)

    def add(self, what: str, status: int, seconds: float):
        with self.lock:
            self.samples.append((time.monotonic() - self.start, what, status, seconds))


def _honest(client: Client, figures: Figures, n: int, until: float):
    k = 0
    while time.monotonic() < until:
        k += 1
        name = f"soak {n}-{k}"
        status, body, took = client.request("POST", "/api/v1/lists/",
                                            {**GODSLAYER, "name": name})
        figures.add("save", status, took)
        if status == 201:
            with figures.lock:
                figures.saves[body["id"]] = (name, client.token)
        for what, method, path, payload in (
            ("validate", "POST", "/api/v1/validate/", GODSLAYER),
            ("systems", "GET", "/api/v1/systems/", None),
            ("lists", "GET", "/api/v1/lists/?page_size=5", None),
        ):
            status, _body, took = client.request(method, path, payload)
            figures.add(what, status, took)
        time.sleep(0.05)


def _abusive(client: Client, figures: Figures, until: float, statuses: list[int]):
    """Wrong passwords for made-up usernames until locked out (429), each time claiming
    a new address to the left of its own: the claim is ignored."""
    k = 0
    while time.monotonic() < until and k < 40 and 429 not in statuses:
        k += 1
        status, _body, took = client.request(
            "POST", "/api/v1/auth/token/", {"username": f"nouser{k}", "password": "x"},
            spoof=f"203.0.113.{k}")
        figures.add("abuse", status, took)
        if 0 < status < 500:  # a fault's 5xx counts nothing
            statuses.append(status)


def _in_fault_window(t: float, faults: list[tuple[float, float]]) -> bool:
    return any(start <= t <= end + FAULT_GRACE for start, end in faults)


def test_two_app_servers_behind_haproxy_survive_a_crash_and_a_database_restart(tmp_path,
                                                                              capsys):
    from rest_framework.authtoken.models import Token

    from tests.support.shipped import load_shipped

    load_shipped("godslayer")
    tokens = [Token.objects.create(user=make_user(f"player{n}")).key
              for n in range(HONEST_CLIENTS)]
    # alice logs in against the app servers, whose settings hash with PBKDF2 (the tests'
    # own settings use MD5 for speed).
    alice = make_user("alice")
    hasher = PBKDF2PasswordHasher()
    alice.password = hasher.encode(PASSWORD, hasher.salt())
    alice.save(update_fields=["password"])
    pgdata = Path(connection.settings_dict["EMBEDDED_PGDATA"])
    settings_dict = dict(connection.settings_dict)
    connection.close()  # this process keeps no connection through the restart

    # Each login costs a real password hash (about a second here): a lockout after 3.
    env = {"PROXY_COUNT": 2, "AXES_FAILURE_LIMIT": 3}
    apps = [AppServer(settings_dict, workers=2, log=tmp_path / f"app{n}.log", **env)
            for n in (1, 2)]
    port = free_port()
    config = tmp_path / "haproxy.cfg"
    config.write_text(haproxy_config(port, [a.port for a in apps]))
    balancer = None
    try:
        for app in apps:
            app.wait_ready()
            _warm(app, tokens[0])
        balancer = subprocess.Popen([shutil.which("haproxy") or HAPROXY, "-db", "-f",
                                     str(config)], stdout=subprocess.DEVNULL,
                                    stderr=open(tmp_path / "haproxy.log", "wb"))  # noqa: SIM115
        _wait_for(port)
        start = time.monotonic()
        figures = Figures(start)
        until = start + LOAD_SECONDS
        abuse_statuses: list[int] = []
        threads = [threading.Thread(target=_honest, args=(
            Client(port, f"198.51.100.{n + 10}", tokens[n]), figures, n, until))
            for n in range(HONEST_CLIENTS)]
        threads.append(threading.Thread(target=_abusive, args=(
            Client(port, "198.51.100.66"), figures, until, abuse_statuses)))
        for thread in threads:
            thread.start()

        faults = []
        _sleep_until(start + KILL_AT)
        killed = time.monotonic() - start
        apps[0].kill_hard()
        faults.append((killed, time.monotonic() - start))
        _sleep_until(start + PG_RESTART_AT)
        stopped = time.monotonic() - start
        pg.stop(pgdata)
        time.sleep(1.0)
        pg.ensure_running(pgdata)
        faults.append((stopped, time.monotonic() - start))
        for thread in threads:
            thread.join(timeout=LOAD_SECONDS + 60)
        assert not any(thread.is_alive() for thread in threads)

        # The abusive client is locked out; an honest one, behind the same balancer, is not.
        honest_login = Client(port, "198.51.100.5").request(
            "POST", "/api/v1/auth/token/", {"username": "alice", "password": PASSWORD})
        # Every acknowledged save reads back, through the balancer.
        lost = []
        for list_id, (name, token) in sorted(figures.saves.items()):
            status, body, _ = Client(port, "198.51.100.7", token).request(
                "GET", f"/api/v1/lists/{list_id}/")
            if status != 200 or body["name"] != name:
                lost.append((list_id, name, status))
    finally:
        if balancer is not None:
            balancer.terminate()
            balancer.wait(timeout=10)
        for app in apps:
            app.stop()

    samples = figures.samples
    outside = [s for s in samples if not _in_fault_window(s[0], faults)]
    server_errors = [s for s in samples if s[2] == 0 or s[2] >= 500]
    outside_errors = [s for s in outside if s[2] == 0 or s[2] >= 500]
    times = sorted(s[3] for s in samples if s[2] and s[2] < 500)
    p99 = times[int(0.99 * (len(times) - 1))] if times else float("nan")
    with capsys.disabled():  # shown in every run, not only with -s
        _print_figures(samples, server_errors, outside_errors, figures, lost, p99, faults)
    assert figures.saves, "no save was acknowledged"
    assert lost == []
    assert outside_errors == [], outside_errors[:10]
    assert len(outside) > len(samples) // 3  # most of the run is outside the faults
    # Locked out after its third failure (429), whatever address it claimed to be...
    assert abuse_statuses[0] == 400 and 429 in abuse_statuses, abuse_statuses
    # ...while an honest client behind the same balancer logs in.
    assert honest_login[0] == 200, honest_login


def _warm(app: AppServer, token: str) -> None:
    """A worker's first request loads the app and the game data (seconds on a busy
    machine): done before the clock starts, a few times so each worker has had one."""
    client = Client(app.port, "198.51.100.2", token)
    for _ in range(4):
        client.request("GET", "/api/v1/systems/")
        client.request("POST", "/api/v1/validate/", GODSLAYER)
        client.request("GET", "/api/v1/lists/?page_size=5")
        client.conn = None  # a new connection: perhaps the other worker


def _wait_for(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, _body, _ = Client(port, "198.51.100.1").request("GET", "/healthz")
        if status == 200:
            return
        time.sleep(0.2)
    raise RuntimeError("haproxy did not answer")


def _sleep_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.monotonic()))


def _print_figures(samples, server_errors, outside_errors, figures, lost, p99, faults):
    print(
        f"\nsoak: {len(samples)} requests in {LOAD_SECONDS} s through haproxy to 2 app servers "
        f"(2 workers each); 5xx or no answer: {len(server_errors)} (outside the fault "
        f"windows: {len(outside_errors)}); acknowledged saves: {len(figures.saves)}, read "
        f"back: {len(figures.saves) - len(lost)}; p99 {p99 * 1000:.0f} ms; faults at "
        + ", ".join(f"{a:.1f}-{b:.1f} s" for a, b in faults)
    )
