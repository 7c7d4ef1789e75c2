"""The pack pages: my packs, a game's directory, a pack (and ``/p/<token>/``), its
settings, uploads, the differences between two versions, and the editor."""

from django.urls import path

from armylists.packs.views import (
    catalogue_import as pack_catalogue_import,
)
from armylists.packs.views import (
    diff as pack_diff,
)
from armylists.packs.views import (
    editor as pack_editor,
)
from armylists.packs.views import (
    pages as packs,
)
from armylists.packs.views import (
    settings as pack_settings,
)

urlpatterns = [
    path("packs/", packs.my_packs, name="my-packs"),
    path("packs/upload/", pack_settings.pack_upload, name="pack-upload"),
    path(
        "packs/import/battlescribe/",
        pack_catalogue_import.catalogue_import,
        name="pack-import-battlescribe",
    ),
    path("packs/g/<slug:system>/", packs.directory, name="pack-directory"),
    path("packs/<str:pack_id>/", packs.pack_detail, name="pack-detail"),
    path("packs/<str:pack_id>/fork/", packs.pack_fork, name="pack-fork"),
    path(
        "packs/<str:pack_id>/versions/<int:number>/download/",
        packs.pack_download,
        name="pack-download",
    ),
    path("packs/<str:pack_id>/diff/", pack_diff.pack_diff, name="pack-diff"),
    path("packs/<str:pack_id>/settings/", pack_settings.pack_settings, name="pack-settings"),
    path("packs/<str:pack_id>/link/", pack_settings.pack_link, name="pack-link"),
    path("packs/<str:pack_id>/delete/", pack_settings.pack_delete, name="pack-delete"),
    path("packs/<str:pack_id>/upload/", pack_settings.pack_upload, name="pack-upload-version"),
    path(
        "packs/<str:pack_id>/import/battlescribe/",
        pack_catalogue_import.catalogue_import,
        name="pack-import-battlescribe-version",
    ),
    path("packs/<str:pack_id>/edit/", pack_editor.pack_editor, name="pack-editor"),
    path("packs/<str:pack_id>/edit/row/", pack_editor.pack_row, name="pack-row"),
    path("packs/<str:pack_id>/edit/add/", pack_editor.pack_row_add, name="pack-row-add"),
    path("packs/<str:pack_id>/edit/remove/", pack_editor.pack_row_remove, name="pack-row-remove"),
    path("packs/<str:pack_id>/edit/discard/", pack_editor.pack_draft_discard, name="pack-discard"),
    path("packs/<str:pack_id>/edit/undo/", pack_editor.pack_draft_undo, name="pack-undo"),
    path("packs/<str:pack_id>/edit/redo/", pack_editor.pack_draft_redo, name="pack-redo"),
    path("packs/<str:pack_id>/edit/publish/", pack_editor.pack_draft_publish, name="pack-publish"),
    path("p/<str:token>/", packs.pack_shared, name="pack-shared"),
    path("p/<str:token>/keep/", packs.pack_keep, name="pack-keep"),
]
