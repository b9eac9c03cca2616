"""Appeals of logged rulings: the tournament's appeal rules, its rounds' ends, the appeals.

All three are private, as the rulings log is: an appeal names who appealed and holds what
each side said. Only the tournament's directors, the League's editors and staff read them
(`appeals.access`); they are in no search index, feed, offline copy or API answer.
"""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from simple_history.models import HistoricalRecords

DEFAULT_DEADLINE_MINUTES = 30  # as the EBU's and the World MCR code's "within 30 minutes"


class AppealRules(models.Model):
    """Who decides a tournament's appeals, and how long players have to make one."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="appeal_rules"
    )
    head_td = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name="head TD",
        help_text="The one director who decides appeals at this tournament.",
    )
    deadline_minutes = models.PositiveSmallIntegerField(
        "minutes to appeal",
        default=DEFAULT_DEADLINE_MINUTES,
        help_text="How long after the end of the round (or after the ruling, when no end "
        "is recorded) a player may appeal.",
    )
    how_to_appeal = models.TextField(
        "how to appeal",
        blank=True,
        help_text="Shown to directors recording an appeal, e.g. “In writing, at the head "
        "TD's desk”.",
    )

    history = HistoricalRecords()

    class Meta:
        verbose_name = "appeal rules"
        verbose_name_plural = "appeal rules"

    def __str__(self):
        return f"Appeal rules of {self.tournament}"


class Round(models.Model):
    """A round of play at a tournament; its end is recorded by the head TD ("round ended")."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField()
    ended_at = models.DateTimeField("ended", null=True, blank=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True, help_text="e.g. “Ended late: a recount”.")

    history = HistoricalRecords()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self):
        return f"Round {self.number}"


class Appeal(models.Model):
    """A player's appeal of one logged ruling, and the head TD's decision on it."""

    class Decision(models.TextChoices):
        PENDING = "", "Not yet decided"
        UPHELD = "upheld", "The first ruling stands"
        CHANGED = "changed", "The ruling is changed"
        OVERTURNED = "overturned", "The ruling is overturned"

    logged_ruling = models.OneToOneField(
        "toolkit.LoggedRuling", on_delete=models.CASCADE, related_name="appeal_record"
    )
    # Who appealed: one of the event's players (the ruling's, or at its table that round), or,
    # for anyone else or an entry from before the players were listed, in words.
    appellant_player = models.ForeignKey(
        "event.Player",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="appeals",
        verbose_name="who appealed",
    )
    appellant = models.CharField(
        "who appealed, if not a listed player",
        max_length=200,
        blank=True,
        help_text="A name or player number. It stays private and is removed from any case "
        "published from this ruling.",
    )
    lodged_at = models.DateTimeField("when", default=timezone.now)
    appellant_statement = models.TextField("the appellant's statement")
    other_statement = models.TextField(
        "the other side's statement", blank=True, help_text="The opponents' or the director's."
    )
    decision = models.CharField(
        max_length=20, choices=Decision.choices, default=Decision.PENDING, blank=True
    )
    reason = models.TextField("reason for the decision", blank=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["-lodged_at", "-pk"]

    def __str__(self):
        return f"Appeal of logged ruling {self.logged_ruling_id}"

    @property
    def is_decided(self) -> bool:
        return bool(self.decision)

    @property
    def who_appealed(self) -> str:
        return str(self.appellant_player) if self.appellant_player_id else self.appellant


def deadline_minutes(tournament) -> int:
    rules = AppealRules.objects.filter(tournament=tournament).first()
    return rules.deadline_minutes if rules else DEFAULT_DEADLINE_MINUTES


def head_td_of(tournament):
    rules = AppealRules.objects.filter(tournament=tournament).select_related("head_td").first()
    return rules.head_td if rules else None


class Deadline:
    """When an appeal of a logged ruling must be made by, and what that is counted from."""

    def __init__(self, entry, minutes: int, ended: Round | None):
        self.minutes = minutes
        self.round = ended
        start = ended.ended_at if ended is not None else entry.ruled_at
        self.by = start + timedelta(minutes=minutes)

    @property
    def counted_from(self) -> str:
        if self.round is not None:
            ended = timezone.localtime(self.round.ended_at)
            return _("the end of round %(number)s (%(time)s)") % {
                "number": self.round.number,
                "time": f"{ended:%H:%M}",
            }
        return _("the ruling")

    def allows(self, when) -> bool:
        return when <= self.by

    def refusal(self, when) -> str:
        made, by = timezone.localtime(when), timezone.localtime(self.by)
        return _(
            "Too late to appeal: appeals must be made within %(minutes)s minutes of "
            "%(counted_from)s, that is by %(by_time)s on %(by_day)s. "
            "This one was made at %(made_time)s on %(made_day)s."
        ) % {
            "minutes": self.minutes,
            "counted_from": self.counted_from,
            "by_time": f"{by:%H:%M}",
            "by_day": date_format(by, "D j M"),
            "made_time": f"{made:%H:%M}",
            "made_day": date_format(made, "D j M"),
        }

    def __str__(self):
        by = timezone.localtime(self.by)
        return _("by %(time)s (%(minutes)s minutes after %(counted_from)s)") % {
            "time": f"{by:%H:%M}",
            "minutes": self.minutes,
            "counted_from": self.counted_from,
        }


def deadline_for(entry, minutes: int | None = None, rounds: dict | None = None) -> Deadline:
    """The deadline of an appeal of `entry`: `minutes` and the tournament's ended rounds
    (number → Round) may be given, read once for a whole log."""
    if minutes is None:
        minutes = deadline_minutes(entry.tournament_id)
    number = entry.round
    if number is None:
        ended = None  # no round named: counted from the ruling
    elif rounds is None:
        ended = Round.objects.filter(
            tournament_id=entry.tournament_id, number=number, ended_at__isnull=False
        ).first()
    else:
        ended = rounds.get(number)
    return Deadline(entry, minutes, ended)
