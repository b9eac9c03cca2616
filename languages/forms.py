"""The language a form sets on what it edits (a tournament's, a reader's notices')."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy


def language_field(help_text) -> forms.ChoiceField:
    """A choice of the site's languages, each named in itself; left out of a post (an older
    form, a script), the object keeps its language (`KeepsLanguage`)."""
    return forms.ChoiceField(
        choices=settings.LANGUAGES,
        required=False,
        label=gettext_lazy("Language"),
        help_text=help_text,
    )


class KeepsLanguage:
    """For a ModelForm with a `language_field()`: no language posted keeps the object's."""

    def clean_language(self):
        return self.cleaned_data["language"] or self.instance.language
