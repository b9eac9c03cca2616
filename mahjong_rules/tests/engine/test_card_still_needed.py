"""Which tiles a seat still needs for a line (the hand check's closest lines), read from the
matcher's counting form: as many as `tiles_needed` counts, and the hand with them added wins.

Hands are winning hands of the Practice Card and a generated card with tiles taken out
(the generator of test_card_properties), so each property is checked on both sides: a hand
that already matches needs nothing, one short of it needs exactly what was taken out (up to
tiles a joker stands for).
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine import parse_tiles
from mahjong_rules.engine.nmjl.cards import (
    PRACTICE_CARD,
    CardHand,
    matches,
    shipped_card,
    still_needed,
    tiles_needed,
)
from mahjong_rules.engine.tiles import JOKER
from test_card_properties import winning_hands

PRACTICE = shipped_card(PRACTICE_CARD)
SETTINGS = settings(max_examples=150, deadline=None)


def line(line_id):
    return next(line for line in PRACTICE.lines if line.id == line_id)


def codes(tiles):
    return [tile.code for tile in tiles]


def test_thirteen_tiles_one_short_of_l1_need_the_fourth_red_dragon():
    # The contract's example: 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD needs 1 tile for L1.
    hand = CardHand.of(parse_tiles("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD"))
    wanted = still_needed(line("L1"), hand)
    assert codes(wanted.tiles) == ["RD"]
    assert codes(wanted.jokers_may_stand_for) == ["RD"]  # the dragon kong takes a joker
    assert wanted.instance.describe() == "a = Dots, b = Craks, c = Bams, x = 5"


def test_a_hand_that_already_matches_the_line_needs_no_tile():
    hand = CardHand.of(parse_tiles("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"))
    wanted = still_needed(line("L1"), hand)
    assert wanted.tiles == () and wanted.jokers_may_stand_for == ()


def test_a_missing_pair_tile_is_needed_as_itself_never_as_a_joker():
    # A pair takes no joker [6, 63].
    instance = line("E3").instances[0]  # 22a 444a 22b 444b 6666c, a pair first
    tiles = instance.tiles()
    pair_tile = tiles[0]
    hand = CardHand.of([*tiles[1:-1], JOKER])  # one pair tile short, a joker for the kong
    wanted = still_needed(line("E3"), hand)
    assert pair_tile in wanted.tiles
    assert pair_tile not in wanted.jokers_may_stand_for


def test_a_concealed_line_with_an_exposure_needs_nothing_it_cannot_be_made():
    hand = CardHand.of(parse_tiles("2D 2D"), [parse_tiles("N N N")])
    concealed_line = next(line for line in PRACTICE.lines if line.concealed)
    assert still_needed(concealed_line, hand) is None
    assert tiles_needed(concealed_line, hand) is None


@SETTINGS
@given(winning_hands(), st.integers(1, 5), st.randoms(use_true_random=False))
def test_the_tiles_still_needed_are_as_many_as_tiles_needed_and_complete_the_hand(case, taken, rng):
    _card, line, _instance, hand = case
    concealed = list(hand.concealed)
    rng.shuffle(concealed)
    short = CardHand(tuple(concealed[taken:]), hand.exposures, hand.unnamed)
    wanted = still_needed(line, short)
    assert wanted is not None
    assert len(wanted.tiles) == tiles_needed(line, short) <= taken
    assert set(wanted.jokers_may_stand_for) <= set(wanted.tiles)
    # The hand with the tiles still needed added, and jokers for the rest, wins on the line.
    completed = [*short.concealed, *wanted.tiles]
    completed += [JOKER] * (14 - len(completed) - sum(e.size for e in short.exposures))
    assert matches(line, CardHand(tuple(completed), short.exposures, short.unnamed)), (
        codes(short.concealed),
        codes(wanted.tiles),
    )


@SETTINGS
@given(winning_hands())
def test_a_winning_hand_needs_no_tile_for_its_line(case):
    _card, line, _instance, hand = case
    assert still_needed(line, hand).tiles == ()


def test_the_tiles_still_needed_do_not_depend_on_the_order_tiles_are_given():
    tiles = parse_tiles("5D 5D 5D 5C 5C J 5B 5B RD RD 2C 9B")
    first = still_needed(line("L1"), CardHand.of(tiles))
    for seed in range(20):
        shuffled = list(tiles)
        random.Random(seed).shuffle(shuffled)
        assert still_needed(line("L1"), CardHand.of(shuffled)).tiles == first.tiles
