"""Admin for scenarios, tournaments and house rules, with their history."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from rulings.models import HouseRule, Scenario, Tournament


@admin.register(Scenario)
class ScenarioAdmin(SimpleHistoryAdmin):
    list_display = ["slug", "title", "updated_at"]
    search_fields = ["slug", "title", "text"]
    # Links follow the text's @article: tags on save; editing them by hand would be undone.
    readonly_fields = ["articles_from_tags", "updated_at"]
    fields = ["slug", "title", "text", "source_file", "articles_from_tags", "updated_at"]

    @admin.display(description="Articles (from the @article: tags)")
    def articles_from_tags(self, scenario):
        return ", ".join(a.key for a in scenario.articles.all()) or "—"


class HouseRuleInline(admin.TabularInline):
    model = HouseRule
    extra = 0
    fields = ["position", "option", "value", "text", "departs_from"]
    autocomplete_fields = ["departs_from"]


@admin.register(Tournament)
class TournamentAdmin(SimpleHistoryAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "status"]
    list_filter = ["status", "ruleset"]
    search_fields = ["name", "slug", "place"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["directors"]
    inlines = [HouseRuleInline]


@admin.register(HouseRule)
class HouseRuleAdmin(SimpleHistoryAdmin):
    list_display = ["tournament", "position", "option", "value", "text"]
    list_filter = ["tournament"]
    search_fields = ["text", "option"]
    autocomplete_fields = ["departs_from"]
