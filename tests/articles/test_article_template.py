"""The article view assembles the page; its template only draws (no query while drawing)."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory

from articles.models import Article
from articles.views import article_context
from tests.seeding import seed

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("key", ["nmjl-6", "nmjl-205", "nmjl-calling", "matjok-claiming"])
def test_the_article_template_runs_no_query_with_the_view_context(key, django_assert_num_queries):
    seed()
    article = Article.objects.published().with_page_content().get(key=key)
    context = article_context(article)
    request = RequestFactory().get(article.get_absolute_url())
    request.user = AnonymousUser()
    # The context holds the scenario checks and the tournaments' rulings as data…
    templates = [section.template for section in context["sections"]]
    assert "rulings/_article_checks.html" in templates
    with django_assert_num_queries(0):
        html = render_to_string("articles/article_detail.html", context, request=request)
    # …and the template draws them: the checks and, where a tournament rules differently,
    # its sentences.
    assert 'id="scenario-checks"' in html and article.title in html
    if key == "nmjl-6":
        assert 'id="tournament-differences"' in html
        assert '<li class="difference">At <a href="/tournaments/harbour-lights' in html
