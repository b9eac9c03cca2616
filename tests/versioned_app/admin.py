"""The note's admin: version-checked, as every versioned model's admin is."""

from django.contrib import admin

from articles.admin_versions import VersionCheckedAdmin

from .models import Note


@admin.register(Note)
class NoteAdmin(VersionCheckedAdmin):
    list_display = ["title"]
