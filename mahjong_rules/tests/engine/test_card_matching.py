"""Hands judged by the Practice Card 2027: the contract's worked examples, verbatim, and more.

Each worked example is a pair: a hand that matches the line and one that does not, for the
reason the contract gives ("Worked examples" in scenario-language-hands.md).
"""

import pytest
from mahjong_rules.engine import parse_tiles
from mahjong_rules.engine.nmjl.cards import (
    PRACTICE_CARD,
    CardHand,
    cannot_make,
    exposures_fit,
    exposures_fit_no_line,
    fits_no_line,
    lines_exposures_fit,
    matches,
    matching_instance,
    matching_lines,
    shipped_card,
    tiles_needed,
    tiles_needed_by_line,
    winning_line,
)

CARD = shipped_card(PRACTICE_CARD)


def hand(concealed: str, *exposed: str, unnamed: int = 0) -> CardHand:
    return CardHand.of(parse_tiles(concealed), [parse_tiles(e) for e in exposed], unnamed)


def line(line_id):
    return CARD.line(line_id)


# (example, line, concealed, exposures, why) — the contract's table, left column then right.
MATCHING = [
    (1, "Y1", "2D 2D 7D WD GD GD GD J 7B 7B 7B 7B 2C 2C", ()),
    (2, "Y1", "2B 2B 7B WD RD RD RD RD 7C 7C 7C J 2D 2D", ()),
    (3, "Y2", "2C 2C 7C WD 2B 2B 7B WD N N N E E J", ()),
    (4, "E1", "2B 2B 2B 2B 6B 6B J 8B 8B 8B 8B GD GD GD", ()),
    (5, "L1", "5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD", ()),
    (6, "L1", "5D 5D 5D 5B 5B 5B RD RD RD RD", ("5C 5C 5C J",)),
    (7, "A1", "F F 1C 1C 1C 6C 6C 6C 7C 7C J N N N", ()),
    (8, "Q2", "3D 3D 3D 3D J 4D 4D 5D 5D 5D 5D J WD WD", ()),
    (9, "Q3", "N N N N J J WD WD 9B 9B 9B 9B J J", ()),
    (10, "R1", "5C 5C 5C 6C 6C 7C 7C 7C J RD RD RD 8C 8C", ()),
    (11, "R3", "1B 1B 1B 1B 2B 2B 2B 2B S S S 3B 3B 3B", ()),
    (11, "R3", "1B 1B 1B 1B 2B 2B 2B 2B N N J 3B 3B 3B", ()),
    (12, "O3", "7D 7D 7D 7D 7B 7B 7B 7C 7C 7C J F F F", ()),
    (13, "W2", "RD RD RD GD GD GD GD WD WD WD N E W S", ()),
    (14, "W3", "E E E 1D 1D 1D 1D RD RD RD RD GD GD GD", ()),
    (15, "T4", "3D 3D 3D 3D 6D 6D 6D 9D 9D 9D 3B 3B 3B 3B", ()),
    (16, "E1", "2B 2B 2B 2B 6B 6B 6B GD GD GD", ("8B 8B 8B J",)),
    (17, "S2", "4B 4B 5B 5B 4D 4D 5D 5D 4C 4C 5C 5C GD GD", ()),
]

NOT_MATCHING = [
    (1, "Y1", "2D 2D 7D WD GD GD GD GD 7B 7B 7B 7B 2C J", (), "a joker in the pair 22c"),
    (2, "Y1", "2D J 7D WD GD GD GD GD 7B 7B 7B 7B 2C 2C", (), "a joker in the year block"),
    (3, "Y2", "2C 2C 7C WD 2C 2C 7C WD N N N E E E", (), "a and b are different suits"),
    (4, "E1", "2B 2B 2B 2B 6B 6B J 8B 8B 8B 8B RD RD RD", (), "red is the Craks dragon"),
    (5, "L1", "5D 5D 5D 6C 6C 6C 6C 5B 5B 5B RD RD RD RD", (), "not like numbers"),
    (6, "L1", "5C 5C 5C 5B 5B 5B RD RD RD RD", ("5D 5D 5D J",), "b = Dots, whose dragon is white"),
    (7, "A1", "F F 1C 1C 1C 6D 6D 6D 7C 7C J N N N", (), "one suit needed"),
    (8, "Q2", "3D 3D 3D 3D J 4D 4D 5D 5D 5D 5D J WD J", (), "a joker in the dragon pair"),
    (9, "Q3", "N N N N J J WD J 9B 9B 9B 9B J J", (), "a joker in 00"),
    (10, "R1", "5C 5C 5C 6C 6C 7C 7C 7C J RD RD RD 9C 9C", (), "9 does not follow 7"),
    (11, "R3", "1B 1B 1B 1B 2B 2B 2B 2B W W W 3B 3B 3B", (), "West is not an alternative"),
    (12, "O3", "6D 6D 6D 6D 6B 6B 6B 6C 6C 6C J F F F", (), "6 is not in the x list"),
    (13, "W2", "RD RD RD GD GD GD GD WD WD WD N E W J", (), "a joker in a block"),
    (14, "W3", "E E E 1D 1D 1D 1D WD WD WD WD GD GD GD", (), "white is the Dots dragon"),
    (15, "T4", "3D 3D 3D 3D 9D 9D 9D 3B 3B 3B 3B", ("6D 6D 6D",), "a C line takes no exposure"),
    (16, "E1", "2B 2B 2B 2B 6B 6B 6B 8B GD GD GD", ("8B 8B 8B",), "a kong of 8s, not a pung"),
    (17, "S2", "4B 4B 5B 5B 4D 4D 5D 5D 4C 4C 5C J GD GD", (), "no joker in a pair"),
]


@pytest.mark.parametrize(("example", "line_id", "concealed", "exposed"), MATCHING)
def test_worked_example_hand_matches_its_line(example, line_id, concealed, exposed):
    seat = hand(concealed, *exposed)
    assert seat.count == 14
    assert matches(line(line_id), seat), f"example {example}"
    assert line(line_id) in matching_lines(CARD, seat)
    assert tiles_needed(line(line_id), seat) == 0


@pytest.mark.parametrize(("example", "line_id", "concealed", "exposed", "why"), NOT_MATCHING)
def test_worked_example_hand_does_not_match_its_line(example, line_id, concealed, exposed, why):
    seat = hand(concealed, *exposed)
    assert seat.count == 14
    assert not matches(line(line_id), seat), f"example {example}: {why}"
    assert line(line_id) not in matching_lines(CARD, seat)
    assert tiles_needed(line(line_id), seat) != 0


def test_the_matching_instance_says_which_suits_and_number_the_hand_used():
    instance = matching_instance(line("L1"), hand(MATCHING[4][2]))
    assert instance.describe() == "a = Dots, b = Craks, c = Bams, x = 5"


# Tiles needed: the contract's three sentences after the worked examples.


def test_like_numbers_hand_one_short_needs_one_tile_for_l1():
    assert tiles_needed(line("L1"), hand("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD")) == 1


def test_joker_filling_the_dragon_kong_leaves_one_tile_needed_for_y1():
    assert tiles_needed(line("Y1"), hand("2D 2D 7D WD GD GD GD 7B 7B 7B 7B 2C J")) == 1


def test_joker_that_cannot_be_a_two_of_the_pair_leaves_two_needed_for_y1():
    assert tiles_needed(line("Y1"), hand("2D 2D 7D WD GD GD GD GD 7B 7B 7B 7B J")) == 2


@pytest.mark.parametrize("line_id", ["Y1", "E1", "T1"])
def test_seat_with_a_pung_of_9_dots_exposed_cannot_make_the_line(line_id):
    seat = hand("1B 2B 3B 4B 5B 6B 7B 8B 9B 1C", "9D 9D 9D")
    assert cannot_make(line(line_id), seat)
    assert tiles_needed(line(line_id), seat) is None


def test_seat_with_a_kong_of_9_dots_exposed_can_still_make_t1():
    seat = hand("1B 2B 3B 4B 5B 6B 7B 8B 9B", "9D 9D 9D 9D")
    assert not cannot_make(line("T1"), seat)
    assert tiles_needed(line("T1"), seat) == 10  # 333 666 DDDD of Dots: nothing held yet


# The winning line and its value.


def test_winning_line_is_the_matching_line_of_highest_value():
    # N N E E E W W W W S S S S S is W1 (30); no other line matches it.
    seat = hand("N N E E E W W W W S S S S S")
    assert [found.id for found in matching_lines(CARD, seat)] == ["W1"]
    assert winning_line(CARD, seat).value == 30


def test_winning_line_prefers_the_higher_value_when_two_lines_match():
    # 3333a 666a 999a 3333b, all concealed: T4 (35); with jokers in the kongs it is T4 too.
    seat = hand("3D 3D 3D 3D 6D 6D 6D 9D 9D 9D 3B 3B 3B 3B")
    assert winning_line(CARD, seat).id == "T4"


def test_earlier_line_wins_a_tie_in_value():
    from mahjong_rules.engine.nmjl.cards import card_from_data

    twin = {
        "format": "nmjl-card 1",
        "name": "Twins",
        "year": 2027,
        "invented": True,
        "sections": [
            {
                "name": "s",
                "lines": [
                    {"id": "A", "pattern": "NNNN EEEE WWW SSS", "kind": "X", "value": 10},
                    {"id": "B", "pattern": "NNNN EEEE WWW SSS", "kind": "C", "value": 10},
                ],
            }
        ],
    }
    card = card_from_data(twin)
    seat = hand("N N N N E E E E W W W S S S")
    assert [found.id for found in matching_lines(card, seat)] == ["A", "B"]
    assert winning_line(card, seat).id == "A"


def test_a_hand_that_fits_no_line_has_no_winning_line():
    seat = hand("1D 2D 3D 4D 5D 6D 7D 8D 9D 1B 2B 3B 4B 5B")
    assert fits_no_line(CARD, seat)
    assert winning_line(CARD, seat) is None


def test_thirteen_tiles_match_no_line_even_when_one_short_of_one():
    seat = hand("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD")
    assert fits_no_line(CARD, seat)
    assert not matches(line("L1"), seat)


def test_fifteen_tiles_match_no_line():
    seat = hand("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD 1D")
    assert fits_no_line(CARD, seat)


def test_an_unnamed_tile_fills_nothing():
    seat = hand("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD", unnamed=1)
    assert seat.count == 14
    assert not matches(line("L1"), seat)
    assert tiles_needed(line("L1"), seat) == 1


# Concealed lines (m4).


def test_concealed_line_is_won_with_the_called_tile_which_is_no_exposure():
    # T4 with the last 3B called for Mah Jongg: the called tile is among the concealed.
    from mahjong_rules.engine import Hand

    seat = Hand(tuple(parse_tiles("3D 3D 3D 3D 6D 6D 6D 9D 9D 9D 3B 3B 3B")), unnamed=0)
    called = parse_tiles("3B")[0]
    assert not matches(line("T4"), CardHand.of_seat(seat))
    assert matches(line("T4"), CardHand.of_seat(seat, called=called))


def test_concealed_line_refuses_any_exposure_even_one_it_would_contain():
    seat = hand("3D 3D 3D 3D 6D 6D 6D 9D 9D 9D 3B", "3B 3B 3B")
    assert not matches(line("T4"), seat)
    assert not exposures_fit(line("T4"), seat)
    assert cannot_make(line("T4"), seat)


def test_concealed_line_with_jokers_allowed_matches_with_a_joker_in_a_kong():
    seat = hand("3D 3D 3D J 6D 6D 6D 9D 9D 9D 3B 3B 3B 3B")
    assert matches(line("T4"), seat)


# Exposures that fit.


def test_seat_with_no_exposure_fits_every_line():
    seat = hand("1D 2D 3D")
    assert lines_exposures_fit(CARD, seat) == list(CARD.lines)
    assert not exposures_fit_no_line(CARD, seat)


def test_pung_of_north_fits_the_lines_with_a_pung_of_north_and_no_concealed_line():
    seat = hand("1D", "N N N")
    fitting = {found.id for found in lines_exposures_fit(CARD, seat)}
    assert fitting == {"Y2", "A1", "R3", "L2", "W3"}  # NNN, NNN|SSS, ZZZ with z = North


def test_two_exposures_never_share_one_group():
    one = hand("1D", "N N N")
    two = hand("1D", "N N N", "N N J")
    assert exposures_fit(line("Y2"), one)
    assert not exposures_fit(line("Y2"), two)


def test_exposures_of_two_kinds_fit_no_line():
    seat = hand("1D", "7D 7D 8D")
    assert exposures_fit_no_line(CARD, seat)


def test_a_quint_of_north_fits_no_line_of_the_practice_card():
    seat = hand("1D", "N N N N J")
    assert exposures_fit_no_line(CARD, seat)


def test_an_all_joker_exposure_takes_any_whole_group_of_its_size():
    seat = hand("2B 2B 2B 2B 6B 6B 6B GD GD GD", "J J J J")
    assert exposures_fit(line("E1"), seat)
    assert matches(line("E1"), seat)  # the jokers are the kong of 8s


def test_an_exposed_pair_with_a_joker_is_no_group():
    seat = hand("1B 1B 1B 1B 2B 2B 2B 2B 3B 3B 3B", "S J")
    assert not exposures_fit(line("R3"), seat)


def test_tiles_needed_by_line_lists_every_line_in_card_order():
    needed = tiles_needed_by_line(CARD, hand("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD"))
    assert list(needed) == [found.id for found in CARD.lines]
    assert needed["L1"] == 1
    assert all(n >= 1 for n in needed.values())


def test_the_package_example_runs_as_shown():
    import doctest

    import mahjong_rules.engine.nmjl.cards

    assert doctest.testmod(mahjong_rules.engine.nmjl.cards).failed == 0
