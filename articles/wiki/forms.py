"""Edit forms: the page's own fields, an edit summary, and the version the edit started from."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.forms import modelform_factory
from django.urls import resolve, reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from articles import labels
from articles.models import Article
from versions.merge import normalise_newlines
from versions.saving import MAX_ROW_ID

SUMMARY_HELP = _("A few words on what you changed and why; it is kept in the history.")

# The longest text each Markdown field takes. Long enough for any real ruling; a cap at
# all because a 2 MB commentary makes every page, diff and search that shows it slow.
TEXT_CAPS = {
    "body": 100_000,  # an article's text or a commentary
    "answer": 100_000,
    "question": 100_000,
    "summary": 5_000,
    "ruling": 2_000,  # one to three sentences; room for a quotation and its tiles
    "quote": 20_000,
    "definition": 20_000,
}


def text_cap(name: str) -> int | None:
    return TEXT_CAPS.get(name)


def too_long_message(name: str, length: int) -> str:
    return gettext(
        "This text is %(length)s characters long; it may have at most %(cap)s. "
        "Your text is kept below: shorten it and save again."
    ) % {"length": f"{length:,}", "cap": f"{text_cap(name):,}"}


class CappedText:
    """Refuses a text longer than its field's cap, saying how long it is. (No maxlength
    attribute: a browser would silently cut a pasted text short.)"""

    def __init__(self, name: str):
        self.name = name

    def __call__(self, value):
        # Counted as saved: a browser sends each line break as two characters.
        length = len(normalise_newlines(value)) if isinstance(value, str) else 0
        if length > text_cap(self.name):
            raise ValidationError(too_long_message(self.name, length), code="max_length")


NUMBER_MESSAGE = _(
    "An article number is digits only, such as 205. Leave it blank for a page without a number."
)


def is_reserved_key(key: str) -> bool:
    """True when a fixed page answers the address this article would have (/articles/new/)."""
    return resolve(reverse("articles:detail", args=[key])).url_name != "detail"


class WikiForm(forms.ModelForm):
    """Base for every edit form: Markdown areas, the edit summary and the starting version."""

    edit_summary = forms.CharField(
        label=_("Edit summary"),
        max_length=100,  # simple-history's change reason column holds 100 characters
        required=False,
        help_text=SUMMARY_HELP,
    )
    base_version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_ROW_ID
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            if text_cap(name) is not None:
                field.validators.append(CappedText(name))
            if name in CHOICES:  # the model's choices, in the reader's language
                field.choices = [
                    (value, CHOICES[name].get(value, label)) for value, label in field.choices
                ]

    def clean(self):
        cleaned = super().clean()
        for name, value in cleaned.items():
            if isinstance(value, str) and name != "edit_summary":
                cleaned[name] = normalise_newlines(value)
        return cleaned

    def reason(self, default: str) -> str:
        return self.cleaned_data.get("edit_summary", "").strip() or default


class ArticleChecks:
    """Checks of an article's key and number, for the wiki's form and the admin's alike."""

    def clean_key(self):
        key = self.cleaned_data["key"]
        if is_reserved_key(key):
            raise ValidationError(
                gettext(
                    "“%(key)s” cannot be an article's key: %(url)s is already another page of "
                    "the site. Choose another key, such as nmjl-24."
                )
                % {"key": key, "url": reverse("articles:detail", args=[key])}
            )
        return key

    def clean_number(self):
        number = self.cleaned_data["number"].strip()
        if number and not (number.isascii() and number.isdigit()):
            raise ValidationError(NUMBER_MESSAGE)
        return number


class ArticleForm(ArticleChecks, WikiForm):
    """An article's form: on creating one, its key must be reachable and its number digits."""


# Each field's label and help text in the editor's language (the models keep theirs in English).
SHORT_RULING_HELP = _(
    "The short ruling: one to three sentences that answer the question this page exists for, "
    "as a TD reads it at the table."
)
LABELS = {
    "ruleset": _("Rule set"),
    "key": _("Key"),
    "number": _("Number"),
    "kind": _("Kind"),
    "title": _("Title"),
    "ruling": _("Short ruling"),
    "summary": _("Summary"),
    "body": _("Text"),
    "author": _("Author"),
    "reviewed_on": _("Reviewed on"),
    "question": _("Question"),
    "asked_by": _("Asked by"),
    "answer": _("Answer"),
    "answered_by": _("Answered by"),
    "answered_on": _("Answered on"),
    "source": _("Source"),
    "part": pgettext_lazy("a citation's field: which part it backs", "Cites"),
    "relation": _("Relation"),
    "locator": _("Locator"),
    "quote": _("Quote"),
    "note": _("Note"),
    "slug": _("Slug"),
    "verdict": _("Verdict"),
    "reason": _("Reason"),
    "term": _("Term"),
    "aliases": _("Aliases"),
    "definition": _("Definition"),
}
HELP_TEXTS = {
    "key": _("Stable key, e.g. nmjl-6."),
    "number": _("Article number, e.g. 205."),
    "summary": _("One or two sentences shown in lists."),
    "ruling": SHORT_RULING_HELP,
    "note": _('e.g. "not in MJME".'),
    "aliases": _("Other spellings, comma-separated (Kong, Kongs)."),
    "slug": _("Its address, /rulings/<slug>/; stable."),
    "reason": _("One or two sentences."),
}
# Per kind where one field's help differs between kinds.
KIND_HELP_TEXTS = {
    "article": {"body": _("The rule text, in Markdown.")},
    "question": {"question": _("Blank for an answer given on its own.")},
    "ruling": {
        "question": _("The situation in a TD's words."),
        "answer": _('One line that starts with the verdict: "No. She must use it."'),
    },
}
CHOICES = {
    "kind": labels.KINDS,
    "verdict": labels.VERDICTS,
    "relation": labels.RELATIONS,
    "part": labels.PARTS,
}


def form_class(kind, creating=False):
    """The ModelForm for one kind of page, editing or creating."""
    fields = kind.create_fields or kind.fields if creating else kind.fields
    widgets = {
        name: forms.Textarea(attrs={"rows": 14 if name in ("body", "answer") else 4})
        for name in kind.text_fields
    }
    # The form's closing note explains Markdown once; a field's own "Markdown." repeated it.
    help_texts = {
        name: ""
        for name in kind.text_fields
        if kind.model._meta.get_field(name).help_text == "Markdown."
    }
    for name in fields:
        if name not in help_texts and kind.model._meta.get_field(name).help_text:
            help_texts[name] = HELP_TEXTS.get(name, kind.model._meta.get_field(name).help_text)
    help_texts.update(
        {name: text for name, text in KIND_HELP_TEXTS.get(kind.name, {}).items() if name in fields}
    )
    base = ArticleForm if kind.model is Article else WikiForm
    return modelform_factory(
        kind.model,
        form=base,
        fields=fields,
        widgets=widgets,
        labels={name: LABELS[name] for name in fields if name in LABELS},
        help_texts=help_texts,
    )
