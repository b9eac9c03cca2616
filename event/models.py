"""A tournament's players and seats, its penalty schedule, and the players a logged ruling
names (with the penalty charged, if any).

Everything here is private to the tournament's directors (and staff): a player's name, seat
and penalties are never on a public page, in search, a feed, an offline copy or the API.
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from simple_history.models import HistoricalRecords

from tournaments.versions import offence_points


class Player(models.Model):
    """One player at a tournament, known by name, by player number, or both."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="players"
    )
    name = models.CharField(max_length=120, blank=True)
    number = models.CharField(
        "player number", max_length=20, blank=True, help_text="As on the player's badge."
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["name", "number", "pk"]

    def __str__(self):
        if self.name and self.number:
            return f"{self.name} (#{self.number})"
        return self.name or _("Player #%(number)s") % {"number": self.number}

    def clean(self):
        self.name, self.number = self.name.strip(), self.number.strip()
        if not self.name and not self.number:
            raise ValidationError(_("Give the player's name or player number (or both)."))
        if self.number and self.tournament_id:
            twins = Player.objects.filter(tournament_id=self.tournament_id, number=self.number)
            if twins.exclude(pk=self.pk).exists():
                raise ValidationError(
                    {
                        "number": _("Player number %(number)s is already someone else's here.")
                        % {"number": self.number}
                    }
                )


class Seat(models.Model):
    """Where a player sits in one round: a table and a seat at it."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    round = models.PositiveSmallIntegerField(help_text="The round's number: 1, 2, 3…")
    table = models.CharField(max_length=20)
    seat = models.CharField(
        max_length=20, blank=True, help_text="East, South, West, North, or 1–4."
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round"], name="one_seat_per_round"),
            models.CheckConstraint(condition=models.Q(round__gte=1), name="rounds_count_from_one"),
        ]

    def __str__(self):
        if self.seat:
            return _("Round %(round)s: table %(table)s, %(seat)s") % {
                "round": self.round,
                "table": self.table,
                "seat": self.seat,
            }
        return _("Round %(round)s: table %(table)s") % {"round": self.round, "table": self.table}

    def clean(self):
        if not self.player_id or not self.round:
            return
        self.table, self.seat = self.table.strip(), self.seat.strip()
        mine = Seat.objects.filter(player_id=self.player_id, round=self.round).exclude(pk=self.pk)
        if mine.exists():
            raise ValidationError(
                {
                    "round": _(
                        "%(player)s already has a seat in round %(round)s: %(seat)s. "
                        "A player sits once a round; change that seat instead."
                    )
                    % {"player": self.player, "round": self.round, "seat": mine[0]}
                }
            )
        if self.seat:
            taken = (
                Seat.objects.filter(
                    player__tournament_id=self.player.tournament_id,
                    round=self.round,
                    table__iexact=self.table,
                    seat__iexact=self.seat,
                )
                .exclude(pk=self.pk)
                .select_related("player")
            )
            if taken.exists():
                raise ValidationError(
                    {
                        "seat": _("%(player)s already sits there in round %(round)s.")
                        % {"player": taken[0].player, "round": self.round}
                    }
                )


class Infraction(models.Model):
    """One line of a tournament's penalty schedule, with what a repeat costs.

    A second or third offence by the same player at the event costs its own points, or, when
    the schedule says so, is for the head TD to decide; left empty, a repeat costs what the
    first does. Penalties are points taken off a player's score, stored as positive numbers.
    """

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="infractions"
    )
    name = models.CharField(max_length=120, help_text="As a TD says it: “misnamed discard”.")
    description = models.TextField(blank=True)
    ruling = models.ForeignKey(
        "articles.Ruling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The ruling it applies to, if one does.",
    )
    article = models.ForeignKey(
        "articles.Article",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Or the article it applies to.",
    )
    points = models.PositiveSmallIntegerField("penalty in points")
    second_points = models.PositiveSmallIntegerField(
        "a second offence costs", null=True, blank=True, help_text="Empty: the same."
    )
    second_head_td_decides = models.BooleanField(
        "a second offence: the head TD decides", default=False
    )
    third_points = models.PositiveSmallIntegerField(
        "a third (and later) offence costs",
        null=True,
        blank=True,
        help_text="Empty: as the second.",
    )
    third_head_td_decides = models.BooleanField(
        "a third offence: the head TD decides", default=False
    )
    # The house rule it came from (migration 0002): the published sheet still shows that rule.
    house_rule = models.OneToOneField(
        "tournaments.HouseRule",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="infraction",
        editable=False,
    )
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "name", "pk"]

    def __str__(self):
        return self.name

    def clean(self):
        errors = {}
        if self.second_head_td_decides and self.second_points is not None:
            errors["second_points"] = _("Either points or “the head TD decides”, not both.")
        if self.third_head_td_decides and self.third_points is not None:
            errors["third_points"] = _("Either points or “the head TD decides”, not both.")
        if errors:
            raise ValidationError(errors)

    def points_for(self, nth: int) -> int | None:
        """What the nth offence by one player costs; None: the head TD decides (the rule
        the published schedule reads too: `tournaments.versions.offence_points`)."""
        return offence_points(self, nth)


class InvolvedPlayer(models.Model):
    """A player a logged ruling names, and the infraction charged to them there, if any.

    `offence` is which offence of that infraction it was for the player at the event (1, 2,
    3…), counted under a lock when it was logged; `suggested_points` what the schedule said
    then (None: the head TD decides), `points` what the TD gave, and `reason` why, when the
    two differ.
    """

    entry = models.ForeignKey(
        "toolkit.LoggedRuling", on_delete=models.CASCADE, related_name="involved_players"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="involvements")
    infraction = models.ForeignKey(
        Infraction, null=True, blank=True, on_delete=models.PROTECT, related_name="offences"
    )
    offence = models.PositiveSmallIntegerField(null=True, blank=True)
    suggested_points = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveSmallIntegerField("penalty in points", null=True, blank=True)
    reason = models.TextField("why the penalty differs from the schedule", blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["entry", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "player"], name="a_player_once_per_ruling")
        ]
        indexes = [models.Index(fields=["player", "infraction"], name="event_offences_counted")]

    def __str__(self):
        return f"{self.player} in {self.entry}"

    def clean(self):
        if self.infraction_id is None:
            return
        if self.suggested_points is not None and self.points is None:
            raise ValidationError({"points": _("A penalty has points: the schedule's, or others.")})
        if self.deviates and not self.reason.strip():
            raise ValidationError(
                {
                    "reason": _("The schedule says −%(points)s: say why this differs.")
                    % {"points": self.suggested_points}
                }
            )

    @property
    def deviates(self) -> bool:
        """Given other than the schedule said (the head TD's own call is no deviation)."""
        return self.suggested_points is not None and self.points != self.suggested_points
