"""The full-text backends: each ranks matches and cuts snippets on its own database.

A backend has `render(parsed, every)` (the query in its own syntax), `rank(query, ruleset,
kind, limit)` (the best `Candidate`s, best first, each ranked from a bounded pool of
matches), `among(query, pks)` and `in_title(query, pks)` (which of a few documents match),
`coverage(parsed, pks)`, `exists(query)`, `knows(word)` and `unknown(words)` (which the
index has, by stem too), `similar_words(word)` (typo candidates) and
`fetch(order, query)` (hits with snippets).
"""

from typing import NamedTuple

from django.db import connection


class Candidate(NamedTuple):
    """A ranked document with what ordering it needs: no second read of the documents."""

    pk: int
    kind: str
    key: str
    url: str
    language: str = "en"


def backend(language: str = "en"):
    """The backend for the database in use, reading documents in `language`.

    The English backend ranks English documents only (a Dutch document in its pool is
    dropped after ranking: Dutch documents are few, and English reads stay as they were);
    the Dutch one (`language="nl"`) reads Dutch documents only (their language is a filter
    of the read, as a kind is) and stems a query as Dutch: PostgreSQL's `dutch`
    configuration, or on SQLite the words' Snowball stems (`search.dutch`), which the
    caller stems before rendering (`search.ranking`)."""
    dutch = language == "nl"
    if connection.vendor == "postgresql":
        from search.backends.postgres import DutchPostgreSQLBackend, PostgreSQLBackend

        return DutchPostgreSQLBackend if dutch else PostgreSQLBackend
    from search.backends.sqlite import DutchSQLiteBackend, SQLiteBackend

    return DutchSQLiteBackend if dutch else SQLiteBackend
