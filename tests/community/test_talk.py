"""Talk pages: threads, replies, mentions, resolving, hiding, and the nothing-lost guarantees."""

import pytest
from django.urls import reverse

from community import talk
from community.models import Notification, Reply, Thread, Watch
from tests.community.conftest import make_user, signed_in
from tests.wiki.test_editing import form_of
from versions.saving import save_edit

TALK = reverse("community:talk", args=["article", "nmjl-6"])


def start(user, title="Does the exposure lock on the discard?", body="I think so."):
    response = signed_in(user).post(TALK, {"title": title, "body": body})
    assert response.status_code == 302, response.content.decode()[:1500]
    return Thread.objects.get(title=title)


def test_anyone_reads_a_talk_page_but_an_anonymous_reader_cannot_post(client, article, watcher):
    start(watcher)
    assert "Does the exposure lock" in client.get(TALK).content.decode()
    response = client.post(TALK, {"title": "Spam", "body": "Spam"})
    assert response.status_code == 403
    thread = Thread.objects.get()
    assert client.post(thread.get_absolute_url(), {"body": "Spam"}).status_code == 403
    assert Reply.objects.count() == 1


def test_a_reply_is_markdown_sanitised_by_the_sites_markup(article, watcher):
    thread = start(watcher, body="**Bold** <script>alert(1)</script> see Article 6")
    reply = thread.replies.get()
    assert "<strong>Bold</strong>" in reply.body_html
    assert "<script>" not in reply.body_html
    assert 'href="/articles/nmjl-6/"' in reply.body_html


def test_a_mention_tells_the_mentioned_user_and_only_them(article, watcher, bystander):
    mentioned = make_user("maria")
    thread = start(watcher, body="@maria, what do you think? And @nobody-at-all?")
    notice = Notification.objects.get(user=mentioned)
    assert notice.reason == Notification.MENTION
    assert "wanda mentioned you" in notice.message and thread.title in notice.message
    assert not Notification.objects.filter(user__in=[watcher, bystander]).exists()


def test_mentioning_yourself_tells_nobody(article, watcher):
    start(watcher, body="Note to self, @wanda.")
    assert not Notification.objects.exists()


def test_an_edit_that_adds_a_mention_tells_only_the_newly_mentioned(article, watcher):
    maria, nina = make_user("maria"), make_user("nina")
    thread = start(watcher, body="Asking @maria.")
    reply = thread.replies.get()
    client = signed_in(watcher)
    url = reverse("community:reply-edit", args=[reply.pk])
    data = form_of(client.get(url))
    data["body"] = "Asking @maria and @nina."
    assert client.post(url, data).status_code == 302
    assert Notification.objects.filter(user=maria).count() == 1
    assert Notification.objects.filter(user=nina).count() == 1


def test_the_article_watchers_hear_of_new_talk(article, watcher, bystander):
    Watch.objects.create(user=watcher, article=article)
    start(bystander)
    notice = Notification.objects.get(user=watcher)
    assert notice.reason == Notification.TALK and "bob started the thread" in notice.message


def test_a_resolved_thread_shows_who_resolved_it_and_when(article, watcher, editor, client):
    thread = start(watcher)
    version = thread.history.latest().history_id
    response = signed_in(editor).post(
        reverse("community:thread-resolve", args=[thread.pk]),
        {"resolved": "1", "base_version": version},
    )
    assert response.status_code == 302
    thread.refresh_from_db()
    assert thread.resolved_by == editor and thread.resolved_at is not None
    page = client.get(thread.get_absolute_url()).content.decode()
    assert "<strong>Resolved</strong> by ada on" in page
    assert "resolved by ada" in client.get(TALK).content.decode()


def test_resolving_what_changed_since_it_was_shown_does_nothing(article, watcher, editor):
    thread = start(watcher)
    stale = thread.history.latest().history_id
    save_edit(talk.THREAD, thread.pk, {"title": "Renamed meanwhile"}, stale, "Title edited")
    signed_in(editor).post(
        reverse("community:thread-resolve", args=[thread.pk]),
        {"resolved": "1", "base_version": stale},
    )
    thread.refresh_from_db()
    assert not thread.is_resolved


def test_someone_else_may_not_resolve_a_thread_they_did_not_start(article, watcher, bystander):
    thread = start(watcher)
    response = signed_in(bystander).post(
        reverse("community:thread-resolve", args=[thread.pk]),
        {"resolved": "1", "base_version": thread.history.latest().history_id},
    )
    assert response.status_code == 403


def test_only_editors_hide_a_reply_which_stays_in_the_history(article, watcher, editor, client):
    thread = start(watcher, body="Something rude.")
    reply = thread.replies.get()
    url = reverse("community:reply-hide", args=[reply.pk])
    version = {"hidden": "1", "base_version": reply.history.latest().history_id}
    assert signed_in(watcher).post(url, version).status_code == 403
    assert client.post(url, version).status_code == 302  # to the login page
    reply.refresh_from_db()
    assert reply.hidden_at is None
    assert signed_in(editor).post(url, version).status_code == 302
    reply.refresh_from_db()
    assert reply.hidden_by == editor
    assert "Something rude." not in client.get(thread.get_absolute_url()).content.decode()
    history = reverse("community:thread-history", args=[thread.pk])
    assert "Something rude." not in client.get(history).content.decode()
    assert "Something rude." in signed_in(editor).get(history).content.decode()
    assert reply.history.filter(body="Something rude.").count() == 2


def test_two_edits_of_one_reply_end_in_a_conflict_page_with_both_texts(article, watcher, editor):
    thread = start(watcher, body="First words.")
    reply = thread.replies.get()
    url = reverse("community:reply-edit", args=[reply.pk])
    mine, theirs = signed_in(watcher), signed_in(editor)
    my_form, their_form = form_of(mine.get(url)), form_of(theirs.get(url))
    their_form["body"] = "Their words."
    assert theirs.post(url, their_form).status_code == 302
    my_form["body"] = "My words."
    response = mine.post(url, my_form)
    assert response.status_code == 409
    page = response.content.decode()
    assert "Their words." in page and "My words." in page
    reply.refresh_from_db()
    assert reply.body == "Their words."


def test_only_the_author_or_an_editor_edits_a_reply(article, watcher, bystander):
    thread = start(watcher)
    url = reverse("community:reply-edit", args=[thread.replies.get().pk])
    assert signed_in(bystander).get(url).status_code == 403


def test_a_saved_reply_is_said_saved_beside_the_reply_the_thread_comes_back_to(article, watcher):
    thread = start(watcher, body="First words.")
    reply = thread.replies.get()
    url = reverse("community:reply-edit", args=[reply.pk])
    me = signed_in(watcher)
    form = form_of(me.get(url))
    form["body"] = "Better words."
    response = me.post(url, form)
    assert response.status_code == 302
    assert response["Location"] == f"{thread.get_absolute_url()}#reply-{reply.pk}"
    page = me.get(response["Location"]).content.decode()
    beside = page.index(f'id="reply-{reply.pk}"')
    said = page.index("Reply saved.")
    assert said > beside and "message--beside" in page[beside : said + 100]
    assert page.count("Reply saved.") == 1  # not at the top of the page as well


def test_a_hidden_reply_is_edited_and_restored_only_by_those_who_may_hide_it(
    article, watcher, editor
):
    thread = start(watcher, body="Something rude.")
    reply = thread.replies.get()
    first = reply.history.earliest()
    save_edit(talk.REPLY, reply.pk, {"body": "Something ruder."}, first.history_id, "Edited")
    talk.set_hidden(reply, editor, True, reply.history.latest().history_id)
    edit = reverse("community:reply-edit", args=[reply.pk])
    restore = reverse("community:reply-restore", args=[reply.pk, first.history_id])
    latest = {"base_version": reply.history.latest().history_id}
    author = signed_in(watcher)
    refused = author.get(edit)
    assert refused.status_code == 403 and "ruder" not in refused.content.decode()
    assert author.post(restore, latest).status_code == 403
    assert "ruder" in signed_in(editor).get(edit).content.decode()
    reply.refresh_from_db()
    assert reply.body == "Something ruder."


def test_the_title_and_the_preferences_are_edited_through_the_one_edit_view(article, watcher):
    thread = start(watcher, title="Old title")
    me = signed_in(watcher)
    url = reverse("community:thread-title", args=[thread.pk])
    form = form_of(me.get(url))
    form["title"] = "New title"
    assert me.post(url, form)["Location"] == thread.get_absolute_url()
    assert "Title saved." in me.get(thread.get_absolute_url()).content.decode()
    url = reverse("community:preferences")
    page = me.get(url).content.decode()
    assert 'name="base_version"' in page
    response = me.post(url, {**form_of(me.get(url)), "delivery": "daily"}, follow=True)
    assert "Preferences saved." in response.content.decode()
    assert watcher.notice_preferences.delivery == "daily"


def test_the_article_page_counts_open_threads_and_a_talk_save_makes_it_fresh(
    client, article, watcher
):
    first = client.get(article.get_absolute_url()).content.decode()
    assert "open thread" not in first
    start(watcher)
    page = client.get(article.get_absolute_url())
    assert page["X-Page-Cache"] == "miss"
    assert "Discussion: 1 open thread" in page.content.decode()


def test_a_talk_page_for_a_draft_tournament_is_hidden_from_readers(client, article, watcher):
    from tournaments.models import Tournament

    Tournament.objects.create(name="Spring Open", slug="spring-open", ruleset=article.ruleset)
    url = reverse("community:talk", args=["tournament", "spring-open"])
    assert client.get(url).status_code == 404
    assert signed_in(watcher).post(url, {"title": "x", "body": "y"}).status_code == 404


def test_talk_is_in_recent_changes_and_in_search(client, article, watcher):
    start(watcher, title="Wombat exposure question", body="A marsupial question.")
    changes = client.get(reverse("articles:recent-changes")).content.decode()
    assert "Discussion: Wombat exposure question" in changes
    from search.ranking import search

    hits = search("marsupial").hits
    assert [hit.kind for hit in hits] == ["talk"]


def test_a_hidden_reply_leaves_the_search_index(article, watcher, editor):
    from search.ranking import search

    thread = start(watcher, body="A marsupial question.")
    reply = thread.replies.get()
    talk.set_hidden(reply, editor, True, reply.history.latest().history_id)
    assert search("marsupial").hits == []


@pytest.mark.parametrize("bad", ["", " " * 5])
def test_an_empty_post_keeps_what_was_typed_and_says_why(article, watcher, bad):
    response = signed_in(watcher).post(TALK, {"title": "Kept title", "body": bad})
    assert response.status_code == 400
    assert "Kept title" in response.content.decode()
    assert not Thread.objects.exists()


def test_an_old_version_of_a_reply_is_restored_as_a_new_version(article, watcher, bystander):
    thread = start(watcher, body="**First** words.")
    reply = thread.replies.get()
    first = reply.history.earliest()
    save_edit(talk.REPLY, reply.pk, {"body": "Second words."}, first.history_id, "Edited")
    latest = reply.history.latest().history_id
    url = reverse("community:reply-restore", args=[reply.pk, first.history_id])
    assert signed_in(bystander).post(url, {"base_version": latest}).status_code == 403
    history = signed_in(watcher).get(reverse("community:thread-history", args=[thread.pk]))
    assert "Restore this version" in history.content.decode()
    signed_in(watcher).post(url, {"base_version": first.history_id})  # stale: nothing
    reply.refresh_from_db()
    assert reply.body == "Second words."
    signed_in(watcher).post(url, {"base_version": latest})
    reply.refresh_from_db()
    assert reply.body == "**First** words." and "<strong>First</strong>" in reply.body_html
    assert reply.history.count() == 3
    reason = reply.history.latest().history_change_reason
    assert reason.startswith("Restored version 1 (saved ")  # its number in the reply's history
    history = signed_in(watcher).get(reverse("community:thread-history", args=[thread.pk]))
    assert f"reply {reply.pk}, version 3: {reason}" in history.content.decode()
    # A restore saved before versions were numbered named the history id; it reads the same.
    when = reason.removeprefix("Restored version 1 (saved ").removesuffix(")")
    old = f"Restored version of {when} (#{first.history_id})"
    reply.history.filter(history_change_reason=reason).update(history_change_reason=old)
    history = signed_in(watcher).get(reverse("community:thread-history", args=[thread.pk]))
    assert f"version 3: {reason}" in history.content.decode()
    assert f"(#{first.history_id})" not in history.content.decode()


def test_the_admin_shows_notices_without_letting_anyone_change_them(article, watcher):
    from django.contrib.auth.models import User

    start(watcher, body="@wanda hello")
    maria = make_user("maria")
    start(watcher, title="Second", body="@maria hello")
    admin = User.objects.create_superuser("root", "root@example.org", "pw")
    client = signed_in(admin)
    listing = client.get(reverse("admin:community_notification_changelist"))
    assert listing.status_code == 200 and "wanda mentioned you" in listing.content.decode()
    notice = Notification.objects.get(user=maria)
    url = reverse("admin:community_notification_change", args=[notice.pk])
    assert client.post(url, {"message": "changed"}).status_code == 403
