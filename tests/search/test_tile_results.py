"""A tile asked on its own is a result of its own, first, with a page of where it is
mentioned; never an article number nobody wrote."""

import pytest

from search.ranking import search

pytestmark = pytest.mark.django_db


def test_3b_gives_first_the_tile_3_bams_linking_to_where_it_is_mentioned(rulings):
    results = search("3B")
    assert not results.unknown_number
    first = results.hits[0]
    assert (first.title, first.url, first.kind_label) == ("3 Bams (tile)", "/tiles/3B/", "Tile")


def test_every_spelling_of_a_tile_gives_the_same_tile_result(rulings):
    assert search("4 circles").hits[0].url == "/tiles/4D/"
    assert search("soap").hits[0].url == "/tiles/WD/"


def test_a_tile_among_other_words_is_searched_as_words_with_no_tile_result(rulings):
    assert all(hit.kind != "tile" for hit in search("put back 7D").hits)


def test_the_tile_page_shows_the_picture_and_the_pages_that_mention_it(rulings, client):
    page = client.get("/tiles/4D/").content.decode()
    assert 'alt="4 Dots"' in page
    assert rulings["claiming"].get_absolute_url() in page  # "the discarded 4 circles"


def test_the_search_page_draws_the_tile(rulings, client):
    page = client.get("/search/", {"q": "3B"}).content.decode()
    assert 'alt="3 Bams"' in page and "/tiles/3B/" in page
    assert "no article numbered" not in page


@pytest.mark.parametrize("code", ["ZZ", "3b", "0B", "<script>"])
def test_no_page_for_what_is_not_a_tile_code(db, client, code):
    assert client.get(f"/tiles/{code}/").status_code == 404
