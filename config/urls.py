import base64
import hashlib
import re
from pathlib import Path

import drf_spectacular
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from armylists.lists.views.home import schema_file, schema_file_version


def _inline_style_hashes(template: Path) -> list[str]:
    """CSP hashes of the inline <style> blocks of a template that is served as it is."""
    text = template.read_text()
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(css.encode()).digest()).decode() + "'"
        for css in re.findall(r"<style>(.*?)</style>", text, flags=re.S)
    ]


SWAGGER_TEMPLATE = (
    Path(drf_spectacular.__file__).parent / "templates/drf_spectacular/swagger_ui.html"
)

# Swagger UI (/api/docs/): the split view serves its start script from its own URL (?script),
# so scripts stay 'self' only; its page's one inline <style> is allowed by its hash, taken
# from the installed template, on this page alone.
api_docs = csp_update({"style-src": _inline_style_hashes(SWAGGER_TEMPLATE)})(
    SpectacularSwaggerSplitView.as_view(url_name="api-schema")
)

# 503 with Retry-After while PostgreSQL is unreachable, else Django's 500 (armylists/web/health.py).
handler500 = "armylists.web.health.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/schemas/<slug:name>.json", schema_file, name="schema-file"),
    path(
        "api/v1/schemas/<slug:name>/<int:version>.json",
        schema_file_version,
        name="schema-file-version",
    ),
    path("api/v1/", include("armylists.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("", include("armylists.urls")),
]
