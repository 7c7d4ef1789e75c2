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
