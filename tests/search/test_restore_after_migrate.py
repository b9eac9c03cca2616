"""The README's recipe: `migrate` on a new, empty database, then `restore`. The rows migrate
makes (content types, permissions, the roles' groups, the page cache's generation) are not
content; a database holding anything people made is still refused. SQLite and PostgreSQL.
"""

import io

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.core.management.base import CommandError

from articles.models import Article, Commentary, RuleSet
from pagecache.models import ContentGeneration
from tests.search.test_backup_restore import as_migrate_left_it, backup, edit, every_row

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def site_backup(tmp_path):
    """Article 6, edited by ada, backed up; then the database is as migrate left it."""
    as_migrate_left_it()
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL")
    article = Article.objects.create(ruleset=nmjl, key="nmjl-6", number="6", title="Exposures")
    commentary = Commentary.objects.create(article=article, body="Until the discard.")
    ada = User.objects.create_user("ada", password="pw-ada")
    edit(commentary, ada, "Say when", body="Until the discard, then it locks.")
    rows = every_row()
    backup(tmp_path / "site.json")
    as_migrate_left_it()
    return tmp_path / "site.json", rows


def test_a_backup_restores_into_a_database_just_migrated(site_backup):
    path, rows = site_backup
    assert ContentGeneration.objects.exists() and Group.objects.exists()  # what migrate made
    call_command("restore", str(path), stdout=io.StringIO())
    after = every_row()
    assert all(after[label] == rows[label] for label in rows)
    assert Commentary.history.filter(history_user__username="ada").exists()


def test_a_migrated_database_with_one_account_is_refused_and_keeps_it(site_backup):
    path, _ = site_backup
    User.objects.create_superuser("root", password="pw-root")
    with pytest.raises(CommandError, match=r"needs an empty database.*auth\.User"):
        call_command("restore", str(path), stdout=io.StringIO())
    assert list(User.objects.values_list("username", flat=True)) == ["root"]
    assert not Article.objects.exists()
