"""Two saves at the very same moment: the row lock serialises them and both edits survive."""

import threading

import pytest
from django.db import connection, connections

from articles.models import Commentary
from articles.wiki.kinds import COMMENTARY as COMMENTARY_KIND
from tests.wiki.conftest import COMMENTARY
from versions.saving import latest_version, save_edit

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the in-memory SQLite test database cannot hold two writers; on a file database "
    "IMMEDIATE transactions serialise them (settings)",
)
def test_two_simultaneous_saves_from_the_same_version_both_survive(article):
    commentary = Commentary.objects.create(article=article, body=COMMENTARY)
    base = latest_version(commentary)
    edits = {
        "Ada": COMMENTARY.replace("once it is racked", "once it is racked (Ada)"),
        "Bea": COMMENTARY.replace("has a dead hand", "has a dead hand (Bea)"),
    }
    start = threading.Barrier(len(edits))
    outcomes, errors = {}, []

    def save(name):
        try:
            start.wait(timeout=10)
            cleaned = {"body": edits[name], "author": "", "reviewed_on": None}
            outcomes[name] = save_edit(COMMENTARY_KIND, commentary.pk, cleaned, base, name)
        except Exception as error:  # reported below, with the thread's name
            errors.append((name, error))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(name,)) for name in edits]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    assert all(outcome.saved for outcome in outcomes.values())
    assert sorted(outcome.merged for outcome in outcomes.values()) == [False, True]
    commentary.refresh_from_db()
    assert "once it is racked (Ada)" in commentary.body
    assert "has a dead hand (Bea)" in commentary.body
    assert commentary.history.count() == 3
