from django.contrib import admin

from armylists.packs import models


class PackVersionInline(admin.TabularInline):
    # Versions never change (a database trigger refuses it): shown, never edited here.
    model = models.PackVersion
    extra = 0
    can_delete = False
    fields = ["number", "note", "author", "created_at", "content_hash"]
    readonly_fields = fields
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(models.Pack)
class PackAdmin(admin.ModelAdmin):
    """Packs and their versions. The official ones are written by ``loadpack``; their
    game data stays editable in the tables above, as before."""

    list_display = ["id", "name", "system", "official", "owner", "visibility", "deleted_at"]
    list_filter = ["system", "official", "visibility"]
    search_fields = ["id", "name", "owner__username"]
    readonly_fields = ["id", "official", "forked_from", "share_token", "created_at", "updated_at"]
    autocomplete_fields = ["owner", "editors"]
    inlines = [PackVersionInline]
