"""A page that does not exist (issue 32, item 7): the project's own 404 page, in the
visitor's language, never Django's debug page that lists every URL pattern; the settings
`make run` uses have DEBUG off unless DEBUG=1 is given, and production never has it on.
`make run`'s own server is started as the Makefile starts it (manage.py runserver, its
default settings) and asked for a missing page and a static file (served by WhiteNoise
with DEBUG off)."""

import os
import subprocess
import sys
import time

import pytest
import requests
from django.db import connection
from django.test import Client

from tests.support.gunicorn import database_url, free_port
from tests.support.paths import ROOT

# Words of Django's technical 404 page, which lists the URL patterns tried.
DEBUG_PAGE_WORDS = ("Using the URLconf", "Django tried these URL patterns",
                    "DEBUG = True", "api/v1/")


def assert_project_404(status: int, html: str) -> None:
    assert status == 404
    assert "<h1>Not found</h1>" in html
    assert "There is nothing here, or it is not yours to see." in html
    assert 'rel="stylesheet"' in html  # the project's page, in its own layout
    for words in DEBUG_PAGE_WORDS:
        assert words not in html, words


def test_a_missing_page_is_the_projects_404_page(db):
    response = Client().get("/no-such-page/")
    assert [t.name for t in response.templates][0] == "404.html"
    assert_project_404(response.status_code, response.content.decode())


def test_the_404_page_speaks_german(db):
    response = Client(HTTP_ACCEPT_LANGUAGE="de").get("/gibt-es-nicht/")
    html = response.content.decode()
    assert response.status_code == 404 and "Nicht gefunden" in html
    assert "Not found" not in html


def debug_of(settings_module: str, **env) -> str:
    """settings.DEBUG as a fresh interpreter with these settings and environment sees it."""
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    clean.update(DJANGO_SETTINGS_MODULE=settings_module, SECRET_KEY="x" * 50,
                 ALLOWED_HOSTS="muster.example.org",
                 DATABASE_URL=database_url(connection.settings_dict), **env)
    out = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings; print(settings.DEBUG)"],
        cwd=ROOT, env=clean, capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.mark.parametrize(("settings_module", "env", "debug"), [
    ("config.settings.dev", {}, "False"),  # make run: off unless asked for
    ("config.settings.dev", {"DEBUG": "1"}, "True"),  # DEBUG=1 make run
    ("config.settings.production", {}, "False"),
    ("config.settings.production", {"DEBUG": "1"}, "False"),  # never in production
])
def test_debug_is_off_unless_asked_for_and_never_in_production(db, settings_module, env, debug):
    assert debug_of(settings_module, **env) == debug


def test_manage_py_and_the_makefile_serve_the_development_settings():
    manage = (ROOT / "manage.py").read_text()
    assert '"DJANGO_SETTINGS_MODULE", "config.settings.dev"' in manage
    makefile = (ROOT / "Makefile").read_text()
    [run] = [line for line in makefile.splitlines() if "manage.py runserver" in line]
    assert "DEBUG" not in run and "settings" not in run


@pytest.fixture
def make_run_server(transactional_db):
    """manage.py runserver as `make run` starts it, with no DEBUG in its environment,
    on the test database."""
    port = free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env.update(DATABASE_URL=database_url(connection.settings_dict), PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, process.stdout.read().decode()
        try:
            requests.get(f"{url}/healthz", timeout=2)
            break
        except requests.ConnectionError:
            assert time.monotonic() < deadline, "runserver did not answer within 60 s"
            time.sleep(0.2)
    yield url
    process.terminate()
    process.wait(timeout=15)
    process.stdout.close()


def test_make_runs_server_shows_the_projects_404_and_serves_static_files(make_run_server):
    response = requests.get(f"{make_run_server}/no-such-page/", timeout=10)
    assert_project_404(response.status_code, response.text)
    assert "Content-Security-Policy" in response.headers
    css = requests.get(f"{make_run_server}/static/css/muster.css", timeout=10)
    assert css.status_code == 200 and css.headers["Content-Type"].startswith("text/css")
    worker = requests.get(f"{make_run_server}/sw.js", timeout=10)
    assert worker.status_code == 200 and "var RELEASE" in worker.text
    assert worker.headers["Service-Worker-Allowed"] == "/"
