"""Texts have a cap: a 2 MB commentary is refused with a clear message, and nothing is lost."""

import pytest
from django.urls import reverse

from articles.models import Article, Term
from articles.wiki.forms import TEXT_CAPS
from versions.saving import latest_version


def _edit(client, url_name, pk, data, obj):
    url = reverse(f"articles:{url_name}-edit", args=[pk])
    return client.post(url, {**data, "base_version": latest_version(obj)})


def test_a_two_megabyte_commentary_is_refused_and_the_text_is_kept(editor_client, commentary):
    huge = " ".join(["The exposure is locked."] * 90_000)  # about 2 MB
    before = commentary.body
    response = _edit(
        editor_client, "commentary", commentary.pk, {"body": huge, "author": "x"}, commentary
    )
    assert response.status_code == 200
    (message,) = response.context["form"].errors["body"]
    assert f"{len(huge):,} characters long" in message
    assert "at most 100,000" in message
    assert response.context["form"]["body"].value() == huge  # what was typed is still there
    commentary.refresh_from_db()
    assert commentary.body == before


def test_a_commentary_at_the_cap_is_saved(editor_client, commentary):
    text = "x" * TEXT_CAPS["body"]
    response = _edit(
        editor_client, "commentary", commentary.pk, {"body": text, "author": "x"}, commentary
    )
    assert response.status_code == 302
    commentary.refresh_from_db()
    assert commentary.body == text


def test_line_breaks_count_once_as_saved_not_twice_as_a_browser_sends_them(
    editor_client, commentary
):
    text = "a\r\n" * (TEXT_CAPS["body"] // 2)  # 100,000 characters once saved
    response = _edit(
        editor_client, "commentary", commentary.pk, {"body": text, "author": "x"}, commentary
    )
    assert response.status_code == 302


@pytest.mark.parametrize(
    ("url_name", "field", "cap"),
    [("article", "body", 100_000), ("question", "answer", 100_000), ("term", "definition", 20_000)],
)
def test_an_article_body_an_answer_and_a_definition_over_their_cap_are_refused(
    editor_client, article, question, term, url_name, field, cap
):
    obj = {"article": article, "question": question, "term": term}[url_name]
    data = {
        "article": {"title": article.title, "summary": ""},
        "question": {"question": "Q?"},
        "term": {"term": term.term, "aliases": ""},
    }[url_name]
    pk = getattr(obj, {"article": "key", "question": "pk", "term": "slug"}[url_name])
    response = _edit(editor_client, url_name, pk, {**data, field: "y" * (cap + 1)}, obj)
    assert response.status_code == 200
    assert f"at most {cap:,}" in response.context["form"].errors[field][0]
    obj.refresh_from_db()
    assert getattr(obj, field) != "y" * (cap + 1)


def test_a_new_term_with_an_over_long_definition_is_not_created(editor_client):
    response = editor_client.post(
        reverse("articles:term-create"),
        {"slug": "kong", "term": "Kong", "aliases": "", "definition": "z" * 20_001},
    )
    assert response.status_code == 200
    assert "at most 20,000" in response.context["form"].errors["definition"][0]
    assert not Term.objects.filter(slug="kong").exists()


def test_an_over_long_text_is_not_rendered_for_preview(editor_client, article):
    url = reverse("articles:article-edit", args=[article.key])
    response = editor_client.post(
        url, {"title": article.title, "body": "z" * 100_001, "preview": "1"}
    )
    assert response.status_code == 200
    assert response.context["preview"] is None
    assert Article.objects.get(pk=article.pk).body != "z" * 100_001
