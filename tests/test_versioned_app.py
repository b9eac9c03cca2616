"""A model declared once (tests/versioned_app/versioned.py) gets its history, compare,
restore and conflict pages, its rows in recent changes, the admin's version check and its
place in a backup, with nothing else written for them."""

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from articles.admin_versions import VERSION_FIELD
from tests.racing import form_fields
from tests.search.test_backup_restore import backup, restore_into_an_empty_database
from tests.versioned_app.models import Note
from versions.recent import recent_changes

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


def test_a_notes_saves_are_in_recent_changes_newest_first_linking_to_its_history(client, note):
    history = reverse("notes:note-history", args=[note.pk])
    rows = [(change.label, change.what, change.url) for change in recent_changes(models={Note})]
    assert rows == [("Note “A note”", "changed", history), ("Note “A note”", "created", history)]
    assert history in client.get(reverse("articles:recent-changes")).content.decode()


def test_a_note_a_reader_may_not_read_is_not_in_their_recent_changes(editor_client):
    Note.objects.create(title="Kept to editors", body="Not for readers.", private=True)
    reader = Client()
    reader.force_login(User.objects.create_user("rita"))
    assert "Kept to editors" not in reader.get(reverse("articles:recent-changes")).content.decode()
    assert (
        "Kept to editors" in editor_client.get(reverse("articles:recent-changes")).content.decode()
    )


def test_an_admin_save_of_a_note_changed_since_the_page_was_opened_is_a_409(client, note):
    client.force_login(User.objects.create_superuser("root", "root@example.org", "pw"))
    url = reverse("admin:versioned_app_note_change", args=[note.pk])
    fields = form_fields(client.get(url).content.decode(), VERSION_FIELD)
    fields.pop("(action)", None)
    fields["body"] = "Typed in the admin."
    note.title = "Saved on the site meanwhile"
    note.save()

    response = client.post(url, fields)

    assert response.status_code == 409 and "after you opened it" in response.content.decode()
    note.refresh_from_db()
    assert note.title == "Saved on the site meanwhile" and note.history.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_note_and_its_history_are_in_a_backup_and_come_back_from_it(tmp_path):
    note = Note.objects.create(title="A note", body="Written once.")
    note.body = "Written twice."
    note.save()
    saved = list(note.history.order_by("history_id").values_list("history_type", "body"))
    backup(tmp_path / "site.json")

    restore_into_an_empty_database(tmp_path / "site.json")

    assert Note.objects.get(pk=note.pk).body == "Written twice."
    restored = Note.history.filter(id=note.pk).order_by("history_id")
    assert list(restored.values_list("history_type", "body")) == saved
