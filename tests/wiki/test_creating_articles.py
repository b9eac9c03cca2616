"""Creating an article: its key must give it a reachable page, its number must be a number."""

import pytest
from django.urls import reverse

from articles.models import Article
from articles.wiki.forms import NUMBER_MESSAGE, is_reserved_key


def _new_article(client, nmjl, **changes):
    data = {
        "ruleset": nmjl.pk,
        "key": "nmjl-24",
        "number": "24",
        "kind": "league-article",
        "title": "Wrong number of tiles",
        "summary": "",
        "body": "A player with the wrong number of tiles can be disqualified.",
        **changes,
    }
    return client.post(reverse("articles:article-create"), data)


def test_an_article_keyed_new_is_refused_because_its_page_would_be_the_create_page(
    editor_client, nmjl
):
    response = _new_article(editor_client, nmjl, key="new")
    assert response.status_code == 200
    errors = response.context["form"].errors["key"]
    assert "/articles/new/ is already another page of the site" in errors[0]
    assert not Article.objects.filter(key="new").exists()
    # Nothing typed is lost.
    assert response.context["form"]["title"].value() == "Wrong number of tiles"


def test_only_keys_a_fixed_page_answers_are_reserved():
    assert is_reserved_key("new")
    assert not is_reserved_key("nmjl-24")
    assert not is_reserved_key("newest")


def test_an_ordinary_key_and_a_digit_number_create_the_article(editor_client, nmjl):
    response = _new_article(editor_client, nmjl)
    assert response.status_code == 302
    article = Article.objects.get(key="nmjl-24")
    assert article.number == "24"
    assert editor_client.get(article.get_absolute_url()).status_code == 200


def test_an_article_may_have_no_number(editor_client, nmjl):
    response = _new_article(editor_client, nmjl, key="calling-guide", number="")
    assert response.status_code == 302
    assert Article.objects.get(key="calling-guide").number == ""


@pytest.mark.parametrize("number", ["-1 <b>", "24a", "2.5", "٢٤", "twenty-four"])
def test_an_article_number_that_is_not_digits_is_refused_with_a_clear_message(
    editor_client, nmjl, number
):
    response = _new_article(editor_client, nmjl, number=number)
    assert response.status_code == 200
    assert response.context["form"].errors["number"] == [NUMBER_MESSAGE]
    assert response.context["form"]["number"].value() == number  # kept to correct
    assert not Article.objects.filter(key="nmjl-24").exists()
