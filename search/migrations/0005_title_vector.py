"""PostgreSQL ranks from bounded pools: a title-and-keywords vector with its own GIN index.

Ranking reads each candidate's stored `vector`; reading every match of a common word is what
made a search slow. The pool of candidates is the first few hundred documents with the words
in their title or keywords (this vector's GIN index answers that exactly, as FTS5's column
filter does on SQLite) and the first few hundred of the rest. The trigger that fills `vector`
fills this one too; on SQLite the column stays empty (FTS5 has its own columns).
"""

import django.contrib.postgres.search
from django.db import migrations

POSTGRESQL_FORWARD = [
    """
    CREATE OR REPLACE FUNCTION articles_searchdocument_vector() RETURNS trigger AS $$
    BEGIN
        NEW.title_vector :=
            setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(NEW.keywords, '')), 'B');
        NEW.vector := NEW.title_vector ||
            setweight(to_tsvector('english', coalesce(NEW.body, '')), 'C');
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql
    """,
    "CREATE INDEX search_document_title_vector_gin ON articles_searchdocument"
    " USING gin (title_vector)",
    "UPDATE articles_searchdocument SET title = title",
]
POSTGRESQL_BACKWARD = [
    "DROP INDEX IF EXISTS search_document_title_vector_gin",
    """
    CREATE OR REPLACE FUNCTION articles_searchdocument_vector() RETURNS trigger AS $$
    BEGIN
        NEW.vector :=
            setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(NEW.keywords, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(NEW.body, '')), 'C');
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql
    """,
]


def _run(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for statement in statements:
                schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("search", "0004_word_list")]

    operations = [
        migrations.AddField(
            model_name="searchdocument",
            name="title_vector",
            field=django.contrib.postgres.search.SearchVectorField(editable=False, null=True),
        ),
        migrations.RunPython(_run(POSTGRESQL_FORWARD), _run(POSTGRESQL_BACKWARD)),
    ]
