"""The API's addresses (under /api/v1/, config/urls.py): the token endpoint, each
feature's endpoints and each game's own (as its presenter lists them). The import comes
before the lists: ``lists/import/`` is no list id."""

from django.urls import include, path

from armylists.api import auth_token
from armylists.presenters import all_presenters

urlpatterns = [
    path("auth/token/", auth_token.obtain_token, name="api-token"),
    path("", include("armylists.imports.api_urls")),
    path("", include("armylists.lists.api.urls")),
    path("", include("armylists.compare.api.urls")),
    path("packs/", include("armylists.packs.api.urls")),
    path("events/", include("armylists.events.api.urls")),
    # Each game's own endpoints (its play aids), as its presenter lists them.
    *[pattern for presenter in all_presenters() for pattern in presenter.api_urls()],
]
