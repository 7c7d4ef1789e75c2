"""`make bench` only: production settings over plain HTTP on the loopback, plus a bare view.

Everything else (middleware, templates, DEBUG off, whitenoise, database) is production's,
so the bare view measures what the stack costs and the app's own views what they add.
"""

import os

# production.py reads these at import; the benchmark sets its own, never a real secret.
os.environ.setdefault("SECRET_KEY", "bench-only-not-secret-" + "x" * 40)
os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
# wrk speaks plain HTTP to 127.0.0.1: no TLS proxy, so no redirect to https.
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")

from config.settings.production import *  # noqa: E402,F401,F403
from config.settings.production import DATABASES  # noqa: E402

ROOT_URLCONF = "config.urls_bench"

# Persistent connections as production gets them from DATABASE_URL (dj_database_url with
# conn_max_age=60 and health checks); BENCH_CONN_MAX_AGE=0 measures without them.
DATABASES["default"]["CONN_MAX_AGE"] = int(os.environ.get("BENCH_CONN_MAX_AGE", "60"))
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
