"""The packs' API addresses (included under /api/v1/packs/)."""

from django.urls import path

from armylists.packs.api import (
    imports as pack_imports,
)
from armylists.packs.api import (
    links as pack_links,
)
from armylists.packs.api import (
    packs,
)
from armylists.packs.api import (
    versions as pack_versions,
)

urlpatterns = [
    path("", packs.pack_collection, name="api-packs"),
    path("by-token/<str:token>/", packs.pack_by_token, name="api-pack-by-token"),
    path("by-token/<str:token>/keep/", pack_links.pack_keep, name="api-pack-keep"),
    path(
        "import/battlescribe/",
        pack_imports.pack_import_battlescribe,
        name="api-pack-import-battlescribe",
    ),
    # <str:>: a malformed id or number gets the API's JSON 404.
    path("<str:pack_id>/", packs.pack_detail, name="api-pack"),
    path("<str:pack_id>/diff/", pack_versions.pack_diff, name="api-pack-diff"),
    path("<str:pack_id>/versions/", pack_versions.pack_publish, name="api-pack-versions"),
    path(
        "<str:pack_id>/versions/<str:number>/",
        pack_versions.pack_version,
        name="api-pack-version",
    ),
    path(
        "<str:pack_id>/versions/<str:number>/download/",
        pack_versions.pack_download,
        name="api-pack-download",
    ),
]
