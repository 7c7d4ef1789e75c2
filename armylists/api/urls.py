from django.urls import include, path

from armylists.presenters import all_presenters

from . import auth_token, diff, exports, lists, snapshots, views

urlpatterns = [
    path("systems/", views.system_list, name="api-systems"),
    path("systems/<slug:system>/", views.system_detail, name="api-system"),
    path("validate/", views.validate, name="api-validate"),
    path("render/", exports.render, name="api-render"),
    path("auth/token/", auth_token.obtain_token, name="api-token"),
    path("lists/", lists.list_collection, name="api-lists"),
    path("lists/import/", lists.list_import, name="api-lists-import"),
    # <str:>, not <int:>: a malformed id gets the API's JSON 404, not the site's page.
    path("lists/<str:list_id>/", lists.list_detail, name="api-list"),
    path("lists/<str:list_id>/export/", exports.list_export, name="api-list-export"),
    path("lists/<str:list_id>/share/", lists.list_share, name="api-list-share"),
    path("lists/<str:list_id>/diff/", diff.list_diff, name="api-list-diff"),
    path("lists/<str:list_id>/snapshots/", snapshots.list_snapshots, name="api-list-snapshots"),
    path("diff/", diff.document_diff, name="api-diff"),
    path("snapshots/verify/", snapshots.snapshot_verify, name="api-snapshot-verify"),
    path("snapshots/<str:code>/", snapshots.snapshot_detail, name="api-snapshot"),
    path("shared/<str:token>/", lists.shared_detail, name="api-shared"),
    path("packs/", include("armylists.api.pack_urls")),
    path("events/", include("armylists.events.api.urls")),
    path("shared/<str:token>/export/", exports.shared_export, name="api-shared-export"),
    # Each game's own endpoints (its play aids), as its presenter lists them.
    *[pattern for presenter in all_presenters() for pattern in presenter.api_urls()],
]
