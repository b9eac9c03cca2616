"""A site moves from PostgreSQL to SQLite and back by the README's recipe (`backup`, `migrate`
on a new, empty database, `restore`), with every row and all its history, after an author
with posts was deleted.

The PostgreSQL pass of the suite runs it: the site is made in the test database, then real
`manage.py` processes migrate a SQLite file of the test's own and a PostgreSQL database the
test creates and drops, restore into each and back up from the SQLite one.
"""

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection

from search.site_backup import ExactJSONEncoder
from tests.search.test_backup_after_user_deleted import a_site_whose_author_left
from tests.search.test_backup_restore import backup, every_row
from tests.tournaments.tournament_factories import tournament
from tournaments.models import PublishedVersion

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="moves a site between SQLite and PostgreSQL: runs in the PostgreSQL pass",
    ),
]

MANAGE = Path(settings.BASE_DIR) / "manage.py"
# In a migrated database: restore a backup, back it up again if asked, write every row.
RESTORE_AND_DUMP = """
import json
from django.core.management import call_command
from search.site_backup import ExactJSONEncoder
from tests.search.test_backup_restore import every_row
call_command("restore", backup_file)
if backup_again:
    call_command("backup", backup_again)
with open(rows_file, "w") as out:
    json.dump(every_row(), out, cls=ExactJSONEncoder)
"""


def manage(database_url, *args) -> subprocess.Popen:
    """`manage.py ARGS` in a process of its own, on the database at database_url."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "config.test_settings",
    }
    command = [sys.executable, str(MANAGE), *args]
    return subprocess.Popen(command, env=env, cwd=settings.BASE_DIR, stdout=subprocess.DEVNULL)


def finished(process: subprocess.Popen):
    assert process.wait(timeout=120) == 0, process.args


def restore_and_dump(database_url, backup_file, rows_file, backup_again=None):
    names = f"backup_file, backup_again, rows_file = {str(backup_file)!r}, "
    names += f"{backup_again and str(backup_again)!r}, {str(rows_file)!r}\n"
    finished(manage(database_url, "shell", "-c", names + RESTORE_AND_DUMP))
    return json.loads(Path(rows_file).read_text())


@pytest.fixture
def postgresql_copy():
    """A new, empty PostgreSQL database beside the test database, dropped afterwards."""
    name = f"{connection.settings_dict['NAME']}_copy"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def processes():
    """Processes the test started; any still running at its end (it failed) are stopped."""
    started = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
            process.wait()


def as_json(rows):
    return json.loads(json.dumps(rows, cls=ExactJSONEncoder))


def test_a_site_moves_to_sqlite_and_back_with_every_row_after_an_author_was_deleted(
    postgresql_copy, processes, tmp_path
):
    sqlite = f"sqlite:///{tmp_path / 'site.sqlite3'}"
    migrations = [manage(url, "migrate") for url in (sqlite, postgresql_copy)]
    processes.extend(migrations)
    carl_id = a_site_whose_author_left()
    ada = User.objects.get(username="ada")
    harbour = tournament("harbour-open", directors=[ada])
    PublishedVersion.objects.create(  # jsonb keeps no key order: the rows must still match
        tournament=harbour,
        number=1,
        published_on=datetime.date(2026, 12, 1),
        published_by=ada,
        snapshot={"zeta": [1, 2], "alpha": {"b": "two", "a": "one"}, "base_rules": "NMJL"},
    )
    before = as_json(every_row())
    backup(tmp_path / "from-postgresql.json")
    for migration in migrations:
        finished(migration)

    in_sqlite = restore_and_dump(
        sqlite,
        tmp_path / "from-postgresql.json",
        tmp_path / "sqlite-rows.json",
        backup_again=tmp_path / "from-sqlite.json",
    )
    back_in_postgresql = restore_and_dump(
        postgresql_copy, tmp_path / "from-sqlite.json", tmp_path / "postgresql-rows.json"
    )

    assert back_in_postgresql == in_sqlite
    users_before, users_after = before.pop("auth.user"), in_sqlite.pop("auth.user")
    assert users_after == [*users_before, users_after[-1]]
    assert users_after[-1]["fields"]["username"] == f"deleted-user-{carl_id}"
    assert before["community.historicalreply"] and before["tournaments.publishedversion"]
    for label in before:
        assert in_sqlite[label] == before[label], label
