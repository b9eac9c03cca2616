"""SQLite: an FTS5 index of the documents' titles and keywords alone, kept in step by
triggers, where ranking's title pool is read (PostgreSQL has had its title vector and GIN
index since 0005).

The title pool is the first few hundred documents with the words in the title or keywords.
Asked of the whole index with a column filter, FTS5 walks every document with the words
anywhere and reads where each word sits: when fewer titles than the pool have them (most
questions of three words or more), that is every such document, 3.2 ms for "player picks a
tile out of turn" on the benchmark's 70,175 documents. This index holds the titles' words
only: 0.7 ms, the same documents. Same tokenizer and prefixes as the main index; `facets`
too, so a rule set or kind filter reads the same way.
"""

from django.db import migrations

FACETS = "'kind' || {row}.kind || ' ruleset' || {row}.ruleset"

SQLITE_FORWARD = [
    """
    CREATE VIRTUAL TABLE search_titles_fts USING fts5(
        title, keywords, facets,
        content='articles_searchdocument_fts_content', content_rowid='id',
        tokenize='porter unicode61', prefix='2 3'
    )
    """,
    f"""
    CREATE TRIGGER search_titles_fts_insert AFTER INSERT ON articles_searchdocument
    BEGIN
        INSERT INTO search_titles_fts(rowid, title, keywords, facets)
        VALUES (new.id, new.title, new.keywords, {FACETS.format(row="new")});
    END
    """,
    f"""
    CREATE TRIGGER search_titles_fts_delete AFTER DELETE ON articles_searchdocument
    BEGIN
        INSERT INTO search_titles_fts(search_titles_fts, rowid, title, keywords, facets)
        VALUES ('delete', old.id, old.title, old.keywords, {FACETS.format(row="old")});
    END
    """,
    f"""
    CREATE TRIGGER search_titles_fts_update AFTER UPDATE ON articles_searchdocument
    BEGIN
        INSERT INTO search_titles_fts(search_titles_fts, rowid, title, keywords, facets)
        VALUES ('delete', old.id, old.title, old.keywords, {FACETS.format(row="old")});
        INSERT INTO search_titles_fts(rowid, title, keywords, facets)
        VALUES (new.id, new.title, new.keywords, {FACETS.format(row="new")});
    END
    """,
    "INSERT INTO search_titles_fts(search_titles_fts) VALUES ('rebuild')",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS search_titles_fts_update",
    "DROP TRIGGER IF EXISTS search_titles_fts_delete",
    "DROP TRIGGER IF EXISTS search_titles_fts_insert",
    "DROP TABLE IF EXISTS search_titles_fts",
]


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_FORWARD:
            schema_editor.execute(statement)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        for statement in SQLITE_BACKWARD:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("search", "0011_ruling_vector_index")]

    operations = [migrations.RunPython(forward, backward)]
