"""Notices in the admin, to look into (derived: shown, never edited there).

Threads, replies, watches and preferences are edited on the site, where every save is
version-checked and the talk page's moderation lives; they are not registered here (the
admin's version check, `articles.admin_versions`, covers models with seed content)."""

from django.contrib import admin

from articles.admin_site import MissingIs404

from .models import Notification


@admin.register(Notification)
class NotificationAdmin(MissingIs404, admin.ModelAdmin):
    list_display = ["user", "reason", "message", "created_at", "read_at", "emailed_at"]
    list_filter = ["reason"]
    readonly_fields = [f.name for f in Notification._meta.fields]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
