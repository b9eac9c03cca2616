"""Scenario checks, with history.

`articles` knows nothing of this app; scenarios link to articles by the articles' stable
keys. Tournaments and their house rules are the `tournaments` app's.
"""

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
