"""Dutch documents: a language for every document and synonym group, Dutch stemming for Dutch.

- SQLite: FTS5 stems with porter (English) only, so a Dutch document's title and body are
  stored again as Snowball's Dutch stems (`stemmed_title`, `stemmed_body`, written by
  `search.index`), and the main and title indexes read those instead of the text for a
  Dutch document (the content view and the triggers below). The language is a facet token
  too ("langnl"), so a Dutch search reads Dutch documents only. The unstemmed word list
  (0004) keeps the text as written: typo correction sees Dutch words as they are.
- PostgreSQL: the trigger builds a Dutch document's vectors with the `dutch` configuration,
  an English one's with `english` as before.
"""

import importlib

from django.db import migrations, models

OLD_FACETS = "'kind' || {row}.kind || ' ruleset' || {row}.ruleset"
FACETS = OLD_FACETS + " || ' lang' || {row}.language"
TITLE = "CASE WHEN {row}.language = 'nl' THEN {row}.stemmed_title ELSE {row}.title END"
BODY = "CASE WHEN {row}.language = 'nl' THEN {row}.stemmed_body ELSE {row}.body END"
MAIN, TITLES = "articles_searchdocument_fts", "search_titles_fts"


def _words_triggers():
    """Migration 0004's triggers of the unstemmed word list, made again after the table is."""
    words = importlib.import_module("search.migrations.0004_word_list")
    return [sql for sql in words.SQLITE_FORWARD if "CREATE TRIGGER" in sql]


# Adding a column with a default or changing the unique constraint makes SQLite copy the
# table to a new one: its triggers go with the old table and a view over it stops the
# rename. They are dropped first and made again after.
SQLITE_DROP = [
    *(
        f"DROP TRIGGER IF EXISTS {table}_{event}"
        for table in (MAIN, TITLES, "search_words_fts")
        for event in ("insert", "delete", "update")
    ),
    "DROP VIEW IF EXISTS articles_searchdocument_fts_content",
]


def _sqlite(facets, title, body):
    """The content view, the triggers of the main, title and word indexes, a rebuild."""

    def main(row):
        values = f"{title.format(row=row)}, {body.format(row=row)}"
        return f"{values}, {row}.keywords, {facets.format(row=row)}"

    def titles(row):
        return f"{title.format(row=row)}, {row}.keywords, {facets.format(row=row)}"

    doc = "articles_searchdocument"
    return [
        f"""CREATE VIEW articles_searchdocument_fts_content AS
        SELECT id, {title.format(row=doc)} AS title, {body.format(row=doc)} AS body, keywords,
        {facets.format(row=doc)} AS facets FROM {doc}""",
        f"""CREATE TRIGGER {MAIN}_insert AFTER INSERT ON {doc} BEGIN
        INSERT INTO {MAIN}(rowid, title, body, keywords, facets) VALUES (new.id, {main("new")});
        END""",
        f"""CREATE TRIGGER {MAIN}_delete AFTER DELETE ON {doc} BEGIN
        INSERT INTO {MAIN}({MAIN}, rowid, title, body, keywords, facets)
        VALUES ('delete', old.id, {main("old")});
        END""",
        f"""CREATE TRIGGER {MAIN}_update AFTER UPDATE ON {doc} BEGIN
        INSERT INTO {MAIN}({MAIN}, rowid, title, body, keywords, facets)
        VALUES ('delete', old.id, {main("old")});
        INSERT INTO {MAIN}(rowid, title, body, keywords, facets) VALUES (new.id, {main("new")});
        END""",
        f"""CREATE TRIGGER {TITLES}_insert AFTER INSERT ON {doc} BEGIN
        INSERT INTO {TITLES}(rowid, title, keywords, facets) VALUES (new.id, {titles("new")});
        END""",
        f"""CREATE TRIGGER {TITLES}_delete AFTER DELETE ON {doc} BEGIN
        INSERT INTO {TITLES}({TITLES}, rowid, title, keywords, facets)
        VALUES ('delete', old.id, {titles("old")});
        END""",
        f"""CREATE TRIGGER {TITLES}_update AFTER UPDATE ON {doc} BEGIN
        INSERT INTO {TITLES}({TITLES}, rowid, title, keywords, facets)
        VALUES ('delete', old.id, {titles("old")});
        INSERT INTO {TITLES}(rowid, title, keywords, facets) VALUES (new.id, {titles("new")});
        END""",
        *_words_triggers(),
        f"INSERT INTO {MAIN}({MAIN}) VALUES ('rebuild')",
        f"INSERT INTO {TITLES}({TITLES}) VALUES ('rebuild')",
        "INSERT INTO search_words_fts(search_words_fts) VALUES ('rebuild')",
    ]


def _postgresql_function(config: str) -> str:
    return f"""
    CREATE OR REPLACE FUNCTION articles_searchdocument_vector() RETURNS trigger AS $$
    DECLARE config regconfig := {config};
    BEGIN
        NEW.title_vector :=
            setweight(to_tsvector(config, coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector(config, coalesce(NEW.keywords, '')), 'B');
        NEW.vector := NEW.title_vector ||
            setweight(to_tsvector(config, coalesce(NEW.body, '')), 'C');
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql
    """


POSTGRESQL_FORWARD = [
    _postgresql_function(
        "CASE WHEN NEW.language = 'nl' THEN 'dutch'::regconfig ELSE 'english'::regconfig END"
    )
]
POSTGRESQL_BACKWARD = [_postgresql_function("'english'::regconfig")]


def _sqlite_new():
    return _sqlite(FACETS, TITLE, BODY)


def _sqlite_old():
    return _sqlite(OLD_FACETS, "{row}.title", "{row}.body")


def _run(statements):
    """Statements per vendor, made when the step runs (0004's module is read then)."""

    def run(apps, schema_editor):
        for statement in statements().get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


BEFORE = _run(lambda: {"sqlite": SQLITE_DROP})
UNDO_BEFORE = _run(lambda: {"sqlite": _sqlite_old()})
AFTER = _run(lambda: {"sqlite": _sqlite_new(), "postgresql": POSTGRESQL_FORWARD})
UNDO_AFTER = _run(lambda: {"sqlite": SQLITE_DROP, "postgresql": POSTGRESQL_BACKWARD})


class Migration(migrations.Migration):
    dependencies = [
        ("search", "0012_title_index"),
    ]

    operations = [
        migrations.RunPython(BEFORE, UNDO_BEFORE),
        migrations.AddField(
            model_name="historicalsynonym",
            name="language",
            field=models.CharField(
                choices=[("en", "English"), ("nl", "Dutch")],
                default="en",
                help_text="The language of the words: a Dutch group counts for searches in Dutch.",
                max_length=2,
            ),
        ),
        migrations.AddField(
            model_name="searchdocument",
            name="language",
            field=models.CharField(
                choices=[("en", "English"), ("nl", "Dutch")], default="en", max_length=2
            ),
        ),
        migrations.AddField(
            model_name="searchdocument",
            name="stemmed_body",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AddField(
            model_name="searchdocument",
            name="stemmed_title",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        migrations.AddField(
            model_name="synonym",
            name="language",
            field=models.CharField(
                choices=[("en", "English"), ("nl", "Dutch")],
                default="en",
                help_text="The language of the words: a Dutch group counts for searches in Dutch.",
                max_length=2,
            ),
        ),
        migrations.RemoveConstraint(
            model_name="searchdocument",
            name="search_document_kind_key",
        ),
        migrations.AddConstraint(
            model_name="searchdocument",
            constraint=models.UniqueConstraint(
                fields=("kind", "key", "language"), name="search_document_kind_key_language"
            ),
        ),
        migrations.RunPython(AFTER, UNDO_AFTER),
    ]
