"""The forms a director fills in: a player, a seat, a line of the penalty schedule, and a
CSV file of players."""

from django import forms
from django.utils.translation import gettext_lazy as _

from articles.models import Article, Ruling
from versions.editing import StartingVersion

from .models import Infraction, InvolvedPlayer, Player, Seat
from .versioned import INFRACTION_FIELDS, PENALTY_FIELDS, PLAYER_FIELDS, SEAT_FIELDS


class PlayerForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Player
        fields = list(PLAYER_FIELDS)
        labels = {"name": _("Name"), "number": _("Player number")}
        help_texts = {"number": _("As on the player's badge.")}
        widgets = {"number": forms.TextInput(attrs={"inputmode": "numeric"})}

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament


class SeatForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Seat
        fields = list(SEAT_FIELDS)
        labels = {"round": _("Round"), "table": _("Table"), "seat": _("Seat")}
        help_texts = {
            "round": _("The round's number: 1, 2, 3…"),
            "seat": _("East, South, West, North, or 1–4."),
        }
        widgets = {
            "round": forms.NumberInput(attrs={"inputmode": "numeric", "min": 1}),
            "table": forms.TextInput(attrs={"inputmode": "numeric"}),
        }

    def __init__(self, *args, player, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.player = player


class InfractionForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Infraction
        fields = list(INFRACTION_FIELDS)
        labels = {
            "name": _("Name"),
            "description": _("Description"),
            "ruling": _("Ruling"),
            "article": _("Article"),
            "points": _("Penalty in points"),
            "second_points": _("A second offence costs"),
            "second_head_td_decides": _("A second offence: the head TD decides"),
            "third_points": _("A third (and later) offence costs"),
            "third_head_td_decides": _("A third offence: the head TD decides"),
            "position": _("Position"),
        }
        help_texts = {
            "name": _("As a TD says it: “misnamed discard”."),
            "ruling": _("The ruling it applies to, if one does."),
            "article": _("Or the article it applies to."),
            "second_points": _("Empty: the same."),
            "third_points": _("Empty: as the second."),
        }
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.tournament = tournament
        self.fields["ruling"].queryset = (
            Ruling.objects.filter(
                article__is_published=True, article__ruleset_id=tournament.ruleset_id
            )
            .select_related("article")
            .order_by("article__number", "article__key", "position")
        )
        self.fields["article"].queryset = Article.objects.published().filter(
            ruleset_id=tournament.ruleset_id
        )


class PenaltyForm(StartingVersion, forms.ModelForm):
    """Correct a penalty's points, with the reason when they differ from the schedule's: the
    player, the infraction and which offence it was stay as counted."""

    class Meta:
        model = InvolvedPlayer
        fields = list(PENALTY_FIELDS)
        labels = {
            "points": _("Penalty in points"),
            "reason": _("Why the penalty differs from the schedule"),
        }
        widgets = {
            "points": forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
            "reason": forms.Textarea(attrs={"rows": 2}),
        }


class ImportForm(forms.Form):
    """A file, or its text: after a refusal the text comes back here to be put right."""

    file = forms.FileField(required=False, label=_("A CSV file of players"))
    text = forms.CharField(
        required=False,
        label=_("Or the file's lines"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("A file with problems is kept here: correct the lines named and import again."),
    )

    MAX_BYTES = 1_000_000

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError(_("The file is larger than a megabyte."))
            try:
                cleaned["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError as error:
                raise forms.ValidationError(
                    _("The file is not UTF-8 text; save it from the spreadsheet as “CSV UTF-8”.")
                ) from error
        if not cleaned.get("text", "").strip():
            raise forms.ValidationError(_("Choose a CSV file, or paste its lines."))
        return cleaned
