"""PostgreSQL: the trigger-filled tsvector column and its GIN index (migration articles/0002)."""

from __future__ import annotations

from collections import Counter

from django.contrib.postgres.search import SearchQuery
from django.db import connection

from search.backends import Candidate
from search.models import SearchDocument
from search.query import ParsedQuery
from search.results import MARK_END, MARK_START, Hit, highlight
from search.spelling import within_one_edit

TABLE = SearchDocument._meta.db_table


class TSQuery(SearchQuery):
    """A raw English tsquery; `unordered` is the same query with each phrase's words in
    any order (or None when it has no phrase), which the GIN index answers on its own.

    `together` says it asks for several words together (every word, or a phrase): the
    planner guesses how many documents have them all as if the words were independent, and
    when it guesses many it answers the pool's `LIMIT` by scanning the table for early
    matches, which reads every row when few documents have them together. Such a query's
    pool comes from the GIN index. One word, or any of several, is guessed from the
    words' own counts: the planner's choice stands, a scan that stops after a few hundred
    rows when the words are everywhere (the index would first list every document with
    them). So does a word still being typed: the index lists every document of every word
    it may become ("han": hand, hang…), 50 ms where the scan took 11."""

    def __init__(
        self,
        expression: str,
        *,
        unordered: str | None = None,
        together=False,
        config: str = "english",
    ):
        super().__init__(expression, search_type="raw", config=config)
        self.text_config = config  # "dutch" for a Dutch reader's query
        self.unordered = unordered
        self.together = together


class PostgreSQLBackend:
    """tsvector @@ tsquery on the GIN index; ts_rank for order, ts_headline for highlights."""

    LANGUAGE = "en"  # English documents only, dropped after ranking (see `backend()`)
    CONFIG = "english"  # the text search configuration a query is stemmed with

    @classmethod
    def render(cls, parsed: ParsedQuery, every=True) -> TSQuery:
        operator = "&" if every else "|"
        expression = parsed.to_tsquery(operator)
        unordered = parsed.to_tsquery(operator, ordered=False)
        unordered = unordered if unordered != expression else None
        typing = any(term.prefix for term in parsed.terms)
        together = every and not typing and (len(parsed.terms) > 1 or unordered is not None)
        return TSQuery(expression, unordered=unordered, together=together, config=cls.CONFIG)

    # Ranking reads each candidate's vector (often out of line, in TOAST): past a few
    # hundred matches a query's words are in nearly everything, so only a pool is ranked.
    SCORE_AT_MOST = 300
    # A phrase is checked on at most this many documents with all its words: the GIN index
    # knows which documents have the words but not in what order, so each is read.
    PHRASE_CHECKS_AT_MOST = 1000

    @classmethod
    def rank(
        cls, query: TSQuery, ruleset: str, kind: str, limit: int, *, titles_first=True
    ) -> list[Candidate]:
        """The best `limit` of a bounded pool: the first few hundred documents with the
        words in the title or keywords (their own GIN index, migration 0005) and the first
        few hundred of the rest; the documents' other columns read for those only.

        Without `titles_first`, the pool is the first documents with the words anywhere:
        for a caller that weighs titles itself (the answering ruling), and cheaper for a
        kind that lies far into the table (the planner scans the table from its start for
        titles of the kind, hoping for early matches)."""
        filters, filter_params = "", []
        for column, value in (("ruleset", ruleset), ("kind", kind)):
            if value:
                filters += f" AND {column} = %s"
                filter_params.append(value)
        if cls.LANGUAGE != "en":  # Dutch documents only, read as a filter
            filters += " AND language = %s"
            filter_params.append(cls.LANGUAGE)
        anywhere, params = cls._pool("vector", query, filters, filter_params)
        pool = f"({anywhere})"
        if titles_first:
            in_titles, in_titles_params = cls._pool("title_vector", query, filters, filter_params)
            pool = f"({in_titles}) UNION {pool}"
            params = [*in_titles_params, *params]
        tsquery, tsquery_params = cls._sql(query)
        sql = f"""
            WITH pool AS MATERIALIZED ({pool})
            SELECT d.id, d.kind, d.key, d.url, d.language FROM {TABLE} d JOIN pool ON pool.id = d.id
            ORDER BY ts_rank(d.vector, {tsquery}, 1) DESC, d.id LIMIT %s
        """
        params = [*params, *tsquery_params, limit]
        # One kind's documents may lie far into the table (rulings after thousands of
        # questions): a scan from the table's start reads all those first (26 ms where the
        # kind's own index reads 1.5), so a kind's pool comes from the indexes too.
        from_indexes = query.together or bool(kind)
        settings = IN_TABLE_ORDER | (FROM_INDEXES if from_indexes else {})
        ranked = [Candidate(*row) for row in _run(sql, params, settings)]
        return [candidate for candidate in ranked if candidate.language == cls.LANGUAGE]

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
        words, words_params = cls._sql(TSQuery(query.unordered, config=query.text_config))
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
    def compact():
        """After a bulk load (`rebuild_index`): VACUUM, so the visibility map lets counts
        read the indexes alone and every later read finds hint bits set, and ANALYZE, so the
        planner knows the words' shares (autovacuum would, some time later). Inside a
        transaction VACUUM cannot run: ANALYZE alone."""
        with connection.cursor() as cursor:
            if connection.in_atomic_block:
                cursor.execute(f"ANALYZE {TABLE}")
            else:
                cursor.execute(f"VACUUM ANALYZE {TABLE}")

    @staticmethod
    def exists(query: SearchQuery) -> bool:
        return SearchDocument.objects.filter(vector=query).exists()

    @classmethod
    def knows(cls, word: str) -> bool:
        """Whether any document has the word or its stem."""
        return not cls.unknown([word])

    @classmethod
    def unknown(cls, words: list[str]) -> set[str]:
        """Those of the words no document has, as written or by stem: one statement. A
        word written somewhere is in the word list (one index look-up); only the others
        ask the documents, through the GIN index: with a sequential scan allowed the
        planner answers "is there one" by scanning the table hoping for an early match,
        which reads every row when nothing matches (a typo)."""
        if not words:
            return set()
        # CASE: the word list first, whatever the planner thinks each test costs.
        sql = f"""
            SELECT asked FROM unnest(%s::text[]) AS asked
            WHERE CASE WHEN EXISTS (SELECT 1 FROM search_word WHERE word = asked) THEN false
            ELSE NOT EXISTS (
                SELECT 1 FROM {TABLE} WHERE vector @@ plainto_tsquery('{cls.CONFIG}', asked)
            ) END
        """
        return {row[0] for row in _from_indexes(sql, [list(words)])}

    @classmethod
    def among(cls, query: SearchQuery, pks: list[int]) -> list[int]:
        """Those of these documents that match the query."""
        if not pks:
            return []
        tsquery, params = cls._sql(query)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM {TABLE} WHERE id = ANY(%s) AND vector @@ {tsquery}",
                [pks, *params],
            )
            return [row[0] for row in cursor.fetchall()]

    @classmethod
    def in_title(cls, query: SearchQuery, pks: list[int]) -> set[int]:
        """Those of these documents whose title has the whole query: the title's part of
        the stored title vector (weight A, positions kept for phrases), not the title
        parsed again for every row."""
        if not pks:
            return set()
        tsquery, params = cls._sql(query)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id FROM {TABLE}"
                f" WHERE id = ANY(%s) AND ts_filter(title_vector, '{{a}}') @@ {tsquery}",
                [pks, *params],
            )
            return {row[0] for row in cursor.fetchall()}

    @classmethod
    def matching(cls, tests: list[tuple[TSQuery, bool]], pks: list[int]) -> list[set[int]]:
        """For each (query, in title only) test, those of these documents it matches: one
        statement, each document's vectors read once for all the tests."""
        if not pks or not tests:
            return [set() for _ in tests]
        columns, params = [], []
        for query, in_title in tests:
            sql, query_params = cls._sql(query)
            vector = "ts_filter(title_vector, '{a}')" if in_title else "vector"
            columns.append(f"{vector} @@ {sql}")
            params += query_params
        found: list[set[int]] = [set() for _ in tests]
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, {', '.join(columns)} FROM {TABLE} WHERE id = ANY(%s)", [*params, pks]
            )
            for pk, *matched in cursor.fetchall():
                for i, hit in enumerate(matched):
                    if hit:
                        found[i].add(pk)
        return found

    @classmethod
    def coverage(cls, parsed: ParsedQuery, pks: list[int]) -> Counter:
        """How many of the query's terms each of these documents has: each vector read
        once, every term tested on it."""
        if not pks or not parsed.terms:
            return Counter()
        tests, params = [], []
        for term in parsed.terms:
            term_query = TSQuery(ParsedQuery((term,)).to_tsquery(), config=cls.CONFIG)
            sql, term_params = cls._sql(term_query)
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
        index of migration search/0004), with how many documents hold each: two
        statements, the look-up and one count of every candidate."""
        sql = (
            "SELECT word FROM search_word WHERE word %% %s AND length(word) BETWEEN %s AND %s"
            " ORDER BY similarity(word, %s) DESC, word LIMIT 10"
        )
        # The threshold is the `%` operator's, for this statement only.
        rows = _run(
            sql,
            [word, len(word) - 1, len(word) + 1, word],
            {"pg_trgm.similarity_threshold": str(cls.TRIGRAM_THRESHOLD)},
        )
        words = [row[0] for row in rows if within_one_edit(word, row[0])]
        if not words:
            return {}
        # One candidate needs no count to win, only one document still holding it.
        at_most = cls.COUNT_AT_MOST if len(words) > 1 else 1
        counted = f"""
            SELECT candidate, (
                SELECT count(*) FROM (
                    SELECT 1 FROM {TABLE}
                    WHERE vector @@ plainto_tsquery('{cls.CONFIG}', candidate) LIMIT %s
                ) AS matching
            ) FROM unnest(%s::text[]) AS candidate
        """
        return dict(_from_indexes(counted, [at_most, words]))

    @classmethod
    def fetch(cls, order: list[int], query: SearchQuery, every=True) -> list[Hit]:
        """The hits in `order`, each with its snippet: only the columns shown are read (by
        primary key, whether the query asks for every word or any)."""
        if not order:
            return []
        tsquery, params = cls._sql(query)
        options = (
            f"StartSel={MARK_START}, StopSel={MARK_END}, MaxWords=30, MinWords=12,"
            " MaxFragments=2, FragmentDelimiter=' … '"
        )
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT id, url, title, kind, ruleset,"
                f" ts_headline('{cls.CONFIG}', body, {tsquery}, %s)"
                f" FROM {TABLE} WHERE id = ANY(%s)",
                [*params, options, order],
            )
            rows = {row[0]: row[1:] for row in cursor.fetchall()}
        return [
            Hit(url, title, kind, ruleset, highlight(snippet))
            for url, title, kind, ruleset, snippet in (rows[pk] for pk in order)
        ]


class DutchPostgreSQLBackend(PostgreSQLBackend):
    """Dutch documents only, the query stemmed with PostgreSQL's `dutch` configuration (the
    one their vectors are built with, migration search/0013)."""

    LANGUAGE = "nl"
    CONFIG = "dutch"


def _run(sql: str, params: list, settings: dict[str, str]) -> list[tuple]:
    """The rows of `sql` run under `settings`, in one round trip: each set `LOCAL` before
    it and back to its default after it, for the rest of a transaction the statement may
    be part of (in autocommit the statements are their own transaction)."""
    before = "".join(f"SET LOCAL {name} = {value}; " for name, value in settings.items())
    after = "; ".join(f"SET LOCAL {name} = DEFAULT" for name in settings)
    with connection.cursor() as cursor:
        cursor.execute(f"{before}{sql}; {after}", params)
        while cursor.description is None:  # past the SETs, to the statement's rows
            cursor.nextset()
        return cursor.fetchall()


# The first documents of a pool are the first in the table's order: a sequential scan
# of a table larger than a quarter of shared_buffers starts where the last one stopped
# (synchronized scans), so the same search found different pools one time to the next
# (45 of the benchmark's 400 searches differed between two runs).
IN_TABLE_ORDER = {"synchronize_seqscans": "off"}

# Planned without sequential scans: `LIMIT`s are then reached through the GIN indexes,
# which read only the documents with the words. With a sequential scan allowed, the
# planner reads the table hoping for early matches whenever it guesses the words common,
# and reads every row when they are not. Without JIT: a plan's cost then counts the
# penalty put on sequential scans, far above `jit_above_cost`, and compiling it took
# 300 ms for a statement that runs in ten.
FROM_INDEXES = {"enable_seqscan": "off", "jit": "off"}


def _from_indexes(sql: str, params: list) -> list[tuple]:
    return _run(sql, params, FROM_INDEXES)
