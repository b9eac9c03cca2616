"""Scenario checks, with history.

`articles` knows nothing of this app; scenarios link to articles by the articles' stable
keys. Tournaments and their house rules are the `tournaments` app's.
"""

from django.db import models
from django.db.models.query import ModelIterable
from django.urls import reverse
from simple_history.models import HistoricalRecords

from articles.models import Article, Ruling


class _LastCleanVersion(ModelIterable):
    """Scenarios as readers see them: `text` and `title` are those of the last clean version."""

    def __iter__(self):
        for scenario in super().__iter__():
            scenario.text = scenario.published_text
            scenario.title = scenario.published_title
            scenario.is_readers_copy = True
            yield scenario


class ScenarioQuerySet(models.QuerySet):
    def for_readers(self):
        """What every reader and machine sees: each scenario as its last version that ran
        clean (its `text` and `title` are that version's); one that never ran clean is left
        out. Include `published_text` and `published_title` in any `.only()`."""
        readers = self.exclude(published_text="")
        readers._iterable_class = _LastCleanVersion
        return readers

    def reader_rows(self):
        """`for_readers()` with only what a reader's page draws and runs: the slug and the
        published title and text (an article's checks, its differences, its grid)."""
        return self.for_readers().only("slug", "published_title", "published_text")

    def drafts(self):
        """The checks that need work: saved texts that do not run clean."""
        return self.filter(is_draft=True)


class Scenario(models.Model):
    """One Gherkin text (one Feature), run against the engine on every article it links to.

    `text` is what its writers last saved; when that does not run clean the scenario is a
    draft and readers keep the last text that did (`published_text`), or nothing.
    """

    slug = models.SlugField(max_length=120, unique=True)
    title = models.CharField(max_length=200)
    text = models.TextField(help_text="Gherkin, in the scenario language.")
    articles = models.ManyToManyField(Article, blank=True, related_name="scenarios")
    source_file = models.CharField(
        max_length=200, blank=True, help_text="The fixture file it was loaded from, if any."
    )
    updated_at = models.DateTimeField(auto_now=True)
    is_draft = models.BooleanField(
        default=False, help_text="The saved text does not run clean; readers see the last that did."
    )
    published_text = models.TextField(
        blank=True, editable=False, help_text="The last text that ran clean: what readers see."
    )
    published_title = models.CharField(max_length=200, blank=True, editable=False)

    objects = ScenarioQuerySet.as_manager()
    history = HistoricalRecords(m2m_fields=[articles])

    class Meta:
        ordering = ["slug"]

    def __str__(self):
        return self.title

    def save(self, *args, **kwargs):
        # A reader's copy carries the published text in `text`: saving it would lose the draft.
        if getattr(self, "is_readers_copy", False):
            raise ValueError("A scenario read with for_readers() cannot be saved.")
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("rulings:scenario", args=[self.slug])


class RulingCheck(models.Model):
    """A check that shows a ruling: one Scenario of a scenario's text, or one Examples row of
    a Scenario Outline. Held here, on the scenario side, so the wiki stays below the checks;
    a ruling's checks are `ruling.checks.all()`.

    No history of its own: a link is content written with the rulings' files (imported and
    exported with them), and what readers see of it is the check's verdict, which the
    scenario's own history already dates."""

    ruling = models.ForeignKey(Ruling, on_delete=models.CASCADE, related_name="checks")
    scenario = models.ForeignKey(Scenario, on_delete=models.CASCADE, related_name="ruling_checks")
    # Not `check`: that name is Django's Model.check(), the system checks' class method.
    check_name = models.CharField(
        "check", max_length=300, help_text="The Scenario or Scenario Outline's name."
    )
    row = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Its Examples row, from 1; empty for a Scenario."
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["ruling", "position", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["ruling", "scenario", "check_name", "row"], name="ruling_check_once"
            )
        ]

    def __str__(self):
        row = f" (row {self.row})" if self.row is not None else ""
        return f"{self.scenario.slug}: {self.check_name}{row}"
