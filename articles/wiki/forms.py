"""Edit forms: the page's own fields, an edit summary, and the version the edit started from."""

from __future__ import annotations

from django import forms
from django.forms import modelform_factory

from articles.wiki.merge import normalise_newlines

MAX_ROW_ID = 2**63 - 1  # the largest id a 64-bit column holds
SUMMARY_HELP = "A few words on what you changed and why; it is kept in the history."


class WikiForm(forms.ModelForm):
    """Base for every edit form: Markdown areas, the edit summary and the starting version."""

    edit_summary = forms.CharField(
        label="Edit summary",
        max_length=100,  # simple-history's change reason column holds 100 characters
        required=False,
        help_text=SUMMARY_HELP,
    )
    base_version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_ROW_ID
    )

    def clean(self):
        cleaned = super().clean()
        for name, value in cleaned.items():
            if isinstance(value, str) and name != "edit_summary":
                cleaned[name] = normalise_newlines(value)
        return cleaned

    def reason(self, default: str) -> str:
        return self.cleaned_data.get("edit_summary", "").strip() or default


def form_class(kind, creating=False):
    """The ModelForm for one kind of page, editing or creating."""
    fields = kind.create_fields or kind.fields if creating else kind.fields
    widgets = {
        name: forms.Textarea(attrs={"rows": 14 if name in ("body", "answer") else 4})
        for name in kind.text_fields
    }
    return modelform_factory(kind.model, form=WikiForm, fields=fields, widgets=widgets)
