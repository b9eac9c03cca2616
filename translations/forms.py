from django import forms
from django.utils.translation import gettext_lazy as _

from versions.editing import StartingVersion

from .models import Translation


class TranslationForm(StartingVersion, forms.ModelForm):
    """A unit's translation; saving it says it now follows the unit's English as it is."""

    class Meta:
        model = Translation
        fields = ["text", "source_text"]
        labels = {"text": _("Translation")}
        widgets = {"source_text": forms.HiddenInput}

    def __init__(self, *args, unit, **kwargs):
        super().__init__(*args, **kwargs)
        self.unit = unit
        self.fields["source_text"].required = False

    def clean(self):
        cleaned = super().clean()
        # Translated from the English as it stands now: an outdated translation is updated.
        cleaned["source_text"] = self.unit.text
        return cleaned
