"""PostgreSQL: the trigger-filled tsvector column and its GIN index (migration articles/0002)."""

from __future__ import annotations

from collections import Counter

from django.contrib.postgres.search import SearchHeadline, SearchQuery, SearchVector
from django.db import connection, transaction

from search.backends import Candidate
from search.models import SearchDocument
from search.query import ParsedQuery
from search.results import MARK_END, MARK_START, Hit, highlight
from search.spelling import within_one_edit

TABLE = SearchDocument._meta.db_table


class TSQuery(SearchQuery):
    """A raw English tsquery; `unordered` is the same query with each phrase's words in
    any order (or None when it has no phrase), which the GIN index answers on its own."""

    def __init__(self, expression: str, *, unordered: str | None = None):
        super().__init__(expression, search_type="raw", config="english")
        self.unordered = unordered


class PostgreSQLBackend:
    """tsvector @@ tsquery on the GIN index; ts_rank for order, ts_headline for highlights."""

    @staticmethod
    def render(parsed: ParsedQuery, every=True) -> TSQuery:
        operator = "&" if every else "|"
        expression = parsed.to_tsquery(operator)
        unordered = parsed.to_tsquery(operator, ordered=False)
        return TSQuery(expression, unordered=unordered if unordered != expression else None)

    # Ranking reads each candidate's vector (often out of line, in TOAST): past a few
    # hundred matches a query's words are in nearly everything, so only a pool is ranked.
    SCORE_AT_MOST = 300
    # A phrase is checked on at most this many documents with all its words: the GIN index
    # knows which documents have the words but not in what order, so each is read.
    PHRASE_CHECKS_AT_MOST = 1000

    @classmethod
    def rank(cls, query: TSQuery, ruleset: str, kind: str, limit: int) -> list[Candidate]:
        """The best `limit` of a bounded pool: the first few hundred documents with the
        words in the title or keywords (their own GIN index, migration 0005) and the first
        few hundred of the rest; the documents' other columns read for those only."""
        filters, filter_params = "", []
        for column, value in (("ruleset", ruleset), ("kind", kind)):
            if value:
                filters += f" AND {column} = %s"
                filter_params.append(value)
        in_titles, in_titles_params = cls._pool("title_vector", query, filters, filter_params)
        anywhere, anywhere_params = cls._pool("vector", query, filters, filter_params)
        tsquery, tsquery_params = cls._sql(query)
        sql = f"""
            WITH pool AS MATERIALIZED (({in_titles}) UNION ({anywhere}))
            SELECT d.id, d.kind, d.key, d.url FROM {TABLE} d JOIN pool ON pool.id = d.id
            ORDER BY ts_rank(d.vector, {tsquery}, 1) DESC, d.id LIMIT %s
        """
        with connection.cursor() as cursor:
            cursor.execute(sql, [*in_titles_params, *anywhere_params, *tsquery_params, limit])
            return [Candidate(*row) for row in cursor.fetchall()]

    @classmethod
    def _pool(cls, column: str, query: TSQuery, filters: str, params: list) -> tuple[str, list]:
        """The first `SCORE_AT_MOST` documents whose `column` matches: SQL and parameters.

        A phrase is looked for among the first documents with all its words, never among
        all of them: with a LIMIT the planner may scan the table hoping for early matches
        (it guesses a phrase as common as its words), and reads every row when the phrase
        is rare."""
        tsquery, tsquery_params = cls._sql(query)
        if query.unordered is None:
            sql = f"SELECT id FROM {TABLE} WHERE {column} @@ {tsquery}{filters} LIMIT %s"
            return sql, [*tsquery_params, *params, cls.SCORE_AT_MOST]
        words, words_params = cls._sql(TSQuery(query.unordered))
        sql = (
            f"SELECT id FROM (SELECT id, {column} FROM {TABLE}"
            f" WHERE {column} @@ {words}{filters} LIMIT %s) AS with_words"
            f" WHERE {column} @@ {tsquery} LIMIT %s"
        )
        return sql, [
            *words_params,
            *params,
            cls.PHRASE_CHECKS_AT_MOST,
            *tsquery_params,
            cls.SCORE_AT_MOST,
        ]

    @staticmethod
    def _sql(query: SearchQuery) -> tuple[str, list]:
        """The query as SQL with its parameters (normalisation 1 below divides by the log
        of the length, as bm25 favours short documents)."""
        compiler = SearchDocument.objects.all().query.get_compiler(connection=connection)
        sql, params = query.as_sql(compiler, connection)
        return sql, list(params)

    @staticmethod
    def exists(query: SearchQuery) -> bool:
        return SearchDocument.objects.filter(vector=query).exists()

    @classmethod
    def knows(cls, word: str) -> bool:
        """Whether any document has the word or its stem. A word written somewhere is in
        the word list (one index look-up); asking the documents with LIMIT 1 makes the
        planner scan the table hoping for an early match, which reads every row when
        nothing matches (a typo), so that question goes to the GIN index."""
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1 FROM search_word WHERE word = %s", [word])
            if cursor.fetchone():
                return True
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(
                f"SELECT 1 FROM {TABLE} WHERE vector @@ plainto_tsquery('english', %s) LIMIT 1",
                [word],
            )
            known = cursor.fetchone() is not None
            cursor.execute("SET LOCAL enable_seqscan = on")
        return known

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
            title_only=SearchVector("title", config="english")
        )
        return set(titles.filter(title_only=query).values_list("pk", flat=True))

    @classmethod
    def coverage(cls, parsed: ParsedQuery, pks: list[int]) -> Counter:
        """How many of the query's terms each of these documents has: each vector read
        once, every term tested on it."""
        if not pks or not parsed.terms:
            return Counter()
        tests, params = [], []
        for term in parsed.terms:
            sql, term_params = cls._sql(TSQuery(ParsedQuery((term,)).to_tsquery()))
            tests.append(f"(vector @@ {sql})::int")
            params += term_params
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, {' + '.join(tests)} FROM {TABLE} WHERE id = ANY(%s)", [*params, pks]
            )
            return Counter(dict(cursor.fetchall()))

    # Trigram similarity of a word and its typo one edit away is rarely under this.
    TRIGRAM_THRESHOLD = 0.2

    # Counting every document of a common word would cost more than the search: ties are
    # decided by the first thousand (two one-edit neighbours both that common are rare).
    COUNT_AT_MOST = 1000

    @classmethod
    def similar_words(cls, word: str) -> dict[str, int]:
        """Words of the index, as written, one edit from `word` (looked up in the trigram
        index of migration search/0004), with how many documents hold each."""
        with connection.cursor() as cursor:
            cursor.execute(f"SET pg_trgm.similarity_threshold = {cls.TRIGRAM_THRESHOLD}")
            cursor.execute(
                "SELECT word FROM search_word WHERE word %% %s AND length(word) BETWEEN %s AND %s"
                " ORDER BY similarity(word, %s) DESC, word LIMIT 10",
                [word, len(word) - 1, len(word) + 1, word],
            )
            words = [row[0] for row in cursor.fetchall() if within_one_edit(word, row[0])]
            found = {}
            for candidate in words:
                cursor.execute(
                    f"SELECT count(*) FROM (SELECT 1 FROM {TABLE}"
                    " WHERE vector @@ plainto_tsquery('english', %s) LIMIT %s) AS matching",
                    [candidate, cls.COUNT_AT_MOST],
                )
                found[candidate] = cursor.fetchone()[0]
        return found

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
