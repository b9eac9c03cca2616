from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin

from .models import Case


@admin.register(Case)
class CaseAdmin(VersionCheckedAdmin):
    list_display = ("title", "ruleset", "status", "published_at")
    list_filter = ("status", "ruleset")
    raw_id_fields = ("logged_ruling", "tournament", "ruling", "proposed_by", "reviewed_by")
