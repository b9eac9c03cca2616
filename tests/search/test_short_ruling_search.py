"""A short ruling is searched with its article or answer: it is what a TD reads first."""

import pytest

from articles.models import Article, Question
from search.ranking import search

pytestmark = pytest.mark.django_db


def urls(text):
    return [hit.url for hit in search(text).hits]


def test_an_article_is_found_by_a_word_only_its_short_ruling_uses(nmjl):
    article = Article.objects.create(
        ruleset=nmjl, key="nmjl-wall", title="The wall", body="Picking from the wall."
    )
    assert article.get_absolute_url() not in urls("racking")
    article.ruling = "Racking the picked tile closes the call window."
    article.save()
    assert article.get_absolute_url() in urls("racking")


def test_an_answer_is_found_by_a_word_only_its_short_ruling_uses(nmjl):
    article = Article.objects.create(ruleset=nmjl, key="nmjl-6", title="Changing an exposure")
    question = Question.objects.create(
        article=article, question="Can they change it?", answer="Until they discard."
    )
    question.ruling = "Yes, until the flamingo discard."
    question.save()
    assert f"{article.get_absolute_url()}#question-{question.pk}" in urls("flamingo")
