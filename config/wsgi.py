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

chosen = os.environ.get("DJANGO_SETTINGS_MODULE")
if (chosen or PRODUCTION) == PRODUCTION:
    os.environ["DJANGO_SETTINGS_MODULE"] = PRODUCTION
    missing = [name for name in PRODUCTION_NEEDS if not os.environ.get(name)]
    if missing:
        why = "as DJANGO_SETTINGS_MODULE says" if chosen else "DJANGO_SETTINGS_MODULE is not set"
        raise ImproperlyConfigured(
            f"config.wsgi serves {PRODUCTION} ({why}), "
            f"which needs these environment variables: {', '.join(missing)} (and DATABASE_URL, "
            "or it uses the embedded database). To serve the development settings "
            "instead: DJANGO_SETTINGS_MODULE=config.settings.dev gunicorn config.wsgi"
        )

application = get_wsgi_application()
