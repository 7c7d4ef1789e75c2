"""The builder's pages: a new list's first step, the draft, a list file opened, and a
saved list being edited."""

from django.urls import path

from armylists.builder import opening, start, views

urlpatterns = [
    path("g/<slug:system>/", start.system_start, name="system-start"),
    path("g/<slug:system>/build/", views.draft_builder, name="draft-builder"),
    path("lists/open/", opening.list_open, name="list-open"),
    path("lists/<int:list_id>/", views.list_detail, name="list-detail"),
]
