"""The search app takes over SearchDocument from articles, keeping its table.

Why keep the names: the table (`articles_searchdocument`) carries the full-text index that
articles/0002_search_index built around it — on SQLite an FTS5 table, its content view and
three triggers, on PostgreSQL a trigger function, a trigger and a GIN index — all of which
name it. Renaming the table would mean dropping and rebuilding every one of them on both
databases, and re-indexing every site's content, for a name no reader sees. So only Django's
state moves (`SeparateDatabaseAndState`, nothing run on the database) and the model says
`db_table = "articles_searchdocument"`.

The content type row moves with it (articles → search), so permissions keep pointing at the
model and no stale content type stays behind.
"""

import django.contrib.postgres.search
from django.db import migrations, models


def move_content_type(from_label, to_label):
    def move(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        db = schema_editor.connection.alias
        old = ContentType.objects.using(db).filter(app_label=from_label, model="searchdocument")
        if ContentType.objects.using(db).filter(app_label=to_label, model="searchdocument"):
            old.delete()  # already made for the new label: the old one is only stale
        else:
            old.update(app_label=to_label)

    return move


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("articles", "0006_searchdocument_moves_to_search"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SearchDocument",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
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
                                help_text="The object's key, unique within a kind.",
                                max_length=120,
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
                                help_text=(
                                    "Words not shown but searched: keys, aliases, canonical tiles."
                                ),
                            ),
                        ),
                        ("url", models.CharField(blank=True, max_length=300)),
                        ("updated_at", models.DateTimeField(auto_now=True)),
                        (
                            "vector",
                            django.contrib.postgres.search.SearchVectorField(
                                editable=False, null=True
                            ),
                        ),
                    ],
                    options={
                        "db_table": "articles_searchdocument",
                        "indexes": [
                            models.Index(fields=["ruleset", "kind"], name="search_doc_ruleset_kind")
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("kind", "key"), name="search_document_kind_key"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(
            move_content_type("articles", "search"), move_content_type("search", "articles")
        ),
    ]
