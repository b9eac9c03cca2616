"""The note's edit page: its form saves through the one version-checked save."""

from django import forms
from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render

import versions
from articles.permissions import editor_required
from toolkit.saving import resubmitted
from tournaments.forms import StartingVersion
from versions.saving import save_edit

from .models import Note


class NoteForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Note
        fields = ["title", "body"]


@editor_required
def edit(request, pk):
    note = get_object_or_404(Note, pk=pk)
    form = NoteForm(request.POST or None, instance=note)
    status, conflicts = 200, []
    if request.method == "POST" and form.is_valid():
        entry = versions.entry_for(Note)
        base = form.cleaned_data.get("base_version")
        outcome = save_edit(entry, note.pk, form.cleaned_data, base, "Edited")
        if not outcome.conflicts:
            messages.success(request, "Saved.")
            return redirect(entry.url(note))
        form = NoteForm(resubmitted(request.POST, outcome), instance=Note.objects.get(pk=pk))
        status, conflicts = 409, outcome.conflicts
    context = {"form": form, "note": note, "conflicts": conflicts}
    return render(request, "versioned_app/edit.html", context, status=status)
