"""The note's edit page: the one edit view, configured with the note's form."""

from django import forms

from articles.permissions import editor_required
from versions.editing import EditView, StartingVersion

from .models import Note


class NoteForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Note
        fields = ["title", "body"]


edit = editor_required(
    EditView.as_view(
        model=Note,
        form_class=NoteForm,
        template_name="versioned_app/edit.html",
        context_object_name="note",
    )
)
