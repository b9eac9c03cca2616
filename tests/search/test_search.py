"""Ranking, snippets, filters, tiles and bad input, through `search.ranking.search`."""

import pytest

from articles.models import Article, Question, Term
from search.backends import backend
from search.ranking import search

pytestmark = pytest.mark.django_db


def test_touched_tile_finds_the_article_that_says_it(rulings):
    hits = search("touched tile").hits
    assert hits[0].url == rulings["touched"].get_absolute_url()


def test_a_title_match_ranks_above_a_match_in_passing(rulings):
    hits = search("joker exchange").hits
    assert hits[0].title == "Joker exchange"
    assert rulings["wrong_count"].key in hits[1].url  # its commentary mentions jokers exchanged


def test_the_phrase_ranks_above_the_same_words_apart(nmjl):
    apart = Article.objects.create(
        ruleset=nmjl, key="apart", title="Apart", body="A tile in the wall was never touched."
    )
    together = Article.objects.create(
        ruleset=nmjl,
        key="together",
        title="Together",
        body="A touched tile. " + "Filler words about the rack and the wall. " * 20,
    )
    assert [h.url for h in search("touched tile").hits] == [
        together.get_absolute_url(),
        apart.get_absolute_url(),
    ]


def test_a_snippet_marks_the_matching_words(rulings):
    snippet = search("taken").hits[0].snippet
    assert "<mark>taken</mark>" in snippet


def test_a_snippet_escapes_everything_but_its_marks(nmjl):
    Article.objects.create(
        ruleset=nmjl,
        key="nasty",
        title="<b>Nasty</b>",
        body='<script>alert("x")</script> the flamingo & <img src=x onerror=alert(1)>',
    )
    (hit,) = search("flamingo").hits
    assert "<mark>flamingo</mark> &amp;" in hit.snippet
    unmarked = hit.snippet.replace("<mark>", "").replace("</mark>", "")
    assert "<" not in unmarked and ">" not in unmarked and '"' not in unmarked


@pytest.mark.parametrize("query", ["7D", "7 dots", "7 Dots", "seven of dots", "7 circles"])
def test_every_spelling_of_a_tile_finds_the_same_rulings(rulings, query):
    found = {hit.url for hit in search(query).hits}
    assert found == {
        "/tiles/7D/",  # the tile itself, first
        rulings["touched"].get_absolute_url(),  # "Sevens of Dots"
        rulings["touched"].get_absolute_url() + f"#question-{Question.objects.get().pk}",  # 7D
    }


def test_the_rule_set_filter_keeps_to_that_rule_set(rulings):
    assert {h.ruleset for h in search("tiles").hits} >= {"nmjl", "matjok"}
    assert {h.ruleset for h in search("tiles", ruleset="matjok").hits} == {"matjok"}


def test_the_kind_filter_keeps_to_that_kind(rulings):
    assert {h.kind for h in search("tile").hits} >= {"article", "question"}
    assert {h.kind for h in search("tile", kind="question").hits} == {"question"}


def test_an_unknown_kind_is_no_filter(rulings):
    assert search("tile", kind="nonsense").hits == search("tile").hits


def test_when_no_ruling_has_every_word_those_with_some_are_shown(rulings):
    results = search("touched flamingo")
    assert results.broadened
    assert results.hits[0].url == rulings["touched"].get_absolute_url()


def test_words_that_match_nothing_find_nothing(rulings):
    results = search("flamingo zebra")
    assert results.hits == [] and not results.broadened


def test_as_you_type_a_partial_word_finds_its_ruling(rulings):
    assert search("touched ti", suggest=True).hits[0].url == rulings["touched"].get_absolute_url()
    assert search("touched ti").broadened  # a page search wants whole words


@pytest.mark.parametrize(
    "query",
    [
        "",
        "   ",
        '"',
        '"touched',
        "touched*",
        "*",
        "NEAR(touched tile, 2)",
        "-tile",
        "tile AND",
        "OR OR OR",
        "((tile",
        "tile))",
        "title:joker",
        "^joker",
        "joker\x00exchange",
        "'; DROP TABLE articles_article; --",
        "tile " * 2000,
        "🀄 麻將",
    ],
)
def test_nothing_a_reader_types_breaks_the_search(rulings, query):
    search(query)
    search(query, suggest=True)
    assert Article.objects.count() == 4


def test_search_syntax_characters_are_read_as_the_words_around_them(rulings):
    assert search('"touched" (tile*').hits[0].url == rulings["touched"].get_absolute_url()


def test_a_number_names_its_article_in_any_form(rulings):
    for text in ("205", "Article 205", "article 205", "#205", "nmjl-205", "NMJL-205"):
        assert search(text).articles == [rulings["wrong_count"]], text
    assert search("art. 6").articles == [rulings["touched"]]


def test_a_number_in_another_rule_set_is_not_named(rulings):
    assert search("205", ruleset="matjok").articles == []


def test_an_unknown_number_is_said_to_be_unknown(rulings):
    results = search("999")
    assert results.unknown_number and results.articles == []


def test_an_article_answer_or_commentary_comes_before_a_glossary_term_and_a_scenario_check(
    nmjl,
):
    from rulings.models import Scenario

    Scenario.objects.create(
        slug="windows",
        title="Call window checks",
        text=(
            "Feature: Call windows\n  Scenario: the blind pass window\n"
            "    Given it is the Charleston\n"
        ),
    )
    Term.objects.create(slug="blind-pass", term="Blind", definition="A blind pass is unseen.")
    article = Article.objects.create(
        ruleset=nmjl, key="passes", title="Passes", body="On a blind pass, tiles go on unseen."
    )
    kinds = [hit.kind for hit in search("blind pass").hits]
    assert kinds == ["article", "term", "scenario"]
    assert search("blind pass").hits[0].url == article.get_absolute_url()


def test_a_glossary_term_titled_with_every_word_joins_the_rulings(nmjl):
    Term.objects.create(slug="call-window", term="Call window", definition="Time to call.")
    Article.objects.create(
        ruleset=nmjl, key="a", title="Calling", body="The call window closes when racked."
    )
    assert search("call window").hits[0].url == "/glossary/#call-window"


def test_few_pages_with_every_word_are_followed_by_pages_with_most_of_them(rulings):
    results = search("touched tile stricter racked")
    assert results.broadened
    assert results.hits[0].url == rulings["touched"].get_absolute_url()  # it has all four
    assert len(results.hits) > 1


def test_three_rulings_with_every_word_need_no_pages_with_some_of_them(nmjl):
    for key in ("a", "b", "c"):
        Article.objects.create(ruleset=nmjl, key=key, title=key, body="A blind pass is unseen.")
    Article.objects.create(ruleset=nmjl, key="d", title="d", body="A blind man.")
    results = search("blind pass")
    assert not results.broadened
    assert len(results.hits) == 3


def test_question_words_do_not_block_a_match(rulings):
    meaning = search("what does racked mean")
    assert meaning.hits and not meaning.broadened  # every word that says what it is about
    assert (
        search("can I still put back 7D")
        .hits[0]
        .url.endswith("#question-" + str(Question.objects.get().pk))
    )


def test_a_tile_is_not_an_article_number(rulings):
    results = search("3B")
    assert results.number is None and not results.unknown_number


def test_as_you_type_the_first_letter_of_the_next_word_keeps_the_suggestions(rulings):
    typed, whole = search("touched tile w", suggest=True), search("touched tile")
    assert [hit.snippet for hit in typed.hits] == [hit.snippet for hit in whole.hits]
    assert typed.broadened == whole.broadened


def test_snippets_of_results_far_apart_are_cut_wherever_they_lie(rulings, monkeypatch):
    """Snippets for any of the words are read in stretches of nearby rows (SQLite), or all
    in one when there would be too many stretches: the same snippets either way."""
    engine = backend()
    text = "joker exchange dead hand tiles"
    results = search(text)
    assert results.broadened  # no page has every word: snippets are cut for any of them
    first = [(hit.url, hit.snippet) for hit in results.hits]
    monkeypatch.setattr(engine, "NEAR", 0, raising=False)
    assert [(hit.url, hit.snippet) for hit in search(text).hits] == first
    monkeypatch.setattr(engine, "STRETCHES_AT_MOST", 1, raising=False)
    assert [(hit.url, hit.snippet) for hit in search(text).hits] == first
    assert len(first) > 1 and any("<mark>" in snippet for _, snippet in first)
