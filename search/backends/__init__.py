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


def backend():
    """The backend for the database in use."""
    if connection.vendor == "postgresql":
        from search.backends.postgres import PostgreSQLBackend

        return PostgreSQLBackend
    from search.backends.sqlite import SQLiteBackend

    return SQLiteBackend
