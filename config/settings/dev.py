"""`make run` and `manage.py` on a developer's machine: the shared settings, DEBUG off
unless DEBUG=1 is given (config/settings/base.py).

Static files come from whitenoise as in production, but read straight from static/ (no
collectstatic) and looked up again on each request, so an edited stylesheet shows on the
next reload with DEBUG on or off.
"""

from config.settings.base import *  # noqa: F401,F403

WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
