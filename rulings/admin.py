"""Admin for scenarios, with their history."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin
from rulings.models import Scenario


@admin.register(Scenario)
class ScenarioAdmin(VersionCheckedAdmin):
    list_display = ["slug", "title", "is_draft", "updated_at"]
    list_filter = ["is_draft"]
    search_fields = ["slug", "title", "text"]
    # Links follow the text's @article: tags on save; editing them by hand would be undone.
    # A draft (a text that does not run clean) is decided on save; readers see published_text.
    readonly_fields = ["articles_from_tags", "is_draft", "published_text", "updated_at"]
    fields = [
        "slug",
        "title",
        "text",
        "source_file",
        "articles_from_tags",
        "is_draft",
        "published_text",
        "updated_at",
    ]

    @admin.display(description="Articles (from the @article: tags)")
    def articles_from_tags(self, scenario):
        return ", ".join(a.key for a in scenario.articles.all()) or "—"
