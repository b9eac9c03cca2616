"""The search app's content in the admin: the table's vocabulary (synonyms), with history."""

from django.contrib import admin
from simple_history.admin import SimpleHistoryAdmin

from search.models import Synonym


@admin.register(Synonym)
class SynonymAdmin(SimpleHistoryAdmin):
    list_display = ["key", "words", "note"]
    search_fields = ["key", "words"]
