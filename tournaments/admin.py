"""Admin for tournaments and house rules, with their history."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin, VersionCheckedTabularInline

from .models import Card, HouseRule, Tournament


class HouseRuleInline(VersionCheckedTabularInline):
    model = HouseRule
    extra = 0
    fields = ["position", "option", "value", "text", "departs_from"]
    autocomplete_fields = ["departs_from"]


@admin.register(Tournament)
class TournamentAdmin(VersionCheckedAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "status"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]
    inlines = [HouseRuleInline]


@admin.register(HouseRule)
class HouseRuleAdmin(VersionCheckedAdmin):
    list_display = ["tournament", "position", "option", "value", "text"]
    list_filter = ["tournament"]
    search_fields = ["text", "option"]
    autocomplete_fields = ["departs_from"]


@admin.register(Card)
class CardAdmin(VersionCheckedAdmin):
    list_display = ["name", "owner", "private"]
    list_filter = ["private"]
    search_fields = ["name"]
