"""A backup restored into an empty database gives back every row: content, history and people.

Runs on SQLite and on PostgreSQL (DATABASE_URL), as the whole suite does. Each restore goes
into the database as `migrate` left it, as the README's recipe has it.
"""

import io
from datetime import date
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from articles.models import Article, Commentary
from articles.permissions import EDITORS
from community import talk
from community.models import Preferences, Watch
from search.models import SearchDocument
from search.site_backup import BackupSerializer, gone_users
from tests.tournaments.card_factories import card_text
from tournaments.models import Card, HouseRule, PublishedVersion, Tournament

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
# Rebuilt by migrate or by the restore itself, with ids or values of their own.
NOT_COMPARED_BY_ID = {
    "contenttypes.contenttype",
    "auth.permission",
    "search.searchdocument",
    "pagecache.contentgeneration",
}

pytestmark = pytest.mark.django_db(transaction=True)


def edit(obj, user, reason, **values):
    for name, value in values.items():
        setattr(obj, name, value)
    obj._history_user = user
    obj._change_reason = reason
    obj.save()


@pytest.fixture
def site_with_history():
    """The seed content, then edits by two editors and a tournament director's publishing."""
    as_migrate_left_it()
    call_command("import_content", str(FIXTURES), stdout=io.StringIO())
    editors = Group.objects.get_or_create(name=EDITORS)[0]
    ada = User.objects.create_user("ada", "ada@example.org", "pw-ada", first_name="Ada")
    bea = User.objects.create_user("bea", password="pw-bea")
    zelda = User.objects.create_user("zelda", password="pw-zelda")
    ada.groups.add(editors)
    bea.groups.add(editors)
    commentary = Commentary.objects.filter(article__key="nmjl-6").first()
    # Watching and talk: ada watches Article 6 (so bea's edits below notify her), starts a
    # thread mentioning bea, and bea resolves it and chooses a daily digest.
    Watch.objects.create(user=ada, article=commentary.article)
    thread = talk.start_thread(ada, "Does it lock?", "@bea, when?", article=commentary.article)
    talk.set_resolved(thread, bea, True, thread.history.latest().history_id)
    Preferences.objects.create(user=bea, delivery=Preferences.DAILY)
    edit(commentary, ada, "Say when the exposure locks", body=commentary.body + "\n\nIt locks.")
    edit(commentary, bea, "Shorter", body="It locks at the joker exchange.")
    article = Article.objects.get(key="nmjl-205")
    edit(article, bea, "Clearer title", title="Wrong number of tiles, explained")
    edit(article, ada, "Marked reviewed", last_reviewed_on=date(2026, 11, 30))
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    harbour.directors.add(zelda, ada)
    rule = harbour.house_rules.first()
    edit(rule, zelda, "Plainer", text="A touched tile is taken.")
    PublishedVersion.objects.create(
        tournament=harbour,
        number=harbour.versions.count() + 1,
        published_on=date(2026, 12, 1),
        published_by=zelda,
        snapshot={"base_rules": harbour.base_rules, "house_rules": []},
    )
    # A tournament's private card, changed once by its director: the card and its history.
    secret = Card.objects.create(
        name="Harbour Card", text=card_text("Harbour Card"), owner=harbour, private=True
    )
    edit(secret, zelda, "Our own note", text=card_text("Harbour Card", note="Harbour only"))
    assert Commentary.history.filter(history_user=bea).exists()


def every_row():
    """Every row of every model, history tables too, as natural keys name them (an author
    whose account is gone by the placeholder a backup writes for them)."""
    serializer = BackupSerializer(gone_users())
    rows = {}
    for model in apps.get_models():
        label = model._meta.label_lower
        if label in NOT_COMPARED_BY_ID or label == "sessions.session":
            continue
        rows[label] = serializer.rows(model._default_manager.order_by("pk"))
    rows["search documents"] = sorted(
        SearchDocument.objects.values_list("kind", "key", "title", "body", "keywords", "url")
    )
    return rows


def backup(path, *options):
    call_command("backup", str(path), *options, stdout=io.StringIO())


def as_migrate_left_it():
    """The database emptied, then given back exactly the rows `migrate` made when the test
    database was set up (content types, permissions, the roles' groups, the page cache's
    generation; kept by tests/conftest.py): the README's "migrate on a new, empty database",
    without migrating again."""
    call_command("flush", interactive=False, verbosity=0, inhibit_post_migrate=True)
    connection.creation.deserialize_db_from_string(connection.rows_migrate_made)


def restore_into_an_empty_database(path):
    as_migrate_left_it()
    assert not Article.objects.exists() and not User.objects.exists()
    call_command("restore", str(path), stdout=io.StringIO())


def test_a_restored_backup_gives_every_row_back_with_its_history_and_people(
    site_with_history, tmp_path
):
    before = every_row()
    assert before["articles.historicalcommentary"] and before["tournaments.historicalhouserule"]
    assert before["community.notification"] and before["community.historicalreply"]
    assert before["community.readersverdicts"] and before["community.historicalthread"]
    assert before["tournaments.card"] and len(before["tournaments.historicalcard"]) == 2
    backup(tmp_path / "site.json")
    restore_into_an_empty_database(tmp_path / "site.json")
    after = every_row()
    for label in before:
        assert after[label] == before[label], label


def test_the_authors_directors_and_publishers_are_the_same_people_after_a_restore(
    site_with_history, tmp_path
):
    backup(tmp_path / "site.json")
    restore_into_an_empty_database(tmp_path / "site.json")
    assert User.objects.get(username="ada").check_password("pw-ada")
    assert set(User.objects.get(username="bea").groups.values_list("name", flat=True)) == {EDITORS}
    reasons = Commentary.history.filter(history_user__username="bea")
    assert reasons.filter(history_change_reason="Shorter").exists()
    harbour = Tournament.objects.get(slug="harbour-lights-open-2027")
    assert sorted(harbour.directors.values_list("username", flat=True)) == ["ada", "zelda"]
    assert harbour.versions.first().published_by.username == "zelda"
    assert HouseRule.history.filter(history_user__username="zelda").exists()
    card = Card.objects.get(name="Harbour Card")
    assert card.owner == harbour and card.private and "Harbour only" in card.text
    assert card.history.filter(history_user__username="zelda").exists()


def test_without_users_the_file_holds_no_login_and_authors_become_placeholders(
    site_with_history, tmp_path
):
    hashes = set(User.objects.values_list("password", flat=True))
    path = tmp_path / "site.json"
    backup(path, "--without-users")
    text = path.read_text()
    assert not any(password in text for password in hashes)
    assert "ada@example.org" not in text and '"ada"' not in text
    restore_into_an_empty_database(path)
    authors = set(
        Commentary.history.exclude(history_user=None).values_list(
            "history_user__username", flat=True
        )
    )
    assert len(authors) == 2 and all(name.startswith("author-") for name in authors)
    assert not any(user.has_usable_password() for user in User.objects.all())
    assert Tournament.objects.get(slug="harbour-lights-open-2027").directors.count() == 2


def test_restore_refuses_a_database_that_has_content(site_with_history, tmp_path):
    backup(tmp_path / "site.json")
    rows = Article.history.count()
    with pytest.raises(CommandError, match="needs an empty database"):
        call_command("restore", str(tmp_path / "site.json"), stdout=io.StringIO())
    assert Article.history.count() == rows


@pytest.mark.parametrize("text", ["", "not json", '[{"model": "nope.nothing", "fields": {}}]'])
def test_a_file_that_is_not_a_backup_is_refused_with_its_name(db, tmp_path, text):
    path = tmp_path / "broken.json"
    path.write_text(text)
    with pytest.raises(CommandError, match="broken.json"):
        call_command("restore", str(path), stdout=io.StringIO())
    assert not Article.objects.exists()


def test_the_backups_help_says_the_file_is_sensitive():
    from search.management.commands.backup import Command

    assert "PASSWORD HASHES" in Command.help and "SENSITIVE" in Command.help
