"""The kinds of page an editor can change, and what each one edits.

One table instead of five sets of views: every kind has a model, the URL field that finds
it, the fields its form edits, which of those are Markdown (merged by paragraph, diffed by
word), and the article it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from articles.models import Article, Citation, Commentary, Question, Ruling, Term
from articles.permissions import is_editor

# Where on the article page each kind is shown (ids in templates/articles/article_detail.html).
SECTION_ANCHORS = {"commentary": "#commentary-title", "question": "#questions-title"}


@dataclass(frozen=True)
class Kind:
    name: str  # URL names: "<name>-edit", "<name>-history", …
    noun: str
    model: type
    lookup: str  # the URL keyword and the field it matches
    fields: tuple[str, ...]  # what the edit form changes
    text_fields: tuple[str, ...]  # Markdown: merged by paragraph, previewed
    create_fields: tuple[str, ...] = ()
    # What a reader is shown, in their language ("New article", "The article was created.",
    # "Commentary on Article 6"): whole phrases, since Dutch words differ by gender.
    new_title: str | Promise = ""
    created_message: str | Promise = ""
    part_of: str | Promise = ""  # "%(article)s": the article the part belongs to

    def url_kwargs(self, obj) -> dict:
        return {self.lookup: getattr(obj, self.lookup)}

    def url(self, action: str, obj, **extra) -> str:
        return reverse(f"articles:{self.name}-{action}", kwargs={**self.url_kwargs(obj), **extra})

    def article_of(self, obj):
        """The article whose page shows this (None for a glossary term)."""
        if isinstance(obj, Article):
            return obj
        if isinstance(obj, Citation):
            return obj.cited_article
        return getattr(obj, "article", None)

    def page_url(self, obj) -> str:
        """Where readers see it."""
        if isinstance(obj, Term | Ruling):
            return obj.get_absolute_url()
        return self.article_of(obj).get_absolute_url() + SECTION_ANCHORS.get(self.name, "")

    def part_anchor(self, obj) -> str | None:
        """The id of the part of the article page that shows it (a citation: the paragraph or
        answer it backs), or None where it is the page itself or not on one."""
        if isinstance(obj, Citation):
            if obj.commentary_id:
                return f"commentary-{obj.commentary_id}"
            if obj.ruling_id:
                return obj.ruling.slug
            return f"question-{obj.question_id}" if obj.question_id else None
        if isinstance(obj, Ruling):
            return obj.slug  # its <details> in the article's list of rulings
        if isinstance(obj, Commentary | Question):
            return f"{self.name}-{obj.pk}"
        return None

    def label(self, obj) -> str:
        if isinstance(obj, Article):
            return str(obj)
        if isinstance(obj, Term):
            return gettext("Glossary: %(term)s") % {"term": obj.term}
        return str(self.part_of) % {"article": self.article_of(obj)}


ARTICLE = Kind(
    name="article",
    noun="article",
    model=Article,
    lookup="key",
    fields=("title", "ruling", "summary", "body"),
    text_fields=("ruling", "summary", "body"),
    create_fields=("ruleset", "key", "number", "kind", "title", "ruling", "summary", "body"),
    new_title=_("New article"),
    created_message=_("The article was created."),
)
COMMENTARY = Kind(
    name="commentary",
    noun="commentary",
    model=Commentary,
    lookup="pk",
    fields=("body", "author", "reviewed_on"),
    text_fields=("body",),
    new_title=_("New commentary"),
    created_message=_("The commentary was created."),
    part_of=_("Commentary on %(article)s"),
)
QUESTION = Kind(
    name="question",
    noun="question",
    model=Question,
    lookup="pk",
    fields=("question", "asked_by", "ruling", "answer", "answered_by", "answered_on"),
    text_fields=("question", "ruling", "answer"),
    new_title=_("New question"),
    created_message=_("The question was created."),
    part_of=_("Question on %(article)s"),
)
CITATION = Kind(
    name="citation",
    noun="citation",
    model=Citation,
    lookup="pk",
    fields=("source", "part", "relation", "locator", "quote", "note"),
    text_fields=("quote",),
    new_title=_("New citation"),
    created_message=_("The citation was created."),
    part_of=_("Citation on %(article)s"),
)
RULING = Kind(
    name="ruling",
    noun="ruling",
    model=Ruling,
    lookup="slug",
    fields=("question", "answer", "verdict", "reason"),
    text_fields=("reason",),
    create_fields=("slug", "question", "answer", "verdict", "reason"),
    new_title=_("New ruling"),
    created_message=_("The ruling was created."),
    part_of=_("Ruling on %(article)s"),
)
TERM = Kind(
    name="term",
    noun="glossary term",
    model=Term,
    lookup="slug",
    fields=("term", "aliases", "definition"),
    text_fields=("definition",),
    create_fields=("slug", "term", "aliases", "definition"),
    new_title=_("New glossary term"),
    created_message=_("The glossary term was created."),
)

KINDS = {kind.name: kind for kind in (ARTICLE, COMMENTARY, QUESTION, CITATION, RULING, TERM)}
# Each kind's URL prefix, with the converter of the field that finds it (articles/wiki/urls.py).
ROUTES = {
    "article": "articles/<slug:key>/",
    "commentary": "commentary/<rowid:pk>/",
    "question": "questions/<rowid:pk>/",
    "citation": "citations/<rowid:pk>/",
    "ruling": "rulings/<slug:slug>/",
    "term": "terms/<slug:slug>/",
}
# The Markdown fields each kind previews (those readers see rendered), in page order.
PREVIEWED = {
    "article": ("ruling", "body"),
    "commentary": ("body",),
    "question": ("ruling", "answer"),
    "term": ("definition",),
}
# A short ruling is previewed as the page shows it: in its own section, first.
RULING_FIELD = "ruling"


def _article_of(obj):
    """The article a wiki part belongs to (itself for an article), or None (a glossary term)."""
    if isinstance(obj, Article):
        return obj
    for name in ("article", "commentary", "question", "ruling"):
        part = getattr(obj, name, None)
        if part is not None:
            return _article_of(part)
    return None


def readable_by(user, obj) -> bool:
    """A part of an unpublished article is its editors' alone, as the article's page is."""
    article = _article_of(obj)
    return article is None or article.is_published or is_editor(user)
