"""PostgreSQL ranks a bounded pool: the plans the search sends, read with EXPLAIN ANALYZE.

Many pages have both words of "touched tile" but few have them as a phrase. The GIN index
knows which pages have the words, not in what order, so a phrase is checked row by row:
that must stop after a bounded number of rows, and `ts_rank` must score the pool only.
"""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from search.backends.postgres import PostgreSQLBackend
from search.models import SearchDocument
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
    # "The first pages with both words" are the first in the table's storage order. Rows
    # earlier tests wrote and rolled back leave free space that PostgreSQL fills out of
    # insertion order; an emptied table (TRUNCATE is undone with the test) keeps it.
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {SearchDocument._meta.db_table}")
    SearchDocument.objects.bulk_create(
        SearchDocument(
            kind="question",
            key=f"q{i}",
            title=f"Question {i}",
            body=together if i < AS_A_PHRASE else apart,
            url=f"/articles/a{i}/",
        )
        for i in range(WITH_BOTH_WORDS)
    )
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {SearchDocument._meta.db_table}")


def ranked_statements(text):
    """The ranked reads `search()` sends for `text`, each with its EXPLAIN ANALYZE plan."""
    with CaptureQueriesContext(connection) as captured:
        results = search(text, exact=True)
    plans = []
    with connection.cursor() as cursor:
        for query in captured.captured_queries:
            if "WITH pool" in query["sql"]:
                cursor.execute("EXPLAIN (ANALYZE, FORMAT JSON) " + query["sql"])
                plans.append((query["sql"], cursor.fetchone()[0][0]["Plan"]))
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
