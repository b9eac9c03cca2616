"""Every rule option reads, for a reader, as its title and one sentence per value; never as
`name = on`."""

import pytest
from mahjong_rules.engine.options import CARD_OPTIONS, OPTIONS, plain_title
from mahjong_rules.plain import with_option_titles

EVERY = {**OPTIONS, **CARD_OPTIONS}
NAMES = sorted(EVERY)


@pytest.mark.parametrize("name", NAMES)
def test_each_option_has_a_title_and_a_sentence_for_on_and_for_off(name):
    option = EVERY[name]
    assert option.title and name not in option.title
    on, off = option.sentence(True), option.sentence(False)
    assert on and off and on != off
    for sentence in (on, off):
        assert not [key for key in NAMES if key in sentence], sentence


def test_an_option_with_readings_says_each_value_as_its_reading():
    option = OPTIONS["touched-tile-is-taken"]
    assert option.sentence(True) == option.reading_for(True).summary
    assert option.sentence(False) == option.reading_for(False).summary


def test_a_key_in_step_text_reads_as_the_options_title_and_other_words_stay():
    text = 'the house rule "touched-tile-is-taken" is off'
    assert with_option_titles(text) == "the house rule “A touched tile is a taken tile” is off"
    assert with_option_titles("a touched-up tile") == "a touched-up tile"
    assert plain_title("no-such-option") == "no-such-option"


def test_a_quoted_reading_in_step_text_reads_as_its_sentence_and_a_bare_word_stays():
    text = 'the reading "north-only" of "only-north-takes-a-missing-tile"'
    assert with_option_titles(text) == (
        "the reading “Only North, who forgot the 13th tile in the deal, may take it” of "
        "“Only North takes a missing tile”"
    )
    assert with_option_titles("they play one-at-a-time") == "they play one-at-a-time"
