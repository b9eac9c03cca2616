"""SQLite: the FTS5 table built by migration articles/0002, ranked with bm25()."""

from __future__ import annotations

import re
from collections import Counter

from django.db import connection

from search import dutch
from search.backends import Candidate
from search.models import SearchDocument
from search.query import ParsedQuery, QueryTerm
from search.results import MARK_END, MARK_START, Hit, highlight
from search.spelling import KEPT, one_edit_candidates

# The names the index was created with (the table moved apps, its name did not).
FTS_TABLE = "articles_searchdocument_fts"
DOCUMENTS_TABLE = SearchDocument._meta.db_table
WORDS_TABLE = "search_words_fts"  # the unstemmed word list (migration search/0004)
TITLES_TABLE = "search_titles_fts"  # titles and keywords alone (migration search/0012)


class SQLiteBackend:
    """FTS5: bm25 ranking (title counts most, then keywords), snippet() for highlights."""

    # Scoring costs a microsecond or two a match. Past a few hundred matches a query's words
    # are in nearly everything and their scores say little, so a pool is scored instead.
    SCORE_AT_MOST = 300
    LANGUAGE = "en"  # English documents only, dropped after ranking (see `backend()`)

    @staticmethod
    def render(parsed: ParsedQuery, every=True) -> str:
        return parsed.to_fts5("AND" if every else "OR")

    @classmethod
    def rank(
        cls, expression: str, ruleset: str, kind: str, limit: int, *, titles_first=True
    ) -> list[Candidate]:
        """As PostgreSQL's: without `titles_first`, the pool is the first matches only."""
        filtered = cls._filtered(expression, ruleset, kind)
        in_titles = cls._filtered(f"{{title keywords}} : ({expression})", ruleset, kind)
        if cls.LANGUAGE != "en":  # Dutch documents only, by their facet token
            filtered, in_titles = cls._in_language(filtered), cls._in_language(in_titles)
        if not titles_first:
            in_titles = filtered  # the same first matches twice: UNION keeps them once
        matching = f"SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
        # Titles from their own index: the whole index with a column filter walks every
        # document with the words anywhere when fewer titles than the pool have them.
        titled = f"SELECT rowid FROM {TITLES_TABLE} WHERE {TITLES_TABLE} MATCH %s"
        if not titles_first:
            titled = matching
        # Only the pool is scored: every match when there are few, else the first few
        # hundred with the words in the title or keywords and the first few hundred of the
        # rest. "+" keeps FTS5 from running the whole query once per pooled rowid; the
        # rowid range (the pool is the first matches, so a short stretch of rowids for
        # common words) keeps it from walking every match of the words to find the pool's
        # (30-55 ms for a TD's question of six common words, 15 with the range). bm25's
        # counts of documents per word are the whole table's either way. The documents
        # are joined only to the `limit` best, after ranking.
        sql = f"""
            WITH pool AS MATERIALIZED (
                SELECT rowid FROM ({titled} LIMIT %s)
                UNION SELECT rowid FROM ({matching} LIMIT %s)
            ), best AS MATERIALIZED (
                SELECT rowid, bm25({FTS_TABLE}, 10.0, 1.0, 4.0, 0.0) AS score
                FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s
                AND rowid BETWEEN (SELECT min(rowid) FROM pool) AND (SELECT max(rowid) FROM pool)
                AND +rowid IN (SELECT rowid FROM pool)
                ORDER BY score, rowid LIMIT %s
            )
            SELECT d.id, d.kind, d.key, d.url, d.language
            FROM best JOIN {DOCUMENTS_TABLE} d ON d.id = best.rowid
            ORDER BY best.score, best.rowid
        """
        pool = cls.SCORE_AT_MOST
        params = [in_titles, pool, filtered, pool, filtered, limit]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            ranked = [Candidate(*row) for row in cursor.fetchall()]
        return [candidate for candidate in ranked if candidate.language == cls.LANGUAGE]

    @staticmethod
    def compact():
        """Merge each FTS5 index into one segment, after a bulk load (`rebuild_index`).

        Written row by row, an index is a stack of segments (17 after the benchmark's 70,000
        documents), and every query looks each of its words up in every segment: a read of
        one row for seven words took 0.24 ms in 17 segments, 0.07 ms in one. Saves after
        this add small segments, which FTS5 merges as they accumulate (automerge)."""
        with connection.cursor() as cursor:
            for table in (FTS_TABLE, WORDS_TABLE, TITLES_TABLE):
                cursor.execute(f"INSERT INTO {table}({table}) VALUES ('optimize')")

    @classmethod
    def _in_language(cls, expression: str) -> str:
        return f'({expression}) AND facets : "lang{cls.LANGUAGE}"'

    @staticmethod
    def _filtered(expression: str, ruleset: str, kind: str) -> str:
        """The expression, kept to one rule set and kind by their tokens in `facets`."""
        for facet, value in (("ruleset", ruleset), ("kind", kind)):
            if value:
                token = facet + re.sub(r"[^a-z0-9-]", "", value.lower())
                expression = f'({expression}) AND facets : "{token}"'
        return expression

    @staticmethod
    def among(expression: str, pks: list[int], table: str = FTS_TABLE) -> list[int]:
        """Those of these documents that match the expression (FTS5 walks the matches
        between the lowest and highest of them only)."""
        if not pks:
            return []
        marks = ", ".join(["%s"] * len(pks))
        sql = (
            f"SELECT rowid FROM {table} WHERE {table} MATCH %s"
            f" AND rowid BETWEEN %s AND %s AND +rowid IN ({marks})"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [expression, min(pks), max(pks), *pks])
            return [row[0] for row in cursor.fetchall()]

    @classmethod
    def in_title(cls, expression: str, pks: list[int]) -> set[int]:
        """Those of these documents whose title has the whole query (the titles' own index:
        its walk between them passes titles only)."""
        return set(cls.among(f"{{title}} : ({expression})", pks, TITLES_TABLE))

    @staticmethod
    def matching(tests: list[tuple[str, bool]], pks: list[int]) -> list[set[int]]:
        """For each (expression, in title only) test, those of these documents it matches:
        one statement for all the tests (a question's words, each as typed and in titles,
        cost one round trip, not three a word)."""
        if not pks or not tests:
            return [set() for _ in tests]
        marks = ", ".join(["(%s)"] * len(pks))
        each = (
            f"SELECT %s, rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
            " AND rowid BETWEEN %s AND %s AND +rowid IN pool"
        )
        sql = f"WITH pool(id) AS (VALUES {marks}) " + " UNION ALL ".join([each] * len(tests))
        params: list = list(pks)
        for i, (expression, in_title) in enumerate(tests):
            expression = f"{{title}} : ({expression})" if in_title else expression
            params += [i, expression, min(pks), max(pks)]
        found: list[set[int]] = [set() for _ in tests]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            for i, pk in cursor.fetchall():
                found[i].add(pk)
        return found

    @classmethod
    def coverage(cls, parsed: ParsedQuery, pks: list[int]) -> Counter:
        """How many of the query's terms each of these documents has."""
        counts: Counter = Counter()
        tests = [(ParsedQuery((term,)).to_fts5(), False) for term in parsed.terms]
        for having in cls.matching(tests, pks):
            counts.update(having)
        return counts

    @classmethod
    def knows(cls, word: str) -> bool:
        """Whether any document has the word or its stem."""
        return cls.exists(ParsedQuery((QueryTerm(word=word),)).to_fts5())

    @classmethod
    def unknown(cls, words: list[str]) -> set[str]:
        """Those of the words no document has, as written or by stem."""
        return {word for word in words if not cls.knows(word)}

    @staticmethod
    def exists(expression: str) -> bool:
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT 1 FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s LIMIT 1", [expression]
            )
            return cursor.fetchone() is not None

    @staticmethod
    def similar_words(word: str) -> dict[str, int]:
        """Words of the index, as written, one edit from `word`, with how many documents
        hold each (migration search/0004's fts5vocab table). Words that keep its first
        letters are read from that stretch of the vocabulary; the edits of those letters are
        looked up word by word, so the whole vocabulary is never scanned (`fts5vocab`
        counts the documents of every word it passes)."""
        (kept_same, patterns), elsewhere = one_edit_candidates(word)
        kept = word[:KEPT]
        found = {}
        with connection.cursor() as cursor:
            marks = ", ".join(["%s"] * len(elsewhere))
            cursor.execute(
                f"SELECT term, doc FROM search_words_vocab WHERE term IN ({marks})",
                list(elsewhere),
            )
            found.update(cursor.fetchall())
            likes = " OR ".join(["term LIKE %s"] * len(patterns))
            marks = ", ".join(["%s"] * len(kept_same))
            cursor.execute(
                "SELECT term, doc FROM search_words_vocab WHERE term >= %s AND term < %s"
                f" AND (term IN ({marks}) OR {likes})",
                [kept, kept + "\U0010ffff", *kept_same, *patterns],
            )
            found.update(cursor.fetchall())
        return found

    # Rows shown this close together are read in one stretch of the matches (see `fetch`).
    NEAR = 500
    STRETCHES_AT_MOST = 100  # each a SELECT of one UNION ALL; SQLite allows 500

    @classmethod
    def fetch(cls, order: list[int], expression: str, every=True) -> list[Hit]:
        """The hits in `order` with their snippets. `every`: the expression asks for every
        word, not any of them.

        Snippets only for the rows shown: cutting one for every match of a common word
        would cost more than the search itself. "+" again: without it FTS5 runs the query
        once per row asked for, expanding a prefix ("tile"*) each time. FTS5 walks the
        matches between the lowest and highest row asked for: for every word it skips
        ahead from one row having them all to the next, but any of several common words
        matches nearly every row, so those rows are read in stretches of rows near each
        other (the benchmark's fallback questions, 30 results each: 1.0-1.5 ms where one
        stretch took 1.7-2.7; a question's results 44,000 rows apart: 1.9 ms, not 6.5)."""
        if not order:
            return []
        stretches: list[list[int]] = []
        for pk in sorted(order):
            if stretches and (every or pk - stretches[-1][-1] <= cls.NEAR):
                stretches[-1].append(pk)
            else:
                stretches.append([pk])
        if len(stretches) > cls.STRETCHES_AT_MOST:  # SQLite's limit on a compound SELECT
            stretches = [sorted(order)]
        read, params = [], []
        for pks in stretches:
            marks = ", ".join(["%s"] * len(pks))
            read.append(
                f"""
                SELECT d.id, d.url, d.title, d.kind, d.ruleset,
                       snippet({FTS_TABLE}, 1, char(2), char(3), '…', 24)
                FROM {FTS_TABLE} f JOIN {DOCUMENTS_TABLE} d ON d.id = f.rowid
                WHERE {FTS_TABLE} MATCH %s AND f.rowid BETWEEN %s AND %s
                AND +f.rowid IN ({marks})
                """
            )
            params += [expression, pks[0], pks[-1], *pks]
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(read), params)
            rows = {row[0]: row for row in cursor.fetchall()}
        return [
            Hit(url, title, kind, ruleset, highlight(snippet))
            for pk, url, title, kind, ruleset, snippet in (rows[pk] for pk in order)
        ]


class DutchSQLiteBackend(SQLiteBackend):
    """Dutch documents only: FTS5 holds their Snowball stems (migration search/0013), and the
    query's words arrive stemmed the same way (`search.ranking`). A snippet is cut from the
    document's own text here, not the stems FTS5 would show."""

    LANGUAGE = "nl"

    @classmethod
    def fetch(cls, order: list[int], expression: str, every=True) -> list[Hit]:
        hits = super().fetch(order, expression, every)
        stems = {word for phrase in re.findall(r'"([^"]*)"', expression) for word in phrase.split()}
        prefixes = tuple(re.findall(r'"([^" ]*)"\*', expression))
        bodies = dict(SearchDocument.objects.filter(pk__in=order).values_list("pk", "body"))
        for pk, hit in zip(order, hits, strict=True):
            hit.snippet = highlight(dutch_snippet(bodies.get(pk, ""), stems, prefixes))
        return hits


SNIPPET_WORDS = 24


def dutch_snippet(body: str, stems: set[str], prefixes: tuple[str, ...]) -> str:
    """About `SNIPPET_WORDS` words of the text around its first word whose Dutch stem is one
    of `stems` (or starts with one of `prefixes`), each such word marked as FTS5 marks."""
    words = body.split()

    def matches(word: str) -> bool:
        found = dutch.stem(word.strip(".,;:!?()\"'…")) if word else ""
        return found in stems or (bool(prefixes) and found.startswith(prefixes))

    marked = [matches(word) for word in words]
    first = marked.index(True) if any(marked) else 0
    start = max(0, min(first - SNIPPET_WORDS // 3, len(words) - SNIPPET_WORDS))
    shown = [
        f"{MARK_START}{word}{MARK_END}" if hit else word
        for word, hit in zip(words[start : start + SNIPPET_WORDS], marked[start:], strict=False)
    ]
    before = "…" if start > 0 else ""
    after = "…" if start + SNIPPET_WORDS < len(words) else ""
    return before + " ".join(shown) + after
