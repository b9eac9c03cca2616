"""Tournaments, house rules and published versions become this app's, with nothing lost.

Their tables already exist: `rulings.0003_tournaments_move_out` renamed them to this app's
prefix and dropped them from rulings' state, so here the models enter the state only
(`SeparateDatabaseAndState`, no database operation).

Their content types are then moved, not recreated: the existing `django_content_type` rows
change app label from `rulings` to `tournaments`, keeping their ids, so permissions (and the
users and groups holding them), admin log entries and anything else pointing at a content
type still point at the same models, and `remove_stale_contenttypes` finds nothing stale.
Rows in the tables themselves (history rows with their users, the directors' M2M rows) are
untouched by the rename.
"""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

# Every model that moved, by its content type's model name.
MOVED = [
    "tournament",
    "houserule",
    "publishedversion",
    "historicaltournament",
    "historicalhouserule",
]


def relabel_content_types(old_label, new_label):
    def relabel(apps, schema_editor):
        ContentType = apps.get_model("contenttypes", "ContentType")
        db = schema_editor.connection.alias
        for model in MOVED:
            old = ContentType.objects.using(db).filter(app_label=old_label, model=model)
            if not old.exists():
                continue  # a new database: post_migrate creates the content types afterwards
            # One made for the new label before this ran (a `migrate` of another app with the
            # new code installed) is an empty duplicate: the old one, with its permissions
            # and log entries, is the one to keep.
            ContentType.objects.using(db).filter(app_label=new_label, model=model).delete()
            old.update(app_label=new_label)

    return relabel


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("articles", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("rulings", "0003_tournaments_move_out"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HistoricalTournament",
                    fields=[
                        (
                            "id",
                            models.BigIntegerField(
                                auto_created=True, blank=True, db_index=True, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=200)),
                        ("slug", models.SlugField(max_length=80)),
                        ("starts_on", models.DateField(blank=True, null=True)),
                        ("ends_on", models.DateField(blank=True, null=True)),
                        ("place", models.CharField(blank=True, max_length=200)),
                        (
                            "base_rules",
                            models.TextField(
                                blank=True,
                                help_text='The base it plays under, in words: "NMJL rules as published in …, plus".',
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("draft", "Draft"), ("published", "Published")],
                                default="draft",
                                max_length=20,
                            ),
                        ),
                        ("history_id", models.AutoField(primary_key=True, serialize=False)),
                        ("history_date", models.DateTimeField(db_index=True)),
                        ("history_change_reason", models.CharField(max_length=100, null=True)),
                        (
                            "history_type",
                            models.CharField(
                                choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")],
                                max_length=1,
                            ),
                        ),
                        (
                            "history_user",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "ruleset",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="articles.ruleset",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "historical tournament",
                        "verbose_name_plural": "historical tournaments",
                        "ordering": ("-history_date", "-history_id"),
                        "get_latest_by": ("history_date", "history_id"),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.CreateModel(
                    name="Tournament",
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
                        ("name", models.CharField(max_length=200)),
                        ("slug", models.SlugField(max_length=80, unique=True)),
                        ("starts_on", models.DateField(blank=True, null=True)),
                        ("ends_on", models.DateField(blank=True, null=True)),
                        ("place", models.CharField(blank=True, max_length=200)),
                        (
                            "base_rules",
                            models.TextField(
                                blank=True,
                                help_text='The base it plays under, in words: "NMJL rules as published in …, plus".',
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[("draft", "Draft"), ("published", "Published")],
                                default="draft",
                                max_length=20,
                            ),
                        ),
                        (
                            "directors",
                            models.ManyToManyField(
                                blank=True,
                                related_name="directed_tournaments",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "ruleset",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT, to="articles.ruleset"
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["-starts_on", "name"],
                    },
                ),
                migrations.CreateModel(
                    name="HouseRule",
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
                            "option",
                            models.CharField(
                                blank=True,
                                help_text="A rule option's name; blank for a plain-text rule.",
                                max_length=80,
                            ),
                        ),
                        (
                            "value",
                            models.BooleanField(
                                blank=True, help_text="The option's value.", null=True
                            ),
                        ),
                        (
                            "text",
                            models.TextField(
                                help_text="The change stated in full, as a player will read it."
                            ),
                        ),
                        ("position", models.PositiveSmallIntegerField(default=0)),
                        (
                            "departs_from",
                            models.ForeignKey(
                                blank=True,
                                help_text="The League article it departs from.",
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="house_rules",
                                to="articles.article",
                            ),
                        ),
                        (
                            "tournament",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="house_rules",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["tournament", "position", "pk"],
                    },
                ),
                migrations.CreateModel(
                    name="HistoricalHouseRule",
                    fields=[
                        (
                            "id",
                            models.BigIntegerField(
                                auto_created=True, blank=True, db_index=True, verbose_name="ID"
                            ),
                        ),
                        (
                            "option",
                            models.CharField(
                                blank=True,
                                help_text="A rule option's name; blank for a plain-text rule.",
                                max_length=80,
                            ),
                        ),
                        (
                            "value",
                            models.BooleanField(
                                blank=True, help_text="The option's value.", null=True
                            ),
                        ),
                        (
                            "text",
                            models.TextField(
                                help_text="The change stated in full, as a player will read it."
                            ),
                        ),
                        ("position", models.PositiveSmallIntegerField(default=0)),
                        ("history_id", models.AutoField(primary_key=True, serialize=False)),
                        ("history_date", models.DateTimeField(db_index=True)),
                        ("history_change_reason", models.CharField(max_length=100, null=True)),
                        (
                            "history_type",
                            models.CharField(
                                choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")],
                                max_length=1,
                            ),
                        ),
                        (
                            "departs_from",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                help_text="The League article it departs from.",
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="articles.article",
                            ),
                        ),
                        (
                            "history_user",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "tournament",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "historical house rule",
                        "verbose_name_plural": "historical house rules",
                        "ordering": ("-history_date", "-history_id"),
                        "get_latest_by": ("history_date", "history_id"),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.CreateModel(
                    name="PublishedVersion",
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
                        ("number", models.PositiveIntegerField()),
                        ("published_on", models.DateField()),
                        ("snapshot", models.JSONField(default=dict)),
                        (
                            "published_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "tournament",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versions",
                                to="tournaments.tournament",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["tournament", "-number"],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("tournament", "number"),
                                name="one_version_number_per_tournament",
                            )
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(
            relabel_content_types("rulings", "tournaments"),
            relabel_content_types("tournaments", "rulings"),
        ),
    ]
