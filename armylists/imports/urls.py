"""The import page (a list file or a roster)."""

from django.urls import path

from armylists.imports import views

urlpatterns = [
    path("lists/import/", views.list_import, name="list-import"),
]
