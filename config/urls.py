from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from armylists import tools
from armylists.api import tools as tools_api
from armylists.views import schema_file

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/schemas/<slug:name>.json", schema_file, name="schema-file"),
    path("api/v1/kemet/battles/", tools_api.kemet_battle, name="api-kemet-battle"),
    path("api/v1/mordheim/rout-test/", tools_api.mordheim_rout_test, name="api-mordheim-rout-test"),
    path(
        "api/v1/boarding-action/hull-breach/",
        tools_api.boarding_action_hull_breach,
        name="api-boarding-action-hull-breach",
    ),
    path("api/v1/", include("armylists.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("tools/kemet/", tools.kemet_page, name="tools-kemet"),
    path("tools/mordheim/rout-test/", tools.rout_test_page, name="tools-mordheim-rout-test"),
    path(
        "tools/boarding-action/hull-breach/",
        tools.hull_breach_page,
        name="tools-boarding-action-hull-breach",
    ),
    path("", include("armylists.urls")),
]
