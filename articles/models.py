"""The wiki's content: rule sets, articles, commentary, sources, citations, questions, terms.

Every model keeps its history with django-simple-history, so an editor can see who changed
what, when and why. Rendered HTML is stored at save time (as djangoproject.com's blog does)
so an article page never renders Markdown on a view.
"""

import calendar
import functools
import operator
import re

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import models
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import gettext
from simple_history.models import HistoricalRecords

from articles.markup import NUMBERED_RULESET


class RuleSet(models.Model):
    """A family of rules with its own articles: NMJL (American) or Matjok (Surinamese)."""

    key = models.SlugField(max_length=40, unique=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "name"]

    def __str__(self):
        return self.name


class ArticleQuerySet(models.QuerySet):
    def published(self):
        return self.filter(is_published=True)

    def for_ruleset(self, ruleset_key):
        return self.filter(ruleset__key=ruleset_key)

    def with_page_content(self):
        """Everything the article page shows, in a fixed number of queries."""
        cited = Citation.objects.select_related("source").order_by("position", "pk")
        return self.select_related("ruleset").prefetch_related(
            "related_articles",
            models.Prefetch(
                "rulings",
                queryset=Ruling.objects.order_by("position", "pk").prefetch_related(
                    models.Prefetch("citations", queryset=cited)
                ),
            ),
            models.Prefetch("terms", queryset=Term.objects.order_by("term")),
            models.Prefetch("citations", queryset=cited),
            models.Prefetch(
                "commentaries",
                queryset=Commentary.objects.order_by("position", "pk").prefetch_related(
                    models.Prefetch("citations", queryset=cited)
                ),
            ),
            models.Prefetch(
                "questions",
                queryset=Question.objects.order_by("position", "pk").prefetch_related(
                    models.Prefetch("citations", queryset=cited)
                ),
            ),
        )

    def numbered(self, numbers):
        """The articles "Article 24", "Article 168" mean: NMJL's, as the cross-links read them."""
        return self.filter(ruleset__key=NUMBERED_RULESET, number__in=numbers)


# "Article 24", "Articles 24", as the commentary mentions other articles.
ARTICLE_MENTION = re.compile(r"\bArticles? (\d+)\b")

RULING_HELP = (
    "The short ruling: one to three sentences that answer the question this page exists for, "
    "as a TD reads it at the table."
)


class HasShortRuling:
    """A page part with a short ruling of its own, cited apart from the rest of its text.

    Both read the prefetched citations (see with_page_content), so a page costs no query more.
    """

    def ruling_citations(self):
        return [c for c in self.citations.all() if c.part == Citation.Part.RULING]

    def text_citations(self):
        return [c for c in self.citations.all() if c.part != Citation.Part.RULING]

    def text_cites_as_ruling(self):
        """Whether the text cites just what its ruling cites (the page then lists it once)."""

        def cited(citations):
            return [(c.source_id, c.locator, c.relation, c.note) for c in citations]

        ruling = self.ruling_citations()
        return bool(ruling) and cited(ruling) == cited(self.text_citations())


class Article(HasShortRuling, models.Model):
    """A ruling page: a League article, a guide, or an answer page."""

    class Kind(models.TextChoices):
        LEAGUE_ARTICLE = "league-article", "League article"
        GUIDE = "guide", "Guide"
        ANSWER = "answer", "Answer page"
        RULEBOOK = "rulebook", "Rulebook page"

    ruleset = models.ForeignKey(RuleSet, on_delete=models.PROTECT, related_name="articles")
    key = models.SlugField(max_length=80, unique=True, help_text="Stable key, e.g. nmjl-6.")
    number = models.CharField(max_length=20, blank=True, help_text="Article number, e.g. 205.")
    title = models.CharField(max_length=200)
    summary = models.TextField(blank=True, help_text="One or two sentences shown in lists.")
    ruling = models.TextField("short ruling", blank=True, help_text=RULING_HELP)
    ruling_html = models.TextField(blank=True, editable=False)
    ruling_reviewed_on = models.DateField("ruling last reviewed on", null=True, blank=True)
    ruling_reviewed_by = models.CharField("ruling last reviewed by", max_length=100, blank=True)
    body = models.TextField(blank=True, help_text="The rule text, in Markdown.")
    body_html = models.TextField(blank=True, editable=False)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.LEAGUE_ARTICLE)
    origin = models.CharField(
        max_length=300, blank=True, help_text="Where the text comes from (the seed document)."
    )
    answered_by = models.CharField(max_length=100, blank=True)
    last_reviewed_on = models.DateField(null=True, blank=True)
    last_reviewed_by = models.CharField(max_length=100, blank=True)
    related_articles = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="related_from"
    )
    is_published = models.BooleanField(default=True)
    position = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)
    # Where a translation and the text differ, this language's text prevails.
    prevailing_language = models.CharField(
        max_length=10, choices=[("en", "English"), ("nl", "Nederlands")], default="en"
    )

    objects = ArticleQuerySet.as_manager()
    history = HistoricalRecords()

    class Meta:
        ordering = ["ruleset__position", "position", "key"]
        # "205" or "Article 205" typed in search or the go-to box is one indexed look-up.
        indexes = [models.Index(fields=["number"], name="article_number")]

    def __str__(self):
        return f"{self.label} {self.title}" if self.number else self.title

    def get_absolute_url(self):
        return reverse("articles:detail", args=[self.key])

    @property
    def label(self):
        """The label readers use: "Article 205" (in the reader's language), or the title when
        there is no number."""
        if not self.number:
            return self.title
        return gettext("Article %(number)s") % {"number": self.number}

    def mentioned_numbers(self):
        """Numbers of other articles its text mentions, in order of first mention.

        Reads the prefetched commentary and questions (see with_page_content).
        """
        texts = [self.ruling, self.body, *(c.body for c in self.commentaries.all())]
        texts += [text for q in self.questions.all() for text in (q.ruling, q.answer)]
        numbers = []
        for text in texts:
            for number in ARTICLE_MENTION.findall(text):
                if number != self.number and number not in numbers:
                    numbers.append(number)
        return numbers


class Commentary(models.Model):
    """The commentary on an article, as the league editor keeps it."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="commentaries")
    body = models.TextField(help_text="Markdown.")
    body_html = models.TextField(blank=True, editable=False)
    author = models.CharField(max_length=100, blank=True)
    reviewed_on = models.DateField(null=True, blank=True)
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["article", "position", "pk"]
        verbose_name_plural = "commentaries"

    def __str__(self):
        try:
            return f"Commentary on {self.article.key}"
        except ObjectDoesNotExist:  # a past version (its history page) of a deleted article's
            return f"Commentary {self.pk} on a deleted article"


class Source(models.Model):
    """One issue of a publication, at one locator: "NMJL Bulletin 1970, page 5"."""

    class Publication(models.TextChoices):
        NMJL_BULLETIN = "nmjl-bulletin", "NMJL Bulletin"
        MJME = "mjme", "Mah Jongg Made Easy"
        LEAGUE_LETTER = "league-letter", "League letter"
        LEAGUE_CLARIFICATION = "league-clarification", "League clarification"
        ANSWERS_PAGE = "answers-page", "Answers page"
        CALLING_GUIDE = "calling-guide", "Calling guide"
        MATJOK_RULEBOOK = "matjok-rulebook", "Matjok Rulebook"
        WIKI = "wiki", "Rulings wiki"
        WEB = "web", "Public web page"

    key = models.SlugField(max_length=80, unique=True)
    publication = models.CharField(max_length=40, choices=Publication.choices)
    title = models.CharField(max_length=200, blank=True)
    year = models.PositiveSmallIntegerField(null=True, blank=True)
    month = models.PositiveSmallIntegerField(null=True, blank=True)
    edition = models.CharField(max_length=100, blank=True)
    locator = models.CharField(
        max_length=100, blank=True, help_text="Page, paragraph or item, e.g. 'page 5'."
    )
    url = models.URLField(blank=True)
    note = models.TextField(blank=True)

    history = HistoricalRecords()

    class Meta:
        ordering = ["publication", "year", "month", "locator"]

    def __str__(self):
        parts = [self.publication_label]
        if self.edition:
            parts.append(self.edition)
        if self.year:
            # "August 2026" where the month is known: the seed dates the clarification so.
            month = calendar.month_name[self.month] if self.month in range(1, 13) else ""
            parts.append(f"{month} {self.year}".strip())
        text = " ".join(parts)
        return f"{text}, {self.locator}" if self.locator else text

    def get_absolute_url(self):
        return _source_year_url(
            self.publication,
            self.year or 0,
            get_script_prefix(),
            get_urlconf() or settings.ROOT_URLCONF,
        )

    @property
    def publication_label(self) -> str:
        """The publication's name, read from a dict: a page names its sources hundreds of
        times, and Django's get_FOO_display flattens the choices on every call."""
        return PUBLICATION_LABELS.get(self.publication, self.publication)


PUBLICATION_LABELS = dict(Source.Publication.choices)


@functools.lru_cache(maxsize=1024)
def _source_year_url(publication: str, year: int, prefix: str, urlconf: str) -> str:
    """A source's page, reversed once per process: an article page links each of its
    citations (Article 6: 165), and each `reverse` walks the site's URL patterns. The
    script prefix and the URLconf are in the key, so a changed one is never answered
    from the cache."""
    return reverse("articles:source-year", args=[publication, year], urlconf=urlconf)


class Question(HasShortRuling, models.Model):
    """A question on an article and its answer: who asked, who answered, when, on what."""

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="questions")
    question = models.TextField(blank=True, help_text="Blank for an answer given on its own.")
    asked_by = models.CharField(max_length=100, blank=True)
    ruling = models.TextField("short ruling", blank=True, help_text=RULING_HELP)
    ruling_html = models.TextField(blank=True, editable=False)
    answer = models.TextField(help_text="Markdown.")
    answer_html = models.TextField(blank=True, editable=False)
    answered_by = models.CharField(max_length=100, blank=True)
    answered_on = models.DateField(null=True, blank=True)
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["article", "position", "pk"]

    def __str__(self):
        return (self.question or self.answer)[:80]


class Ruling(models.Model):
    """One question a TD is asked, answered in one line: "May a player give back a called
    tile once it is racked?" — "No. She must use it." Part of an article, in its order.

    The checks that show it are held on the scenario side (`rulings.RulingCheck`,
    `ruling.checks.all()`): the wiki knows nothing of scenarios."""

    class Verdict(models.TextChoices):
        ALLOWED = "allowed", "Allowed"
        NOT_ALLOWED = "not_allowed", "Not allowed"
        DEAD = "dead", "The hand is dead"
        NONE = "none", "—"

        @classmethod
        def words(cls, value) -> str:
            """A verdict in a reader's plain words ("Not allowed"); "" for none."""
            return "" if value == cls.NONE else cls(value).label

    article = models.ForeignKey(Article, on_delete=models.CASCADE, related_name="rulings")
    slug = models.SlugField(
        max_length=120, unique=True, help_text="Its address, /rulings/<slug>/; stable."
    )
    position = models.PositiveSmallIntegerField(default=0)
    question = models.CharField(max_length=300, help_text="The situation in a TD's words.")
    answer = models.CharField(
        max_length=300, help_text='One line that starts with the verdict: "No. She must use it."'
    )
    verdict = models.CharField(max_length=20, choices=Verdict.choices, default=Verdict.NONE)
    reason = models.TextField(help_text="One or two sentences.")
    summarises = models.JSONField(
        default=list,
        blank=True,
        help_text="What of the article it sums up, in the content files' terms.",
    )

    history = HistoricalRecords()

    class Meta:
        ordering = ["article", "position", "pk"]

    def __str__(self):
        return self.question

    def get_absolute_url(self):
        return reverse("articles:ruling", args=[self.slug])

    @property
    def verdict_tag(self) -> str:
        """The verdict in plain words to put before the answer ("Not allowed"), or "" where
        there is none or the answer already says it ("The hand is dead.").

        >>> Ruling(verdict="not_allowed", answer="No. She must use it.").verdict_tag
        'Not allowed'
        >>> Ruling(verdict="dead", answer="The hand is dead.").verdict_tag
        ''
        """
        label = self.Verdict.words(self.verdict)
        return "" if self.answer.lower().startswith(label.lower()) else label


def _exactly_one_of(*names) -> models.Q:
    """A condition: exactly one of these foreign keys is set."""
    return functools.reduce(
        operator.or_,
        (models.Q(**{f"{name}__isnull": name != one for name in names}) for one in names),
    )


class Citation(models.Model):
    """Ties one statement (an article, a commentary, an answer or a ruling) to a source."""

    class Relation(models.TextChoices):
        SUPPORTS = "supports", "supports"
        DIFFERS = "differs", "differs from"
        SUPERSEDES = "supersedes", "supersedes"

    class Part(models.TextChoices):
        """Which part of an article or answer the source backs: its text or its short ruling."""

        TEXT = "", "the text"
        RULING = "ruling", "the short ruling"

    source = models.ForeignKey(Source, on_delete=models.PROTECT, related_name="citations")
    article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="citations"
    )
    commentary = models.ForeignKey(
        Commentary, null=True, blank=True, on_delete=models.CASCADE, related_name="citations"
    )
    question = models.ForeignKey(
        Question, null=True, blank=True, on_delete=models.CASCADE, related_name="citations"
    )
    ruling = models.ForeignKey(
        Ruling, null=True, blank=True, on_delete=models.CASCADE, related_name="citations"
    )
    locator = models.CharField(max_length=100, blank=True)
    quote = models.TextField(blank=True)
    note = models.CharField(max_length=300, blank=True, help_text='e.g. "not in MJME".')
    relation = models.CharField(max_length=20, choices=Relation.choices, default=Relation.SUPPORTS)
    part = models.CharField(
        "cites", max_length=20, choices=Part.choices, default=Part.TEXT, blank=True
    )
    position = models.PositiveSmallIntegerField(default=0)

    history = HistoricalRecords()

    class Meta:
        ordering = ["position", "pk"]
        constraints = [
            models.CheckConstraint(
                name="citation_cites_exactly_one_statement_or_ruling",
                condition=_exactly_one_of("article", "commentary", "question", "ruling"),
            ),
            # Commentary has no short ruling of its own to cite.
            models.CheckConstraint(
                name="citation_cites_a_ruling_of_an_article_or_answer",
                condition=models.Q(part="") | models.Q(commentary__isnull=True),
            ),
        ]

    def __str__(self):
        try:
            return f"{self.statement} {self.get_relation_display()} {self.source}"
        except ObjectDoesNotExist:  # a past version (its history page) of a deleted page's
            return f"Citation {self.pk} on a deleted page"

    def clean(self):
        if self.part == self.Part.RULING and self.commentary_id:
            raise ValidationError(
                {"part": "Commentary has no short ruling of its own: cite its text instead."}
            )

    @property
    def statement(self):
        return self.article or self.commentary or self.question or self.ruling

    @property
    def cited_article(self):
        """The article the cited statement belongs to."""
        if self.article_id:
            return self.article
        return (self.commentary or self.question or self.ruling).article

    @property
    def date(self) -> str:
        """A ruling's source as it is dated: "1970", "2026-08", or "" (undated)."""
        source = self.source
        if not source.year:
            return ""
        return f"{source.year}-{source.month:02d}" if source.month else str(source.year)


class Term(models.Model):
    """A glossary term: "Exposure", "Joker exchange", "Dead hand"."""

    slug = models.SlugField(max_length=80, unique=True)
    term = models.CharField(max_length=100)
    aliases = models.CharField(
        max_length=300, blank=True, help_text="Other spellings, comma-separated (Kong, Kongs)."
    )
    definition = models.TextField(help_text="Markdown.")
    definition_html = models.TextField(blank=True, editable=False)
    related_articles = models.ManyToManyField(Article, blank=True, related_name="terms")

    history = HistoricalRecords()

    class Meta:
        ordering = ["term"]

    def __str__(self):
        return self.term

    def get_absolute_url(self):
        return reverse("articles:glossary") + f"#{self.slug}"


class ArticleLink(models.Model):
    """A cross-link found in stored text: this page links to the article with that key.

    Derived from the Markdown at save time (articles.wiki.linking), so "what links here" and
    "wanted articles" are single queries, and creating an article can re-render the pages
    whose wanted links now point to it. The key may belong to no article yet (wanted).
    """

    from_article = models.ForeignKey(
        Article, null=True, blank=True, on_delete=models.CASCADE, related_name="outgoing_links"
    )
    from_term = models.ForeignKey(
        Term, null=True, blank=True, on_delete=models.CASCADE, related_name="outgoing_links"
    )
    to_key = models.SlugField(max_length=80, db_index=True)

    class Meta:
        ordering = ["to_key", "pk"]
        constraints = [
            models.CheckConstraint(
                name="article_link_from_exactly_one_page",
                condition=(
                    models.Q(from_article__isnull=False, from_term__isnull=True)
                    | models.Q(from_article__isnull=True, from_term__isnull=False)
                ),
            )
        ]

    def __str__(self):
        return f"{self.from_article or self.from_term} → {self.to_key}"


class ImportedRow(models.Model):
    """What `import_content` last wrote to one row, as a digest of the values it imported.

    A row whose values no longer match its digest was changed on the site since, and the
    next import keeps it (articles.imports). Keyed by the model's label and the row's stable
    key from the files ("nmjl-6/commentary/1"), so it works for every app's content.
    """

    model = models.CharField(max_length=100)
    key = models.CharField(max_length=300)
    digest = models.CharField(max_length=64)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["model", "key"], name="one_import_record_per_row")
        ]

    def __str__(self):
        return f"{self.model} {self.key}"
