import re
from collections import Counter

import pytest
from mahjong_rules.engine.tiles import (
    MATJOK_SET,
    NMJL_SET,
    NOTATION_PATTERN,
    NOTATION_SUIT_WORDS,
    PROSE_SUIT_WORDS,
    TILES,
    TileNotationError,
    copies_in_set,
    parse_tile,
    parse_tiles,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7D", "7D"),
        ("7 Dots", "7D"),
        ("7 circles", "7D"),
        ("7 Bams", "7B"),
        ("7 Bamboo", "7B"),
        ("7 Craks", "7C"),
        ("7 Characters", "7C"),
        ("RD", "RD"),
        ("Red dragon", "RD"),
        ("green DRAGON", "GD"),
        ("Soap", "WD"),
        ("White dragon", "WD"),
        ("North wind", "N"),
        ("N", "N"),
        ("Flower", "F"),
        ("Joker", "J"),
        ("J", "J"),
    ],
)
def test_short_codes_and_long_names_name_the_same_tile(text, code):
    assert parse_tile(text).code == code


def test_a_tile_knows_its_name_and_whether_it_is_a_joker():
    tile = parse_tile("7D")
    assert (tile.name, tile.is_joker) == ("7 Dots", False)
    assert parse_tile("J").name == "Joker" and parse_tile("J").is_joker
    assert parse_tile("RD").name == "Red dragon"
    assert parse_tile("N").name == "North wind"
    assert parse_tile("F").name == "Flower"
    assert parse_tile("7 Dots") is parse_tile("7D")


def test_several_tiles_are_read_with_spaces_or_commas_and_long_names():
    codes = [t.code for t in parse_tiles("7D 7D, J,7 Dots North wind Soap")]
    assert codes == ["7D", "7D", "J", "7D", "N", "WD"]


@pytest.mark.parametrize("text", ["0D", "10D", "7X", "Purple dragon", "7 Dots Dots", "", "7D,,8D"])
def test_bad_tile_notation_gets_a_clear_sentence(text):
    with pytest.raises(TileNotationError) as raised:
        parse_tiles(text)
    assert "7D" in str(raised.value) or "empty" in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_the_nmjl_set_has_152_tiles_with_eight_flowers_and_eight_jokers():
    assert sum(NMJL_SET.values()) == 152
    assert NMJL_SET[parse_tile("F")] == 8 and NMJL_SET[parse_tile("J")] == 8
    assert copies_in_set(parse_tile("7D"), "nmjl") == 4
    suits = Counter(t.suit for t in NMJL_SET.elements() if t.suit)
    assert suits == {"D": 36, "B": 36, "C": 36}


def test_the_matjok_set_has_no_jokers():
    assert copies_in_set(parse_tile("J"), "matjok") == 0
    assert sum(MATJOK_SET.values()) == 144


# One tile table: the notation takes the contract's spellings, prose takes more.


@pytest.mark.parametrize("text", ["7 cracks", "7 Crack", "7 balls", "7 sticks", "Sevens of Dots"])
def test_spellings_only_readers_use_in_prose_are_not_tile_notation(text):
    with pytest.raises(TileNotationError):
        parse_tile(text)


def test_every_suit_word_of_the_notation_is_read_in_prose_too():
    assert set(NOTATION_SUIT_WORDS.items()) <= set(PROSE_SUIT_WORDS.items())
    assert {"crack", "cracks", "balls", "sticks"} <= set(PROSE_SUIT_WORDS) - set(
        NOTATION_SUIT_WORDS
    )


@pytest.mark.parametrize("code", list(TILES))
def test_every_tile_is_matched_by_the_notation_pattern_in_code_and_name(code):
    tile = TILES[code]
    for text in (code, tile.name, tile.name.lower()):
        assert re.fullmatch(NOTATION_PATTERN, text), text
        assert parse_tile(text) is tile


@pytest.mark.parametrize("word", sorted(NOTATION_SUIT_WORDS))
def test_every_suit_word_of_the_notation_names_the_tile_in_pattern_and_parser(word):
    text = f"7 {word}"
    assert re.fullmatch(NOTATION_PATTERN, text)
    assert parse_tile(text).code == "7" + NOTATION_SUIT_WORDS[word]


@pytest.mark.parametrize("word", sorted(set(PROSE_SUIT_WORDS) - set(NOTATION_SUIT_WORDS)))
def test_a_prose_only_suit_word_is_refused_by_pattern_and_parser(word):
    assert not re.fullmatch(NOTATION_PATTERN, f"7 {word}")
    with pytest.raises(TileNotationError):
        parse_tile(f"7 {word}")
