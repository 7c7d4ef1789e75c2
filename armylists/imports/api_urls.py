"""The import endpoint (a list document or a roster), included under /api/v1/ before the
lists' own addresses: ``lists/import/`` is no list id."""

from django.urls import path

from armylists.imports import api

urlpatterns = [
    path("lists/import/", api.list_import, name="api-lists-import"),
]
