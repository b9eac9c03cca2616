"""What a search returns: ranked hits with safe snippets, and the articles named by number."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from articles.models import Article
from search.labels import kind_label

# Snippets are cut by the database with these two characters around each match; they can
# never occur in indexed text (we strip them), so after escaping the snippet they can be
# turned into <mark> safely.
MARK_START = "\x02"
MARK_END = "\x03"


@dataclass
class Hit:
    url: str
    title: str
    kind: str
    ruleset: str
    snippet: SafeString
    ruleset_name: str = ""
    tile: str = ""  # a tile's code, for the tile result's picture
    key: str = ""  # a ruling's slug, to answer it (never shown)
    # A ruling's answer, so the list answers the question (`search.answers`): its verdict in
    # words ("" where the answer says it), its one line; at a chosen tournament whose house
    # rules change it, that tournament's line, with the League's answer after.
    verdict: str = ""
    answer: str = ""
    league_answer: str = ""

    @property
    def kind_label(self):
        return kind_label(self.kind)

    def as_json(self):
        found = {
            "url": self.url,
            "title": self.title,
            "kind": self.kind,
            "label": self.kind_label,
            "snippet": self.snippet,
        }
        if self.answer:
            found.update(verdict=self.verdict, answer=self.answer, league_answer=self.league_answer)
        return found


@dataclass
class SearchResults:
    query: str
    hits: list[Hit] = field(default_factory=list)
    articles: list[Article] = field(default_factory=list)  # named by number or key
    number: str | None = None  # a number was asked for
    broadened: bool = False  # no document had every word; showing those with any
    corrected: str = ""  # the query as searched, when a word was corrected

    @property
    def unknown_number(self):
        return bool(self.number) and not self.articles

    def as_json(self, limit: int) -> list[dict]:
        """Articles named by number first (all of them), then ranked hits, up to `limit`."""
        named = [
            {
                "url": article.get_absolute_url(),
                "title": str(article),
                "kind": "article",
                "label": kind_label("article"),
                "snippet": escape(article.summary),
            }
            for article in self.articles
        ]
        return (named + [hit.as_json() for hit in self.hits])[: max(limit, len(named))]


def highlight(raw: str) -> SafeString:
    """Escape a database snippet, then turn its match markers into <mark>."""
    escaped = html.escape(raw or "")
    return mark_safe(escaped.replace(MARK_START, "<mark>").replace(MARK_END, "</mark>"))
