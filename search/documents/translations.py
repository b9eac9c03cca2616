"""Dutch documents: each ruling whose question has a current Dutch translation is indexed a
second time, in Dutch (`language="nl"`), under the same kind and key as its English
document, so a Dutch reader's search finds it in their words (`search.ranking`: Dutch
documents first). Only current translations count: an outdated one reads as its English."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.contenttypes.models import ContentType
from django.utils import translation

from articles.models import Ruling
from search.documents.articles import _article_keywords
from search.index import Document
from translations.reading import shown_for

DUTCH = "nl"
RULING_FIELDS = ("question", "answer", "reason")


def ruling_documents(rulings: Iterable[Ruling]) -> list[Document]:
    """The Dutch documents of these rulings (those with a current Dutch question), in two
    queries however many rulings."""
    rulings = list(rulings)
    found = shown_for(rulings, DUTCH)
    kind = ContentType.objects.get_for_model(Ruling).pk
    documents = []
    for ruling in rulings:
        texts = {}
        for field in RULING_FIELDS:
            shown = found.get((kind, ruling.pk, field), [])
            if shown and all(part.is_translated for part in shown):
                texts[field] = "\n\n".join(part.text for part in shown)
        if "question" not in texts:
            continue
        with translation.override(DUTCH):
            url = ruling.get_absolute_url()
        article = ruling.article
        documents.append(
            Document(
                "ruling",
                ruling.slug,
                texts["question"],
                "\n".join(filter(None, [texts.get("answer"), texts.get("reason")])),
                url,
                article.ruleset.key,
                _article_keywords(article),
                language=DUTCH,
            )
        )
    return documents


def all_documents() -> Iterable[Document]:
    """The Dutch documents of every ruling of a published article."""
    rulings = Ruling.objects.filter(article__is_published=True).select_related("article__ruleset")
    yield from ruling_documents(rulings)
