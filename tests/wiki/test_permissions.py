"""Every change needs an editor: anonymous visitors go to the login page, others get 403."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from articles.permissions import EDITORS, TOURNAMENT_DIRECTORS, is_editor
from tests.wiki.conftest import logged_in


def test_the_roles_migration_creates_both_groups_and_gives_editors_add_and_change(db):
    editors = Group.objects.get(name=EDITORS)
    assert Group.objects.filter(name=TOURNAMENT_DIRECTORS).exists()
    codenames = set(editors.permissions.values_list("codename", flat=True))
    for model in ("article", "commentary", "question", "citation", "term", "source"):
        assert {f"add_{model}", f"change_{model}"} <= codenames
    assert "delete_article" not in codenames


def test_is_editor_only_for_active_members_of_editors_and_superusers(
    editor, reader, django_user_model
):
    assert is_editor(editor)
    assert not is_editor(reader)
    boss = django_user_model.objects.create_superuser("boss", password="pw")
    assert is_editor(boss)


def test_an_inactive_editor_is_no_editor(editor):
    editor.is_active = False
    editor.save()
    editor = type(editor).objects.get(pk=editor.pk)
    assert not is_editor(editor)


def _actions(article, commentary, question, citation, term):
    """(method, url) for every action that changes content."""
    urls = [
        ("get", reverse("articles:article-edit", args=[article.key])),
        ("post", reverse("articles:article-edit", args=[article.key])),
        ("get", reverse("articles:article-create")),
        ("post", reverse("articles:article-create")),
        ("get", reverse("articles:article-restore", args=[article.key, 1])),
        ("post", reverse("articles:article-restore", args=[article.key, 1])),
        ("post", reverse("articles:article-review", args=[article.key])),
        ("post", reverse("articles:commentary-create", args=[article.key])),
        ("post", reverse("articles:question-create", args=[article.key])),
        ("post", reverse("articles:citation-create", args=[article.key])),
        ("post", reverse("articles:term-create")),
    ]
    for name, arg in (
        ("commentary", commentary.pk),
        ("question", question.pk),
        ("citation", citation.pk),
        ("term", term.slug),
    ):
        urls += [
            ("get", reverse(f"articles:{name}-edit", args=[arg])),
            ("post", reverse(f"articles:{name}-edit", args=[arg])),
            ("post", reverse(f"articles:{name}-restore", args=[arg, 1])),
        ]
    return urls


@pytest.fixture
def actions(article, commentary, question, citation, term):
    return _actions(article, commentary, question, citation, term)


def test_anonymous_visitors_are_sent_to_log_in_for_every_change(client, actions, article):
    before = article.history.count()
    for method, url in actions:
        response = getattr(client, method)(url, {"body": "vandalised", "title": "x"})
        assert response.status_code == 302, url
        assert response.url.startswith(reverse("login") + "?next="), url
    assert article.history.count() == before


def test_logged_in_non_editors_are_refused_every_change(reader, actions, article):
    client = logged_in(reader)
    for method, url in actions:
        response = getattr(client, method)(url, {"body": "vandalised", "title": "x"})
        assert response.status_code == 403, url
    article.refresh_from_db()
    assert "vandalised" not in article.body


def test_a_tournament_director_who_is_not_an_editor_cannot_edit(article, django_user_model):
    director = django_user_model.objects.create_user("tom", password="pw")
    director.groups.add(Group.objects.get(name=TOURNAMENT_DIRECTORS))
    response = logged_in(director).get(reverse("articles:article-edit", args=[article.key]))
    assert response.status_code == 403


def test_anyone_may_read_history_compare_and_the_wiki_lists(client, article):
    for url in (
        reverse("articles:article-history", args=[article.key]),
        reverse("articles:article-compare", args=[article.key]) + "?from=1&to=1",
        reverse("articles:article-links-here", args=[article.key]),
        reverse("articles:recent-changes"),
        reverse("articles:wanted"),
        reverse("articles:unreviewed"),
        reverse("articles:wanted-article", args=["nmjl-24"]),
    ):
        assert client.get(url, follow=True).status_code == 200, url


def test_mark_reviewed_refuses_get(editor_client, article):
    response = editor_client.get(reverse("articles:article-review", args=[article.key]))
    assert response.status_code == 405


def test_the_login_page_shows_its_form(client, db):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    assert 'name="username"' in response.content.decode()


def test_an_editor_logs_in_with_the_login_form(client, editor):
    response = client.post(reverse("login"), {"username": "ada", "password": "pw"})
    assert response.status_code == 302
    assert client.get(reverse("articles:article-create")).status_code == 200
