from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from armylists.views.home import schema_file

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/schemas/<slug:name>.json", schema_file, name="schema-file"),
    path("api/v1/", include("armylists.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("", include("armylists.urls")),
]
