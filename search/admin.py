"""The search app's content in the admin: the table's vocabulary (synonyms), with history."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin
from search.models import Synonym


@admin.register(Synonym)
class SynonymAdmin(VersionCheckedAdmin):
    list_display = ["key", "words", "note"]
    search_fields = ["key", "words"]
