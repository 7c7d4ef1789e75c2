from django.contrib.auth import views as auth_views
from django.urls import include, path

from .presenters import all_presenters
from .views import (
    app,
    builder,
    cards,
    home,
    lists,
    my_lists,
    play,
    scoring,
    shared,
    text_export,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service-worker"),
    path("offline/", app.offline, name="offline"),
    path("g/<slug:system>/", builder.system_start, name="system-start"),
    path("g/<slug:system>/build/", builder.draft_builder, name="draft-builder"),
    path("g/<slug:system>/cards/<slug:card>/", cards.card_detail, name="card-detail"),
    path("lists/", my_lists.list_index, name="list-index"),
    path("lists/import/", lists.list_import, name="list-import"),
    path("lists/open/", builder.list_open, name="list-open"),
    path("lists/<int:list_id>/", builder.list_detail, name="list-detail"),
    path("lists/<int:list_id>/export/", lists.list_export, name="list-export"),
    path("lists/<int:list_id>/print/", lists.list_print, name="list-print"),
    path("lists/<int:list_id>/play/", play.list_play, name="list-play"),
    path("lists/<int:list_id>/duplicate/", lists.list_duplicate, name="list-duplicate"),
    path("lists/<int:list_id>/tags/", my_lists.list_tags, name="list-tags"),
    path("lists/<int:list_id>/history/", lists.list_history, name="list-history"),
    path(
        "lists/<int:list_id>/history/<int:version>/", lists.list_version, name="list-version"
    ),
    path(
        "lists/<int:list_id>/history/<int:version>/restore/",
        lists.list_restore,
        name="list-restore",
    ),
    path("lists/<int:list_id>/share/", lists.list_share, name="list-share"),
    path("lists/<int:list_id>/delete/", lists.list_delete, name="list-delete"),
    path("lists/<int:list_id>/battle/", scoring.list_battle, name="list-battle"),
    path("s/<str:token>/", shared.shared_list, name="shared"),
    path("s/<str:token>/print/", shared.shared_print, name="shared-print"),
    path("s/<str:token>/play/", play.shared_play, name="shared-play"),
    path("s/<str:token>/copy/", shared.shared_copy, name="shared-copy"),
    path("s/<str:token>/text/", text_export.shared_text, name="shared-text"),
    path("lists/<int:list_id>/text/", text_export.list_text, name="list-text"),
    path("s/<str:token>/battle/", scoring.shared_battle, name="shared-battle"),
    path("accounts/signup/", home.signup, name="signup"),
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(redirect_authenticated_user=True),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("armylists.urls_compare")),  # compare lists, tournament snapshots
    path("", include("armylists.urls_packs")),  # game-data packs: pages and editor
    path("", include("armylists.events.urls")),  # events: lists collected and revealed
    # Each game's own pages (its play aids), as its presenter lists them.
    *[pattern for presenter in all_presenters() for pattern in presenter.urls()],
]
