"""What the wiki puts in the index: rulings, articles, commentary, questions, sources, terms."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

from django.utils.html import strip_tags

from articles.models import Article, Citation, Commentary, Question, Ruling, Source, Term
from rulings.models import RulingCheck
from search.index import Document, url_of

QUESTION_TITLE_WORDS = 10

_IMAGE_ALT = re.compile(r"<img\b[^>]*?\balt=\"([^\"]*)\"[^>]*>", re.IGNORECASE)
_CITATIONS_WITH_ARTICLES = (
    "article__ruleset",
    "commentary__article__ruleset",
    "question__article__ruleset",
    "ruling__article__ruleset",
)


def _plain(markdown: str, rendered: str = "") -> str:
    """Readable text for the index: the rendered HTML without tags, or the Markdown.

    A tile picture counts as its name ("7 Dots"), so tiles drawn in the text are found.
    """
    if not rendered:
        return markdown or ""
    return html.unescape(strip_tags(_IMAGE_ALT.sub(r" \1 ", rendered)))


def _article_keywords(article: Article) -> str:
    number = f"article {article.number} art {article.number}" if article.number else ""
    return f"{article.key} {number}"


def article_document(article: Article) -> Document:
    ruling = _plain(article.ruling, article.ruling_html)
    body = "\n".join(
        filter(None, [ruling, article.summary, _plain(article.body, article.body_html)])
    )
    return Document(
        "article",
        article.key,
        str(article),
        body,
        url_of(article),
        article.ruleset.key,
        _article_keywords(article),
    )


def commentary_document(article: Article, commentaries: Iterable[Commentary]) -> Document:
    """All of an article's commentary as one document: it is read as one section."""
    commentaries = list(commentaries)
    return Document(
        "commentary",
        article.key,
        f"Commentary on {article}",
        "\n".join(_plain(c.body, c.body_html) for c in commentaries),
        url_of(article, "#commentary-title"),
        article.ruleset.key,
        " ".join([_article_keywords(article), *(c.author for c in commentaries)]),
    )


def _first_words(text: str, count: int = QUESTION_TITLE_WORDS) -> str:
    words = text.split()
    return " ".join(words[:count]) + ("…" if len(words) > count else "")


def question_document(question: Question) -> Document:
    article = question.article
    asked = question.question.strip()
    answer = _plain(question.answer, question.answer_html)
    # An answer given on its own is named by its first words: several answers on one article
    # must not all read "Answer on Article 6".
    title = asked if asked else f"Answer on {article.label}: {_first_words(answer)}"
    if len(title) > 160:
        title = title[:159].rsplit(" ", 1)[0] + "…"
    return Document(
        "question",
        question.pk,
        title,
        "\n".join(
            filter(None, [asked, _plain(question.ruling, question.ruling_html), answer])
        ).strip(),
        url_of(article, f"#question-{question.pk}"),
        article.ruleset.key,
        f"{_article_keywords(article)} {question.asked_by} {question.answered_by}",
    )


def ruling_document(ruling: Ruling, checks=None, quotes=None) -> Document:
    """A ruling as a TD asks it: its question the title; its one-line answer and reason the
    text, with the other words it is said in (the names of the checks that show it, its
    sources' quotations); found under its article's key, number and title too. Its result
    shows its answer (`search.answers`), never this text."""
    if checks is None:
        checks = RulingCheck.objects.filter(ruling=ruling).values_list("check_name", flat=True)
    if quotes is None:
        quotes = ruling.citations.exclude(quote="").values_list("quote", flat=True)
    article = ruling.article
    return Document(
        "ruling",
        ruling.slug,
        ruling.question,
        "\n".join(filter(None, [ruling.answer, ruling.reason, *dict.fromkeys(checks), *quotes])),
        url_of(ruling),
        article.ruleset.key,
        _article_keywords(article),
    )


def _rulings_documents(published) -> Iterable[Document]:
    """Every ruling of a published article, its checks' names and quotations in two more
    queries."""
    checks: dict[int, list[str]] = {}
    for ruling_pk, name in RulingCheck.objects.filter(ruling__article__in=published).values_list(
        "ruling_id", "check_name"
    ):
        checks.setdefault(ruling_pk, []).append(name)
    quotes: dict[int, list[str]] = {}
    for ruling_pk, quote in (
        Citation.objects.filter(ruling__article__in=published).exclude(quote="")
    ).values_list("ruling_id", "quote"):
        quotes.setdefault(ruling_pk, []).append(quote)
    for ruling in Ruling.objects.filter(article__in=published).select_related("article__ruleset"):
        yield ruling_document(ruling, checks.get(ruling.pk, []), quotes.get(ruling.pk, []))


def source_document(source: Source, citations: Iterable[Citation] | None = None) -> Document:
    if citations is None:
        citations = source.citations.select_related(*_CITATIONS_WITH_ARTICLES)
    citations = list(citations)
    rulesets = {c.cited_article.ruleset.key for c in citations}
    quotes = [c.quote for c in citations if c.quote]
    return Document(
        "source",
        source.key,
        str(source),
        "\n".join(filter(None, [source.title, source.note, *quotes])),
        url_of(source),
        rulesets.pop() if len(rulesets) == 1 else "",
        f"{source.get_publication_display()} {source.edition} {source.year or ''}",
    )


def term_document(term: Term) -> Document:
    return Document(
        "term",
        term.slug,
        term.term,
        _plain(term.definition, term.definition_html),
        url_of(term),
        "",
        term.aliases.replace(",", " "),
    )


def all_documents() -> Iterable[Document]:
    """Every wiki document, in a handful of queries."""
    articles = Article.objects.published().select_related("ruleset")
    yield from map(article_document, articles.iterator(chunk_size=2000))
    published = Article.objects.published()
    yield from _rulings_documents(published)
    commentaries: dict[int, list[Commentary]] = {}
    for commentary in Commentary.objects.filter(article__in=published).order_by(
        "article", "position", "pk"
    ):
        commentaries.setdefault(commentary.article_id, []).append(commentary)
    for article in articles.filter(pk__in=commentaries):
        yield commentary_document(article, commentaries[article.pk])
    yield from map(
        question_document,
        Question.objects.filter(article__in=published)
        .select_related("article__ruleset")
        .iterator(chunk_size=2000),
    )
    citations: dict[int, list[Citation]] = {}
    for citation in Citation.objects.select_related(*_CITATIONS_WITH_ARTICLES):
        citations.setdefault(citation.source_id, []).append(citation)
    for source in Source.objects.all():
        yield source_document(source, citations.get(source.pk, []))
    yield from map(term_document, Term.objects.all())
