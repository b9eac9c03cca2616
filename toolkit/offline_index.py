"""The search index "Keep for offline use" saves: one document for each thing a reader can
find on the kept pages, searched on the device with MiniSearch (static/js/offline-search.js).

Built from the same lists as the manifest (`toolkit.offline`), so every document's address
is a kept page (an anchor on one at most): the tournament's house rules, the articles its
house rules touch with their rulings, the rulings it answers otherwise, the glossary's terms
and the picker's questions. Public words only, as an anonymous reader reads them: no rulings
log, no players, no private card.

A ruling's `answer` is its one-line answer at the tournament where its house rules change it
("At Harbour Lights …: No. …"), with the League's after (`league`); elsewhere the League's.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import gettext_lazy

from articles.models import Ruling, Term
from tournaments.ruling_answers import answers_by_rule
from tournaments.versions import published_sheet

from .offline import touched_articles
from .picker import read_tree

# What a result says it is, in the online results' words (search.models.KIND_LABELS: the
# search app sits above the toolkit, so they are repeated here).
KINDS = {
    "ruling": gettext_lazy("Ruling"),
    "article": gettext_lazy("Article"),
    "term": gettext_lazy("Glossary term"),
    "houserule": gettext_lazy("House rule"),
    "tournament": gettext_lazy("Tournament"),
    "picker": gettext_lazy("Picker"),
}
# The fields MiniSearch indexes and those a result shows (offline-search.js reads them).
SEARCHED = ["title", "answer", "text"]
SHOWN = ["title", "answer", "league", "url", "kind"]


_IMAGE_ALT = re.compile(r"<img\b[^>]*?\balt=\"([^\"]*)\"[^>]*>", re.IGNORECASE)


def _plain(markdown: str, rendered: str = "") -> str:
    """Readable words: the rendered HTML without tags (a tile picture counts as its name,
    "7 Dots", as in the site's index), else the Markdown as written."""
    if not rendered:
        return markdown or ""
    return " ".join(html.unescape(strip_tags(_IMAGE_ALT.sub(r" \1 ", rendered))).split())


def _document(url, kind, title, text="", answer="", league="") -> dict:
    return {
        "url": url,
        "kind": str(KINDS[kind]),
        "title": title,
        "answer": answer,
        "league": league,
        "text": text,
    }


def house_rule_documents(tournament, sheet) -> list[dict]:
    page = tournament.get_absolute_url()
    documents = [_document(page, "tournament", tournament.name, sheet.base_rules or "")]
    for rule in sheet.rules:
        if rule.number and str(rule.text or "").strip():
            title = f"{tournament.name}: house rule {rule.number}"
            url = f"{page}#house-rule-{rule.number}"
            documents.append(_document(url, "houserule", title, str(rule.text)))
    return documents


def ruling_documents(tournament, sheet, articles) -> list[dict]:
    """The rulings the tournament answers otherwise, at their kept pages (naming the
    tournament, as the manifest does), then the other rulings of the touched articles, at
    their place on the article's kept page."""
    documents = []
    changed = set()
    here = urlencode({"tournament": tournament.slug})
    for items in answers_by_rule(sheet).values():
        for item in items:
            ruling, answer = item.ruling, item.answer
            changed.add(ruling.pk)
            text = " ".join([ruling.answer, ruling.reason])
            url = f"{ruling.get_absolute_url()}?{here}"
            documents.append(
                _document(url, "ruling", ruling.question, text, answer.line, answer.league_line)
            )
    others = Ruling.objects.filter(article__in=articles).exclude(pk__in=changed)
    for ruling in others.select_related("article").order_by("article__key", "position", "pk"):
        url = f"{ruling.article.get_absolute_url()}#{ruling.slug}"
        documents.append(_document(url, "ruling", ruling.question, ruling.reason, ruling.answer))
    return documents


def article_documents(articles) -> list[dict]:
    return [
        _document(
            article.get_absolute_url(),
            "article",
            str(article),
            " ".join(filter(None, [article.summary, _plain(article.body, article.body_html)])),
            _plain(article.ruling, article.ruling_html),
        )
        for article in articles
    ]


def term_documents() -> list[dict]:
    return [
        _document(
            term.get_absolute_url(),
            "term",
            term.term,
            f"{term.aliases.replace(',', ' ')} {_plain(term.definition, term.definition_html)}",
        )
        for term in Term.objects.all()
    ]


def picker_documents() -> list[dict]:
    """Each picker page that asks a question: its taps so far, the question, its choices."""
    documents = []
    for key, node in read_tree().by_key.items():
        if node.is_last:
            continue
        title = " › ".join(step.choice.label for step in node.path)
        choices = " · ".join(child.choice.label for child in node.children)
        text = f"{node.choice.next_question} {choices}".strip()
        documents.append(_document(reverse("toolkit:picker", args=[key]), "picker", title, text))
    return documents


def offline_index(tournament) -> dict:
    """The documents, numbered (MiniSearch wants an id), with the fields it searches."""
    sheet = published_sheet(tournament)
    articles = touched_articles(tournament)
    documents = []
    if sheet is not None:
        documents += house_rule_documents(tournament, sheet)
    documents += ruling_documents(tournament, sheet, articles)
    documents += article_documents(articles)
    documents += term_documents()
    documents += picker_documents()
    for number, document in enumerate(documents):
        document["id"] = number
    return {
        "tournament": tournament.slug,
        "name": tournament.name,
        "fields": SEARCHED,
        "store": SHOWN,
        "documents": documents,
    }
