"""The seed content for tests: imported once per test worker, then copied in.

Importing fixtures/ takes seconds (Markdown rendered, every scenario run, the search index
built, a history row for each); most test modules only need the rows it leaves. Each worker
imports once into its empty test database and keeps the rows the import wrote, table by table
(every model's table, history and many-to-many tables included), then rolls it back; each
`seed()` inserts those rows again, inside the caller's transaction. Database triggers (the
search's word lists, FTS5 on SQLite, the weighted vectors on PostgreSQL) fill their own tables
as on any insert, and PostgreSQL's sequences are moved past the copied ids.

What a copy does not repeat is what the import did outside the database (results and pages
warmed in the cache): those are made again when first read, as after a deploy. Tests of the
import itself call `import_content`.
"""

from __future__ import annotations

import io
from pathlib import Path

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

from pagecache.signals import pages_stale

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

# This worker's rows of the seed content, per database: {table: (columns, rows)}.
_ROWS: dict[str, dict[str, tuple[list[str], list[tuple]]]] = {}


def capture() -> None:
    """Import the seed content into the empty test database, keep its rows, roll it back.
    Once per worker, right after the test database is made (tests/conftest.py), so the rows
    kept are the import's alone, whichever test asks for them first."""
    with transaction.atomic():
        before = {table: set(map(_key, rows)) for table, (_, rows) in _read_all().items()}
        call_command("import_content", str(FIXTURES), stdout=io.StringIO())
        _ROWS[connection.settings_dict["NAME"]] = {
            table: (columns, [row for row in rows if _key(row) not in before.get(table, ())])
            for table, (columns, rows) in _read_all().items()
        }
        transaction.set_rollback(True)


def seed() -> None:
    """The seed content in the database, as `import_content fixtures/` leaves it."""
    kept = _ROWS.get(connection.settings_dict["NAME"])
    if kept is None:  # a database this worker did not prepare: import for real
        call_command("import_content", str(FIXTURES), stdout=io.StringIO())
        return
    _insert_all(kept)
    pages_stale()  # a page stored by an earlier test was drawn from other rows


def _tables() -> list[tuple[str, type]]:
    """Each model's table once (history and many-to-many tables are models too)."""
    seen = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            seen.setdefault(model._meta.db_table, model)
    return sorted(seen.items())


def _read_all() -> dict[str, tuple[list[str], list[tuple]]]:
    found = {}
    with connection.cursor() as cursor:
        for table, _model in _tables():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            columns = [column[0] for column in cursor.description]
            found[table] = (columns, [tuple(row) for row in cursor.fetchall()])
    return found


def _key(row: tuple) -> str:
    # Rows may hold values that do not hash (PostgreSQL gives JSON back as lists and dicts).
    return repr(row)


def _insert_all(kept) -> None:
    with connection.cursor() as cursor:
        for table, (columns, rows) in kept.items():
            if not rows:
                continue
            names = ", ".join(connection.ops.quote_name(column) for column in columns)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(
                f"INSERT INTO {connection.ops.quote_name(table)} ({names}) VALUES ({marks})",
                [tuple(map(_adapted, row)) for row in rows],
            )
        models = [model for table, model in _tables() if kept.get(table, ((), ()))[1]]
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


def _adapted(value):
    """A value as the driver takes it back: PostgreSQL's JSON columns came out as Python."""
    if isinstance(value, dict | list) and connection.vendor == "postgresql":
        from psycopg.types.json import Jsonb

        return Jsonb(value)
    return value
