from django.contrib import admin

from armylists import models


class VersionInline(admin.TabularInline):
    model = models.ArmyListVersion
    extra = 0
    readonly_fields = ["version", "data_version", "saved_by", "created_at", "document"]
    can_delete = False


@admin.register(models.ArmyList)
class ArmyListAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "system", "faction", "version", "updated_at"]
    list_filter = ["system"]
    search_fields = ["name", "owner__username"]
    readonly_fields = ["share_token", "version", "created_at", "updated_at"]
    inlines = [VersionInline]
