"""Who is told, and how: on the site at once, by e-mail from the task queue."""

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from huey.contrib.djhuey import HUEY
from huey.storage import MemoryStorage

from articles.models import Commentary
from community.models import Notification, Preferences, Watch
from tests.community.conftest import make_user, signed_in
from tests.wiki.test_editing import form_of


def edit_article_6(user, ruling="Allowed until the discard is down."):
    client = signed_in(user)
    url = reverse("articles:article-edit", args=["nmjl-6"])
    data = form_of(client.get(url))
    data["ruling"] = ruling
    data["edit_summary"] = "Clearer ruling"
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return response


@pytest.fixture
def watching(article, watcher):
    return Watch.objects.create(user=watcher, article=article)


def test_a_watcher_is_told_when_someone_else_edits_the_article(watching, watcher, editor):
    edit_article_6(editor)
    notice = Notification.objects.get(user=watcher)
    assert notice.reason == Notification.EDITED and notice.actor == editor
    assert "Article 6" in notice.message and "Clearer ruling" in notice.message
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["wanda@example.org"]
    assert "/articles/nmjl-6/" in mail.outbox[0].body


def test_nobody_is_told_of_their_own_edit(article, editor):
    Watch.objects.create(user=editor, article=article)
    edit_article_6(editor)
    assert not Notification.objects.exists() and mail.outbox == []


def test_nobody_is_told_of_a_page_they_do_not_watch(article, watcher, editor):
    edit_article_6(editor)
    assert not Notification.objects.filter(user=watcher).exists()


def test_an_edit_to_the_commentary_tells_the_article_watchers(watching, watcher, editor):
    commentary = Commentary.objects.create(article=watching.article, body="First.")
    Notification.objects.all().delete()
    client = signed_in(editor)
    url = reverse("articles:commentary-edit", args=[commentary.pk])
    data = form_of(client.get(url))
    data["body"] = "First, and more."
    client.post(url, data)
    notice = Notification.objects.get(user=watcher)
    assert notice.message.startswith("Commentary on Article 6")


def test_after_the_post_no_mail_is_sent_and_one_task_is_queued_which_sends_it(
    watching, watcher, editor, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(HUEY, "_immediate", False)
    monkeypatch.setattr(HUEY, "storage", MemoryStorage("community-test"))
    with django_capture_on_commit_callbacks(execute=True):
        edit_article_6(editor)
    assert mail.outbox == []
    queued = [HUEY.dequeue() for _ in range(HUEY.pending_count())]
    mails = [task for task in queued if task.name.endswith("send_notice_mail")]
    assert len(mails) == 1
    # Run it here, in the test's transaction (a consumer would close the connection first).
    monkeypatch.setattr(HUEY, "_immediate", True)
    HUEY.execute(mails[0])
    assert len(mail.outbox) == 1
    assert Notification.objects.get(user=watcher).emailed_at is not None
    HUEY.execute(mails[0])  # run twice (a retry after a lost acknowledgement): mailed once
    assert len(mail.outbox) == 1


def test_a_mail_server_that_fails_leaves_the_notice_unmailed_for_the_retry(
    watching, watcher, editor, settings
):
    from community import tasks

    settings.EMAIL_BACKEND = "tests.community.failing_mail.Backend"
    edit_article_6(editor)  # immediate mode: the task ran and raised, which huey retries
    notice = Notification.objects.get(user=watcher)
    assert notice.emailed_at is None
    assert tasks.send_notice_mail.task_class.default_retries == tasks.MAIL_RETRIES > 0
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    tasks.send_notice_mail.call_local(notice.pk)
    assert len(mail.outbox) == 1


def test_a_daily_reader_gets_one_digest_instead_of_instant_mail(watching, watcher, editor):
    Preferences.objects.create(user=watcher, delivery=Preferences.DAILY)
    edit_article_6(editor)
    edit_article_6(editor, ruling="Allowed until the discard; then it is final.")
    assert mail.outbox == []
    assert Notification.objects.filter(user=watcher).count() == 2
    call_command("send_digests", stdout=__import__("io").StringIO())
    assert len(mail.outbox) == 1 and "2 changes" in mail.outbox[0].subject
    call_command("send_digests", stdout=__import__("io").StringIO())
    assert len(mail.outbox) == 1  # nothing new, nothing sent


def test_a_site_only_reader_gets_no_mail_but_the_notice(watching, watcher, editor):
    Preferences.objects.create(user=watcher, delivery=Preferences.SITE_ONLY)
    edit_article_6(editor)
    call_command("send_digests", stdout=__import__("io").StringIO())
    assert mail.outbox == [] and Notification.objects.filter(user=watcher).count() == 1


def test_the_header_counts_unread_notices_and_mark_read_clears_them(watching, watcher, editor):
    edit_article_6(editor)
    edit_article_6(editor, ruling="Allowed until the discard; then it is final.")
    client = signed_in(watcher)
    page = client.get(reverse("community:notifications")).content.decode()
    assert '<span class="notice-count" aria-label="2 unread">2</span>' in page
    first = Notification.objects.filter(user=watcher).first()
    client.post(reverse("community:mark-read"), {"notice": first.pk})
    assert Notification.objects.filter(user=watcher, read_at__isnull=True).count() == 1
    client.post(reverse("community:mark-read"))
    assert not Notification.objects.filter(user=watcher, read_at__isnull=True).exists()
    assert "notice-count" not in client.get(reverse("articles:home")).content.decode()


def test_nobody_marks_anothers_notices_read(watching, watcher, editor, bystander):
    edit_article_6(editor)
    notice = Notification.objects.get(user=watcher)
    signed_in(bystander).post(reverse("community:mark-read"), {"notice": notice.pk})
    notice.refresh_from_db()
    assert notice.read_at is None
    assert (
        signed_in(bystander).post(reverse("community:mark-read"), {"notice": "x"}).status_code
        == 404
    )


def test_preferences_are_saved_with_a_version_check(watcher):
    client = signed_in(watcher)
    url = reverse("community:preferences")
    data = form_of(client.get(url))
    stale = dict(data)
    response = client.post(url, {**data, "delivery": Preferences.DAILY})
    assert response.status_code == 302
    assert Preferences.objects.get(user=watcher).delivery == Preferences.DAILY
    conflict = client.post(url, {**stale, "delivery": Preferences.SITE_ONLY})
    assert conflict.status_code == 409
    assert Preferences.objects.get(user=watcher).delivery == Preferences.DAILY
    assert Preferences.objects.get(user=watcher).history.count() == 2


def test_followers_hear_of_a_published_and_a_withdrawn_version_but_not_the_director(article):
    from tournaments import versions
    from tournaments.models import Tournament

    director, follower = make_user("dora"), make_user("fay")
    tournament = Tournament.objects.create(
        name="Spring Open", slug="spring-open", ruleset=article.ruleset
    )
    Watch.objects.create(user=follower, tournament=tournament)
    Watch.objects.create(user=director, tournament=tournament)
    version = versions.publish(tournament, user=director)
    versions.withdraw(version, director, "A typo in rule 2")
    messages = list(
        Notification.objects.filter(user=follower).order_by("pk").values_list("message", flat=True)
    )
    assert messages == [
        "Spring Open: house rules version 1 published",
        "Spring Open: house rules version 1 withdrawn (A typo in rule 2)",
    ]
    assert not Notification.objects.filter(user=director).exists()
