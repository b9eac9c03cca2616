"""Typos: a long word the index does not know is read as the nearest one it knows."""

import pytest

from articles.models import Article
from search.ranking import search
from search.spelling import within_one_edit

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "known"),
    [("exposre", "exposure"), ("prioirty", "priority"), ("jocker", "joker"), ("chow", "chop")],
)
def test_one_letter_added_dropped_changed_or_two_swapped_is_one_edit(typed, known):
    assert within_one_edit(typed, known)


@pytest.mark.parametrize(
    ("typed", "known"), [("exposre", "exposed"), ("prority", "prairie"), ("joker", "joker")]
)
def test_two_edits_or_none_are_not_one_edit(typed, known):
    assert not within_one_edit(typed, known)


def test_a_misspelt_word_is_read_as_the_word_the_index_knows(rulings):
    results = search("stricetr")
    assert results.corrected == "stricter"
    assert [hit.url for hit in results.hits] == [rulings["touched"].get_absolute_url()]


def test_searching_exactly_what_was_typed_corrects_nothing(rulings):
    results = search("stricetr", exact=True)
    assert results.corrected == "" and results.hits == []


def test_a_word_the_index_knows_is_not_corrected(rulings):
    assert search("stricter").corrected == ""
    assert search("tables").corrected == ""  # known by its stem ("table") though never written


def test_a_word_shorter_than_five_letters_is_not_corrected(rulings):
    assert search("tabl").corrected == ""


def test_a_word_added_by_an_edit_is_correctable_at_once(nmjl):
    Article.objects.create(ruleset=nmjl, key="f", title="Flamingo", body="A flamingo rule.")
    assert search("flamngo").corrected == "flamingo"


def test_a_tie_goes_to_the_word_in_more_documents(nmjl):
    Article.objects.create(ruleset=nmjl, key="a", title="A", body="The racket.")
    Article.objects.create(ruleset=nmjl, key="b", title="B", body="The rocket.")
    Article.objects.create(ruleset=nmjl, key="c", title="C", body="Another rocket.")
    assert search("rscket").corrected == "rocket"


def test_the_page_says_what_it_searched_and_offers_what_was_typed(rulings, client):
    page = client.get("/search/", {"q": "stricetr"}).content.decode()
    assert "Showing results for" in page and "stricter" in page
    assert "search instead for" in page and "exact=1" in page


@pytest.mark.parametrize(
    "typed", ["ñandúes", "straße", "ΑΒΓΔΕ", "a" * 150, "x" * 61, "exposre 7D pong", "dq dq dq"]
)
def test_any_word_typed_is_answered_without_an_error(rulings, client, typed):
    for params in ({"q": typed}, {"q": typed, "exact": "1"}, {"q": typed, "format": "json"}):
        assert client.get("/search/", params).status_code == 200
