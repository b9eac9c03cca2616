"""The index: one row per searchable thing, flattened, whatever app it comes from."""

from django.contrib.postgres.search import SearchVectorField
from django.db import models
from simple_history.models import HistoricalRecords

KIND_LABELS = {
    "ruling": "Ruling",
    "article": "Article",
    "commentary": "Commentary",
    "question": "Question and answer",
    "source": "Source",
    "scenario": "Scenario check",
    "term": "Glossary term",
    "houserule": "House rule",
    "talk": "Discussion",
    "case": "Decided case",
}

# The languages a document or a synonym group is written in: English is what every page has;
# Dutch is indexed with Dutch stemming (PostgreSQL's `dutch`, Snowball's Dutch on SQLite).
ENGLISH, DUTCH = "en", "nl"
LANGUAGE_CHOICES = [(ENGLISH, "English"), (DUTCH, "Dutch")]


class SearchDocument(models.Model):
    """One searchable thing, flattened: what it is, where it lives, and its text."""

    kind = models.CharField(max_length=20, choices=list(KIND_LABELS.items()))
    key = models.CharField(max_length=120, help_text="The object's key, unique within a kind.")
    ruleset = models.CharField(max_length=40, blank=True, help_text="A RuleSet key, or blank.")
    title = models.CharField(max_length=300)
    body = models.TextField(blank=True)
    keywords = models.TextField(
        blank=True, help_text="Words not shown but searched: keys, aliases, canonical tiles."
    )
    url = models.CharField(max_length=300, blank=True)
    language = models.CharField(max_length=2, choices=LANGUAGE_CHOICES, default=ENGLISH)
    # SQLite only, Dutch only: the title and body as Snowball's Dutch stems, which FTS5
    # indexes in their place (migration 0013); "" for English and on PostgreSQL.
    stemmed_title = models.TextField(blank=True, default="", editable=False)
    stemmed_body = models.TextField(blank=True, default="", editable=False)
    updated_at = models.DateTimeField(auto_now=True)
    # Filled by a database trigger on PostgreSQL; unused (NULL) on SQLite, where FTS5 indexes.
    vector = SearchVectorField(null=True, editable=False)
    # Its title and keywords alone, with their own index: where ranking's pool starts (0005).
    title_vector = SearchVectorField(null=True, editable=False)

    class Meta:
        # The table keeps the name it was created with in the articles app, so its FTS5
        # table, triggers and PostgreSQL trigger function need no rebuild (search/0001).
        db_table = "articles_searchdocument"
        constraints = [
            # One document of a thing per language (a Dutch translation beside the English).
            models.UniqueConstraint(
                fields=["kind", "key", "language"], name="search_document_kind_key_language"
            )
        ]
        indexes = [models.Index(fields=["ruleset", "kind"], name="search_doc_ruleset_kind")]

    def __str__(self):
        return f"{self.kind}: {self.title}"


class Synonym(models.Model):
    """Words the table uses for the same thing ("pung, pong, poeng"): content, kept by editors.

    A query with any of them finds every one; Matjok and NMJL words map to each other. Each
    entry is a comma-separated group of words or short phrases.
    """

    key = models.SlugField(max_length=60, unique=True, help_text="A stable name for the group.")
    words = models.TextField(
        help_text='Words or short phrases that mean the same, comma-separated: "kong, quad".'
    )
    note = models.CharField(max_length=200, blank=True, help_text="Where the words come from.")
    language = models.CharField(
        max_length=2,
        choices=LANGUAGE_CHOICES,
        default=ENGLISH,
        help_text="The language of the words: a Dutch group counts for searches in Dutch.",
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["key"]

    def __str__(self):
        return self.words

    def phrases(self) -> list[str]:
        return phrases_of(self.words)


def phrases_of(words: str) -> list[str]:
    """The words or phrases of a comma-separated synonym group."""
    return [phrase.strip() for phrase in words.split(",") if phrase.strip()]


class PendingDocument(models.Model):
    """Search documents a save changed that the index has not caught up with yet.

    Written by the save's receiver in the save's own transaction, so the mark exists exactly
    when the save does, whatever happens to the queue; removed once its work is done, by
    whichever comes first: the queue's consumer, a search (a few at a time), or a rebuild
    of the index (`import_content` ends with one). Not content: left out of backups (a
    restore rebuilds the index).
    """

    work = models.CharField(
        max_length=30, help_text="What to index again: a key of search.tasks.WORK."
    )
    arguments = models.JSONField(default=list, help_text="Its arguments: primary keys, keys.")

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.work}{tuple(self.arguments)}"
