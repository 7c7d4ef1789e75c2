"""The lists' API addresses (included under /api/v1/): the game data, validate and
render, the owner's lists, exports and share links, and shared lists."""

from django.urls import path

from armylists.lists.api import exports, lists, views

urlpatterns = [
    path("systems/", views.system_list, name="api-systems"),
    path("systems/<slug:system>/", views.system_detail, name="api-system"),
    path("validate/", views.validate, name="api-validate"),
    path("render/", exports.render, name="api-render"),
    path("lists/", lists.list_collection, name="api-lists"),
    # <str:>, not <int:>: a malformed id gets the API's JSON 404, not the site's page.
    path("lists/<str:list_id>/", lists.list_detail, name="api-list"),
    path("lists/<str:list_id>/export/", exports.list_export, name="api-list-export"),
    path("lists/<str:list_id>/share/", lists.list_share, name="api-list-share"),
    path("shared/<str:token>/", lists.shared_detail, name="api-shared"),
    path("shared/<str:token>/export/", exports.shared_export, name="api-shared-export"),
]
