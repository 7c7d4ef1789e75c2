"""The WSGI application: ``gunicorn config.wsgi``.

It serves the production settings unless DJANGO_SETTINGS_MODULE names others: a server
started without saying which settings must never run with DEBUG on and a public key.
Production reads SECRET_KEY and ALLOWED_HOSTS from the environment; when they are
missing this says so, and how to serve the development settings, before Django would
stop with a bare KeyError.
"""

import os

from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

PRODUCTION = "config.settings.production"
PRODUCTION_NEEDS = ("SECRET_KEY", "ALLOWED_HOSTS")

if os.environ.setdefault("DJANGO_SETTINGS_MODULE", PRODUCTION) == PRODUCTION:
    missing = [name for name in PRODUCTION_NEEDS if not os.environ.get(name)]
    if missing:
        raise ImproperlyConfigured(
            f"config.wsgi serves {PRODUCTION} (DJANGO_SETTINGS_MODULE is not set), which "
            f"needs these environment variables: {', '.join(missing)} (and DATABASE_URL, "
            "or it uses the embedded database). To serve the development settings "
            "instead: DJANGO_SETTINGS_MODULE=config.settings.dev gunicorn config.wsgi"
        )

application = get_wsgi_application()
