"""Properties of the card matcher, over every line of the Practice Card and a generated card.

Hands are built from the lines' own instances (jokers where the instance takes them, some
whole groups exposed), so every property is checked on hands that really win, and on the
same hands changed by one tile.
"""

import random

import pytest
from card_bench import generated_card, instance_tiles, one_tile_changed
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong_rules.engine import parse_tiles
from mahjong_rules.engine.nmjl.cards import (
    PRACTICE_CARD,
    CardHand,
    cannot_make,
    exposures_fit,
    lines_exposures_fit,
    matches,
    matches_instance,
    matching_lines,
    parse_pattern,
    shipped_card,
    tiles_needed,
    tiles_needed_by_line,
)
from mahjong_rules.engine.nmjl.cards.instances import expand
from mahjong_rules.engine.nmjl.cards.matcher import _missing
from mahjong_rules.engine.tiles import JOKER

PRACTICE = shipped_card(PRACTICE_CARD)
GENERATED = generated_card(seed=7, lines=40)
CARDS = {"practice": PRACTICE, "generated": GENERATED}
SETTINGS = settings(max_examples=150, deadline=None)


@st.composite
def winning_hands(draw, card_name=None):
    """(card, line, instance, hand): a hand made of one instance of one line."""
    card = CARDS[card_name or draw(st.sampled_from(sorted(CARDS)))]
    line = draw(st.sampled_from(card.lines))
    instance = draw(st.sampled_from(line.instances))
    rng = draw(st.randoms(use_true_random=False))
    _tiles, groups = instance_tiles(rng, instance, draw(st.integers(0, 8)))
    exposures = []
    if not line.concealed and draw(st.booleans()):
        whole = [g for g, group in enumerate(instance.groups) if group.takes_jokers]
        for g in rng.sample(whole, min(len(whole), draw(st.integers(0, 2)))):
            exposures.append(groups[g])
            groups[g] = []
    concealed = [tile for group in groups for tile in group]
    rng.shuffle(concealed)
    return card, line, instance, CardHand.of(concealed, exposures)


@SETTINGS
@given(winning_hands())
def test_every_instance_of_every_line_matches_that_line(case):
    card, line, instance, hand = case
    assert matches_instance(instance, hand)
    assert matches(line, hand)
    assert line in matching_lines(card, hand)
    assert tiles_needed(line, hand) == 0
    assert exposures_fit(line, hand) and not cannot_make(line, hand)
    assert line in lines_exposures_fit(card, hand)


@pytest.mark.parametrize("card_name", sorted(CARDS))
def test_every_instance_without_jokers_matches_its_line(card_name):
    card = CARDS[card_name]
    for line in card.lines:
        for instance in line.instances:
            hand = CardHand.of(instance.tiles())
            assert matches_instance(instance, hand), (line, instance.describe())
            assert matches(line, hand)


@SETTINGS
@given(winning_hands(), st.data())
def test_taking_one_tile_out_of_a_matching_hand_leaves_one_tile_needed(case, data):
    _card, line, _instance, hand = case
    assert hand.concealed
    out = data.draw(st.integers(0, len(hand.concealed) - 1))
    short = CardHand(hand.concealed[:out] + hand.concealed[out + 1 :], hand.exposures)
    assert tiles_needed(line, short) == 1
    assert not matches(line, short)


@SETTINGS
@given(winning_hands(), st.data())
def test_a_joker_in_place_of_a_single_or_pair_tile_never_matches_that_instance(case, data):
    _card, _line, instance, _hand = case
    # Only kinds with no position taking a joker in this instance: in `0a DDDa` (a = Dots)
    # a joker for the block's white dragon is simply the pung's, and the hand matches.
    takes_jokers = {kind for kind, req, fixed in instance.counts if req > fixed}
    places = [
        (g, i)
        for g, group in enumerate(instance.groups)
        if not group.takes_jokers
        for i, tile in enumerate(group.tiles)
        if tile.order not in takes_jokers
    ]
    if not places:
        return  # every kind of this instance has a position that takes jokers
    g, i = data.draw(st.sampled_from(places))
    tiles = [list(group.tiles) for group in instance.groups]
    tiles[g][i] = JOKER
    hand = CardHand.of([tile for group in tiles for tile in group])
    assert not matches_instance(instance, hand)


def test_a_joker_for_a_single_is_the_pungs_when_the_pung_is_of_the_same_tile():
    # 2027a DDDa: with a = Dots the year's 0 and the pung are both white dragons.
    instances = expand(parse_pattern("{year}a DDDa SSS|EEE FFFF", year=2027))
    dots = next(i for i in instances if dict(i.suits)["a"] == "D")
    tiles = [tile.code for tile in dots.tiles()]
    tiles[tiles.index("WD")] = "J"  # the year block's white dragon
    assert matches_instance(dots, CardHand.of(parse_tiles(" ".join(tiles))))


@SETTINGS
@given(winning_hands(), st.randoms(use_true_random=False), st.booleans())
def test_the_ruling_does_not_depend_on_the_order_tiles_are_given(case, rng, change):
    card, _line, _instance, hand = case
    if change:
        hand = one_tile_changed(rng, hand)
    concealed = list(hand.concealed)
    rng.shuffle(concealed)
    exposures = list(hand.exposures)
    rng.shuffle(exposures)
    shuffled = CardHand(tuple(concealed), tuple(exposures))
    assert matching_lines(card, shuffled) == matching_lines(card, hand)
    assert tiles_needed_by_line(card, shuffled) == tiles_needed_by_line(card, hand)


@SETTINGS
@given(winning_hands(), st.randoms(use_true_random=False))
def test_fourteen_tiles_need_none_exactly_when_they_match(case, rng):
    card, _line, _instance, hand = case
    changed = one_tile_changed(rng, hand)
    for seat in (hand, changed):
        needed = tiles_needed_by_line(card, seat)
        matched = {line.id for line in matching_lines(card, seat)}
        assert {line_id for line_id, n in needed.items() if n == 0} == matched


@SETTINGS
@given(winning_hands(), st.randoms(use_true_random=False), st.integers(0, 2))
def test_indexed_paths_agree_with_trying_every_instance(case, rng, tiles_out):
    card, _line, _instance, hand = case
    seat = one_tile_changed(rng, hand)
    if tiles_out and not seat.exposures:
        seat = CardHand(seat.concealed[tiles_out:])
    assert matching_lines(card, seat) == [line for line in card.lines if matches(line, seat)]
    if not seat.exposures:
        naturals, jokers = seat.naturals(), seat.jokers
        for line in card.lines:
            slow = min(_missing(i.counts, naturals, jokers) for i in line.instances)
            assert tiles_needed(line, seat) == slow, line


def test_a_random_deal_is_judged_the_same_by_both_paths():
    rng = random.Random(5)
    from card_bench import random_deal

    for _ in range(200):
        seat = random_deal(rng, rng.choice((13, 14)))
        assert matching_lines(PRACTICE, seat) == [
            line for line in PRACTICE.lines if matches(line, seat)
        ]


def test_the_benchmark_runs_and_prints_its_medians(capsys):
    from card_bench import main

    main(["--hands", "30"])
    printed = capsys.readouterr().out
    assert printed.count("median") == 4
    assert "Practice Card 2027: 36 lines" in printed and "120 lines" in printed
