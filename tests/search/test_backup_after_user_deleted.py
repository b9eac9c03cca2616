"""A backup is made, and restores, after an account with posts was deleted.

History keeps the deleted author's id (`HistoricalReply.author_id`,
`HistoricalThread.started_by_id`, `HistoricalWatch.user_id`: no database constraint), so the
backup names that author by a placeholder account; the history itself is never rewritten.
Runs on SQLite and PostgreSQL.
"""

import pytest
from django.contrib.auth.models import User

from articles.models import Article, Commentary, RuleSet
from community import talk
from community.models import Reply, Thread, Watch
from tests.search.test_backup_restore import (
    as_migrate_left_it,
    backup,
    edit,
    every_row,
    restore_into_an_empty_database,
)

pytestmark = pytest.mark.django_db(transaction=True)


def a_site_whose_author_left(username="carl"):
    """Article 6 with a commentary. Carl edits the commentary, watches the page, starts a
    talk thread, ada answers and carl replies; then carl's account is deleted."""
    as_migrate_left_it()
    nmjl = RuleSet.objects.create(key="nmjl", name="NMJL")
    article = Article.objects.create(
        ruleset=nmjl, key="nmjl-6", number="6", title="Changing an exposure", body="It may."
    )
    commentary = Commentary.objects.create(article=article, body="Until the discard.")
    ada = User.objects.create_user("ada", "ada@example.org", "pw-ada")
    carl = User.objects.create_user(username, f"{username}@example.org", "pw-carl")
    edit(commentary, carl, "Say when it locks", body="Until the discard, then it locks.")
    Watch.objects.create(user=carl, article=article)
    thread = talk.start_thread(carl, "Does it lock?", "When does it lock?", article=article)
    talk.post_reply(thread, ada, "At the discard.")
    talk.post_reply(thread, carl, "Thank you.")
    carl_id = carl.pk
    carl.delete()
    assert Reply.history.filter(author_id=carl_id).exists()  # history kept carl's id
    return carl_id


@pytest.fixture
def carl_id():
    return a_site_whose_author_left()


def test_after_an_author_is_deleted_the_backup_restores_every_row_and_their_history(
    carl_id, tmp_path
):
    before = every_row()
    backup(tmp_path / "site.json")
    restore_into_an_empty_database(tmp_path / "site.json")
    after = every_row()

    users_before, users_after = before.pop("auth.user"), after.pop("auth.user")
    assert users_after[: len(users_before)] == users_before
    [placeholder] = users_after[len(users_before) :]
    assert placeholder["fields"]["username"] == f"deleted-user-{carl_id}"
    for label in before:
        assert after[label] == before[label], label


def test_a_deleted_authors_posts_come_back_under_a_placeholder_nobody_can_log_in_as(
    carl_id, tmp_path
):
    backup(tmp_path / "site.json")
    restore_into_an_empty_database(tmp_path / "site.json")
    gone = User.objects.get(username=f"deleted-user-{carl_id}")
    assert not gone.has_usable_password() and not gone.is_active and not gone.email
    authors = set(Reply.history.values_list("author__username", flat=True))
    assert authors == {"ada", gone.username}
    assert set(Thread.history.values_list("started_by__username", flat=True)) == {gone.username}
    assert set(Watch.history.values_list("user__username", flat=True)) == {gone.username}
    # Live rows lost their author when the account went (SET_NULL), as before the backup.
    assert Reply.objects.filter(author=None).count() == 2 and not Watch.objects.exists()
    assert Commentary.history.filter(history_change_reason="Say when it locks").exists()


def test_a_deleted_authors_placeholder_never_takes_the_name_of_an_account(tmp_path):
    carl_id = a_site_whose_author_left()
    User.objects.create_user(f"deleted-user-{carl_id}", password="pw")
    backup(tmp_path / "site.json")
    restore_into_an_empty_database(tmp_path / "site.json")
    gone = f"deleted-user-{carl_id}-2"
    assert set(Thread.history.values_list("started_by__username", flat=True)) == {gone}
    assert User.objects.get(username=f"deleted-user-{carl_id}").has_usable_password()


def test_without_users_a_deleted_author_is_one_more_placeholder_author(carl_id, tmp_path):
    backup(tmp_path / "site.json", "--without-users")
    restore_into_an_empty_database(tmp_path / "site.json")
    authors = set(Reply.history.values_list("author__username", flat=True))
    assert authors == {"author-1", "author-2"}
    assert not User.objects.filter(username__startswith="deleted-user-").exists()
    # Still one author: the thread's starter wrote the thanks.
    thanks = Reply.history.get(body="Thank you.").author
    answer = Reply.history.get(body="At the discard.").author
    assert Thread.history.get().started_by == thanks != answer
