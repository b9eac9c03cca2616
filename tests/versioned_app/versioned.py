"""The note's one declaration: everything about its history comes from here."""

from django.shortcuts import get_object_or_404
from django.urls import reverse

import versions
from articles.permissions import is_editor

from .models import Note

versions.register(
    Note,
    name="note",
    namespace="notes",
    route="notes/<int:pk>/",
    find=lambda user, pk: get_object_or_404(Note, pk=pk),
    label=lambda note: f"Note “{note.title}”",
    url=lambda note: reverse("notes:note-edit", args=[note.pk]),
    fields=("title", "body"),
    text_fields=("body",),
    may_read=lambda user, note: not note.private or is_editor(user),
    may_restore=lambda user, note: is_editor(user),
)
