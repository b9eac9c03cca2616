"""Admin for the toolkit's two versioned rows, saved with the version check as every
versioned model's admin is (tests/articles/test_admin_versions.py)."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin

from .models import LoggedRuling, PickerChoice


@admin.register(LoggedRuling)
class LoggedRulingAdmin(VersionCheckedAdmin):
    list_display = ["tournament", "ruled_at", "table", "round", "article"]
    list_filter = ["tournament"]
    raw_id_fields = ["tournament", "article", "ruling", "house_rule", "recorded_by"]


@admin.register(PickerChoice)
class PickerChoiceAdmin(VersionCheckedAdmin):
    list_display = ["key", "label", "parent", "position"]
    raw_id_fields = ["parent", "ruling", "article", "answer"]
