"""The casebook: decided cases from the rulings logs, anonymised, reviewed and published.

A director proposes a decided case (a logged ruling, appealed or not); its texts start as the
anonymiser leaves them (`casebook.proposing`). Until an editor who is not one of that
tournament's directors publishes it, a proposal is private: its proposers (the tournament's
directors), the League's editors and staff read it. A published case is public, on its
ruling's page and in its rule set's casebook, searchable, in the API and in a feed. The
case never holds the log's private things: players, tables, rounds, the appellant or the
statements of either side.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords


class CaseQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=Case.Status.PUBLISHED)


class Case(models.Model):
    class Status(models.TextChoices):
        PROPOSED = "proposed", "Proposed, waiting for review"
        PUBLISHED = "published", "Published"

    logged_ruling = models.OneToOneField(
        "toolkit.LoggedRuling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="case",
        help_text="The private log entry it was made from; the case stays if it is removed.",
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Whose directors proposed it (and so may not review it).",
    )
    ruleset = models.ForeignKey("articles.RuleSet", on_delete=models.PROTECT, related_name="+")
    ruling = models.ForeignKey(
        "articles.Ruling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="cases",
        help_text="The League ruling this case applies: the case is shown on its page.",
    )
    title = models.CharField(max_length=200)
    what_happened = models.TextField("what happened")
    ruling_given = models.TextField("the ruling", help_text="What the director ruled at the table.")
    decision = models.TextField(
        "the decision", blank=True, help_text="The head TD's decision on appeal, if appealed."
    )
    reasoning = models.TextField(
        "the reasoning", blank=True, help_text="Why, and what directors can learn from it."
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PROPOSED)
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    proposed_at = models.DateTimeField(auto_now_add=True)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    published_at = models.DateTimeField(null=True, blank=True)

    objects = CaseQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["-published_at", "-pk"]

    def __str__(self):
        return f"Case {self.pk}: {self.title}"

    def get_absolute_url(self):
        return reverse("casebook:case", args=[self.pk])

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED
