"""PostgreSQL: the trigger-filled tsvector column and its GIN index (migration articles/0002)."""

from __future__ import annotations

from collections import Counter

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchRank, SearchVector
from django.db import connection
from django.db.models import F

from search.backends import Candidate
from search.models import SearchDocument
from search.query import ParsedQuery
from search.results import MARK_END, MARK_START, Hit, highlight


class PostgreSQLBackend:
    """tsvector @@ tsquery on the GIN index; ts_rank for order, ts_headline for highlights."""

    @staticmethod
    def render(parsed: ParsedQuery, every=True) -> SearchQuery:
        expression = parsed.to_tsquery("&" if every else "|")
        return SearchQuery(expression, search_type="raw", config="english")

    @staticmethod
    def rank(query: SearchQuery, ruleset: str, kind: str, limit: int) -> list[int]:
        # Unlike FTS5, the cost here is reading each match's vector from the table, which a
        # pool would not save: every match is scored.
        documents = SearchDocument.objects.filter(vector=query)
        if ruleset:
            documents = documents.filter(ruleset=ruleset)
        if kind:
            documents = documents.filter(kind=kind)
        # Normalisation 1 divides by the log of the length, as bm25 favours short documents.
        ranked = documents.annotate(rank=SearchRank(F("vector"), query, normalization=1))
        rows = ranked.order_by("-rank", "pk").values_list("pk", "kind", "key", "url")[:limit]
        return [Candidate(*row) for row in rows]

    @staticmethod
    def exists(query: SearchQuery) -> bool:
        return SearchDocument.objects.filter(vector=query).exists()

    @staticmethod
    def among(query: SearchQuery, pks: list[int]) -> list[int]:
        """Those of these documents that match the query."""
        if not pks:
            return []
        return list(
            SearchDocument.objects.filter(pk__in=pks, vector=query).values_list("pk", flat=True)
        )

    @staticmethod
    def in_title(query: SearchQuery, pks: list[int]) -> set[int]:
        """Those of these documents whose title has the whole query."""
        if not pks:
            return set()
        titles = SearchDocument.objects.filter(pk__in=pks).annotate(
            title_vector=SearchVector("title", config="english")
        )
        return set(titles.filter(title_vector=query).values_list("pk", flat=True))

    @staticmethod
    def coverage(parsed: ParsedQuery, pks: list[int]) -> Counter:
        """How many of the query's terms each of these documents has."""
        counts: Counter = Counter()
        for term in parsed.terms if pks else ():
            query = SearchQuery(
                ParsedQuery((term,)).to_tsquery(), search_type="raw", config="english"
            )
            matching = SearchDocument.objects.filter(pk__in=pks, vector=query)
            counts.update(matching.values_list("pk", flat=True))
        return counts

    # Trigram similarity of a word and its typo one edit away is rarely under this.
    TRIGRAM_THRESHOLD = 0.2

    @classmethod
    def similar_words(cls, word: str) -> dict[str, int]:
        """Words of the index, as written, that look like `word` (the trigram index of
        migration search/0004), with how many documents hold each; at most ten."""
        with connection.cursor() as cursor:
            cursor.execute(f"SET pg_trgm.similarity_threshold = {cls.TRIGRAM_THRESHOLD}")
            cursor.execute(
                "SELECT word FROM search_word WHERE word %% %s AND length(word) BETWEEN %s AND %s"
                " ORDER BY similarity(word, %s) DESC, word LIMIT 10",
                [word, len(word) - 1, len(word) + 1, word],
            )
            words = [row[0] for row in cursor.fetchall()]
        return {
            found: SearchDocument.objects.filter(
                vector=SearchQuery(found, search_type="plain", config="english")
            ).count()
            for found in words
        }

    @staticmethod
    def fetch(order: list[int], query: SearchQuery) -> list[Hit]:
        documents = SearchDocument.objects.filter(pk__in=order).annotate(
            snippet=SearchHeadline(
                "body",
                query,
                config="english",
                start_sel=MARK_START,
                stop_sel=MARK_END,
                max_words=30,
                min_words=12,
                max_fragments=2,
                fragment_delimiter=" … ",
            )
        )
        found = {doc.pk: doc for doc in documents}
        return [
            Hit(d.url, d.title, d.kind, d.ruleset, highlight(d.snippet))
            for d in (found[pk] for pk in order)
        ]
