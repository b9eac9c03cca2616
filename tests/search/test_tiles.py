"""Tile mentions and query parsing: pure functions, no database."""

import pytest

from articles.lookup import requested_number
from search.query import parse_query
from search.tiles import tile_tokens


@pytest.mark.parametrize(
    "text",
    ["7D", "7d", "7 Dots", "7 dots", "7 dot", "7 circles", "Sevens of Dots", "seven dots", "7-dot"],
)
def test_every_spelling_of_seven_dots_is_the_same_tile(text):
    assert tile_tokens(f"East discards {text} now") == ["7dtile"]


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("6 Craks", "6ctile"),
        ("6 characters", "6ctile"),
        ("7 bamboo", "7btile"),
        ("3B", "3btile"),
        ("RD", "reddragontile"),
        ("red dragon", "reddragontile"),
        ("Soap", "whitedragontile"),
        ("WD", "whitedragontile"),
        ("North wind", "northwindtile"),
    ],
)
def test_tiles_of_every_suit_and_honour_have_one_token(text, token):
    assert tile_tokens(text) == [token]


def test_words_that_only_look_like_tiles_are_not_tiles():
    assert tile_tokens("Article 205 says 13 tiles, dotted lines, 7 days") == []


def test_a_tile_in_a_query_matches_its_token_and_its_spellings():
    (term,) = parse_query("7 dots").terms
    assert term.tile.canonical == "7dtile"
    assert "7d" in term.tile.spellings


def test_stop_words_are_dropped_from_a_query():
    assert [t.word for t in parse_query("what is the touched tile").terms] == ["touched", "tile"]


@pytest.mark.parametrize(
    "text",
    ['"joker', "joker*", "NEAR(joker tile)", "-tile", "tile AND OR NOT", "((tile", "a:b", "^x"],
)
def test_fts_syntax_a_reader_types_becomes_plain_quoted_words(text):
    fts5 = parse_query(text).to_fts5()
    tsquery = parse_query(text).to_tsquery()
    for expression, quote in ((fts5, '"'), (tsquery, "'")):
        # Only quoted letters and digits, joined by our own operators.
        stripped = expression
        for token in ("AND", "OR", "&", "|", "(", ")", " "):
            stripped = stripped.replace(token, "")
        assert set(stripped) - set("abcdefghijklmnopqrstuvwxyz0123456789" + quote) == set()


def test_as_you_type_the_last_word_is_a_prefix():
    terms = parse_query("joker exch", prefix_last=True).terms
    assert terms[-1].prefix and not terms[0].prefix
    assert parse_query("joker exch", prefix_last=True).to_fts5().endswith('"exch"*')


def test_a_finished_word_is_not_a_prefix():
    assert not parse_query("joker ", prefix_last=True).terms[-1].prefix


@pytest.mark.parametrize(
    ("text", "number"),
    [("205", "205"), ("Article 205", "205"), ("art. 6", "6"), ("Art 6", "6"), ("#205", "205")],
)
def test_ways_of_asking_for_an_article_number(text, number):
    assert requested_number(text) == number


@pytest.mark.parametrize("text", ["205 tiles", "touched tile", "article", "", "2 0 5"])
def test_text_that_is_not_an_article_number(text):
    assert requested_number(text) is None


@pytest.mark.parametrize("typed", ["7 d", "7 do", "7 Dot", "7 circ", "7-do"])
def test_a_tile_half_typed_in_the_search_box_is_already_that_tile(typed):
    (term,) = parse_query(typed, prefix_last=True).terms
    assert term.tile.canonical == "7dtile"


def test_a_half_typed_word_after_a_number_that_fits_two_suits_stays_a_word():
    # "c" starts both circles (dots) and craks.
    assert all(term.tile is None for term in parse_query("7 c", prefix_last=True).terms)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("7 cracks", "7ctile"),
        ("one crack", "1ctile"),
        ("7 balls", "7dtile"),
        ("2 sticks", "2btile"),
    ],
)
def test_words_readers_use_beyond_the_scenario_notation_are_tiles_too(text, token):
    assert tile_tokens(text) == [token]


@pytest.mark.parametrize(
    ("typed", "token"), [("7 b", "7btile"), ("7 ba", "7btile"), ("7 bal", "7dtile")]
)
def test_a_half_typed_suit_that_prose_leaves_open_is_read_as_the_notation_reads_it(typed, token):
    # "b" starts bams and balls (dots); the notation knows only bams.
    (term,) = parse_query(typed, prefix_last=True).terms
    assert term.tile.canonical == token
