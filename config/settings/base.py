"""Settings shared by every environment; environment variables decide the rest."""

import os
from datetime import timedelta
from pathlib import Path

from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from config.db import database_settings

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-not-secret-muster-key-change-me-in-production")
# Off unless DEBUG=1 is given: Django's debug 404 lists every URL pattern, and a server
# started without a word must show the project's own pages (templates/404.html).
DEBUG = env_bool("DEBUG", False)
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",")

# Each game's web side (its presenter, pages, API endpoints, importer): one package per
# game under this one, found by the presenters' registry (armylists/presenters/).
MUSTER_GAMES_PACKAGE = "armylists.games"


def game_apps(package: str = MUSTER_GAMES_PACKAGE) -> list[str]:
    """The games' packages that are Django apps (those with models of their own have an
    ``apps.py``), found on disk in the order of their names: the settings name no game,
    and a game that gains models is installed by adding its ``apps.py``."""
    folder = BASE_DIR.joinpath(*package.split("."))
    return [f"{package}.{found.parent.name}" for found in sorted(folder.glob("*/apps.py"))]


INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served by us, not from a CDN
    "django_htmx",
    "csp",
    "axes",
    "rules",
    "armylists.packs",
    "armylists",
    *game_apps(),  # the games with models of their own
    "armylists.events",  # tournaments, leagues: lists collected, locked, revealed
]

MIDDLEWARE = [
    # /healthz and /readyz for the load balancer, before anything else (armylists/web/health.py).
    "armylists.web.health.HealthCheckMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Under /api/: every error JSON, bodies bounded before they are read
    # (armylists/web/middleware.py).
    "armylists.web.middleware.ApiErrorsMiddleware",
    # A control character in the path (or NUL in the query) names nothing: 404 at once.
    "armylists.web.middleware.OddAddressMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "armylists.web.sessions.AnonymousSessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Sign-up and password change, per IP and per username (login: axes, below).
    "armylists.web.brakes.AuthFormThrottleMiddleware",
    "armylists.web.brakes.InvalidFormStatusMiddleware",
    # Last, as axes asks: turns a locked-out login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "armylists.web.context_processors.offline_account",
            ],
        },
    },
]

DATABASES = {"default": database_settings()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's own database sessions. Not cached_db: the default cache is per process, so a
# logout or an expiry seen by one worker would stay unseen by the others.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# "pages": rendered pages (armylists/web/conditional.py), in the database so that every
# worker and app server renders a page once per state. Its keys are made of everything a
# page shows, so nothing there can go stale; the timeout and the entry bound only keep
# the table small (Django culls a third of it when full; no page over 1 MB is kept). Its
# table is made by a migration (armylists 0011).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "pages": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "muster_pages",
        "TIMEOUT": 600,
        "OPTIONS": {"MAX_ENTRIES": int(os.environ.get("PAGES_CACHE_ENTRIES", 2000))},
    },
    # "pages-here": in front of "pages", the small pages this worker served last (no page
    # over 128 KB): a page asked again costs no query but its stamps'.
    "pages-here": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "pages-here",
        "TIMEOUT": 600,
        "OPTIONS": {"MAX_ENTRIES": 256},
    },
    # "brakes": the throttles' counts (token endpoint, sign-up, password change). In the
    # database, so every worker and app server counts together with nothing to run but
    # PostgreSQL; its table is made by a migration (armylists 0007). Only login-ish
    # requests touch it.
    "brakes": {"BACKEND": "django.core.cache.backends.db.DatabaseCache",
               "LOCATION": "muster_brakes"},
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
AUTHENTICATION_BACKENDS = [
    # Django's ModelBackend, after django-axes' check that refuses every login of a
    # locked-out IP address or username before a password is looked at.
    "armylists.web.auth_backends.LockoutModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Berlin"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Request bodies: the list document's bound (rules/engine/document.py, 2,500,000 bytes) and
# room for the {"version", "document"} around it; anything larger under /api/ gets 413
# before it is read (armylists/web/middleware.py), a page's form 400.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
# Endpoints that take larger uploads (path -> bytes): a BattleScribe catalogue and its
# game system, each up to 12 MB unpacked (a real codex is 2.5 MB, its game system 0.7 MB),
# with room for the form around them. The files are spooled to disk past 2.5 MB.
API_UPLOAD_LIMITS = {"/api/v1/packs/import/battlescribe/": 25_000_000}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    # The strict default: an endpoint open to anyone says AllowAny itself.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # POST /api/v1/auth/token/ (armylists/lists/api/lists.py): attempts per IP and per username.
    "DEFAULT_THROTTLE_RATES": {
        "auth-token": os.environ.get("THROTTLE_AUTH_TOKEN", "20/min"),
        "auth-token-username": os.environ.get("THROTTLE_AUTH_TOKEN_USERNAME", "10/min"),
        # New packs and pack versions per user (armylists/packs/api/packs.py).
        "pack-write": os.environ.get("THROTTLE_PACK_WRITE", "60/hour"),
    },
    # Not read: the throttles ask armylists/web/client_address.py (PROXY_COUNT), as axes does.
    "NUM_PROXIES": 0,
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "armylists.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "EXCEPTION_HANDLER": "armylists.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Muster API",
    "DESCRIPTION": (
        "Army lists for tabletop wargames: game data, list validation, saved lists. "
        'Errors are JSON: {"errors": [{"path", "message", "code"}]}.'
    ),
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Choice sets whose field names other components use for other choices.
    "ENUM_NAME_OVERRIDES": {
        "VisibilityEnum": "armylists.packs.api.schema.VISIBILITIES",  # a pack's, as before
        "EventVisibilityEnum": "armylists.events.api.serializers.VISIBILITIES",
        "EventRightsEnum": "armylists.events.api.serializers.RIGHTS",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "armylists.api.schema.add_document_components",
    ],
}

# -- brakes -----------------------------------------------------------------------------

# Failed logins (the login page and the API's token endpoint): after AXES_FAILURE_LIMIT
# failures from one IP address, or for one username, further logins are refused for
# AXES_COOLOFF_TIME, with a 429 page (API: 429 in the JSON error shape). Kept in the
# database, so every app process sees the same count.
AXES_FAILURE_LIMIT = int(os.environ.get("AXES_FAILURE_LIMIT", 10))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("AXES_COOLOFF_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = ["ip_address", "username"]
# A success forgets only that username's failures from that client (armylists/web/brakes.py
# forget_own_failures), never the address's other failures.
AXES_RESET_ON_SUCCESS = False
AXES_LOCKOUT_CALLABLE = "armylists.web.brakes.locked_out"  # registration/locked_out.html, 429
# The one function that decides a request's client address (throttles and form brakes too).
AXES_CLIENT_IP_CALLABLE = "armylists.web.client_address.client_address"
# How many proxies in front of the app append to X-Forwarded-For: the client's address is
# the PROXY_COUNT-th entry from the right; 0 (clients connect directly): REMOTE_ADDR.
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", 0))

# Sign-up and password change (armylists/web/brakes.py): posts per window, per IP address
# and per username; the counts live in the default cache.
AUTH_FORM_THROTTLE = {
    "window_seconds": int(os.environ.get("AUTH_FORM_THROTTLE_WINDOW", 600)),
    "per_ip": int(os.environ.get("AUTH_FORM_THROTTLE_PER_IP", 20)),
    "per_username": int(os.environ.get("AUTH_FORM_THROTTLE_PER_USERNAME", 10)),
}

# A browser without an account keeps its session (and with it its builder drafts) this
# long after its last edit; an account's session the usual two weeks. Run
# `manage.py clearworkspaces` daily: it deletes expired sessions and the drafts of them.
ANONYMOUS_SESSION_AGE = int(os.environ.get("ANONYMOUS_SESSION_AGE", 7 * 24 * 3600))

# -- Content-Security-Policy (django-csp) ---------------------------------------------------
# Scripts and styles only from our own static files: no inline script, handler or style.
# /api/docs/ (Swagger UI) loads its script from its own URL, and its one inline <style> is
# allowed by its hash there only (config/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# What production sets already, everywhere (the secure cookies and HSTS need HTTPS, so
# only production sets those).
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
