"""The counted wall (nmjl-wall, rules-reference 29–30, 33, 91, 100–101): lifting is not
drawing, a call comes before a lifted tile, a pick out of turn, and the wall game."""

import pytest
from mahjong_rules.engine.nmjl.wall import Lift
from mahjong_rules.engine.table import Mistake
from mahjong_rules.engine.tiles import parse_tile
from mahjong_rules.scenarios.steps import StepFailed
from scenes import assert_allowed, assert_refused, play

WALL_OF_10 = "Given 10 tiles are left in the wall\nAnd West has discarded 7D\n"


def test_a_lifted_tile_is_taken_from_the_wall_but_not_racked_and_the_call_window_stays_open():
    world = play(WALL_OF_10 + "When North lifts 7C")
    assert_allowed(world.last_verdict, "seat_to_draw_lifts_the_next_tile", "nmjl-wall")
    table = world.table
    assert table.lifted == Lift(3, parse_tile("7C"))
    assert table.wall == 9 and table.window_open
    assert table.hand("North").count == 13 and table.must == "draw"


def test_racking_the_lifted_tile_completes_the_pick_without_taking_another_from_the_wall():
    world = play(WALL_OF_10 + "When North lifts 7C\nAnd North racks the lifted tile")
    assert_allowed(world.last_verdict, "only_a_lifted_tile_is_racked", "nmjl-wall")
    table = world.table
    assert table.lifted is None and table.wall == 9 and not table.window_open
    assert table.hand("North").concealed == (parse_tile("7C"),) and table.must == "discard"


def test_a_call_on_the_discard_comes_first_and_the_lifted_tile_goes_back_to_the_wall():
    # [30] Until the lifted tile is racked, a call on the discard still takes it.
    world = play(
        WALL_OF_10 + "And South holds 7D 7D\nWhen North lifts a tile\nAnd South calls the discard"
    )
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    table = world.table
    assert table.lifted is None and table.wall == 10
    assert table.pending.seat == 1 and table.hand("North").count == 13


def test_a_lifted_tile_goes_back_to_an_uncounted_wall_too():
    world = play(
        "Given West has discarded 7D\nAnd South holds 7D 7D\n"
        "When North lifts a tile\nAnd South calls the discard"
    )
    assert world.last_verdict.allowed
    assert world.table.lifted is None and world.table.wall is None


def test_a_tile_lifted_out_of_turn_goes_back_and_leaves_the_hand_liable():
    # [33] A player who picks out of turn may have the hand declared dead.
    world = play(WALL_OF_10 + "When South lifts a tile")
    verdict = world.last_verdict
    assert_refused(verdict, "picking_out_of_turn_kills_the_hand", "nmjl-wall")
    picked = "South picked from the wall out of turn: North is to draw."
    assert verdict.reason == f"{picked} The lifted tile goes back to the wall."
    assert verdict.consequence == "South's hand may now be declared dead."
    table = world.table
    assert table.hand("South").mistake == Mistake(
        "picking_out_of_turn_kills_the_hand", "nmjl-wall", picked
    )
    assert table.wall == 10 and table.lifted is None and table.hand("South").count == 13


def test_a_fifth_copy_cannot_be_lifted_from_the_wall():
    with pytest.raises(StepFailed, match="only 4 of 7C"):
        play("Given West has discarded 7D\nAnd South holds 7C 7C 7C 7C\nWhen North lifts 7C")


def test_a_fifth_copy_cannot_be_picked_out_of_turn_either():
    with pytest.raises(StepFailed, match="only 4 of 7C"):
        play("Given West has discarded 7D\nAnd East holds 7C 7C 7C 7C\nWhen South draws 7C")


def test_a_seat_that_has_drawn_cannot_lift_another_tile():
    world = play("Given West has discarded 7D\nWhen North draws a tile\nAnd North lifts a tile")
    assert_refused(world.last_verdict, "seat_to_draw_lifts_the_next_tile", "nmjl-wall")
    assert world.last_verdict.reason == "North has already drawn or called and must discard."


def test_when_nobody_calls_the_discard_its_window_closes_and_the_next_seat_is_still_to_draw():
    world = play(WALL_OF_10 + "When nobody calls the discard")
    assert_allowed(world.last_verdict, "nobody_calls_an_open_discard", "nmjl-wall")
    assert world.last_verdict.reason == "Nobody calls 7D; North is still to draw."
    table = world.table
    assert table.window_open is False and table.turn == 3 and table.must == "draw"
    assert table.ended is None and table.wall == 10


def test_a_discard_nobody_called_can_no_longer_be_called():
    world = play(
        WALL_OF_10
        + "And South holds 7D 7D\nWhen nobody calls the discard\nAnd South calls the discard"
    )
    assert_refused(
        world.last_verdict, "call_window_closes_on_the_next_draw_or_discard", "nmjl-calling"
    )
    assert world.last_verdict.reason == (
        "The call window for 7D has closed: nobody called it, and North draws next."
    )


def test_a_discard_called_after_the_next_seat_drew_is_refused_for_that_draw():
    world = play(
        WALL_OF_10 + "And South holds 7D 7D\nWhen North draws a tile\nAnd South calls the discard"
    )
    assert_refused(
        world.last_verdict, "call_window_closes_on_the_next_draw_or_discard", "nmjl-calling"
    )
    assert world.last_verdict.reason == (
        "The call window for 7D has closed: North has drawn from the wall."
    )


def test_when_nobody_calls_the_last_tile_the_hand_is_a_wall_game_and_nobody_pays():
    # [100–101] A wall game: nobody wins and nobody pays.
    world = play(
        "Given West has discarded 7D\nAnd the wall is exhausted\nWhen nobody calls the discard"
    )
    verdict = world.last_verdict
    assert_allowed(verdict, "nobody_calls_an_open_discard", "nmjl-wall")
    assert verdict.reason == (
        "Nobody calls 7D, the last tile: the hand ends as a wall game and nobody pays."
    )
    assert world.table.ended == "a wall game" and world.table.payments == ()
    assert world.table.window_open is False
