"""PostgreSQL: a GIN index of the rulings' vectors alone, where a TD's question is answered.

Every question of three words or more reads the first rulings with any of its words
(`_answering_ruling`). With the one GIN index of every document, the planner either read the
kind's rows and tested each, or built the bitmap of every document with any of the words and
crossed it with the kind's: for "dead hand still pays the winner" that bitmap held 24,469 of
the benchmark's 70,175 documents, 7 of the read's 10 ms. This index lists the rulings only
(2.3 MB beside 13 MB): the same read took 2.6 ms, and the pool is the same first rulings.
Without a pending list, as the other GIN indexes (0008).
"""

from django.db import migrations

INDEX = "search_ruling_vector_gin"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE INDEX {INDEX} ON articles_searchdocument USING gin (vector)"
        " WITH (fastupdate = off) WHERE kind = 'ruling'"
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("search", "0010_alter_searchdocument_kind")]

    operations = [migrations.RunPython(create, drop)]
