"""Pages that compare and freeze lists: the compare page (diffs) and tournament snapshots.
Included from armylists/urls.py."""

from django.urls import path

from armylists.compare.views import diff, snapshots

urlpatterns = [
    path("lists/<int:list_id>/compare/", diff.list_compare, name="list-compare"),
    path("lists/<int:list_id>/snapshots/", snapshots.list_freeze, name="list-freeze"),
    # Before t/<code>/: "verify" is no code (codes are 20 hex digits), but be plain about it.
    path("t/verify/", snapshots.snapshot_verify_page, name="snapshot-verify"),
    path("t/<str:code>/", snapshots.snapshot_page, name="snapshot"),
    path("t/<str:code>/download/", snapshots.snapshot_download, name="snapshot-download"),
]
