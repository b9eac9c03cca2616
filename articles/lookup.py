"""Naming an article by number or key: "205", "Article 205", "art. 6", "#205", "nmjl-6".

Public, because the go-to-article box and the site search read a query the same way.
"""

from __future__ import annotations

import re

from articles.models import Article

_NUMBER_QUERY = re.compile(
    r"^\s*(?:(?:article|art|no)\s*\.?\s*|#\s*)?(?P<number>\d{1,5}[a-z]?)\s*$", re.IGNORECASE
)
_KEY_QUERY = re.compile(r"^\s*(?P<key>[a-z][a-z0-9]*-[a-z0-9-]+)\s*$", re.IGNORECASE)


def requested_number(text: str) -> str | None:
    """The article number asked for in "205", "Article 205", "art. 6", "#205", or None."""
    match = _NUMBER_QUERY.match(text or "")
    return match["number"] if match else None


def lookup_articles(text: str, ruleset: str = "") -> list[Article]:
    """Published articles named by number or key ("205", "Art 6", "nmjl-6"), best first."""
    articles = Article.objects.published().select_related("ruleset")
    if ruleset:
        articles = articles.for_ruleset(ruleset)
    number = requested_number(text)
    if number:
        # Exactly as stored or in either case ("3b" for "3B"), so the number's index serves.
        return list(articles.filter(number__in={number, number.upper(), number.lower()}))
    match = _KEY_QUERY.match(text or "")
    if match:
        return list(articles.filter(key=match["key"].lower()))
    return []
