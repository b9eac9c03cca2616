"""Searching: articles named by number or key first, then ranked text matches."""

from __future__ import annotations

from articles.lookup import lookup_articles, requested_number
from search.backends import backend
from search.models import KIND_LABELS, SearchDocument
from search.query import MAX_QUERY_LENGTH, ParsedQuery, parse_query
from search.results import Hit, SearchResults


def search(
    text: str, *, ruleset: str = "", kind: str = "", limit: int = 30, suggest: bool = False
) -> SearchResults:
    """Search everything: articles named by number or key first, then ranked text matches.

    `suggest` is the search box's as-you-type mode: the last word matches as a prefix.
    """
    text = (text or "")[:MAX_QUERY_LENGTH]
    results = SearchResults(query=text, number=requested_number(text))
    if kind not in KIND_LABELS:
        kind = ""
    if kind in ("", "article"):
        results.articles = lookup_articles(text, ruleset)
    parsed = parse_query(text, prefix_last=suggest)
    if parsed:
        results.hits, results.broadened = _ranked_hits(backend(), parsed, ruleset, kind, limit)
    named = {article.get_absolute_url() for article in results.articles}
    results.hits = [hit for hit in results.hits if hit.url not in named]
    return results


def _ranked_hits(backend, parsed: ParsedQuery, ruleset, kind, limit) -> tuple[list[Hit], bool]:
    """Every word, with the words as a phrase first ("touched tile" before "tile … touched");
    only if nothing has them all, any word."""
    every = backend.render(parsed, every=True)
    phrase = parsed.as_phrase()
    # Neither bm25 nor ts_rank reliably favours adjacent words: rank the phrase on its own.
    ranked = backend.rank(backend.render(phrase), ruleset, kind, limit) if phrase else []
    ranked += [pk for pk in backend.rank(every, ruleset, kind, limit) if pk not in ranked]
    if ranked or len(parsed.terms) < 2:
        return backend.fetch(_one_per_page(ranked)[:limit], every), False
    either = backend.render(parsed, every=False)
    ranked = _one_per_page(backend.rank(either, ruleset, kind, limit))
    return backend.fetch(ranked, either), bool(ranked)


def _one_per_page(ranked: list[int]) -> list[int]:
    """The ranked documents, keeping only the best of those that open the same page.

    Sources of one publication and year share their page (/sources/mjme/2024/): a reader
    would otherwise see the same link several times. A document without a page stays.
    """
    urls = dict(SearchDocument.objects.filter(pk__in=ranked).values_list("pk", "url"))
    seen: set[str] = set()
    kept = []
    for pk in ranked:
        url = urls.get(pk, "")
        if url and url in seen:
            continue
        seen.add(url)
        kept.append(pk)
    return kept
