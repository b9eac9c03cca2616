"""The rulings log: each ruling a tournament's directors make at the tables.

A logged ruling is private to the tournament's directors and to the League's editors: it
names players and tables. It is never indexed by the site search, never in a feed or the
API, never in public recent changes; a director searches it on the log's own page.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from simple_history.models import HistoricalRecords


class LoggedRuling(models.Model):
    """One ruling a director made: where, what happened, what was applied, what followed."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="logged_rulings"
    )
    ruled_at = models.DateTimeField("when", default=timezone.now)
    table = models.CharField(max_length=20, blank=True)
    round = models.PositiveSmallIntegerField(
        blank=True,
        null=True,
        help_text="The round's number: 1, 2, 3…",
        validators=[MinValueValidator(1)],
    )
    players = models.CharField(
        "others named",
        max_length=300,
        blank=True,
        help_text="Anyone else involved (a spectator), or players of an entry logged before "
        "the tournament listed its players; separated by commas. They stay in the log "
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
    ruling = models.ForeignKey(
        "articles.Ruling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name="ruling applied",
        help_text="The site's ruling you applied, if one answers it.",
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


class PickerChoice(models.Model):
    """One tap of the guided picker: "what happened?", then who, then when in the turn.

    The picker is content: editors change it on the site (with history) and it is imported
    and exported with the rest. A choice with choices under it asks `next_question`; a choice
    with none leads to the one ruling that answers it (a TD wants the answer, not a page to
    read), or, for a broad choice, to an article (or one answer on it).
    """

    key = models.SlugField(max_length=80, unique=True)
    parent = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="children",
        verbose_name="comes after",
        help_text="Empty for a first choice (what happened).",
    )
    label = models.CharField(max_length=120, help_text="What the TD taps, e.g. “A joker exchange”.")
    next_question = models.CharField(
        max_length=120,
        blank=True,
        help_text="For a choice with choices under it: what the next tap answers, e.g. “When?”.",
    )
    ruling = models.ForeignKey(
        "articles.Ruling",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="For a last choice: the ruling that answers it.",
    )
    article = models.ForeignKey(
        "articles.Article",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Only for a broad last choice no one ruling answers: the article to read.",
    )
    answer = models.ForeignKey(
        "articles.Question",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Optional: one answer on that article, if it settles the case more exactly.",
    )
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "label"]
        verbose_name = "picker choice"

    def __str__(self):
        return self.label

    def clean(self):
        if self.ruling_id and (self.article_id or self.answer_id):
            raise ValidationError(
                {
                    "ruling": _(
                        "Choose a ruling or an article, not both: a choice leads to one page."
                    )
                }
            )
        if self.answer_id and self.article_id and self.answer.article_id != self.article_id:
            raise ValidationError({"answer": _("Choose an answer on the chosen article.")})
        if self.parent_id and self.pk and self._is_under_itself():
            raise ValidationError({"parent": _("A choice cannot come after itself.")})

    def _is_under_itself(self) -> bool:
        seen, node = set(), self.parent
        while node is not None and node.pk not in seen:
            if node.pk == self.pk:
                return True
            seen.add(node.pk)
            node = node.parent
        return False
