"""Tile counts and dead hands (nmjl-205, seed 004; nmjl-exposure-answer for misfit exposures)."""

from scenes import assert_allowed, assert_refused, play, ruling


def test_at_the_start_east_has_fourteen_tiles_and_the_others_thirteen():
    table = play("Given the NMJL rules").table
    assert [hand.count for hand in table.hands] == [14, 13, 13, 13]
    assert table.wrong_counts() == []


def test_a_short_hand_may_be_declared_dead_after_easts_first_discard():
    world = play(
        """
        Given North has 12 tiles
        When East discards 7D
        And South declares North's hand dead
        """
    )
    assert_allowed(world.last_verdict, "wrong_number_of_tiles_kills_the_hand", "nmjl-205")
    assert world.table.hand("North").dead


def test_a_short_hand_cannot_be_declared_dead_before_easts_first_discard():
    verdict = ruling(
        """
        Given North has 12 tiles
        When South declares North's hand dead
        """
    )
    assert_refused(verdict, "wrong_number_of_tiles_kills_the_hand")


def test_a_hand_with_the_right_count_and_no_mistake_cannot_be_declared_dead():
    verdict = ruling(
        """
        Given it is South's turn
        When East declares West's hand dead
        """
    )
    assert_refused(verdict, "wrong_number_of_tiles_kills_the_hand")


def test_fourteen_tiles_are_right_only_on_ones_own_turn():
    table = play(
        """
        Given it is South's turn
        And West has 14 tiles
        """
    ).table
    assert table.count_is_right(1) and not table.count_is_right(2)


def test_nobody_declares_their_own_hand_dead():
    verdict = ruling(
        """
        Given North has 12 tiles
        When East discards 7D
        And North declares North's hand dead
        """
    )
    assert_refused(verdict, "nobody_declares_their_own_hand_dead", "nmjl-205")


def test_a_dead_hand_cannot_be_declared_dead_again():
    verdict = ruling(
        """
        Given North has 12 tiles
        And North's hand is dead
        When East discards 7D
        And South declares North's hand dead
        """
    )
    assert_refused(verdict, "hand_is_declared_dead_only_once", "nmjl-205")


def test_a_hand_whose_exposures_fit_no_hand_may_be_declared_dead():
    verdict = ruling(
        """
        Given West has exposed 7D 7D 7D
        And West's exposures fit no hand on the card
        When East declares West's hand dead
        """
    )
    assert_allowed(verdict, "exposures_that_fit_no_hand_kill_the_hand", "nmjl-exposure-answer")


def test_a_dead_hand_stops_drawing_and_is_skipped_in_turn():
    world = play(
        """
        Given South's hand is dead
        When East discards 7D
        """
    )
    assert world.table.turn == 2  # West, South skipped
    verdict = ruling(
        """
        Given South's hand is dead
        When East discards 7D
        And South draws a tile
        """
    )
    assert_refused(verdict, "dead_hand_stops_picking_and_discarding", "nmjl-205")


def test_a_hand_declared_dead_on_its_turn_stops_and_play_passes_on():
    world = play(
        """
        Given it is South's turn
        And South has 15 tiles
        When West declares South's hand dead
        """
    )
    assert world.last_verdict.allowed
    assert world.table.turn == 2 and world.table.must == "draw"


def test_a_dead_hand_cannot_call():
    verdict = ruling(
        """
        Given North holds 7D 7D
        And North's hand is dead
        And West has discarded 7D
        When North calls the discard
        """
    )
    assert_refused(verdict, "dead_hand_cannot_call", "nmjl-205")


def test_a_dead_hand_cannot_win():
    verdict = ruling(
        """
        Given it is North's turn
        And North holds 7D
        And North needs only 7D to win
        And North's hand is dead
        When North declares Mah Jongg
        """
    )
    assert_refused(verdict, "dead_hand_cannot_win", "nmjl-205")


def test_a_short_player_takes_the_missing_tile_in_the_charleston():
    world = play(
        """
        Given it is the Charleston
        And North has 12 tiles
        When North takes the missing tile
        """
    )
    assert_allowed(
        world.last_verdict,
        "short_player_takes_the_missing_tile_before_the_first_discard",
        "nmjl-205",
    )
    assert world.table.hand("North").count == 13


def test_the_missing_tile_cannot_be_taken_after_easts_first_discard():
    world = play(
        """
        Given North has 12 tiles
        When East discards 7D
        And North takes the missing tile
        """
    )
    assert_refused(
        world.last_verdict, "short_player_takes_the_missing_tile_before_the_first_discard"
    )
    assert world.last_verdict.consequence == "North's hand may now be declared dead."
    assert world.table.hand("North").count == 12


def test_a_seat_that_is_not_short_takes_no_tile():
    verdict = ruling("When North takes the missing tile")
    assert_refused(verdict, "short_player_takes_the_missing_tile_before_the_first_discard")


def test_two_wrong_counts_in_the_charleston_throw_the_tiles_in():
    world = play(
        """
        Given it is the Charleston
        And North has 12 tiles
        And West has 14 tiles
        When North takes the missing tile
        """
    )
    assert_refused(world.last_verdict, "more_than_one_wrong_count_throws_the_tiles_in", "nmjl-205")


def test_one_wrong_count_in_the_charleston_does_not_throw_the_tiles_in():
    from mahjong_rules.engine.nmjl import tiles_are_thrown_in

    table = play("Given it is the Charleston\nAnd North has 12 tiles").table
    assert not tiles_are_thrown_in(table)
    table = play("Given it is the Charleston\nAnd North has 12 tiles\nAnd West has 14 tiles").table
    assert tiles_are_thrown_in(table)


def test_east_cannot_begin_play_on_a_deal_that_must_be_thrown_in():
    verdict = ruling(
        """
        Given it is the Charleston
        And North has 12 tiles
        And West has 14 tiles
        When East discards 7D
        """
    )
    assert_refused(verdict, "more_than_one_wrong_count_throws_the_tiles_in", "nmjl-205")
    verdict = ruling("Given it is the Charleston\nAnd North has 12 tiles\nWhen East discards 7D")
    assert_allowed(verdict, "discard_only_on_own_turn")


def test_is_allowed_answers_without_the_next_table():
    from mahjong_rules.engine import Table, actions, is_allowed, parse_tile

    assert is_allowed(Table.new(), actions.Discard(0, parse_tile("7D")))
    assert not is_allowed(Table.new(), actions.Discard(1, parse_tile("7D")))
