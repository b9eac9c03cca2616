"""Searching: articles named by number or key first, then ranked text matches.

For the same match, rulings come first: an article's text, an answer, commentary or a house
rule, then a glossary term or a source, then a scenario check. Pages with every word come
before pages with only some of them, and those are ranked by how many words they have.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape

from articles.lookup import lookup_articles, requested_number
from rulings.engine.tiles import tile_name
from search import spelling
from search.backends import backend
from search.models import KIND_LABELS, SearchDocument
from search.query import MAX_QUERY_LENGTH, ParsedQuery, parse_query
from search.results import Hit, SearchResults
from search.synonyms import vocabulary

# Lower comes first among results that match alike.
KIND_ORDER = {
    "article": 0,
    "question": 0,
    "commentary": 0,
    "houserule": 1,  # above scenario checks; a named tournament finds only its own
    "tile": 0,
    "term": 1,
    "source": 1,
    "scenario": 2,
    "talk": 3,  # what people argued about a ruling comes after the ruling itself
}
RULINGS = {kind for kind, order in KIND_ORDER.items() if order == 0 and kind != "tile"}
# How many matches of each kind of query are read to be ordered: enough for a page of results
# after rulings are lifted above scenario checks that bm25 liked better.
POOL = 100
ENOUGH = 3  # fewer results than this with every word, and pages with some words are added


def search(
    text: str,
    *,
    ruleset: str = "",
    kind: str = "",
    limit: int = 30,
    suggest: bool = False,
    exact: bool = False,
) -> SearchResults:
    """Search everything: articles named by number or key first, then ranked text matches.

    `suggest` is the search box's as-you-type mode: the last word matches as a prefix.
    Words the index does not know are corrected unless `exact`.
    """
    text = (text or "")[:MAX_QUERY_LENGTH]
    words = vocabulary()
    parsed = parse_query(text, prefix_last=suggest, vocabulary=words)
    fixes = {} if exact or not parsed else spelling.corrected(backend(), parsed, words)
    if fixes:
        parsed = spelling.apply(parsed, fixes, words)
    is_tile = len(parsed.terms) == 1 and parsed.terms[0].tile is not None
    # "3B" is a tile, not an article number nobody wrote.
    results = SearchResults(query=text, number=None if is_tile else requested_number(text))
    if kind not in KIND_LABELS:
        kind = ""
    if kind in ("", "article") and not is_tile:
        results.articles = lookup_articles(text, ruleset)
    if fixes:
        results.corrected = spelling.replaced(text, fixes)
    if parsed:
        results.hits, results.broadened = _ranked_hits(backend(), parsed, ruleset, kind, limit)
    if is_tile and kind == "" and parsed.terms[0].tile.code:
        results.hits.insert(0, tile_hit(parsed.terms[0].tile.code))
    named = {article.get_absolute_url() for article in results.articles}
    results.hits = [hit for hit in results.hits if hit.url not in named]
    return results


def tile_hit(code: str) -> Hit:
    """The tile itself, first when a tile is all that was asked: its page lists where it is
    mentioned."""
    name = tile_name(code)
    return Hit(
        reverse("search:tile", args=[code]),
        f"{name} (tile)",
        "tile",
        "",
        escape(f"Every page that mentions {name}."),
        tile=code,
    )


def _ranked_hits(backend, parsed: ParsedQuery, ruleset, kind, limit) -> tuple[list[Hit], bool]:
    """Every word, rulings first, the words as a phrase first within a kind; when that finds
    fewer than three pages or no ruling, pages with some of the words after them."""
    every = backend.render(parsed, every=True)
    phrase = parsed.as_phrase()
    # Neither bm25 nor ts_rank reliably favours adjacent words: rank the phrase on its own.
    in_phrase = backend.rank(backend.render(phrase), ruleset, kind, POOL) if phrase else []
    with_every = backend.rank(every, ruleset, kind, POOL)
    found = list(dict.fromkeys(in_phrase + with_every))
    kinds = _kinds(found)
    position = {pk: i for i, pk in enumerate(with_every)}
    phrased = set(in_phrase)
    # What was typed, before synonyms: the reader's own words come before a synonym's.
    typed = backend.render(parsed.as_typed(), every=True)
    titled = backend.in_title(every, found)
    titled_as_typed = backend.in_title(typed, titled)
    has_typed = set(backend.among(typed, found))

    def order(pk):
        # A title with every word lifts a result one kind up: the glossary term "Call
        # window" joins the rulings for "call window"; a scenario check never passes them.
        kind_order = KIND_ORDER.get(kinds[pk], 1)
        return (
            max(kind_order - (pk in titled), 0),
            pk not in titled_as_typed,
            pk not in titled,
            kind_order,
            pk not in phrased,
            pk not in has_typed,
            position.get(pk, 0),
        )

    found.sort(key=order)
    ruling_found = any(kinds[pk] in RULINGS for pk in found)
    if len(parsed.terms) < 2 or (len(found) >= ENOUGH and ruling_found):
        return backend.fetch(_best_of_each_page_first(found)[:limit], every), False
    either = backend.render(parsed, every=False)
    some = [pk for pk in backend.rank(either, ruleset, kind, POOL) if pk not in set(found)]
    if not some:
        return backend.fetch(_best_of_each_page_first(found)[:limit], every), False
    covered = backend.coverage(parsed, some)
    kinds.update(_kinds(some))
    position = {pk: i for i, pk in enumerate(some)}
    some.sort(key=lambda pk: (-covered.get(pk, 0), KIND_ORDER.get(kinds[pk], 1), position[pk]))
    ranked = _best_of_each_page_first(found) + _best_of_each_page_first(some)
    return backend.fetch(ranked[:limit], either), True


def _kinds(pks: list[int]) -> dict[int, str]:
    return dict(SearchDocument.objects.filter(pk__in=pks).values_list("pk", "kind"))


def _best_of_each_page_first(ranked: list[int]) -> list[int]:
    """The best result of each page first, then the page's other parts, duplicates dropped.

    Sources of one publication and year share their page (/sources/mjme/2024/): a reader
    would otherwise see the same link several times. An article's text, commentary and
    answers share its page: the first three results should be three pages, not one page's
    three answers. Glossary terms and house rules are each their own place on a shared page.
    """
    urls = dict(SearchDocument.objects.filter(pk__in=ranked).values_list("pk", "url"))
    seen_urls: set[str] = set()
    seen_pages: set[str] = set()
    first, later = [], []
    for pk in ranked:
        url = urls.get(pk, "")
        if url and url in seen_urls:
            continue
        seen_urls.add(url)
        page = url.split("#")[0] if url.startswith("/articles/") else url
        if page and page in seen_pages:
            later.append(pk)
        else:
            seen_pages.add(page)
            first.append(pk)
    return first + later
