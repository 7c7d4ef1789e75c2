"""Production settings pass Django's deployment checks."""

import os
import secrets
import subprocess
import sys

from tests.support.paths import ROOT


def test_it_passes_check_deploy():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="muster.example.org",
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="config.settings.production", ALLOWED_HOSTS="x")
    env.pop("SECRET_KEY", None)
    out = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert out.returncode != 0 and "SECRET_KEY" in out.stderr
