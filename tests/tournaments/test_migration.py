"""Moving tournaments out of `rulings` loses nothing: a database made before the move, with
seed-like content, history rows with their users, directors, permissions, group memberships
and an admin log entry, migrates forward with every row where it was.

It replays the migrations as they stood before the move (the leaves `articles 0005_links` and
`rulings 0002_tournaments`), writes the content through that state's models, migrates to the
latest and compares every table row by row. Runs on SQLite and on PostgreSQL.
"""

import datetime
import importlib
from contextlib import contextmanager

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from rulings.models import Scenario
from tournaments.models import HouseRule, PublishedVersion, Tournament

BEFORE = [("articles", "0005_links"), ("rulings", "0002_tournaments")]
# The models that moved, by model name (the directors' M2M table's model too).
MOVED = {
    "tournament",
    "houserule",
    "publishedversion",
    "historicaltournament",
    "historicalhouserule",
    "tournament_directors",
}
# Where every model that changed app in this restructure went: (old app, model) -> new app.
MOVES = {("rulings", model): "tournaments" for model in MOVED} | {
    ("articles", "searchdocument"): "search"
}
# Models added to the app by later migrations (issue 14: cards); empty after the move.
ADDED_SINCE = {"tournaments.card", "tournaments.historicalcard"}
WHEN = datetime.datetime(2026, 11, 20, 9, 30, tzinfo=datetime.UTC)


def migrate(targets):
    """Migrate to these nodes; return the migration state's apps at the nodes now applied."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(list(executor.loader.applied_migrations)).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@contextmanager
def migrated_back_to(targets):
    """The database migrated back to `targets` (the state's apps given), and forward to the
    latest afterwards, whatever the test did: a migration test's `before` fixture."""
    try:
        yield migrate(targets)
    finally:
        migrate(latest())


def new_label(label):
    """Where a model's rows live after the move, by its lower-case "app.model" label."""
    app, model = label.split(".")
    return f"{MOVES[app, model]}.{model}" if (app, model) in MOVES else label


def every_row(apps):
    """Every row of every table the migration state knows, by the model's label after the move."""
    return {
        new_label(model._meta.label_lower): sorted(
            model._base_manager.values(), key=lambda row: repr(sorted(row.items()))
        )
        for model in apps.get_models(include_auto_created=True)
    }


def record(apps, instance, user, kind="+", reason="", minutes=0):
    """A history row as django-simple-history writes one (state models send no signals)."""
    meta = instance._meta
    historical = apps.get_model(meta.app_label, f"historical{meta.model_name}")
    values = {f.attname: getattr(instance, f.attname) for f in meta.concrete_fields}
    return historical._base_manager.create(
        **values,
        history_date=WHEN + datetime.timedelta(minutes=minutes),
        history_type=kind,
        history_user_id=user.pk if user else None,
        history_change_reason=reason,
    )


def permission(apps, app_label, model, codename):
    """The permission as post_migrate made it before the move (made here if a test flushed it)."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    Permission = apps.get_model("auth", "Permission")
    content_type, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
    return Permission.objects.get_or_create(
        content_type=content_type, codename=codename, defaults={"name": codename}
    )[0]


def seed_like_content(apps):
    """Articles, a scenario, a tournament with house rules and two published versions, its
    directors in the TD group, edits with history rows and their users, a log entry and a
    permission given to a user and to a group, written through the old migration state."""
    get = apps.get_model
    Group, OldUser = get("auth", "Group"), get("auth", "User")
    directors = Group.objects.get_or_create(name="Tournament directors")[0]
    editors = Group.objects.get_or_create(name="Editors")[0]
    ann = OldUser.objects.create(username="ann", is_staff=True)
    bea = OldUser.objects.create(username="bea")
    cal = OldUser.objects.create(username="cal")
    ann.groups.add(directors)
    bea.groups.add(directors, editors)

    nmjl = get("articles", "RuleSet").objects.create(key="nmjl", name="NMJL")
    record(apps, nmjl, cal)
    Article = get("articles", "Article")
    exposure = Article.objects.create(ruleset=nmjl, key="nmjl-6", number="6", title="Exposures")
    dead = Article.objects.create(ruleset=nmjl, key="nmjl-205", number="205", title="Dead hands")
    record(apps, exposure, cal, reason="Seed")
    record(apps, dead, cal, reason="Seed")

    scenario = get("rulings", "Scenario").objects.create(
        slug="withdrawing",
        title="Withdrawing a call",
        text="@article:nmjl-6\nFeature: Withdrawing a call\n",
    )
    scenario.articles.add(exposure)
    record(apps, scenario, bea, reason="New scenario")

    harbour = get("rulings", "Tournament").objects.create(
        name="Harbour Lights Open",
        slug="harbour-lights-open-2027",
        starts_on=datetime.date(2027, 3, 12),
        ends_on=datetime.date(2027, 3, 14),
        place="Port Ellery (fictional)",
        ruleset=nmjl,
        base_rules="NMJL rules as published by the League, plus the following.",
        status="published",
    )
    harbour.directors.add(ann, bea)
    record(apps, harbour, ann, reason="Started")
    HouseRule = get("rulings", "HouseRule")
    touched = HouseRule.objects.create(
        tournament=harbour,
        option="touched-tile-is-taken",
        value=True,
        text="A touched tile is a taken tile.",
        departs_from=exposure,
        position=1,
    )
    walls = HouseRule.objects.create(
        tournament=harbour, text="Walls of 19.", departs_from=dead, position=2
    )
    record(apps, touched, ann, minutes=1)
    record(apps, walls, bea, minutes=2)
    walls.text = "Walls of 19 tiles."
    walls.save()
    record(apps, walls, bea, kind="~", reason="Clearer", minutes=3)
    draft = get("rulings", "Tournament").objects.create(
        name="Prairie Winds Classic", slug="prairie-winds-classic-2027", ruleset=nmjl
    )
    draft.directors.add(bea)
    record(apps, draft, None)  # a history row without a user stays without one

    PublishedVersion = get("rulings", "PublishedVersion")
    for number in (1, 2):
        PublishedVersion.objects.create(
            tournament=harbour,
            number=number,
            published_on=datetime.date(2026, 11, number),
            published_by=ann,
            snapshot={"base_rules": harbour.base_rules, "house_rules": [{"number": 1}]},
        )

    ContentType = get("contenttypes", "ContentType")
    get("admin", "LogEntry").objects.create(
        action_time=WHEN,
        user=ann,
        content_type=ContentType.objects.get_or_create(app_label="rulings", model="tournament")[0],
        object_id=str(harbour.pk),
        object_repr=harbour.name,
        action_flag=2,
        change_message="Changed place.",
    )
    cal.user_permissions.add(permission(apps, "rulings", "houserule", "change_houserule"))
    directors.permissions.add(permission(apps, "rulings", "tournament", "add_tournament"))
    for model in MOVED - {"tournament_directors"}:  # every moved model has its content type
        ContentType.objects.get_or_create(app_label="rulings", model=model)
    return harbour.pk


@pytest.fixture
def database_before_the_move(transactional_db):
    """The migrations as they stood before tournaments moved, then always back to the latest
    (so a failure here never leaves the next test an old schema)."""
    old_apps = migrate(BEFORE)
    try:
        yield old_apps
    finally:
        migrate(latest())
        ContentType.objects.clear_cache()


def kept_columns(rows_after, rows_before):
    """The rows after migrating, cut to the columns they had before: a later migration may add
    columns (a published version's withdrawal), never change or drop what was there."""
    columns = set(rows_before[0]) if rows_before else set()
    cut = [{name: row[name] for name in row if name in columns} for row in rows_after]
    return sorted(cut, key=lambda row: repr(sorted(row.items())))


def as_readings(label, rows):
    """A house rule's on/off as the reading's name it became (tournaments 0005); every other
    row as it was."""
    if label not in {"tournaments.houserule", "tournaments.historicalhouserule"}:
        return rows
    migration = importlib.import_module("tournaments.migrations.0005_rules_as_of_and_readings")
    named = [{**row, "value": migration.name_for(row["option"], row["value"])} for row in rows]
    return sorted(named, key=lambda row: repr(sorted(row.items())))


def test_migrating_forward_keeps_every_row_and_moves_the_content_types(database_before_the_move):
    old_apps = database_before_the_move
    seed_like_content(old_apps)
    before = every_row(old_apps)
    content_types = {
        (row["id"], row["app_label"], row["model"]) for row in before["contenttypes.contenttype"]
    }

    new_apps = migrate(latest())
    ContentType.objects.clear_cache()
    after = every_row(new_apps)

    moved_types = {pk for pk, app, model in content_types if app == "rulings" and model in MOVED}
    expected_types = {(pk, MOVES.get((app, model), app), model) for pk, app, model in content_types}
    assert len(moved_types) == 5
    assert {(r["id"], r["app_label"], r["model"]) for r in after["contenttypes.contenttype"]} == (
        expected_types
    )
    assert not ContentType.objects.filter(app_label="rulings", model__in=MOVED).exists()
    del before["contenttypes.contenttype"], after["contenttypes.contenttype"]
    assert {label for label in after if label.startswith("tournaments.")} - ADDED_SINCE == {
        f"tournaments.{model}" for model in MOVED
    }
    assert not any(after[label] for label in ADDED_SINCE)
    for label, rows in before.items():
        assert kept_columns(after[label], rows) == as_readings(label, rows), label
    assert sum(len(rows) for label, rows in after.items() if label.startswith("tournaments.")) == 14


def test_after_the_move_people_permissions_history_and_log_entries_still_point_home(
    database_before_the_move,
):
    harbour_pk = seed_like_content(database_before_the_move)
    migrate(latest())
    ContentType.objects.clear_cache()
    count = ContentType.objects.count()
    call_command("remove_stale_contenttypes", "--noinput", verbosity=0)
    assert ContentType.objects.count() == count  # nothing stale, nothing deleted

    harbour = Tournament.objects.get(pk=harbour_pk)
    assert sorted(harbour.directors.values_list("username", flat=True)) == ["ann", "bea"]
    in_group = User.objects.filter(groups__name="Tournament directors")
    assert sorted(in_group.values_list("username", flat=True)) == ["ann", "bea"]
    cal = User.objects.get(username="cal")
    assert cal.has_perm("tournaments.change_houserule")
    assert not cal.has_perm("tournaments.add_tournament")
    assert User.objects.get(username="bea").has_perm("tournaments.add_tournament")

    entry = LogEntry.objects.get()
    assert entry.get_edited_object() == harbour
    assert (entry.user.username, entry.content_type.app_label) == ("ann", "tournaments")

    walls = HouseRule.objects.get(position=2)
    assert [(h.history_type, h.history_user.username, h.text) for h in walls.history.all()] == [
        ("~", "bea", "Walls of 19 tiles."),
        ("+", "bea", "Walls of 19."),
    ]
    assert harbour.history.get().history_user.username == "ann"
    assert Tournament.history.get(slug="prairie-winds-classic-2027").history_user is None
    assert [v.published_by.username for v in harbour.versions.all()] == ["ann", "ann"]
    assert Scenario.objects.get().articles.get().key == "nmjl-6"

    # The renamed tables still take new rows, keys and history where the old ones stopped.
    highest = HouseRule.objects.order_by("-pk").first().pk
    added = HouseRule.objects.create(tournament=harbour, text="Phones off.", position=3)
    assert added.pk > highest
    assert added.history.get().history_type == "+"
    PublishedVersion.objects.create(
        tournament=harbour, number=3, published_on=timezone.now().date()
    )
    connection.check_constraints()


def test_the_moved_tables_have_the_apps_name_and_keep_their_foreign_keys(database_before_the_move):
    migrate(latest())
    tables = set(connection.introspection.table_names())
    for model in MOVED:
        assert f"tournaments_{model}" in tables
        assert f"rulings_{model}" not in tables
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, "tournaments_houserule")
    references = {c["foreign_key"] for c in constraints.values() if c["foreign_key"]}
    assert ("tournaments_tournament", "id") in references


def test_a_content_type_made_early_under_the_new_label_gives_way_to_the_old_one(
    database_before_the_move,
):
    """`migrate rulings` with the new code installed runs post_migrate, which makes empty
    `tournaments` content types before this migration ran; the old ones, which the
    permissions and log entries point at, are kept."""
    old_apps = database_before_the_move
    seed_like_content(old_apps)
    OldContentType = old_apps.get_model("contenttypes", "ContentType")
    kept = OldContentType.objects.get(app_label="rulings", model="tournament").pk
    early = OldContentType.objects.create(app_label="tournaments", model="tournament").pk

    migrate(latest())
    ContentType.objects.clear_cache()

    assert ContentType.objects.get_for_model(Tournament).pk == kept
    assert not ContentType.objects.filter(pk=early).exists()
    assert User.objects.get(username="bea").has_perm("tournaments.add_tournament")
