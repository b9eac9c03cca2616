"""The rulings log: each ruling a tournament's directors make at the tables.

A logged ruling is private to the tournament's directors and to the League's editors: it
names players and tables. It is never indexed by the site search, never in a feed or the
API, never in public recent changes; a director searches it on the log's own page.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from simple_history.models import HistoricalRecords


class LoggedRuling(models.Model):
    """One ruling a director made: where, what happened, what was applied, what followed."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="logged_rulings"
    )
    ruled_at = models.DateTimeField("when", default=timezone.now)
    table = models.CharField(max_length=20, blank=True)
    round = models.CharField(max_length=20, blank=True)
    players = models.CharField(
        max_length=300,
        blank=True,
        help_text="Names of the players involved, separated by commas. They stay in the log "
        "and are removed when the ruling becomes a public question.",
    )
    what_happened = models.TextField(
        help_text="In your own words; write tiles as :7D: to draw them."
    )
    article = models.ForeignKey(
        "articles.Article",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name="article applied",
    )
    house_rule = models.ForeignKey(
        "tournaments.HouseRule",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name="house rule applied",
    )
    outcome = models.TextField(help_text="What you ruled and what the table did.")
    penalty = models.CharField(max_length=200, blank=True)
    appeal = models.TextField("appeal", blank=True, help_text="Who appealed, and on what.")
    appeal_result = models.CharField(max_length=200, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["-ruled_at", "-pk"]
        verbose_name = "logged ruling"

    def __str__(self):
        where = f"table {self.table}" if self.table else "no table"
        return f"{self.tournament} · {where} · {self.ruled_at:%Y-%m-%d %H:%M}"
