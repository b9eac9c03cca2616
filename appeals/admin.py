"""Staff set a tournament's head TD and deadline here too (or its directors on the site)."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin

from .models import Appeal, AppealRules, Round


@admin.register(AppealRules)
class AppealRulesAdmin(VersionCheckedAdmin):
    list_display = ("tournament", "head_td", "deadline_minutes")
    raw_id_fields = ("tournament", "head_td")


@admin.register(Round)
class RoundAdmin(VersionCheckedAdmin):
    list_display = ("tournament", "number", "ended_at")
    raw_id_fields = ("tournament", "ended_by")


@admin.register(Appeal)
class AppealAdmin(VersionCheckedAdmin):
    list_display = ("logged_ruling", "lodged_at", "decision", "decided_at")
    raw_id_fields = ("logged_ruling", "decided_by", "recorded_by")
