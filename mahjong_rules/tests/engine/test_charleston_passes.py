"""The Charleston spelled out (nmjl-charleston, rules-reference 13, 15–23, 25): each pass,
the tiles in motion, the other seats' passes, blind passes, the stop and the courtesy pass."""

from mahjong_rules.engine import Table
from mahjong_rules.engine.nmjl import Passed, next_pass, passes_done
from mahjong_rules.engine.tiles import parse_tiles
from scenes import assert_allowed, assert_refused, play

CHARLESTON = "Given it is the Charleston\n"
COURTESY = "Given the Charleston has reached the courtesy pass\n"
OFFERS = COURTESY + "When East offers 1 tile across\nAnd West offers 3 tiles across\n"


def test_tiles_passed_leave_the_hand_and_are_in_motion_until_the_pass_is_made():
    world = play(CHARLESTON + "When South passes 1D 2D 3D to the right")
    verdict = world.last_verdict
    assert_allowed(verdict, "three_tiles_in_each_charleston_pass", "nmjl-charleston")
    assert verdict.reason == (
        "South passes 1D 2D 3D to the right in the first right pass; the others have still to pass."
    )
    south = world.table.hand("South")
    assert south.concealed == () and south.unnamed == 10 and south.count == 13
    assert south.in_motion == tuple(parse_tiles("1D 2D 3D"))


def test_when_all_four_have_passed_the_tiles_move_and_the_next_pass_begins():
    world = play(
        CHARLESTON
        + "When East passes 1D 2D 3D to the right\nAnd South passes 4D 5D 6D to the right\n"
        "And West passes 7D 8D 9D to the right\nAnd North passes 1B 2B 3B to the right"
    )
    verdict = world.last_verdict
    assert verdict.reason == (
        "North passes 1B 2B 3B to the right in the first right pass; the tiles move."
    )
    table = world.table
    assert table.hand("South").concealed == tuple(parse_tiles("1D 2D 3D"))
    assert table.hand("East").concealed == tuple(parse_tiles("1B 2B 3B"))
    assert table.charleston.passed == (None, None, None, None)
    assert next_pass(table) == "first across"


def test_the_other_seats_pass_three_unnamed_tiles_each_and_the_tiles_move():
    world = play(CHARLESTON + "When East passes 1D 2D 3D to the right\nAnd the other seats pass")
    verdict = world.last_verdict
    assert_allowed(verdict, "each_seat_passes_once_in_a_pass", "nmjl-charleston")
    assert verdict.reason == "South, West, North pass in the first right pass."
    table = world.table
    assert table.hand("South").concealed == tuple(parse_tiles("1D 2D 3D"))  # none went on blind
    assert table.hand("South").count == 13 and table.hand("East").count == 14
    assert next_pass(table) == "first across"


def test_the_last_seat_to_pass_passes_alone():
    world = play(
        CHARLESTON
        + "When East passes 1D 2D 3D to the right\nAnd South passes 4D 5D 6D to the right\n"
        "And West passes 7D 8D 9D to the right\nAnd the other seats pass"
    )
    assert world.last_verdict.reason == "North passes in the first right pass."


def test_a_seat_holding_exactly_three_unnamed_tiles_can_pass_them():
    world = play(
        CHARLESTON + "And South holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D\n"
        "When East passes 1D 2D 3D to the right\nAnd the other seats pass"
    )
    assert_allowed(world.last_verdict, "each_seat_passes_once_in_a_pass", "nmjl-charleston")


def test_a_pass_comes_from_the_hand_a_named_tile_it_lacks_taken_from_its_unnamed_tiles():
    # South holds twelve named tiles and one unnamed: one tile it does not hold is that one.
    hand = "And South holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D\n"
    world = play(CHARLESTON + hand + "When South passes 4D 4D 5D to the right")
    assert_allowed(world.last_verdict, "three_tiles_in_each_charleston_pass", "nmjl-charleston")
    world = play(CHARLESTON + hand + "When South passes 4D 5D 6D to the right")
    verdict = world.last_verdict
    assert_refused(verdict, "passed_tiles_come_from_the_hand", "nmjl-charleston")
    assert verdict.reason == "South has too few tiles to pass 3."


def test_a_whole_hand_passes_only_tiles_it_holds_and_the_refusal_names_them():
    world = play(
        CHARLESTON + "And South's hand is 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D\n"
        "When South passes 7D 8D 9D to the right"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "passed_tiles_come_from_the_hand", "nmjl-charleston")
    assert verdict.reason == "South does not hold 7D 8D 9D to pass."


def test_a_pass_after_easts_first_discard_is_refused_the_charleston_being_over():
    world = play("Given West has discarded 7D\nWhen South passes 1D 2D 3D to the right")
    verdict = world.last_verdict
    assert_refused(verdict, "passes_are_made_in_the_charleston", "nmjl-charleston")
    assert verdict.reason == "East has made the first discard: the Charleston is over."


def test_a_pass_when_nobody_said_it_is_the_charleston_is_refused_and_east_discards_first():
    world = play("When South passes 1D 2D 3D to the right")
    verdict = world.last_verdict
    assert_refused(verdict, "passes_are_made_in_the_charleston", "nmjl-charleston")
    assert verdict.reason.startswith("Nobody said it is the Charleston")


# --- blind passes and the stop ------------------------------------------------------------


def test_at_most_three_tiles_are_passed_blind():
    world = play(
        "Given the Charleston has reached the first left pass\n"
        "When South passes 4 tiles blind to the left"
    )
    assert_refused(
        world.last_verdict,
        "blind_pass_only_in_the_first_left_and_second_right",
        "nmjl-charleston",
    )


def test_a_blind_pass_says_how_many_go_on_unseen():
    world = play(
        "Given the Charleston has reached the first left pass\n"
        "When South passes 4B and 2 blind to the left"
    )
    assert_allowed(world.last_verdict, "three_tiles_in_each_charleston_pass", "nmjl-charleston")
    assert world.last_verdict.reason == (
        "South passes 4B and 2 blind to the left in the first left pass; "
        "the others have still to pass."
    )


def test_a_wholly_blind_pass_says_how_many_go_on_unseen_and_no_tile_of_its_own():
    world = play(
        "Given the Charleston has reached the first left pass\n"
        "When South passes 3 tiles blind to the left"
    )
    assert_allowed(world.last_verdict, "three_tiles_in_each_charleston_pass", "nmjl-charleston")
    assert world.last_verdict.reason == (
        "South passes 3 tiles blind to the left in the first left pass; "
        "the others have still to pass."
    )


def test_the_charleston_stopped_before_the_second_left_goes_on_to_the_courtesy_pass():
    world = play(
        "Given the Charleston has reached the second left pass\nWhen West stops the Charleston"
    )
    assert_allowed(
        world.last_verdict, "charleston_stops_only_before_the_second_left", "nmjl-charleston"
    )
    passes = world.table.charleston
    assert passes.stopped is True and passes.courtesy and next_pass(world.table) == "courtesy"


def test_once_a_seat_has_made_the_second_left_the_charleston_cannot_be_stopped():
    world = play(
        "Given the Charleston has reached the second left pass\n"
        "When East passes 1D 2D 3D to the left\nAnd West stops the Charleston"
    )
    assert_refused(
        world.last_verdict, "charleston_stops_only_before_the_second_left", "nmjl-charleston"
    )


def test_past_the_second_left_the_charleston_cannot_be_stopped():
    world = play(
        "Given the Charleston has reached the second across pass\nWhen West stops the Charleston"
    )
    assert_refused(
        world.last_verdict, "charleston_stops_only_before_the_second_left", "nmjl-charleston"
    )


# --- the courtesy pass ------------------------------------------------------------------


def test_a_courtesy_offer_says_what_the_partners_exchange_once_both_offered():
    world = play(COURTESY + "When East offers 1 tile across")
    assert_allowed(world.last_verdict, "courtesy_offer_is_up_to_three_once", "nmjl-charleston")
    assert world.last_verdict.reason == "East offers 1 across for the courtesy pass."
    world = play(OFFERS)
    assert world.last_verdict.reason == (
        "West offers 3 across for the courtesy pass; with East they exchange 1."
    )
    assert world.table.charleston.agreed(0) == 1


def test_a_courtesy_pass_is_judged_by_the_agreed_number():
    world = play(OFFERS + "And East passes 7C across")
    assert_allowed(world.last_verdict, "courtesy_pass_of_the_agreed_number", "nmjl-charleston")
    assert world.last_verdict.reason == (
        "East passes 7C across in the courtesy pass; the others have still to pass."
    )


def test_in_the_courtesy_pass_the_other_seats_pass_what_they_agreed_and_no_more():
    # East and West agreed on one tile; South and North offered nothing, and pass none.
    world = play(OFFERS + "And the other seats pass")
    assert_allowed(world.last_verdict, "each_seat_passes_once_in_a_pass", "nmjl-charleston")
    table = world.table
    one, none = Passed((None,)), Passed(())
    assert table.charleston.passed == (one, none, one, none)
    assert all(hand.in_motion == () for hand in table.hands)
    assert [hand.count for hand in table.hands] == [14, 13, 13, 13]
    assert passes_done(table)


def test_when_every_seat_has_passed_in_the_courtesy_pass_nobody_passes_again():
    world = play(OFFERS + "And the other seats pass\nAnd the other seats pass")
    verdict = world.last_verdict
    assert_refused(verdict, "each_seat_passes_once_in_a_pass", "nmjl-charleston")
    assert verdict.reason == "Every seat has already passed in the courtesy pass."


# --- where the Charleston stands ------------------------------------------------------------


def test_the_next_pass_is_the_first_right_until_a_pass_is_written():
    assert next_pass(play(CHARLESTON).table) == "first right"


def test_there_is_no_next_pass_once_east_has_discarded_or_outside_the_charleston():
    assert next_pass(play("Given West has discarded 7D").table) is None
    assert next_pass(Table.new()) is None
    assert next_pass(play(CHARLESTON + "When East discards 7D").table) is None


def test_a_charleston_never_spelled_out_has_no_passes_left_to_make():
    assert passes_done(play(CHARLESTON).table)
    assert not passes_done(play(CHARLESTON + "When East passes 1D 2D 3D to the right").table)


def test_in_the_courtesy_pass_a_seat_needs_only_as_many_unnamed_tiles_as_it_agreed_to_pass():
    # West has one unnamed tile and agreed on one; South has none and offered nothing.
    world = play(
        COURTESY + "And West holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D\n"
        "And South's hand is 5D 5D 5D 6D 6D 6D 7D 7D 7D 8D 8D 8D 9D\n"
        "When East offers 1 tile across\nAnd West offers 1 tile across\nAnd the other seats pass"
    )
    assert_allowed(world.last_verdict, "each_seat_passes_once_in_a_pass", "nmjl-charleston")
    assert world.table.hand("South").count == 13 and world.table.hand("West").count == 13


def test_a_courtesy_pass_of_another_number_than_agreed_is_refused_and_says_what_was_agreed():
    world = play(OFFERS + "And East passes 7C 8C across")
    verdict = world.last_verdict
    assert_refused(verdict, "courtesy_pass_of_the_agreed_number", "nmjl-charleston")
    assert verdict.reason == "East and West agreed on 1, not 2."
