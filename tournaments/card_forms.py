"""The card form: paste or upload a card file (JSON); every error is shown at its line."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from mahjong_rules.engine.nmjl.cards import SHIPPED_CARDS, CardError, load_card

from versions.saving import MAX_ROW_ID

from .models import Card

LEAGUE = ""  # the owner choice for a card kept by the editors for the League
MAX_UPLOAD_BYTES = 1_000_000
NAME_LENGTH = Card._meta.get_field("name").max_length


class CardForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("The card file (JSON)"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 20, "spellcheck": "false", "class": "card-text"}),
    )
    upload = forms.FileField(label=gettext_lazy("…or upload the file"), required=False)
    owner = forms.ChoiceField(label=gettext_lazy("Kept by"), required=False)
    private = forms.BooleanField(
        label=gettext_lazy("Private"),
        required=False,
        help_text=gettext_lazy(
            "Seen only by the tournament's directors and editors, never on a public page."
        ),
    )
    summary = forms.CharField(label=gettext_lazy("Edit summary"), required=False, max_length=200)
    # The version a change started from (its history id), checked when it is saved.
    base_version = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=1, max_value=MAX_ROW_ID
    )

    def __init__(self, *args, tournaments=(), league=False, card=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.card = card
        self.located_errors: list[tuple[int | None, str]] = []
        self.parsed = None
        choices = [(LEAGUE, _("The League (editors)"))] if league else []
        choices += [(str(t.pk), t.name) for t in tournaments]
        self.fields["owner"].choices = choices
        self.tournaments = {str(t.pk): t for t in tournaments}

    def clean_upload(self):
        upload = self.cleaned_data.get("upload")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("A card file has at most 1,000,000 characters."))
        return upload

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("upload")
        text = cleaned.get("text") or ""
        if upload:
            data = upload.read()
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                self.add_error("upload", "A card file is UTF-8 text; this is not.")
                return cleaned
        text = text.replace("\r\n", "\n")
        if "\x00" in text:  # an uploaded file may hold what no database column takes
            self.add_error("upload" if upload else "text", "A card file holds no NUL characters.")
            return cleaned
        cleaned["text"] = text
        if not text.strip():
            self.add_error("text", "Paste the card file here, or upload it.")
            return cleaned
        try:
            self.parsed = load_card(text)
        except CardError as error:
            self.located_errors = error.errors
            self.add_error(None, _count(len(error.errors)))
            return cleaned
        name = self.parsed.name
        if len(name) > NAME_LENGTH or any(ord(c) < 32 for c in name):
            message = f"A card's name is one line of at most {NAME_LENGTH} characters."
            self.located_errors = [(_line_of_name(text), message)]
            self.add_error(None, "Give the card a shorter name, on one line.")
        elif name in SHIPPED_CARDS:
            self.located_errors = [(_line_of_name(text), f'"{name}" is a shipped card\'s name.')]
            self.add_error(None, "Give the card a name of its own.")
        elif Card.objects.filter(name=name).exclude(pk=getattr(self.card, "pk", None)).exists():
            self.located_errors = [(_line_of_name(text), f'A card named "{name}" already exists.')]
            self.add_error(None, "Give the card a name of its own.")
        owner = cleaned.get("owner", LEAGUE)
        if owner not in dict(self.fields["owner"].choices):
            self.add_error("owner", "You may not keep cards for that.")
        cleaned["owner_tournament"] = self.tournaments.get(owner)
        return cleaned

    def numbered_lines(self):
        """(line number, text, [errors]) for each line typed, and the errors with no line."""
        text = (self.cleaned_data or {}).get("text") if hasattr(self, "cleaned_data") else None
        if text is None:
            text = self.data.get("text", "")
        by_line: dict[int, list[str]] = {}
        unplaced = []
        lines = text.split("\n")
        for line, message in self.located_errors:
            if line is None or not 1 <= line <= len(lines):
                unplaced.append(message)
            else:
                by_line.setdefault(line, []).append(message)
        return [(n, t, by_line.get(n, [])) for n, t in enumerate(lines, 1)], unplaced


def _count(n: int) -> str:
    return (
        "The card has 1 error, shown at its line."
        if n == 1
        else f"The card has {n} errors, each shown at its line."
    )


def _line_of_name(text: str) -> int | None:
    for number, line in enumerate(text.split("\n"), 1):
        if '"name"' in line:
            return number
    return None
