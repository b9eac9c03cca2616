"""Searching: articles named by number or key first, then ranked text matches.

For the same match, rulings come first: an article's text, an answer, commentary or a house
rule, then a glossary term or a source, then a scenario check. Pages with every word come
before pages with only some of them, and those are ranked by how many words they have.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from django.db import connection
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext as _
from mahjong_rules.engine.tiles import tile_name

from articles.lookup import lookup_articles, requested_number
from search import dutch, spelling, tasks
from search.answers import answer_rulings
from search.backends import Candidate, backend
from search.models import DUTCH, ENGLISH, KIND_LABELS, SearchDocument
from search.query import MAX_QUERY_LENGTH, ParsedQuery, parse_query
from search.results import Hit, SearchResults
from search.synonyms import vocabulary

# Lower comes first among results that match alike. A question's answering ruling comes
# before all of these (`_answering_ruling`); the other rulings follow the pages that hold
# them, before scenario checks.
KIND_ORDER = {
    "article": 0,
    "question": 0,
    "commentary": 0,
    "houserule": 1,  # above scenario checks; a named tournament finds only its own
    "tile": 0,
    "term": 1,
    "source": 1,
    "ruling": 2,
    "scenario": 3,
    "case": 2,  # a decided case from a tournament, beside the League's rulings
    "talk": 4,  # what people argued about a ruling comes after the ruling itself
}
HOUSE_RULE = "houserule"
RULING = "ruling"
# The wiki's own text: with none of these among the pages with every word, pages with some
# of the words are added.
RULINGS = {"article", "question", "commentary"}
# A question, not a word looked up: this many words or more, and a ruling with most of them
# answers it first.
QUESTION_TERMS = 3
# How many matches of each kind of query are read to be ordered: enough for a page of results
# after rulings are lifted above scenario checks that bm25 liked better.
POOL = 100
# A question's word in a ruling's question counts this many times one in its text only.
IN_QUESTION = 3
# A ruling of another rule set than the one whose words the question uses counts this much.
OTHER_RULE_SET = 0.5
ENOUGH = 3  # fewer results than this with every word, and pages with some words are added


def search(
    text: str,
    *,
    ruleset: str = "",
    kind: str = "",
    limit: int = 30,
    suggest: bool = False,
    exact: bool = False,
    tournament=None,
    language: str = ENGLISH,
) -> SearchResults:
    """Search everything: articles named by number or key first, then ranked text matches.

    `suggest` is the search box's as-you-type mode: the last word matches as a prefix.
    Words the index does not know are corrected unless `exact`. `tournament` is the
    reader's chosen tournament (`tournaments.chosen.chosen_tournament`), whose house rules
    come first among results that match alike.

    `language` is the reader's ("nl" under /nl/): a Dutch reader's query reads the Dutch
    documents first, stemmed as Dutch with the Dutch synonyms, and their hits come first;
    the English search follows, as an English reader's, without the English pages a Dutch
    hit already translates (the same kind and key). An English reader never sees a Dutch
    document. Words are corrected for the English search only, and only when the Dutch
    one found nothing.
    """
    # Documents a save marked pending are indexed first, a few milliseconds' worth (with none
    # pending, one read of an empty table): with the consumer stopped, an edit is still found.
    tasks.catch_up(budget_s=tasks.SEARCH_BUDGET_S, batch=tasks.SEARCH_BATCH)
    text = (text or "")[:MAX_QUERY_LENGTH]
    dutch_hits: list[Hit] = []
    dutch_broadened = False
    if language == DUTCH:
        dutch_hits, dutch_broadened = _dutch_hits(text, ruleset, kind, limit, suggest, tournament)
        exact = exact or bool(dutch_hits)
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
        chosen = getattr(tournament, "slug", "") or ""
        results.hits, results.broadened = _ranked_hits(
            backend(), parsed, Filters(ruleset, kind, chosen), limit
        )
        answer_rulings({hit.key: hit for hit in results.hits if hit.kind == RULING}, tournament)
    if is_tile and kind == "" and parsed.terms[0].tile.code:
        results.hits.insert(0, tile_hit(parsed.terms[0].tile.code))
    if dutch_hits:
        translated = {(hit.kind, hit.key) for hit in dutch_hits}
        english = [hit for hit in results.hits if (hit.kind, hit.key) not in translated]
        results.hits = (dutch_hits + english)[:limit]
        # "No page has every word" only when neither the Dutch nor the English pages have.
        results.broadened = dutch_broadened and results.broadened
    named = {article.get_absolute_url() for article in results.articles}
    results.hits = [hit for hit in results.hits if hit.url not in named]
    return results


def _dutch_hits(text: str, ruleset, kind, limit, suggest, tournament) -> tuple[list[Hit], bool]:
    """A Dutch reader's hits among the Dutch documents: the words parsed without Dutch stop
    words, with the Dutch synonyms, stemmed as Dutch (on SQLite here, as the index holds a
    Dutch document; PostgreSQL's `dutch` configuration does it there), ranked as English
    ones are. No correction of words: an unknown Dutch word finds nothing here and the
    English search goes on."""
    parsed = parse_query(
        text, prefix_last=suggest, vocabulary=vocabulary(DUTCH), stop_words=dutch.STOP_WORDS
    )
    if kind not in KIND_LABELS:
        kind = ""
    if not parsed or (len(parsed.terms) == 1 and parsed.terms[0].tile is not None):
        return [], False
    if connection.vendor != "postgresql":
        parsed = dutch.stemmed_query(parsed)
    chosen = getattr(tournament, "slug", "") or ""
    hits, broadened = _ranked_hits(backend(DUTCH), parsed, Filters(ruleset, kind, chosen), limit)
    answer_rulings({hit.key: hit for hit in hits if hit.kind == RULING}, tournament)
    return hits, broadened


def tile_hit(code: str) -> Hit:
    """The tile itself, first when a tile is all that was asked: its page lists where it is
    mentioned."""
    name = tile_name(code)
    return Hit(
        reverse("search:tile", args=[code]),
        _("%(name)s (tile)") % {"name": name},
        "tile",
        "",
        escape(_("Every page that mentions %(name)s.") % {"name": name}),
        tile=code,
    )


@dataclass(frozen=True)
class Filters:
    ruleset: str = ""
    kind: str = ""
    tournament: str = ""  # the chosen tournament's slug: its house rules first

    def chosen(self, candidate: Candidate) -> bool:
        """A house rule of the reader's chosen tournament (keys are "<slug>#<number>")."""
        return (
            bool(self.tournament)
            and candidate.kind == HOUSE_RULE
            and candidate.key.startswith(f"{self.tournament}#")
        )


def _ranked_hits(backend, parsed: ParsedQuery, filters: Filters, limit) -> tuple[list[Hit], bool]:
    """The ruling that answers a question first; then every word, rulings' pages first, the
    words as a phrase first within a kind; when that finds fewer than three pages or no
    ruling page, pages with some of the words after them.

    Each ranked read is bounded (`POOL` results, from a bounded pool of matches: see the
    backends), and brings the kind, key and page of each result with it, so ordering them
    needs no further read of the documents.
    """
    every = backend.render(parsed, every=True)
    with_every = backend.rank(every, filters.ruleset, filters.kind, POOL)
    found = _candidates(with_every)
    phrase = parsed.as_phrase()
    phrased: set[int] = set()
    if phrase:
        in_phrase = backend.render(phrase)
        if len(with_every) < POOL:
            # Every match is already here (a phrase match has every word): only mark them.
            phrased = set(backend.among(in_phrase, list(found)))
        else:
            # Neither bm25 nor ts_rank reliably favours adjacent words: rank the phrase on
            # its own, so a phrase match far down the list of every word is still found.
            ranked_phrase = backend.rank(in_phrase, filters.ruleset, filters.kind, POOL)
            phrased = {candidate.pk for candidate in ranked_phrase}
            found = _candidates(ranked_phrase) | found
    found |= _chosen_house_rules(backend, every, filters)
    position = {candidate.pk: i for i, candidate in enumerate(with_every)}
    pks = list(found)
    titled = backend.in_title(every, pks)
    if any(term.alternatives for term in parsed.terms):
        # What was typed, before synonyms: the reader's own words come before a synonym's.
        typed = backend.render(parsed.as_typed(), every=True)
        titled_as_typed = backend.in_title(typed, list(titled))
        has_typed = set(backend.among(typed, pks))
    else:
        titled_as_typed, has_typed = titled, set(pks)
    # A scenario check comes after rulings and articles unless the query is its title or
    # its text (the words as typed, in that order, in its title; or four words or more
    # anywhere in it): then it ranks with the rulings.
    scenarios = [pk for pk in phrased if found[pk].kind == "scenario"]
    if len(parsed.terms) > QUESTION_TERMS:
        named_scenarios = set(scenarios)
    else:
        named_scenarios = set(backend.in_title(in_phrase, scenarios)) if scenarios else set()

    def order(pk):
        # A title with every word lifts a result one kind up: the glossary term "Call
        # window" joins the rulings for "call window"; a scenario check never passes them.
        # The reader's own words, in the title or anywhere, come before a synonym in a
        # title: "poeng" finds the page that says poeng before one titled "pung".
        candidate = found[pk]
        kind_order = (
            KIND_ORDER[RULING] if pk in named_scenarios else KIND_ORDER.get(candidate.kind, 1)
        )
        return (
            not filters.chosen(candidate),
            max(kind_order - (pk in titled), 0),
            pk not in titled_as_typed,
            pk not in has_typed,
            pk not in titled,
            kind_order,
            pk not in phrased,
            position.get(pk, 0),
        )

    pks.sort(key=order)
    pks = _titled_parts_in_page_order(pks, found, titled_as_typed)
    with_all = set(found)
    answering = _answering_ruling(backend, parsed, filters)
    ruling_found = any(found[pk].kind in RULINGS for pk in pks)
    if len(parsed.terms) < 2 or (len(pks) >= ENOUGH and ruling_found):
        ranked, broadened = _best_of_each_page_first(pks, found), False
    else:
        some, covered = _with_most_words(
            backend, parsed, filters, exclude=found, every_known=len(with_every) < POOL
        )
        position = {pk: i for i, pk in enumerate(some)}

        def by_coverage(pk):
            candidate = some[pk]
            return (
                not filters.chosen(candidate),
                -covered.get(pk, 0),
                KIND_ORDER.get(candidate.kind, 1),
                position[pk],
            )

        ranked = _best_of_each_page_first(pks, found) + _best_of_each_page_first(
            sorted(some, key=by_coverage), some
        )
        found = some | found
        broadened = bool(some)
    if answering is not None:
        ranked = [answering.pk, *(pk for pk in ranked if pk != answering.pk)]
        found[answering.pk] = answering
    shown = ranked[:limit]
    # Snippets are cut where the words are: any of them, once a result lacks one.
    if all(pk in with_all for pk in shown):
        hits = backend.fetch(shown, every)
    else:
        hits = backend.fetch(shown, backend.render(parsed, every=False), every=False)
    for pk, hit in zip(shown, hits, strict=True):
        hit.key = found[pk].key
    return hits, broadened


def _answering_ruling(backend, parsed: ParsedQuery, filters: Filters) -> Candidate | None:
    """For a question (three words or more), the ruling that shares the most telling of its
    words, for the length of the ruling's question. A word counts by how rare it is among
    the rulings ("tile" is in most and says little; "tjok" says a lot), three times over in
    the ruling's question; a long question shares more words by chance, so the sum is
    divided by one plus the log of its length. None when no ruling has two of the words.

    A word typed as only one rule set writes it ("poeng" is Matjok's, "pung" and "joker"
    NMJL's), or the rule set's own key ("matjok"), says which game the TD is at: rulings
    of another rule set, found through a synonym, count half. "pung call" then finds
    NMJL's skipped player, not Matjok's.

    A TD asks in her own words and shares only some of them with the ruling: "give back
    called tile" has every word of one ruling's question, "wall game payment" two of three
    of another's answer. The same score on both databases (bm25 weighs words by rarity,
    ts_rank does not): one bounded read of the rulings with any of the words, one count of
    the rulings, one read of their questions and rule sets, and one statement testing each
    word on them: in all their text, as typed, and in their questions."""
    if len(parsed.terms) < QUESTION_TERMS or filters.kind not in ("", RULING):
        return None
    either = backend.render(parsed, every=False)
    # Titles are weighed below (IN_QUESTION): the pool need not read them first.
    ranked = backend.rank(either, filters.ruleset, RULING, POOL, titles_first=False)
    pks = [candidate.pk for candidate in ranked]
    if not pks:
        return None
    pool = SearchDocument.objects.filter(pk__in=pks).values_list("pk", "title", "ruleset")
    length = {pk: len(title.split()) or 1 for pk, title, _ in pool}
    ruleset_of = {pk: ruleset for pk, _, ruleset in pool}
    rulings = SearchDocument.objects.filter(kind=RULING).count()
    # Per word: the rulings with it (or a synonym), with it as typed, with it in the question.
    tests = []
    for term in parsed.terms:
        alone = backend.render(ParsedQuery((term,)))
        typed = backend.render(ParsedQuery((term,)).as_typed()) if term.alternatives else alone
        tests += [(alone, False), (typed, False), (alone, True)]
    found = backend.matching(tests, pks)
    score: Counter = Counter()
    covered: Counter = Counter()
    spoken: set[str] = set()  # the rule sets whose own words the TD typed
    for i, term in enumerate(parsed.terms):
        having, as_typed, in_question = found[3 * i : 3 * i + 3]
        if term.word in ruleset_of.values():  # "… in matjok": the game named
            spoken.add(term.word)
        if not having:
            continue
        written_in = {ruleset_of[pk] for pk in as_typed}
        if len(written_in) == 1:
            spoken |= written_in
        rarity = math.log(1 + rulings / len(having))
        covered.update(having)
        for pk in having:
            score[pk] += rarity * (IN_QUESTION if pk in in_question else 1)
    candidates = [pk for pk in pks if covered[pk] >= 2]
    if not candidates:
        return None
    if len(spoken) == 1 and len(set(ruleset_of.values())) > 1:
        for pk in candidates:
            if ruleset_of[pk] not in spoken:
                score[pk] *= OTHER_RULE_SET
    position = {pk: i for i, pk in enumerate(pks)}
    chosen = min(candidates, key=lambda pk: (-score[pk] / (1 + math.log(length[pk])), position[pk]))
    return next(candidate for candidate in ranked if candidate.pk == chosen)


def _with_most_words(backend, parsed: ParsedQuery, filters: Filters, exclude, every_known):
    """Pages with any of the words (a bounded read), and how many of the words each has.

    `exclude` are the pages with every word; `every_known` says they are all of them."""
    either = backend.render(parsed, every=False)
    some = _candidates(backend.rank(either, filters.ruleset, filters.kind, POOL))
    some |= _chosen_house_rules(backend, either, filters)
    some = {pk: candidate for pk, candidate in some.items() if pk not in exclude}
    if len(parsed.terms) == 2 and every_known:
        return some, dict.fromkeys(some, 1)  # one of two words and not both: one
    return some, backend.coverage(parsed, list(some))


def _titled_parts_in_page_order(ranked: list[int], candidates, titled: set[int]) -> list[int]:
    """Parts of one page whose titles hold every word, in the page's order.

    When the title has every word, the body decides nothing: "harbour lights house rules"
    matches each of that tournament's rules by its title alone, and the database would
    order them by how short their text is. Such parts keep the places they won, filled in
    page order (house rule 1, 2, 3…)."""
    by_page: dict[str, list[int]] = {}
    for pk in ranked:
        if pk in titled:
            by_page.setdefault(candidates[pk].url.split("#")[0], []).append(pk)
    reordered = list(ranked)
    for parts in by_page.values():
        if len(parts) < 2:
            continue
        places = sorted(ranked.index(pk) for pk in parts)
        for place, pk in zip(
            places, sorted(parts, key=lambda pk: _part_number(candidates[pk])), strict=True
        ):
            reordered[place] = pk
    return reordered


def _part_number(candidate: Candidate) -> tuple[int, str]:
    """Where a part sits on its page: the number in its anchor ("#house-rule-3": 3)."""
    anchor = candidate.url.partition("#")[2]
    digits = "".join(ch if ch.isdigit() else " " for ch in anchor).split()
    return (int(digits[-1]) if digits else 0, anchor)


def _candidates(ranked: list[Candidate]) -> dict[int, Candidate]:
    return {candidate.pk: candidate for candidate in ranked}


def _chosen_house_rules(backend, query, filters: Filters) -> dict[int, Candidate]:
    """The chosen tournament's house rules that match, wherever bm25 or ts_rank put them:
    they come first, so they must not be lost below a bounded pool."""
    if not filters.tournament or filters.kind not in ("", HOUSE_RULE):
        return {}
    rules = SearchDocument.objects.filter(
        kind=HOUSE_RULE, key__startswith=f"{filters.tournament}#", language=backend.LANGUAGE
    )
    if filters.ruleset:
        rules = rules.filter(ruleset=filters.ruleset)
    candidates = {
        pk: Candidate(pk, HOUSE_RULE, key, url)
        for pk, key, url in rules.values_list("pk", "key", "url")
    }
    return {pk: candidates[pk] for pk in backend.among(query, list(candidates))}


def _best_of_each_page_first(ranked: list[int], candidates: dict[int, Candidate]) -> list[int]:
    """The best result of each page first, then the page's other parts, duplicates dropped.

    Sources of one publication and year share their page (/sources/mjme/2024/): a reader
    would otherwise see the same link several times. An article's text, commentary and
    answers share its page: the first three results should be three pages, not one page's
    three answers. Glossary terms and house rules are each their own place on a shared page.
    """
    seen_urls: set[str] = set()
    seen_pages: set[str] = set()
    first, later = [], []
    for pk in ranked:
        url = candidates[pk].url
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
