"""The event's part of the rulings log (toolkit, the layer below, asks by hook; registered in
`EventConfig.ready()`): the players a ruling names and the infraction charged, in the log
form; those players and penalties beside each entry and in its CSV; links to the players,
the schedule and the summary; and the players' names for the anonymiser.

Only the tournament's directors (and staff) see players' names. An editor reading the log of
a published tournament sees "Player A / Player B" instead, lettered within each entry.
"""

from __future__ import annotations

from string import ascii_uppercase

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .access import may_see_players
from .models import Infraction, InvolvedPlayer, Player
from .penalties import charge, check_deviation, minus, ordinal, suggest


class LogPart(forms.Form):
    """Who the ruling names, and the infraction charged to one of them."""

    template = "event/_log_part.html"

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=gettext_lazy("Players involved"),
        help_text=gettext_lazy(
            "From this tournament's players. Name a spectator in the text above."
        ),
    )
    offender = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, label=gettext_lazy("Penalty to")
    )
    infraction = forms.ModelChoiceField(
        queryset=Infraction.objects.none(), required=False, label=gettext_lazy("Infraction")
    )
    points = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=10000,
        label=gettext_lazy("Penalty in points"),
        help_text=gettext_lazy("Empty: the schedule's suggestion."),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    reason = forms.CharField(
        required=False,
        label=gettext_lazy("Why the penalty differs from the schedule"),
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, data=None, *, tournament, entry=None):
        super().__init__(data, prefix="event")
        self.tournament, self.entry = tournament, entry
        players = Player.objects.filter(tournament=tournament).only("name", "number")
        self.fields["players"].queryset = players
        self.fields["offender"].queryset = players
        self.fields["infraction"].queryset = Infraction.objects.filter(tournament=tournament)
        self.charged, self.suggestion = None, None
        if entry is not None and entry.pk:
            named = entry.involved_players.select_related("player", "infraction")
            self.initial["players"] = [found.player_id for found in named]
            self.charged = next((found for found in named if found.infraction_id), None)
            if self.charged is not None:  # a penalty once counted stays as it was counted
                for name in ("offender", "infraction", "points", "reason"):
                    del self.fields[name]
        self.suggest_url = reverse("event:suggest", args=[tournament.slug])

    def clean(self):
        cleaned = super().clean()
        if self.charged is not None:
            return cleaned
        offender, infraction = cleaned.get("offender"), cleaned.get("infraction")
        if infraction and not offender:
            self.add_error("offender", _("Choose the player the penalty is for."))
        elif offender and not infraction:
            self.add_error("infraction", _("Choose the infraction from the schedule."))
        elif offender and infraction:
            self.suggestion = suggest(offender, infraction)
            try:
                check_deviation(self.suggestion, cleaned.get("points"), cleaned.get("reason", ""))
            except ValidationError as refusal:
                field = "reason" if refusal.code == "reason" else "points"
                self.add_error(field, refusal)
        return cleaned

    def save(self, entry) -> None:
        """In the log entry's transaction, after the entry is saved."""
        cleaned = self.cleaned_data
        named = set(cleaned.get("players") or ())
        offender = cleaned.get("offender")
        kept = entry.involved_players.all()
        # Players no longer named go; a charged player stays (the count depends on it).
        kept.filter(infraction__isnull=True).exclude(player__in=named).delete()
        have = set(kept.values_list("player_id", flat=True))
        if offender is not None and offender.pk not in have:
            charge(entry, offender, cleaned["infraction"], cleaned["points"], cleaned["reason"])
            have.add(offender.pk)
        InvolvedPlayer.objects.bulk_create(
            InvolvedPlayer(entry=entry, player=player) for player in named if player.pk not in have
        )

    def refused(self, error: ValidationError) -> None:
        """The count changed meanwhile (another TD logged the same player): say so."""
        self.add_error("reason" if error.code == "reason" else "points", error)


def form_parts(*, tournament, user, entry, data):
    if not may_see_players(user, tournament):
        return []
    return [LogPart(data, tournament=tournament, entry=entry)]


def _penalty(found, who: str) -> str:
    said = _("%(who)s: %(infraction)s (%(ordinal)s at this event)") % {
        "who": who,
        "infraction": found.infraction.name,
        "ordinal": ordinal(found.offence or 1).lower(),
    }
    if found.points is None:
        return _("%(said)s, the head TD decides") % {"said": said}
    said += f", {minus(found.points)}"
    if found.deviates:
        said += _(" instead of the schedule's %(points)s: %(reason)s") % {
            "points": minus(found.suggested_points),
            "reason": found.reason,
        }
    return said


def entry_details(*, tournament, user, entries):
    """{entry pk: [(title, text)]}: the players named and the penalty, in one query."""
    named = (
        InvolvedPlayer.objects.filter(entry__in=[entry.pk for entry in entries])
        .select_related("player", "infraction")
        .order_by("entry_id", "pk")
    )
    by_entry: dict[int, list] = {}
    for found in named:
        by_entry.setdefault(found.entry_id, []).append(found)
    shows_names = may_see_players(user, tournament)
    details = {}
    for pk, found in by_entry.items():
        names = [
            str(one.player)
            if shows_names
            else _("Player %(letter)s") % {"letter": ascii_uppercase[i % 26]}
            for i, one in enumerate(found)
        ]
        rows = [(_("Players named"), " / ".join(names))]
        rows += [
            (_("Penalty"), _penalty(one, names[i])) for i, one in enumerate(found) if one.infraction
        ]
        details[pk] = rows
    return details


def links(*, tournament, user):
    if not may_see_players(user, tournament):
        return []
    slug = tournament.slug
    return [
        (_("Players"), reverse("event:players", args=[slug])),
        (_("Penalty schedule"), reverse("event:infractions", args=[slug])),
        (_("Event summary"), reverse("event:summary", args=[slug])),
    ]


def private_names(*, entry):
    """Every player of the entry's tournament: the anonymiser takes their names out."""
    return set(
        Player.objects.filter(tournament_id=entry.tournament_id)
        .exclude(name="")
        .values_list("name", flat=True)
    )
