"""PostgreSQL ranks a bounded pool: the plans the search sends, read with EXPLAIN ANALYZE.

Many pages have both words of "touched tile" but few have them as a phrase. The GIN index
knows which pages have the words, not in what order, so a phrase is checked row by row:
that must stop after a bounded number of rows, and `ts_rank` must score the pool only.
"""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from search.backends.postgres import PostgreSQLBackend
from search.models import SearchDocument, Synonym
from search.ranking import search

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="reads PostgreSQL's query plans: runs in the PostgreSQL pass",
    ),
]

WITH_BOTH_WORDS = 700  # more than the pool (300) and than the phrase checks allowed below
AS_A_PHRASE = 5
PHRASE_CHECKS = 200


@pytest.fixture
def many_pages_with_both_words(db, monkeypatch):
    monkeypatch.setattr(PostgreSQLBackend, "PHRASE_CHECKS_AT_MOST", PHRASE_CHECKS, raising=False)
    apart = "A tile was named and the hand was touched later"
    together = "A touched tile is a taken tile"
    only_pages_saying(together if i < AS_A_PHRASE else apart for i in range(WITH_BOTH_WORDS))


def only_pages_saying(bodies):
    """The search table emptied, then one question page for each body, in that order, and
    the planner's statistics taken. "The first pages with the words" are the first in the
    table's storage order: rows earlier tests wrote and rolled back leave free space that
    PostgreSQL fills out of insertion order; an emptied table (TRUNCATE is undone with the
    test) keeps it."""
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {SearchDocument._meta.db_table}")
    SearchDocument.objects.bulk_create(
        SearchDocument(
            kind="question", key=f"q{i}", title=f"Question {i}", body=body, url=f"/articles/a{i}/"
        )
        for i, body in enumerate(bodies)
    )
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {SearchDocument._meta.db_table}")


def ranked_statements(text, **options):
    """The ranked reads `search()` sends for `text`, each with its EXPLAIN ANALYZE plan."""
    return statements_with(text, "WITH pool", **options)


def statements_with(text, marker, **options):
    """The statements `search()` sends for `text` that contain `marker`, each with its
    EXPLAIN ANALYZE plan, run under the settings sent with it ("SET LOCAL …; statement;
    SET LOCAL … = DEFAULT" is one round trip)."""
    with CaptureQueriesContext(connection) as captured:
        results = search(text, **{"exact": True, **options})
    plans = []
    with connection.cursor() as cursor:
        for query in captured.captured_queries:
            sql = query["sql"]
            if marker not in sql:
                continue
            settings = "".join(re.findall(r"SET LOCAL [^;]*= (?!DEFAULT)[^;]*; ", sql))
            statement = re.sub(r"SET LOCAL [^;]*(; |$)", "", sql).strip().rstrip(";")
            cursor.execute(f"{settings}EXPLAIN (ANALYZE, FORMAT JSON) {statement}")
            while cursor.description is None:
                cursor.nextset()
            plans.append((statement, cursor.fetchone()[0][0]["Plan"]))
            for reset in re.findall(r"SET LOCAL [^;]*= DEFAULT", sql):
                cursor.execute(reset)
    return results, plans


def nodes(plan):
    yield plan
    for child in plan.get("Plans", []):
        yield from nodes(child)


def rows_read(node):
    loops = node.get("Actual Loops", 1)
    removed = node.get("Rows Removed by Filter", 0) + node.get("Rows Removed by Index Recheck", 0)
    return (node["Actual Rows"] + removed) * loops


def test_a_rare_phrase_is_checked_on_a_bounded_number_of_the_pages_with_its_words(
    many_pages_with_both_words,
):
    results, plans = ranked_statements("touched tile")
    phrase_plans = [plan for sql, plan in plans if "<->" in sql]
    assert phrase_plans, "with more than a pool of pages with both words, the phrase is ranked"
    for plan in phrase_plans:
        checks = [
            rows_read(node)
            for node in nodes(plan)
            if "<->" in node.get("Filter", "") + node.get("Recheck Cond", "")
        ]
        assert checks
        assert max(checks) <= PHRASE_CHECKS, checks  # not all 700 pages with both words
    assert {hit.url for hit in results.hits[:AS_A_PHRASE]} == {
        f"/articles/a{i}/" for i in range(AS_A_PHRASE)
    }


def test_ts_rank_scores_the_pool_only_not_every_page_with_the_words(many_pages_with_both_words):
    _, plans = ranked_statements("touched tile")
    pool_at_most = 2 * PostgreSQLBackend.SCORE_AT_MOST  # titles' pool and the rest's
    for sql, plan in plans:
        scored = [
            node["Actual Rows"]
            for node in nodes(plan)
            if node["Node Type"] == "CTE Scan" and node.get("CTE Name") == "pool"
        ]
        assert scored and max(scored) <= pool_at_most, (scored, sql)
        assert sql.index("ts_rank") > sql.index("JOIN pool"), sql  # ranked after the pool


def test_the_search_indexes_take_new_entries_at_once_without_a_pending_list(db):
    """A GIN pending list is read by every search and makes the planner scan the table."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reloptions FROM pg_class WHERE relname = ANY(%s)",
            [
                [
                    "articles_searchdocument_vector_gin",
                    "search_document_title_vector_gin",
                    "search_word_trigram",
                ]
            ],
        )
        options = dict(cursor.fetchall())
    assert len(options) == 3
    assert all("fastupdate=off" in (value or []) for value in options.values()), options


@pytest.fixture
def pages_with_either_word_never_both(db):
    """Half the pages say "touched", half "tile", none both: the planner, taking the words
    as independent, expects a quarter of the pages to have both."""
    touched, tile = "The wall was touched by a player", "The tile stayed on the rack"
    only_pages_saying(touched if i % 2 else tile for i in range(EITHER_WORD))


EITHER_WORD = 3000


def documents_read(plan):
    """Rows each scan for the words read from the documents table (kept or removed by a
    filter); not the join to the pool (on a table this small, hashing all of it is cheap)."""
    return [
        rows_read(node)
        for node in nodes(plan)
        if node.get("Relation Name") == SearchDocument._meta.db_table
        and "@@" in node.get("Filter", "") + node.get("Recheck Cond", "")
    ]


def test_words_guessed_common_together_but_never_together_read_no_page_without_both(
    pages_with_either_word_never_both,
):
    """A `LIMIT` the planner thinks it reaches early is answered by a sequential scan,
    which reads every page when no page has both words: the pool comes from the GIN
    index, which knows there are none."""
    results, plans = ranked_statements("touched tile")
    assert plans
    for sql, plan in plans:
        read = documents_read(plan)
        assert read and max(read) <= 2 * PostgreSQLBackend.SCORE_AT_MOST, (read, sql)
    assert len(results.hits) < EITHER_WORD  # the fallback's own pages with either word


def test_a_typo_is_found_unknown_and_corrected_from_the_indexes_not_by_reading_every_page(
    pages_with_either_word_never_both,
):
    results, plans = statements_with("tuoched wall", "plainto_tsquery", exact=False)
    assert results.corrected == "touched wall"
    assert len(plans) == 2  # is it known (both words at once); how many have "touched"
    for sql, plan in plans:
        scans = [node["Node Type"] for node in nodes(plan) if "Relation Name" in node]
        assert "Seq Scan" not in scans, (scans, sql)
        assert max(documents_read(plan), default=0) <= PostgreSQLBackend.COUNT_AT_MOST, sql


QUESTIONS_FIRST = 3000
RULINGS_LAST = 1000  # a quarter of the pages: the planner expects rulings early in a scan


@pytest.fixture
def rulings_after_many_questions(db):
    """Thousands of question pages with the words, then a thousand rulings with them: the
    rulings lie at the table's end, as they do when a site's questions came first."""
    only_pages_saying("A player called the tile" for _ in range(QUESTIONS_FIRST))
    SearchDocument.objects.bulk_create(
        SearchDocument(
            kind="ruling",
            key=f"r{i}",
            title=f"May a player give back a called tile {i}?",
            body="No. She must use it.",
            url=f"/rulings/r{i}/",
        )
        for i in range(RULINGS_LAST)
    )
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {SearchDocument._meta.db_table}")


def test_a_questions_answering_rulings_are_read_through_the_kinds_index_not_every_page_before_them(
    rulings_after_many_questions,
):
    results, plans = ranked_statements("player called tile give back")
    ruling_pools = [plan for sql, plan in plans if "kind" in sql and "= 'ruling'" in sql]
    assert ruling_pools, [sql for sql, _ in plans]
    for plan in ruling_pools:
        read = documents_read(plan)
        assert read and max(read) < QUESTIONS_FIRST, read  # not the questions before them
    assert results.hits[0].kind == "ruling"


def test_a_questions_answering_rulings_come_from_the_rulings_own_index_not_every_page_with_a_word(
    rulings_after_many_questions,
):
    """On the benchmark, with a phrase among the words ("dead hand", through a synonym), the
    planner built the bitmap of every page with any of the words (24,469 of 70,175) and
    crossed it with the kind's rows. The rulings' own GIN index (search/0011) lists only the
    rulings: the pool is read from it, and no bitmap lists more pages than there are rulings."""
    Synonym.objects.create(key="dead-hand", words="dead hand, dq")
    results, plans = ranked_statements("player called tile dq")
    ruling_pools = [plan for sql, plan in plans if "kind" in sql and "= 'ruling'" in sql]
    assert ruling_pools
    for plan in ruling_pools:
        assert "search_ruling_vector_gin" in {node.get("Index Name") for node in nodes(plan)}
        listed = [
            node["Actual Rows"] for node in nodes(plan) if node["Node Type"] == "Bitmap Index Scan"
        ]
        assert max(listed) <= RULINGS_LAST, listed
    assert results.hits[0].kind == "ruling"
