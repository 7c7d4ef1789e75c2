"""One authentication backend: Django's, behind django-axes' lockout check.

axes' own pair (AxesStandaloneBackend before ModelBackend) makes two backends, and then
every ``login(request, user)`` must name one; this class is both in one. A login with no
request (Django's test client, a shell) has no address to count and is not checked.
"""

from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend


class LockoutModelBackend(AxesStandaloneBackend, ModelBackend):
    # An AxesStandaloneBackend, as axes' system check asks, and a ModelBackend.

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None:
            # Raises (a PermissionDenied, which ends the login) when locked out.
            AxesStandaloneBackend.authenticate(
                self, request, username=username, password=password, **kwargs
            )
        return ModelBackend.authenticate(
            self, request, username=username, password=password, **kwargs
        )
