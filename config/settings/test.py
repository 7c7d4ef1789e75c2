import os

from config.settings.base import *  # noqa: F401,F403

DEBUG = False
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins in tests
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# One test database per test run, so two runs on one server (a developer's and CI's,
# or two terminals) never drop each other's database.
DATABASES["default"]["TEST"] = {"NAME": f"test_muster_{os.getpid()}"}  # noqa: F405

# The throttles count in this process's memory here: each test starts with them empty
# (tests/conftest.py) without needing the database; tests/web/test_brakes.py points
# them at the database, as everywhere else.
# The kept pages too (tests/conftest.py empties them for each test, which on the database
# would need the database in every test), without the worker's copies in front of them;
# tests/web/test_conditional_shared.py keeps them as everywhere else.
CACHES = {**CACHES,  # noqa: F405
          "brakes": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                     "LOCATION": "brakes"},
          "pages": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                    "LOCATION": "pages", "TIMEOUT": 600, "OPTIONS": {"MAX_ENTRIES": 2000}},
          "pages-here": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
