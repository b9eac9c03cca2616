"""The article page lists the published house rules that depart from it, and only tournaments
of the article's own rule set appear in its matrix (on the content `make run` loads)."""

import html
import re

import pytest

from articles.models import Article
from tournaments.matrix import matrix_for_article
from tournaments.versions import publish

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("real_results")]

HARBOUR_RULE_2 = "Before declaring another player's hand dead for the wrong number of tiles"


def matrix_html(page):
    start = page.index('id="tournament-differences"')
    return page[start : page.index("</section>", start)]


def test_a_plain_text_house_rule_departing_from_article_205_is_listed_on_its_page(content, client):
    page = client.get("/articles/nmjl-205/").content.decode()
    found = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", matrix_html(page))))
    assert "At Harbour Lights Mah Jongg Open 2027: house rule 2: " + HARBOUR_RULE_2 in found


def test_an_option_valued_house_rule_is_listed_with_its_engine_option_in_plain_words(content):
    answer = Article.objects.get(key="nmjl-exposure-answer")
    departures = matrix_for_article(answer).departures
    assert [(d.tournament.slug, d.number, d.option, d.value) for d in departures] == [
        ("harbour-lights-open-2027", 1, "touched-tile-is-taken", True)
    ]


def test_only_the_house_rules_departing_from_this_article_are_listed(content):
    matrix = matrix_for_article(Article.objects.get(key="nmjl-6"))
    assert matrix.rows
    assert [(d.tournament.slug, d.number) for d in matrix.departures] == [
        ("prairie-winds-classic-2027", 1)
    ]


def test_a_matjok_article_shows_no_nmjl_tournament_in_its_matrix(content, client):
    matjok = Article.objects.get(key="matjok-claiming")
    assert matjok.scenarios.exists(), "the page has scenario checks to compare"
    assert matrix_for_article(matjok) is None
    page = client.get("/articles/matjok-claiming/").content.decode()
    assert 'id="tournament-differences"' not in page
    assert "Harbour Lights" not in page and "Prairie Winds" not in page


def test_an_nmjl_article_still_compares_both_nmjl_tournaments(content):
    matrix = matrix_for_article(Article.objects.get(key="nmjl-205"))
    assert [x.slug for x in matrix.tournaments] == [
        "harbour-lights-open-2027",
        "prairie-winds-classic-2027",
    ]


def test_an_article_without_scenarios_still_lists_the_house_rule_departing_from_it(
    django_assert_num_queries,
):

    from .tournament_factories import article, house_rule, matrix_section, tournament

    quiet = article("nmjl-quiet-corner", title="Is a quiet corner allowed?")
    event = tournament("quiet-open", name="Quiet Open", status="published")
    house_rule(event, "Talk only between hands.", departs_from=quiet)
    house_rule(event, "Rounds last 60 minutes.")
    publish(event)
    with django_assert_num_queries(2):  # the published tournaments, the article's scenarios
        matrix = matrix_for_article(quiet)
    assert matrix.rows == [] and [d.number for d in matrix.departures] == [1]
    html_out = matrix_section(quiet)
    assert "<table" not in html_out and "Engine option" not in html_out
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html_out))
    assert "At Quiet Open: house rule 1: Talk only between hands." in text
