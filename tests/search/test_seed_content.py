"""On a fresh site with the seed content, the four searches the issue names find the rulings."""

import pytest

from articles.models import Article
from search.models import SearchDocument
from search.ranking import search
from tests.seeding import seed

pytestmark = pytest.mark.django_db


@pytest.fixture
def seeds(tmp_path):
    seed()


def article_url(key):
    return Article.objects.get(key=key).get_absolute_url()


def test_touched_tile_finds_the_answer_that_says_a_touched_tile_is_not_taken(seeds):
    urls = [hit.url for hit in search("touched tile").hits[:3]]
    assert article_url("nmjl-exposure-answer") in urls
    kinds = {hit.kind for hit in search("touched tile").hits}
    assert "scenario" in kinds  # the house rule "a touched tile is a taken tile" is checked


def test_joker_exchange_finds_the_glossary_the_rule_and_the_2026_clarification(seeds):
    """The scenario check named "Joker exchange" is found and ranks with the rulings, since
    the query is its title; it was once asked for in the first ten, but issue 25 puts
    scenario checks below the rulings and articles, and the seed has more than ten of those
    about Joker exchanges (how many come first differs between the databases)."""
    hits = search("joker exchange").hits
    urls = [hit.url for hit in hits]
    assert hits[0].title == "Joker exchange"
    assert article_url("nmjl-205") + "#commentary-title" in urls
    assert "/scenarios/joker-exchange/" in urls
    unnamed = [hit.url for hit in hits if hit.kind == "scenario" and "xchange" not in hit.title]
    assert all(urls.index(url) > urls.index("/scenarios/joker-exchange/") for url in unnamed)


def test_205_goes_to_article_205(seeds, client):
    response = client.get("/search/", {"q": "205"})
    assert response.status_code == 302 and response.url == article_url("nmjl-205")
    results = client.get("/search/", {"q": "205", "format": "json"}).json()["results"]
    assert results[0]["url"] == article_url("nmjl-205")


def test_7d_and_7_dots_find_the_same_scenarios_and_the_sevens_of_dots_answer(seeds):
    seven_d = [hit.url for hit in search("7D", limit=100).hits]
    seven_dots = [hit.url for hit in search("7 dots", limit=100).hits]
    assert set(seven_d) == set(seven_dots)
    assert article_url("nmjl-exposure-answer") in seven_d
    assert len([url for url in seven_d if url.startswith("/scenarios/")]) >= 3


def test_mah_jongg_made_easy_shows_each_page_once(seeds):
    hits = search("mah jongg made easy").hits
    assert hits  # the MJME sources are found
    urls = [hit.url for hit in hits]
    assert len(urls) == len(set(urls))


def test_question_results_are_titled_apart(seeds):
    titles = [doc.title for doc in SearchDocument.objects.filter(kind="question")]
    assert len(titles) > 1
    assert len(titles) == len(set(titles))
