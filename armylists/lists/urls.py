"""The pages of saved lists: home, my lists, a list's export, print, play, history,
share link, deletion, scoring and texts, a shared list, and a game's profile cards."""

from django.urls import path

from armylists.lists.views import cards, home, lists, my_lists, play, scoring, shared, text

urlpatterns = [
    path("", home.home, name="home"),
    path("g/<slug:system>/cards/<slug:card>/", cards.card_detail, name="card-detail"),
    path("lists/", my_lists.list_index, name="list-index"),
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
    path("s/<str:token>/text/", text.shared_text, name="shared-text"),
    path("lists/<int:list_id>/text/", text.list_text, name="list-text"),
    path("s/<str:token>/battle/", scoring.shared_battle, name="shared-battle"),
]
