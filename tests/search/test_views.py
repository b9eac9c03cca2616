"""The search page, its JSON and the search box."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

SEARCH = "/search/"


def test_the_search_page_is_named_search_search():
    assert reverse("search:search") == SEARCH


@pytest.mark.parametrize("q", ["205", "Article 205", "art. 205", "Art 205", "#205", "nmjl-205"])
def test_an_article_number_goes_straight_to_the_article(client, rulings, q):
    response = client.get(SEARCH, {"q": q})
    assert response.status_code == 302
    assert response.url == rulings["wrong_count"].get_absolute_url()


def test_a_number_in_json_puts_that_article_first(client, rulings):
    Question = rulings["wrong_count"].questions.model
    Question.objects.create(article=rulings["touched"], question="Is 205 strict?", answer="No.")
    results = client.get(SEARCH, {"q": "205", "format": "json"}).json()["results"]
    assert results[0]["url"] == rulings["wrong_count"].get_absolute_url()
    assert results[0]["kind"] == "article"
    assert len(results) > 1  # the other pages that mention 205 follow


def test_an_unknown_number_searches_the_text_and_says_so(client, rulings):
    response = client.get(SEARCH, {"q": "Article 999"})
    assert response.status_code == 200
    assert "There is no article numbered 999" in response.content.decode()


def test_json_results_have_url_title_kind_label_and_snippet_in_rank_order(client, rulings):
    response = client.get(SEARCH, {"q": "joker exchange", "format": "json"})
    assert response["Content-Type"] == "application/json"
    results = response.json()["results"]
    fields = {"url", "title", "kind", "label", "snippet"}
    assert [set(r) for r in results] == [fields] * len(results)
    assert results[0] == {
        "url": rulings["exchange"].get_absolute_url(),
        "title": "Joker exchange",
        "kind": "article",
        "label": "Article",
        "snippet": results[0]["snippet"],
    }
    assert "<mark>" in results[0]["snippet"]


def test_json_suggests_from_a_word_half_typed(client, rulings):
    results = client.get(SEARCH, {"q": "joker exch", "format": "json"}).json()["results"]
    assert results[0]["url"] == rulings["exchange"].get_absolute_url()


def test_the_results_page_lists_rankings_with_kind_rule_set_and_marked_snippet(client, rulings):
    page = client.get(SEARCH, {"q": "touched tile"}).content.decode()
    assert f'<a href="{rulings["touched"].get_absolute_url()}">' in page
    assert "<mark>touched</mark>" in page or "<mark>touched tile</mark>" in page
    assert 'class="search-result__kind">Article<' in page
    assert 'class="search-result__ruleset">NMJL<' in page


def test_filters_by_rule_set_and_kind_are_offered_and_applied(client, rulings):
    page = client.get(SEARCH, {"q": "tiles", "ruleset": "matjok"}).content.decode()
    assert rulings["claiming"].get_absolute_url() in page
    assert rulings["wrong_count"].get_absolute_url() not in page
    assert '<option value="matjok" selected>Matjok</option>' in page
    page = client.get(SEARCH, {"q": "tile", "kind": "question"}).content.decode()
    assert page.count('class="search-result"') == 1
    assert '<option value="question" selected>' in page


def test_filters_that_name_nothing_are_ignored(client, rulings):
    response = client.get(SEARCH, {"q": "tiles", "ruleset": "<x>", "kind": "'; --"})
    assert response.status_code == 200
    assert rulings["claiming"].get_absolute_url() in response.content.decode()


def test_no_results_gives_help(client, rulings):
    page = client.get(SEARCH, {"q": "flamingo zebra"}).content.decode()
    assert "Nothing found for “flamingo zebra”" in page
    assert "7 dots" in page


def test_the_query_is_shown_escaped(client, rulings):
    page = client.get(SEARCH, {"q": "<script>alert(1)</script>"}).content.decode()
    assert "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)" in page


@pytest.mark.parametrize(
    "q", ["", '"', "NEAR(", "*", "-", "AND OR", "((", "x" * 100_000, "205" * 50]
)
def test_nothing_typed_in_the_box_is_a_server_error(client, rulings, q):
    assert client.get(SEARCH, {"q": q}).status_code in (200, 302)
    assert client.get(SEARCH, {"q": q, "format": "json"}).status_code == 200


def test_a_nul_typed_in_the_box_or_a_filter_is_the_sites_400_page(client, rulings):
    # PostgreSQL refuses a NUL byte in a query: it is answered before the search
    # (pagecache.nul_bytes), as on every page.
    for params in ({"q": "\x00"}, {"q": "tile", "ruleset": "nm\x00jl"}, {"q": "t", "kind": "\x00"}):
        assert client.get(SEARCH, params).status_code == 400
        assert client.get(SEARCH, {**params, "format": "json"}).status_code == 400


@pytest.mark.parametrize("ruleset, kind", [("nmjl-x", ""), ("<b>", "x")])
def test_a_filter_that_names_nothing_is_ignored_and_never_a_server_error(
    client, rulings, ruleset, kind
):
    params = {"q": "tile", "ruleset": ruleset, "kind": kind}
    page = client.get(SEARCH, params)
    assert page.status_code == 200
    assert f'<a href="{rulings["touched"].get_absolute_url()}">' in page.content.decode()
    assert client.get(SEARCH, {**params, "format": "json"}).json()["results"]


def test_an_empty_search_returns_no_results_in_json(client, rulings):
    assert client.get(SEARCH, {"format": "json"}).json() == {"results": []}


def test_search_is_read_only(client, rulings):
    assert client.post(SEARCH, {"q": "tile"}).status_code == 405


def test_every_page_has_the_search_box_with_its_script_and_no_inline_code(client, rulings):
    page = client.get("/").content.decode()
    assert 'role="search"' in page and f'action="{SEARCH}"' in page
    assert re.search(r'<label for="search-box-q"', page)
    assert 'aria-controls="search-box-suggestions"' in page
    assert re.search(r'<script src="[^"]*js/search\.js" defer>', page)
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # no inline script
    assert " style=" not in page


def test_the_results_page_has_one_main_landmark_and_the_site_name_once_in_its_title(
    client, rulings
):
    page = client.get(SEARCH, {"q": "tile"}).content.decode()
    assert len(re.findall(r"<main\b", page)) == 1  # the skip link's target
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert title.count("Rulings") == 1, title


def test_the_results_page_has_no_inline_script_or_style(client, rulings):
    page = client.get(SEARCH, {"q": "tile"}).content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)
    assert " style=" not in page and "<style" not in page
