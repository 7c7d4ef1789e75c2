"""Production: everything secret or host-specific comes from the environment."""

import os

from config.settings.base import *  # noqa: F401,F403
from config.settings.base import REST_FRAMEWORK, env_bool

DEBUG = False
SECRET_KEY = os.environ["SECRET_KEY"]
ALLOWED_HOSTS = os.environ["ALLOWED_HOSTS"].split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 31536000))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Behind the TLS proxy: the client's address is the one that proxy appends to
# X-Forwarded-For (armylists/web/client_address.py), for the throttles, the form brakes and the
# login lockouts alike (PROXY_COUNT=0 when clients connect directly).
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", 1))
# JSON only: DRF's browsable pages are for development (their inline style breaks the
# Content-Security-Policy); /api/docs/ documents the API.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "NUM_PROXIES": PROXY_COUNT,
    "DEFAULT_RENDERER_CLASSES": ["armylists.api.renderers.JSONRenderer"],
}
