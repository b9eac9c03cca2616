"""The full-text backends: each ranks matches and cuts snippets on its own database.

A backend has `render(parsed, every)` (the query in its own syntax), `rank(query, ruleset,
kind, limit)` (document ids, best first) and `fetch(order, query)` (hits with snippets).
"""

from django.db import connection


def backend():
    """The backend for the database in use."""
    if connection.vendor == "postgresql":
        from search.backends.postgres import PostgreSQLBackend

        return PostgreSQLBackend
    from search.backends.sqlite import SQLiteBackend

    return SQLiteBackend
