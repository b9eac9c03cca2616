"""PostgreSQL: the search's GIN indexes take each insert at once, without a pending list.

By default (`fastupdate`) a GIN index first appends new entries to a pending list that only
VACUUM (or a list past `gin_pending_list_limit`) merges into the index. Every search then
reads the whole list, and while it is long the planner prices the index so high that it
scans the table instead: the typo look-up compared every word of the word list (18,000 on
the benchmark) with the typo, and a rare phrase read every document. A database filled by
`rebuild_index()` with autovacuum off, or not yet run, kept the whole word list pending.
Searches matter more than the speed of an editor's save, as PostgreSQL's manual says of
this setting; what is pending now is merged here.
"""

from django.db import migrations

INDEXES = (
    "articles_searchdocument_vector_gin",
    "search_document_title_vector_gin",
    "search_word_trigram",
)


def _fastupdate(on: bool):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for index in INDEXES:
            schema_editor.execute(f"ALTER INDEX {index} SET (fastupdate = {'on' if on else 'off'})")
            if not on:
                schema_editor.execute("SELECT gin_clean_pending_list(%s::regclass)", [index])

    return run


class Migration(migrations.Migration):
    dependencies = [("search", "0007_pending_document")]

    operations = [migrations.RunPython(_fastupdate(False), _fastupdate(True))]
