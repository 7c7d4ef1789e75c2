"""Events in the admin: read to help an organiser; submissions are never edited (each is
a frozen copy's record)."""

from django.contrib import admin

from armylists.events import models


class ParticipantInline(admin.TabularInline):
    model = models.Participant
    extra = 0
    fields = ["user", "player", "joined_at", "staff", "current"]
    readonly_fields = ["user", "joined_at", "current"]


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "system", "lists_close", "visibility"]
    list_filter = ["system", "visibility"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["join_token", "pack_key", "pack_version", "pack_content_hash",
                       "created_at", "updated_at"]  # fmt: skip
    inlines = [ParticipantInline]


@admin.register(models.Submission)
class SubmissionAdmin(admin.ModelAdmin):
    list_display = ["event", "player", "submitted_at", "valid", "points", "withdrawn_at"]
    search_fields = ["event__name", "player__username"]

    def has_change_permission(self, request, obj=None):
        return False
