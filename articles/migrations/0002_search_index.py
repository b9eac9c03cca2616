"""The search index: one SearchDocument table, indexed by FTS5 on SQLite or GIN on PostgreSQL.

The full-text part is raw SQL, run only on the backend it is written for:

- SQLite: an external-content FTS5 table (porter stemming, unicode61) over the documents'
  title, body, keywords and facets (kind and rule set), reading them through a view, with
  triggers so every insert, update and delete of a document, from Django or from bulk SQL,
  keeps it in step.
- PostgreSQL: a trigger fills the `vector` column (title A, keywords B, body C, English
  stemming) on every insert and update, and a GIN index makes `vector @@ query` fast.
"""

import django.contrib.postgres.search
from django.db import migrations, models

# The rule set and kind are indexed too, as tokens ("kindquestion rulesetnmjl") in a
# fourth column, so a filter is one more term in MATCH rather than a join per match.
SQLITE_FACETS = "'kind' || {row}.kind || ' ruleset' || {row}.ruleset"
SQLITE_FORWARD = [
    f"""
    CREATE VIEW articles_searchdocument_fts_content AS
    SELECT id, title, body, keywords, {SQLITE_FACETS.format(row="articles_searchdocument")} AS facets
    FROM articles_searchdocument
    """,
    """
    CREATE VIRTUAL TABLE articles_searchdocument_fts USING fts5(
        title, body, keywords, facets,
        content='articles_searchdocument_fts_content', content_rowid='id',
        tokenize='porter unicode61', prefix='2 3'
    )
    """,
    f"""
    CREATE TRIGGER articles_searchdocument_fts_insert AFTER INSERT ON articles_searchdocument
    BEGIN
        INSERT INTO articles_searchdocument_fts(rowid, title, body, keywords, facets)
        VALUES (new.id, new.title, new.body, new.keywords, {SQLITE_FACETS.format(row="new")});
    END
    """,
    f"""
    CREATE TRIGGER articles_searchdocument_fts_delete AFTER DELETE ON articles_searchdocument
    BEGIN
        INSERT INTO articles_searchdocument_fts(
            articles_searchdocument_fts, rowid, title, body, keywords, facets
        )
        VALUES ('delete', old.id, old.title, old.body, old.keywords, {SQLITE_FACETS.format(row="old")});
    END
    """,
    f"""
    CREATE TRIGGER articles_searchdocument_fts_update AFTER UPDATE ON articles_searchdocument
    BEGIN
        INSERT INTO articles_searchdocument_fts(
            articles_searchdocument_fts, rowid, title, body, keywords, facets
        )
        VALUES ('delete', old.id, old.title, old.body, old.keywords, {SQLITE_FACETS.format(row="old")});
        INSERT INTO articles_searchdocument_fts(rowid, title, body, keywords, facets)
        VALUES (new.id, new.title, new.body, new.keywords, {SQLITE_FACETS.format(row="new")});
    END
    """,
    # Documents already there (none on a fresh database) join the index too.
    "INSERT INTO articles_searchdocument_fts(articles_searchdocument_fts) VALUES ('rebuild')",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS articles_searchdocument_fts_update",
    "DROP TRIGGER IF EXISTS articles_searchdocument_fts_delete",
    "DROP TRIGGER IF EXISTS articles_searchdocument_fts_insert",
    "DROP TABLE IF EXISTS articles_searchdocument_fts",
    "DROP VIEW IF EXISTS articles_searchdocument_fts_content",
]

POSTGRESQL_FORWARD = [
    """
    CREATE FUNCTION articles_searchdocument_vector() RETURNS trigger AS $$
    BEGIN
        NEW.vector :=
            setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
            setweight(to_tsvector('english', coalesce(NEW.keywords, '')), 'B') ||
            setweight(to_tsvector('english', coalesce(NEW.body, '')), 'C');
        RETURN NEW;
    END
    $$ LANGUAGE plpgsql
    """,
    """
    CREATE TRIGGER articles_searchdocument_vector BEFORE INSERT OR UPDATE
    ON articles_searchdocument FOR EACH ROW EXECUTE FUNCTION articles_searchdocument_vector()
    """,
    "CREATE INDEX articles_searchdocument_vector_gin ON articles_searchdocument USING gin (vector)",
    # Documents already there (none on a fresh database) get their vector too.
    "UPDATE articles_searchdocument SET title = title",
]
POSTGRESQL_BACKWARD = [
    "DROP INDEX IF EXISTS articles_searchdocument_vector_gin",
    "DROP TRIGGER IF EXISTS articles_searchdocument_vector ON articles_searchdocument",
    "DROP FUNCTION IF EXISTS articles_searchdocument_vector()",
]


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("articles", "0001_initial")]

    operations = [
        migrations.CreateModel(
            name="SearchDocument",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("article", "Article"),
                            ("commentary", "Commentary"),
                            ("question", "Question and answer"),
                            ("source", "Source"),
                            ("scenario", "Scenario check"),
                            ("term", "Glossary term"),
                        ],
                        max_length=20,
                    ),
                ),
                (
                    "key",
                    models.CharField(
                        help_text="The object's key, unique within a kind.", max_length=120
                    ),
                ),
                (
                    "ruleset",
                    models.CharField(
                        blank=True, help_text="A RuleSet key, or blank.", max_length=40
                    ),
                ),
                ("title", models.CharField(max_length=300)),
                ("body", models.TextField(blank=True)),
                (
                    "keywords",
                    models.TextField(
                        blank=True,
                        help_text="Words not shown but searched: keys, aliases, canonical tiles.",
                    ),
                ),
                ("url", models.CharField(blank=True, max_length=300)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "vector",
                    django.contrib.postgres.search.SearchVectorField(editable=False, null=True),
                ),
            ],
            options={
                "indexes": [
                    models.Index(fields=["ruleset", "kind"], name="search_doc_ruleset_kind")
                ],
                "constraints": [
                    models.UniqueConstraint(fields=("kind", "key"), name="search_document_kind_key")
                ],
            },
        ),
        migrations.RunPython(
            _run({"sqlite": SQLITE_FORWARD, "postgresql": POSTGRESQL_FORWARD}),
            _run({"sqlite": SQLITE_BACKWARD, "postgresql": POSTGRESQL_BACKWARD}),
        ),
    ]
