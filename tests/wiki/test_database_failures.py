"""When the database cannot save an edit, the editor gets the form back with their text and a
plain message, the failure is logged with its cause, and nothing is half written."""

import logging

import pytest
from django.urls import reverse

from articles.models import Article, Commentary
from tests.database_failures import database_refuses_writes
from tests.wiki.conftest import logged_in
from tests.wiki.test_editing import form_of

NEW_TEXT = "The exposure may change until the player's discard touches the table."


def edit_url(article):
    return reverse("articles:article-edit", args=[article.key])


def test_an_edit_saved_while_the_database_is_read_only_comes_back_with_the_text(
    article, editor, caplog
):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(article)))
    data["body"] = NEW_TEXT
    versions = article.history.count()
    with caplog.at_level(logging.ERROR), database_refuses_writes():
        response = client.post(edit_url(article), data)
    assert response.status_code == 503
    page = response.content.decode()
    assert "The database could not save this just now: it is read-only." in page
    assert "Your text is below; try again." in page
    assert NEW_TEXT.replace("'", "&#x27;") in page
    article.refresh_from_db()
    assert article.body == "The exposure may change until the player discards."
    assert article.history.count() == versions
    assert "attempt to write a readonly database" in caplog.text


def test_an_edit_that_fails_half_way_leaves_nothing_half_written(article, editor):
    """The row's update goes through, its history entry does not: neither is kept."""
    client = logged_in(editor)
    data = form_of(client.get(edit_url(article)))
    data["body"] = NEW_TEXT
    versions = article.history.count()
    with database_refuses_writes("database or disk is full", after=1):
        response = client.post(edit_url(article), data)
    assert response.status_code == 503
    assert "its disk is full" in response.content.decode()
    article.refresh_from_db()
    assert article.body == "The exposure may change until the player discards."
    assert article.history.count() == versions


def test_the_same_edit_saves_once_the_database_takes_writes_again(article, editor):
    client = logged_in(editor)
    data = form_of(client.get(edit_url(article)))
    data["body"] = NEW_TEXT
    with database_refuses_writes("database is locked"):
        refused = client.post(edit_url(article), data)
    assert "it was busy" in refused.content.decode()
    assert client.post(edit_url(article), form_of(refused)).status_code == 302
    article.refresh_from_db()
    assert article.body == NEW_TEXT


@pytest.mark.django_db
def test_new_commentary_refused_by_the_database_comes_back_with_its_text(article, editor):
    client = logged_in(editor)
    url = reverse("articles:commentary-create", args=[article.key])
    text = "A called tile that is racked must be used."
    with database_refuses_writes():
        response = client.post(url, {"body": text, "author": "League editor"})
    assert response.status_code == 503
    page = response.content.decode()
    assert "could not save this just now" in page
    assert text in page
    assert not Commentary.objects.filter(article=article).exists()


def test_marking_reviewed_while_the_database_is_read_only_says_so_and_marks_nothing(
    article, editor
):
    client = logged_in(editor)
    with database_refuses_writes():
        response = client.post(reverse("articles:article-review", args=[article.key]), follow=True)
    assert "could not save this just now: it is read-only" in response.content.decode()
    assert Article.objects.get(pk=article.pk).last_reviewed_on is None


def test_restoring_an_old_version_while_the_database_is_read_only_says_so_and_restores_nothing(
    article, editor
):
    article.body = NEW_TEXT
    article.save()
    client = logged_in(editor)
    url = reverse("articles:article-restore", args=[article.key, 1])
    with database_refuses_writes():
        response = client.post(url, {"latest": article.history.count()}, follow=True)
    assert "could not save this just now: it is read-only" in response.content.decode()
    assert Article.objects.get(pk=article.pk).body == NEW_TEXT
