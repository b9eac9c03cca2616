"""The forms of appeals: recording one (refused after the deadline), deciding it, a round's
end, and the tournament's appeal rules."""

from datetime import timedelta

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from event.models import Player
from versions.editing import StartingVersion

from .models import Appeal, AppealRules, Deadline, Round
from .versioned import APPEAL_FIELDS, ROUND_FIELDS, RULES_FIELDS
from .words import DECISION_WORDS

# A phone's clock and the server's differ a little: "now" typed on a phone is not "future".
CLOCK_SLACK_MINUTES = 5


class AppealForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = Appeal
        fields = list(APPEAL_FIELDS)
        widgets = {
            "lodged_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "appellant_statement": forms.Textarea(attrs={"rows": 3}),
            "other_statement": forms.Textarea(attrs={"rows": 3}),
        }
        labels = {
            "appellant_player": _("Who appealed"),
            "appellant": _("Who appealed, if not a listed player"),
            "lodged_at": _("When"),
            "appellant_statement": _("The appellant's statement"),
            "other_statement": _("The other side's statement"),
        }
        help_texts = {
            "lodged_at": _("When the player appealed (now, unless you write it later)."),
            "appellant": _(
                "A name or player number. It stays private and is removed from any case "
                "published from this ruling."
            ),
            "other_statement": _("The opponents' or the director's."),
        }

    def __init__(self, *args, deadline: Deadline, **kwargs):
        super().__init__(*args, **kwargs)
        self.deadline = deadline
        entry = self.instance.logged_ruling
        chosen = self.fields["appellant_player"]
        chosen.queryset = appellants_to_choose(entry, self.instance.appellant_player_id)
        if chosen.queryset.exists():
            chosen.empty_label = gettext("Someone else (write who below)")
            chosen.help_text = gettext(
                "The players this ruling names, and those at its table that round."
            )
        else:
            # The event lists no player this ruling touches: who appealed is written. (Kept as
            # a field, empty, so a correction saves every field the versions app expects.)
            chosen.widget = forms.HiddenInput()

    def clean(self):
        cleaned = super().clean()
        player, written = cleaned.get("appellant_player"), cleaned.get("appellant", "").strip()
        if player is not None and written:
            self.add_error(
                "appellant", gettext("Choose the player or write who appealed, not both.")
            )
        elif player is None and not written and "appellant" not in self.errors:
            chooses = not isinstance(self.fields["appellant_player"].widget, forms.HiddenInput)
            field = "appellant_player" if chooses else "appellant"
            self.add_error(field, gettext("Who appealed? Choose the player or write their name."))
        return cleaned

    def clean_lodged_at(self):
        when = self.cleaned_data["lodged_at"]
        if when > timezone.now() + timedelta(minutes=CLOCK_SLACK_MINUTES):
            raise forms.ValidationError(
                gettext("An appeal cannot be made in the future: check the time.")
            )
        if not self.deadline.allows(when):
            raise forms.ValidationError(self.deadline.refusal(when))
        return when


def appellants_to_choose(entry, chosen_pk=None):
    """The players who may have appealed a logged ruling: those it names, and those seated at
    its table in its round (and the one already chosen, when correcting)."""
    who = Q(involvements__entry=entry) | Q(pk=chosen_pk)
    if entry.table and entry.round:
        who |= Q(seats__round=entry.round, seats__table__iexact=entry.table.strip())
    found = Player.objects.filter(who, tournament_id=entry.tournament_id)
    return Player.objects.filter(pk__in=found.values("pk")).order_by("name", "number")


class DecisionForm(forms.Form):
    # The decisions in the reader's words (the model's choices stay English).
    decision = forms.ChoiceField(
        choices=[
            (value, DECISION_WORDS[value]) for value, _label in Appeal.Decision.choices if value
        ],
        widget=forms.RadioSelect,
        label=_("Your decision"),
        error_messages={"required": _("Choose a decision.")},
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        label=_("Reason"),
        help_text=_("Why: the players read it, and it is kept with the ruling."),
        max_length=4000,
        error_messages={"required": _("Say why you decided so.")},
    )


class RoundEndedForm(forms.Form):
    number = forms.IntegerField(
        min_value=1,
        max_value=99,
        label=_("Round"),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class AppealRulesForm(StartingVersion, forms.ModelForm):
    class Meta:
        model = AppealRules
        fields = list(RULES_FIELDS)
        widgets = {
            "deadline_minutes": forms.NumberInput(attrs={"inputmode": "numeric"}),
            "how_to_appeal": forms.Textarea(attrs={"rows": 2}),
        }
        labels = {
            "head_td": _("Head TD"),
            "deadline_minutes": _("Minutes to appeal"),
            "how_to_appeal": _("How to appeal"),
        }
        help_texts = {
            "head_td": _("The one director who decides appeals at this tournament."),
            "deadline_minutes": _(
                "How long after the end of the round (or after the ruling, when no end "
                "is recorded) a player may appeal."
            ),
            "how_to_appeal": _(
                "Shown to directors recording an appeal, e.g. “In writing, at the head TD's desk”."
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        tournament = self.instance.tournament
        # The head TD is one of the tournament's own directors.
        self.fields["head_td"].queryset = tournament.directors.order_by("username")
        self.fields["head_td"].label_from_instance = _person
        self.fields["deadline_minutes"].min_value = 1
        self.fields["deadline_minutes"].widget.attrs["min"] = 1
        self.fields["deadline_minutes"].validators.append(_at_least_a_minute)


def _at_least_a_minute(value):
    if value < 1:
        raise forms.ValidationError(gettext("Give players at least a minute to appeal."))


def _person(user):
    full = user.get_full_name()
    return f"{full} ({user.get_username()})" if full else user.get_username()


class RoundForm(StartingVersion, forms.ModelForm):
    """A round's end as recorded, corrected (a late "round ended" press), and its note."""

    class Meta:
        model = Round
        fields = list(ROUND_FIELDS)
        widgets = {
            "ended_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }
        labels = {"ended_at": _("Ended"), "note": _("Note")}
        help_texts = {
            "ended_at": _("When the round really ended: appeals count from it."),
            "note": _("e.g. “Ended late: a recount”."),
        }
