"""A model declared once (tests/versioned_app/versioned.py) gets its history, compare,
restore and conflict pages with nothing else written for them."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from tests.versioned_app.models import Note

pytestmark = pytest.mark.django_db


@pytest.fixture
def note():
    note = Note.objects.create(title="A note", body="Written once.\n\nKept as it is.")
    note.body = "Written once, then again.\n\nKept as it is."
    note.save()
    return note


@pytest.fixture
def editor_client(client):
    editor = User.objects.create_user("ada", first_name="Ada")
    editor.groups.add(Group.objects.get_or_create(name="Editors")[0])
    client.force_login(editor)
    return client


def test_the_declared_note_has_a_history_and_a_word_by_word_compare(client, note):
    history = client.get(reverse("notes:note-history", args=[note.pk])).content.decode()
    assert "History: Note “A note”" in history and history.count('name="from"') == 2
    assert "changed the body" in history and "created" in history
    compare = client.get(reverse("notes:note-compare", args=[note.pk]) + "?from=1&to=2")
    assert "Written <del>once.</del><ins>once, then again.</ins>" in compare.content.decode()


def test_an_editor_restores_the_first_version_and_a_reader_may_not(note, editor_client):
    url = reverse("notes:note-restore", args=[note.pk, 1])
    reader = Client()
    reader.force_login(User.objects.create_user("rita"))
    assert reader.post(url, {"latest": 2}).status_code == 403
    assert editor_client.post(url, {"latest": 2}).status_code == 302
    note.refresh_from_db()
    assert note.body.startswith("Written once.") and note.history.count() == 3


def test_an_edit_from_an_old_version_of_the_same_paragraph_is_a_conflict_page(editor_client, note):
    url = reverse("notes:note-edit", args=[note.pk])
    started = editor_client.get(url).context["form"].initial["base_version"]
    note.body = "Written twice.\n\nKept as it is."
    note.save()
    mine = {"title": "A note", "body": "Written thrice.\n\nKept as it is.", "base_version": started}
    response = editor_client.post(url, mine)
    assert response.status_code == 409 and "Body" in response.content.decode()
    note.refresh_from_db()
    assert note.body.startswith("Written twice.")
