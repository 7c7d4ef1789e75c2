from django.contrib import admin

from rules import models


class ValidatorInline(admin.TabularInline):
    model = models.ValidatorConfig
    extra = 0


@admin.register(models.GameSystem)
class GameSystemAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "data_version", "sample_data", "updated_at"]
    inlines = [ValidatorInline]


@admin.register(models.Faction)
class FactionAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "system"]
    list_filter = ["system"]
    search_fields = ["key", "name"]


class CardItemInline(admin.TabularInline):
    model = models.CardItem
    extra = 0
    autocomplete_fields = ["item"]


@admin.register(models.Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "faction", "kind", "warlord", "aal", "points", "core_points"]
    list_filter = ["system", "faction", "kind", "warlord"]
    search_fields = ["key", "name"]
    inlines = [CardItemInline]


@admin.register(models.Item)
class ItemAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "faction", "kind", "points", "def_bonus", "arm_bonus"]
    list_filter = ["system", "faction", "kind"]
    search_fields = ["key", "name"]


@admin.register(models.SpecialAction)
class SpecialActionAdmin(admin.ModelAdmin):
    list_display = ["key", "name", "system", "role", "points"]
    list_filter = ["system", "role"]


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
