"""The index's words as written (not stemmed), for correcting typos, kept in step by triggers.

- SQLite: a second FTS5 table over the documents' title and body with no stemming
  (`unicode61`, no positions kept), and an `fts5vocab` table that lists its words with the
  number of documents holding each.
- PostgreSQL: a table of words filled by a trigger on every insert and update of a document,
  with a trigram index (the `pg_trgm` extension) to find the words that look like a typo.
  Creating an extension needs a database user allowed to (the database owner on
  PostgreSQL 13+ for trusted extensions such as pg_trgm, else a superuser): when it is not
  allowed, this migration stops and says what to run.
"""

from django.db import migrations

SQLITE_FORWARD = [
    """
    CREATE VIRTUAL TABLE search_words_fts USING fts5(
        title, body, content='articles_searchdocument', content_rowid='id',
        tokenize='unicode61', detail='none'
    )
    """,
    """
    CREATE TRIGGER search_words_fts_insert AFTER INSERT ON articles_searchdocument
    BEGIN
        INSERT INTO search_words_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
    END
    """,
    """
    CREATE TRIGGER search_words_fts_delete AFTER DELETE ON articles_searchdocument
    BEGIN
        INSERT INTO search_words_fts(search_words_fts, rowid, title, body)
        VALUES ('delete', old.id, old.title, old.body);
    END
    """,
    """
    CREATE TRIGGER search_words_fts_update AFTER UPDATE ON articles_searchdocument
    BEGIN
        INSERT INTO search_words_fts(search_words_fts, rowid, title, body)
        VALUES ('delete', old.id, old.title, old.body);
        INSERT INTO search_words_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
    END
    """,
    "CREATE VIRTUAL TABLE search_words_vocab USING fts5vocab(search_words_fts, row)",
    "INSERT INTO search_words_fts(search_words_fts) VALUES ('rebuild')",
]
SQLITE_BACKWARD = [
    "DROP TABLE IF EXISTS search_words_vocab",
    "DROP TRIGGER IF EXISTS search_words_fts_update",
    "DROP TRIGGER IF EXISTS search_words_fts_delete",
    "DROP TRIGGER IF EXISTS search_words_fts_insert",
    "DROP TABLE IF EXISTS search_words_fts",
]
POSTGRESQL_FORWARD = [
    "CREATE TABLE search_word (word varchar(60) PRIMARY KEY)",
    "CREATE INDEX search_word_trigram ON search_word USING gin (word gin_trgm_ops)",
    """
    CREATE FUNCTION search_word_add() RETURNS trigger AS $$
    BEGIN
        INSERT INTO search_word (word)
        SELECT DISTINCT w FROM regexp_split_to_table(
            lower(coalesce(NEW.title, '') || ' ' || coalesce(NEW.body, '')), '[^[:alnum:]]+'
        ) AS w
        WHERE length(w) BETWEEN 2 AND 60
        ON CONFLICT DO NOTHING;
        RETURN NULL;
    END
    $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER search_word_add AFTER INSERT OR UPDATE ON articles_searchdocument
    FOR EACH ROW EXECUTE FUNCTION search_word_add()
    """,
    "UPDATE articles_searchdocument SET title = title",
]
POSTGRESQL_BACKWARD = [
    "DROP TRIGGER IF EXISTS search_word_add ON articles_searchdocument",
    "DROP FUNCTION IF EXISTS search_word_add()",
    "DROP TABLE IF EXISTS search_word",
]

EXTENSION_REFUSED = (
    "Search needs PostgreSQL's pg_trgm extension to correct typos, and this database user may "
    "not create it. Run, as a superuser or the database owner:  CREATE EXTENSION pg_trgm;  "
    "in this database, then migrate again."
)


def _create_trigram_extension(schema_editor):
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        if cursor.fetchone():
            return
    try:
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except Exception as error:  # the driver's error names only the privilege
        raise RuntimeError(f"{EXTENSION_REFUSED} ({error})") from error


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        _create_trigram_extension(schema_editor)
    for statement in {"sqlite": SQLITE_FORWARD, "postgresql": POSTGRESQL_FORWARD}.get(vendor, []):
        schema_editor.execute(statement)


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRESQL_BACKWARD}.get(vendor, [])
    for statement in statements:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("search", "0003_synonyms")]

    operations = [migrations.RunPython(forward, backward)]
