"""The site's pages: each feature's own addresses, then each game's (as its presenter
lists them). No two features claim the same address."""

from django.urls import include, path

from armylists.presenters import all_presenters

urlpatterns = [
    path("", include("armylists.web.urls")),  # the app, accounts, language
    path("", include("armylists.lists.urls")),  # home, saved and shared lists
    path("", include("armylists.builder.urls")),  # a list being made or edited
    path("", include("armylists.imports.urls")),  # a list or a roster from a file
    path("", include("armylists.compare.urls")),  # compare lists, tournament snapshots
    path("", include("armylists.packs.urls")),  # game-data packs: pages and editor
    path("", include("armylists.events.urls")),  # events: lists collected and revealed
    # Each game's own pages (its play aids), as its presenter lists them.
    *[pattern for presenter in all_presenters() for pattern in presenter.urls()],
]
