"""The embedded PostgreSQL survives real use: concurrent commands, commands killed while
they start it, leftover or garbled files, a killed server, Ctrl-C of the web server.

Every test here runs on a throwaway cluster in its own folder (MUSTER_PGDATA), never on
the one the rest of the test run uses, so killing its server harms nothing else.
"""

import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
import requests

from config import db
from config.pgembedded import server
from config.pgembedded.programs import PG_MAJOR
from tests.support.embedded import (
    GUNICORN,
    PYTHON,
    ROOT,
    Served,
    env_for,
    free_port,
    kill_postmaster,
    manage,
    postmaster_pid,
    query,
)


@pytest.fixture(scope="module")
def pgdata():
    """A migrated cluster of its own; stopped and deleted at the end."""
    folder = Path(tempfile.mkdtemp(prefix="muster-pgtest-"))
    data = folder / "pgdata"
    try:
        out = manage(data, "migrate", "--noinput")
        assert out.returncode == 0, out.stdout + out.stderr
        yield data
    finally:
        try:
            server.stop(data)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def test_it_starts_one_server_for_ten_concurrent_commands(pgdata):
    server.stop(pgdata)
    starts_before = (pgdata / "log").read_text().count("ready to accept connections")
    procs = [
        subprocess.Popen([PYTHON, "manage.py", "check"], cwd=ROOT, env=env_for(pgdata),
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for _ in range(10)
    ]
    outputs = [(p.wait(timeout=120), p.stdout.read()) for p in procs]
    assert [code for code, _ in outputs] == [0] * 10, outputs
    assert all("no issues" in text for _, text in outputs)
    assert server.state(pgdata)[0] == "ready"
    starts = (pgdata / "log").read_text().count("ready to accept connections") - starts_before
    assert starts == 1


def test_it_runs_commands_over_an_emptied_pgserver_pid_list(pgdata):
    """pgserver's .handle_pids.json, left empty by a writer killed mid-write, made every
    command fail with JSONDecodeError. It is no longer read: it goes, commands work."""
    server.stop(pgdata)
    (pgdata / server.LEGACY_PID_LIST).write_text("")
    out = manage(pgdata, "showmigrations", "armylists")
    assert out.returncode == 0, out.stderr
    assert "[X]" in out.stdout
    assert not (pgdata / server.LEGACY_PID_LIST).exists()


@pytest.mark.parametrize("content", ["[4242, 17", "\x00\x00\x00", "[" + ", ".join(["999999"] * 142) + "]"])
def test_it_heals_a_garbled_or_overgrown_pgserver_pid_list(pgdata, content):
    server.stop(pgdata)
    (pgdata / server.LEGACY_PID_LIST).write_text(content)
    server.ensure_running(pgdata)
    assert query(pgdata) > 0
    assert not (pgdata / server.LEGACY_PID_LIST).exists()


@pytest.mark.parametrize("content", ["", "garbage\n", "999999\n/nowhere\n"])
def test_it_starts_over_an_empty_or_garbled_postmaster_pid(pgdata, content):
    """A crash can leave PostgreSQL's own lock file behind in any state; with no
    process of the cluster alive it must not stop the next start."""
    server.stop(pgdata)
    (pgdata / "postmaster.pid").write_text(content)
    assert server.state(pgdata)[0] == "stale"
    server.ensure_running(pgdata)
    assert query(pgdata) > 0


@pytest.mark.parametrize("delay", [0.1, 0.25, 0.4, 0.6])
def test_it_starts_after_a_start_was_killed(pgdata, delay):
    """kill -9 of a command while it starts the server (before, in or after pg_ctl)."""
    server.stop(pgdata)
    starter = subprocess.Popen([PYTHON, "-m", "config.db", "start"], cwd=ROOT,
                               env=env_for(pgdata), stdout=subprocess.DEVNULL)
    time.sleep(delay)
    starter.kill()
    starter.wait(timeout=10)
    assert query(pgdata) > 0  # query() starts it as every command does


@pytest.mark.parametrize("delay", [0.15, 0.45])
def test_it_creates_a_cluster_after_initdb_was_killed(delay):
    data = Path(tempfile.mkdtemp(prefix="muster-pginit-")) / "pgdata"
    try:
        starter = subprocess.Popen([PYTHON, "-m", "config.db", "start"], cwd=ROOT,
                                   env=env_for(data), stdout=subprocess.DEVNULL)
        time.sleep(delay)
        starter.kill()
        starter.wait(timeout=10)
        server.ensure_running(data, database="muster")
        assert (data / "PG_VERSION").read_text().strip() == str(PG_MAJOR)
        assert query(data, "SELECT current_database()") == "muster"
    finally:
        server.stop(data)
        shutil.rmtree(data.parent, ignore_errors=True)


def test_it_reconnects_and_restarts_after_the_server_was_killed(pgdata, django_db_blocker):
    """Django's own request cycle on one persistent connection: after kill -9 of the
    postmaster, the next request's health check drops the dead connection and the new
    one restarts the server."""
    from django.db.utils import ConnectionHandler

    settings = db.embedded_database_settings(pgdata)
    assert settings["CONN_MAX_AGE"] and settings["CONN_HEALTH_CHECKS"]
    conn = ConnectionHandler({"default": settings})["default"]

    def request():
        conn.close_if_unusable_or_obsolete()  # what request_started does
        with conn.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
        conn.close_if_unusable_or_obsolete()  # request_finished
        return backend

    with django_db_blocker.unblock():
        first = request()
        assert request() == first  # the connection is kept between requests
        killed = kill_postmaster(pgdata)
        request()
        assert postmaster_pid(pgdata) != killed
        assert request() == request()
        conn.close()


def test_it_serves_again_after_the_server_was_killed_under_gunicorn(pgdata):
    port = free_port()
    web = Served([GUNICORN, "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1"],
                 env_for(pgdata), port)
    try:
        web.wait_until_up()
        assert web.get("/api/v1/systems/").status_code == 200
        kill_postmaster(pgdata)
        codes = [web.get("/api/v1/systems/").status_code for _ in range(2)]
        assert codes[-1] == 200, codes
        assert web.get("/api/v1/systems/").status_code == 200
    finally:
        web.stop()


def test_it_says_what_production_needs_when_gunicorn_starts_without_it(pgdata):
    env = env_for(pgdata, settings=None)
    env.pop("SECRET_KEY", None)
    env.pop("ALLOWED_HOSTS", None)
    out = subprocess.run([GUNICORN, "config.wsgi", "-b", f"127.0.0.1:{free_port()}"], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0
    assert "SECRET_KEY, ALLOWED_HOSTS" in out.stderr
    assert "DJANGO_SETTINGS_MODULE=config.settings.dev" in out.stderr


def test_it_serves_production_settings_under_gunicorn(pgdata):
    port = free_port()
    env = env_for(pgdata, settings="config.settings.production",
                  SECRET_KEY="x" * 60, ALLOWED_HOSTS="127.0.0.1")
    web = Served([GUNICORN, "config.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1"], env, port)
    try:
        web.wait_until_up()
        answer = web.get("/api/v1/systems/", headers={"X-Forwarded-Proto": "https"})
        assert answer.status_code == 200
    finally:
        web.stop()


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_it_stays_usable_after_runserver_is_stopped_mid_request(pgdata, sig):
    """`make run` (runserver and its autoreloader child) stopped while requests run:
    the database keeps running and the next command works."""
    port = free_port()
    web = Served([PYTHON, "manage.py", "runserver", f"127.0.0.1:{port}"], env_for(pgdata), port)
    web.wait_until_up()
    answered = []
    stop = threading.Event()

    def hammer():
        with requests.Session() as session:
            while not stop.is_set():
                try:
                    answered.append(session.get(web.base + "/api/v1/systems/", timeout=5).status_code)
                except requests.RequestException:
                    return

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(1.0)
    assert web.stop(sig) != -signal.SIGKILL, web.output()  # the signal itself stopped it
    stop.set()
    for t in threads:
        t.join(timeout=10)
    assert answered and set(answered) == {200}, answered
    assert server.state(pgdata)[0] == "ready"
    out = manage(pgdata, "showmigrations", "armylists")
    assert out.returncode == 0 and "[X]" in out.stdout, out.stderr
