"""Admin for talk threads and replies, watches and preferences (with their history), and
notices (derived: shown, not edited)."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from .models import Notification, Preferences, Reply, Thread, Watch


class ReplyInline(admin.StackedInline):
    model = Reply
    extra = 0
    fields = ["author", "body", "hidden_at", "hidden_by"]
    raw_id_fields = ["author", "hidden_by"]


@admin.register(Thread)
class ThreadAdmin(SimpleHistoryAdmin):
    list_display = ["title", "article", "tournament", "started_by", "started_at", "resolved_at"]
    list_filter = ["resolved_at"]
    search_fields = ["title"]
    raw_id_fields = ["article", "tournament", "started_by", "resolved_by"]
    inlines = [ReplyInline]


@admin.register(Reply)
class ReplyAdmin(SimpleHistoryAdmin):
    list_display = ["thread", "author", "posted_at", "hidden_at"]
    search_fields = ["body"]
    raw_id_fields = ["thread", "author", "hidden_by"]


@admin.register(Watch)
class WatchAdmin(SimpleHistoryAdmin):
    list_display = ["user", "article", "scenario", "tournament", "created_at"]
    raw_id_fields = ["user", "article", "scenario", "tournament"]


@admin.register(Preferences)
class PreferencesAdmin(SimpleHistoryAdmin):
    list_display = ["user", "delivery"]
    list_filter = ["delivery"]


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "reason", "message", "created_at", "read_at", "emailed_at"]
    list_filter = ["reason"]
    readonly_fields = [f.name for f in Notification._meta.fields]

    def has_add_permission(self, request):
        return False
