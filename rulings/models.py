"""Scenario checks, tournaments and their house rules, with history.

`articles` knows nothing of this app; these models link scenarios and house rules to
articles by the articles' stable keys.
"""

from django.conf import settings
from django.db import models
from django.urls import reverse
from simple_history.models import HistoricalRecords

from articles.models import Article


class Scenario(models.Model):
    """One Gherkin text (one Feature), run against the engine on every article it links to."""

    slug = models.SlugField(max_length=120, unique=True)
    title = models.CharField(max_length=200)
    text = models.TextField(help_text="Gherkin, in the scenario language.")
    articles = models.ManyToManyField(Article, blank=True, related_name="scenarios")
    source_file = models.CharField(
        max_length=200, blank=True, help_text="The fixture file it was loaded from, if any."
    )
    updated_at = models.DateTimeField(auto_now=True)

    history = HistoricalRecords(m2m_fields=[articles])

    class Meta:
        ordering = ["slug"]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("rulings:scenario", args=[self.slug])


class TournamentQuerySet(models.QuerySet):
    def published(self):
        return self.filter(status=Tournament.Status.PUBLISHED)


class Tournament(models.Model):
    """An event with its own house rules on top of a rule set."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        PUBLISHED = "published", "Published"

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    starts_on = models.DateField(null=True, blank=True)
    ends_on = models.DateField(null=True, blank=True)
    place = models.CharField(max_length=200, blank=True)
    ruleset = models.ForeignKey("articles.RuleSet", on_delete=models.PROTECT)
    base_rules = models.TextField(
        blank=True,
        help_text='The base it plays under, in words: "NMJL rules as published in …, plus".',
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="directed_tournaments"
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)

    objects = TournamentQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["-starts_on", "name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("rulings:tournament", args=[self.slug])


class HouseRule(models.Model):
    """Where a tournament departs from League rules: an option's value, or plain text."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="house_rules")
    option = models.CharField(
        max_length=80, blank=True, help_text="A rule option's name; blank for a plain-text rule."
    )
    value = models.BooleanField(null=True, blank=True, help_text="The option's value.")
    text = models.TextField(help_text="The change stated in full, as a player will read it.")
    departs_from = models.ForeignKey(
        Article,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="house_rules",
        help_text="The League article it departs from.",
    )
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["tournament", "position", "pk"]

    def __str__(self):
        return self.text[:80]
