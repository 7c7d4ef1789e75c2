"""The compare API's addresses (included under /api/v1/): diffs and snapshots."""

from django.urls import path

from armylists.compare.api import diff, snapshots

urlpatterns = [
    path("lists/<str:list_id>/diff/", diff.list_diff, name="api-list-diff"),
    path("lists/<str:list_id>/snapshots/", snapshots.list_snapshots, name="api-list-snapshots"),
    path("diff/", diff.document_diff, name="api-diff"),
    # Before snapshots/<code>/: "verify" is no code, but be plain about it.
    path("snapshots/verify/", snapshots.snapshot_verify, name="api-snapshot-verify"),
    path("snapshots/<str:code>/", snapshots.snapshot_detail, name="api-snapshot"),
]
