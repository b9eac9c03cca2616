"""Mah Jongg judged by the card (nmjl-mah-jongg, rules-reference 38, 43, 46, 49, 77, 79–86,
94, 100–106): saying it on one's turn or on a discard, showing the hand, racking the called
tile, withdrawing, a Mah Jongg in error and who pays; three dead hands (nmjl-205 [96, 97])."""

from mahjong_rules.engine.nmjl.mahjong import (
    CardRuling,
    exposing_part_of_a_mah_jongg_is_in_error,
    mah_jongg_is_withdrawn_before_anything_is_exposed,
)
from mahjong_rules.engine.table import Mistake
from mahjong_rules.engine.tiles import parse_tile, parse_tiles
from scenes import assert_allowed, assert_refused, play

CARD = 'Given the card "Practice Card 2027"\n'
L1 = "5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"  # line L1 of the practice card, worth 25
NOT_L1 = "5D 5D 5D 6C 6C 6C J 5B 5B 5B RD RD RD RD"
# North waits on the fourth RD, which East discards.
ON_RD = CARD + "And East has discarded RD\nAnd North's hand is {hand}\n"
WAITING = ON_RD.format(hand=L1.rsplit(" ", 1)[0])
WAITING_IN_ERROR = ON_RD.format(hand=NOT_L1.rsplit(" ", 1)[0])
SAYS = "When North announces Mah Jongg on the discard\n"
OWN_TURN = CARD + "Given it is North's turn\nAnd North's hand is {hand}\n"
RD = parse_tile("RD")
IN_ERROR = "North's hand matches no line of the card: a Mah Jongg in error."


def test_a_mah_jongg_said_on_a_discard_takes_the_tile_and_shows_nothing_yet():
    before = play(WAITING).table
    world = play(WAITING + SAYS)
    verdict = world.last_verdict
    assert_allowed(verdict, "hand_is_shown_only_after_mah_jongg_is_said", "nmjl-mah-jongg")
    assert verdict.reason == "North calls RD for Mah Jongg; the hand is shown next."
    table = world.table
    pending = table.pending
    assert (pending.seat, pending.discard.tile, pending.discard.seat) == (3, RD, 0)
    assert pending.mah_jongg and pending.hand_before == before.hand("North")
    assert table.turn == 3 and table.must == "show the hand" and table.taken_by == 3
    assert table.window_open is False and table.latest_discard is None
    announced = table.announced
    assert (announced.seat, announced.discard.tile, announced.before) == (3, RD, before)
    assert table.hand("North").count == 13  # said, not racked


def test_showing_a_hand_called_on_a_discard_racks_the_discard_and_every_other_player_pays():
    world = play(WAITING + SAYS + "And North exposes the hand")
    verdict = world.last_verdict
    assert_allowed(verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert verdict.reason == (
        "North shows a hand that matches line L1 (25): Mah Jongg; every other player pays."
    )
    table = world.table
    assert table.over and table.winner == 3
    assert table.hand("North").concealed.count(RD) == 4 and table.hand("North").count == 14
    assert table.mah_jongg == CardRuling(3, True, "L1", 25)
    assert set(table.payments) == {(0, 3), (1, 3), (2, 3)}
    assert table.pending is None and table.announced is None


def test_after_a_mah_jongg_is_shown_the_hand_is_over():
    world = play(WAITING + SAYS + "And North exposes the hand\nAnd South draws a tile")
    assert_refused(world.last_verdict, "hand_is_over_after_mah_jongg", "nmjl-calling")


def test_a_mah_jongg_said_on_a_discard_may_be_withdrawn_and_the_discard_is_open_again():
    world = play(WAITING + SAYS + "And North withdraws the Mah Jongg")
    verdict = world.last_verdict
    assert_allowed(verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg")
    assert verdict.reason == "North withdraws the Mah Jongg; play goes on as before it was said."
    table = world.table
    assert table.latest_discard.tile == RD and table.latest_discard.seat == 0
    assert table.window_open is True and table.turn == 1 and table.must == "draw"
    assert table.pending is None and table.taken_by is None and table.announced is None
    assert table.hand("North").count == 13


def test_racking_the_tile_called_for_mah_jongg_commits_the_caller_to_it():
    # [46] Once the called tile is racked the caller is committed to it.
    world = play(WAITING + SAYS + "And North racks the called tile")
    verdict = world.last_verdict
    assert_allowed(verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg")
    assert verdict.reason == "North racks RD and is now committed to it."
    table = world.table
    assert table.hand("North").concealed.count(RD) == 4 and table.hand("North").count == 14
    assert table.announced.racked and table.pending.racked
    assert table.announced.discard.tile == RD and table.turn == 3


def test_a_racked_mah_jongg_tile_cannot_be_withdrawn():
    world = play(
        WAITING + SAYS + "And North racks the called tile\nAnd North withdraws the Mah Jongg"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg")
    assert verdict.reason == "North has racked RD and is committed to it."


def test_a_hand_shown_after_racking_the_called_tile_counts_that_tile_once():
    world = play(WAITING + SAYS + "And North racks the called tile\nAnd North exposes the hand")
    assert_allowed(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert world.table.hand("North").count == 14


def test_a_mah_jongg_on_a_discard_needs_a_hand_of_thirteen():
    world = play(ON_RD.format(hand=L1.replace("RD RD RD RD", "RD RD RD 2C")) + SAYS)
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_call_needs_the_winning_tile", "nmjl-calling")
    assert verdict.reason == "North has 14 tiles: a discard completes a hand of 13."
    assert world.table.latest_discard.tile == RD and world.table.window_open
    assert world.table.announced is None


def test_a_dead_hand_cannot_say_mah_jongg_on_a_discard():
    world = play(WAITING + "And North's hand is dead\n" + SAYS)
    assert_refused(world.last_verdict, "dead_hand_cannot_win", "nmjl-205")
    assert world.last_verdict.reason == "North's hand is dead: Mah Jongg cannot be called."


# --- a Mah Jongg on a discard against an exposure call ------------------------------------

# South calls East's 5B for a pung with a Joker; North, waiting on 5B, says Mah Jongg.
AGAINST_A_CALL = (
    CARD + "And East has discarded 5B\nAnd South holds 5B J\n"
    "And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B RD RD RD RD\n"
    "When South calls the discard\nAnd North announces Mah Jongg on the discard\n"
)


def test_a_mah_jongg_said_on_a_discard_takes_it_from_an_exposure_call():
    world = play(AGAINST_A_CALL)
    verdict = world.last_verdict
    assert_allowed(verdict, "mah_jongg_call_beats_an_exposure_call", "nmjl-calling")
    assert verdict.reason.startswith("North calls 5B for Mah Jongg; the hand is shown next. ")
    assert verdict.reason.endswith("The Mah Jongg call beats South's exposure call.")
    table = world.table
    assert table.hand("South").concealed == tuple(parse_tiles("5B J"))
    assert table.hand("South").count == 13 and table.pending.seat == 3
    assert table.discards == () and table.taken_by == 3


def test_withdrawing_that_mah_jongg_gives_the_discard_back_and_the_callers_tiles_with_it():
    world = play(AGAINST_A_CALL + "And North withdraws the Mah Jongg")
    assert_allowed(
        world.last_verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg"
    )
    table = world.table
    assert [str(d) for d in table.discards] == ["5B"] and table.latest_discard.seat == 0
    assert table.window_open and table.turn == 1 and table.must == "draw"
    assert table.hand("South").concealed == tuple(parse_tiles("5B J"))
    assert table.hand("South").count == 13 and table.hand("North").count == 13


# --- a Mah Jongg in error and who pays ----------------------------------------------------


def test_a_mah_jongg_in_error_on_a_discard_commits_the_caller_to_the_tile_and_the_hand_is_liable():
    # [46] Exposing commits the caller to the tile; [82–86] the hand may be declared dead.
    world = play(WAITING_IN_ERROR + SAYS + "And North exposes the hand")
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert verdict.reason == IN_ERROR
    assert verdict.consequence == "North's hand may now be declared dead."
    table = world.table
    north = table.hand("North")
    assert north.concealed.count(RD) == 4 and north.count == 14
    assert north.mistake == Mistake("mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg", IN_ERROR)
    assert table.turn == 3 and table.must == "discard" and table.taken_by == 3
    assert table.mah_jongg == CardRuling(3, False)
    assert table.pending is None and table.announced is None
    assert not table.over and table.ended is None and table.payments == ()


def test_a_mah_jongg_in_error_on_ones_own_turn_leaves_the_last_taker_as_it_was():
    world = play(
        OWN_TURN.format(hand=NOT_L1) + "When North announces Mah Jongg\nAnd North exposes the hand"
    )
    assert_refused(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    table = world.table
    assert table.taken_by is None and table.turn == 3 and table.must == "discard"
    assert table.hand("North").count == 14 and table.mah_jongg == CardRuling(3, False)


def test_a_mah_jongg_in_error_after_a_hand_was_thrown_in_ends_the_hand_and_the_caller_pays():
    # [84] The erring player pays the others whose hands are intact.
    world = play(
        WAITING_IN_ERROR + SAYS + "And West throws in the hand\nAnd North exposes the hand"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert verdict.consequence == "The hand ends without a winner: North pays East, South."
    table = world.table
    assert table.ended == "a Mah Jongg in error" and table.payments == ((3, 0), (3, 1))


def test_a_mah_jongg_in_error_with_no_intact_hand_left_pays_nobody():
    world = play(
        WAITING_IN_ERROR
        + "And South's hand is dead\n"
        + SAYS
        + "And East throws in the hand\nAnd West throws in the hand\nAnd North exposes the hand"
    )
    verdict = world.last_verdict
    assert verdict.consequence == "The hand ends without a winner: North pays nobody."
    assert world.table.ended == "a Mah Jongg in error" and world.table.payments == ()


def test_after_a_mah_jongg_in_error_ends_the_hand_nobody_plays_on():
    world = play(
        WAITING_IN_ERROR + SAYS + "And West throws in the hand\nAnd North exposes the hand\n"
        "And North discards 2C"
    )
    assert_refused(
        world.last_verdict, "no_play_after_a_mah_jongg_in_error_ends_the_hand", "nmjl-mah-jongg"
    )


# --- saying Mah Jongg on one's own turn --------------------------------------------------


def test_mah_jongg_said_on_ones_own_turn_is_shown_next():
    before = play(OWN_TURN.format(hand=L1)).table
    world = play(OWN_TURN.format(hand=L1) + "When North announces Mah Jongg")
    verdict = world.last_verdict
    assert_allowed(verdict, "hand_is_shown_only_after_mah_jongg_is_said", "nmjl-mah-jongg")
    assert verdict.reason == "North says Mah Jongg; the hand is shown next."
    assert world.table.announced.seat == 3 and world.table.announced.before == before
    assert world.table.announced.discard is None


def test_a_mah_jongg_said_on_ones_own_turn_and_withdrawn_leaves_the_table_as_it_was():
    before = play(OWN_TURN.format(hand=L1)).table
    world = play(
        OWN_TURN.format(hand=L1)
        + "When North announces Mah Jongg\nAnd North withdraws the Mah Jongg"
    )
    assert_allowed(
        world.last_verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg"
    )
    assert world.table == before


def test_a_hand_shown_on_ones_own_turn_keeps_its_fourteen_tiles():
    world = play(
        OWN_TURN.format(hand=L1) + "When North announces Mah Jongg\nAnd North exposes the hand"
    )
    assert_allowed(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert world.table.hand("North").count == 14
    assert world.table.over and world.table.mah_jongg == CardRuling(3, True, "L1", 25)


def test_mah_jongg_is_said_only_on_ones_own_turn():
    world = play(
        CARD + "Given it is West's turn\nAnd North's hand is " + L1 + "\n"
        "When North announces Mah Jongg"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")
    assert verdict.reason == (
        "North can declare Mah Jongg only on their own turn, holding 14 tiles."
    )


def test_a_seat_still_to_draw_cannot_say_mah_jongg_even_holding_fourteen_tiles():
    world = play(
        CARD + "Given West has discarded 7D\nAnd North's hand is " + L1 + "\n"
        "When North announces Mah Jongg"
    )
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")


def test_a_seat_with_thirteen_tiles_on_its_turn_cannot_say_mah_jongg():
    world = play(OWN_TURN.format(hand=L1.rsplit(" ", 1)[0]) + "When North announces Mah Jongg")
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")


def test_a_caller_who_racked_a_tile_called_for_an_exposure_cannot_say_mah_jongg_before_exposing():
    # An exposure call is carried out first: the group is exposed, then the turn is the
    # caller's (a call for Mah Jongg is made as such).
    world = play(
        CARD + "And East has discarded RD\nAnd North's hand is " + L1.rsplit(" ", 1)[0] + "\n"
        "When North calls the discard\nAnd North racks the called tile\n"
        "And North announces Mah Jongg"
    )
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")
    assert world.table.announced is None


def test_a_dead_hand_cannot_say_mah_jongg_on_its_turn():
    world = play(
        OWN_TURN.format(hand=L1) + "And North's hand is dead\nWhen North announces Mah Jongg"
    )
    assert_refused(world.last_verdict, "dead_hand_cannot_win", "nmjl-205")
    assert world.last_verdict.reason == "North's hand is dead: Mah Jongg cannot be called."


def test_exposing_part_of_the_hand_after_saying_mah_jongg_is_a_mah_jongg_in_error():
    world = play(
        OWN_TURN.format(hand=L1) + "When North announces Mah Jongg\nAnd North exposes 5D 5D 5D"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "exposing_part_of_a_mah_jongg_is_in_error", "nmjl-mah-jongg")
    reason = "North said Mah Jongg and exposed only part of the hand: a Mah Jongg in error."
    assert verdict.reason == reason
    assert world.table.hand("North").mistake == Mistake(
        "exposing_part_of_a_mah_jongg_is_in_error", "nmjl-mah-jongg", reason
    )


def test_only_the_seat_that_said_mah_jongg_on_its_turn_can_expose_part_of_it_in_error():
    said = play(OWN_TURN.format(hand=L1) + "When North announces Mah Jongg").table
    assert exposing_part_of_a_mah_jongg_is_in_error(said, 3) is not None
    assert exposing_part_of_a_mah_jongg_is_in_error(said, 1) is None
    on_a_discard = play(WAITING + SAYS).table  # exposing then is an exposure call [49]
    assert exposing_part_of_a_mah_jongg_is_in_error(on_a_discard, 3) is None
    assert exposing_part_of_a_mah_jongg_is_in_error(play(OWN_TURN.format(hand=L1)).table, 3) is None


def test_only_the_seat_that_said_mah_jongg_can_withdraw_it():
    rule = mah_jongg_is_withdrawn_before_anything_is_exposed
    nothing_said = play(OWN_TURN.format(hand=L1)).table
    assert rule(nothing_said, 3) == "North has not said Mah Jongg."
    said = play(OWN_TURN.format(hand=L1) + "When North announces Mah Jongg").table
    assert rule(said, 1) == "South has not said Mah Jongg."
    assert rule(said, 3) is None


def test_without_a_card_a_whole_hand_is_judged_by_what_it_needs_to_win():
    # A card in force is what judges a whole hand; with none, part one's meaning holds.
    world = play(
        "Given it is North's turn\nAnd North's hand is " + L1 + "\nWhen North declares Mah Jongg"
    )
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")
    assert world.table.mah_jongg is None


# --- three dead hands ----------------------------------------------------------------------


def test_three_dead_hands_void_the_deal_and_the_refusal_names_them():
    world = play(
        "Given East's hand is dead\nAnd South's hand is dead\nAnd West's hand is dead\n"
        "When North draws a tile"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "three_dead_hands_void_the_deal", "nmjl-205")
    assert verdict.reason == (
        "Three hands are dead (East, South, West): the deal is void and the tiles are thrown in."
    )


def test_a_mah_jongg_on_a_discard_before_any_discard_is_refused():
    world = play(CARD + "And North's hand is " + L1.rsplit(" ", 1)[0] + "\n" + SAYS)
    assert_refused(world.last_verdict, "no_one_draws_or_calls_in_the_charleston", "nmjl-205")
    assert world.table.announced is None


def test_a_mah_jongg_said_on_a_discard_leaves_the_earlier_discards_on_record():
    world = play(
        CARD + "And South holds 2C 5B\n"
        "And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B RD RD RD RD\n"
        "When East discards 7D\nAnd South draws a tile\nAnd South discards 5B\n" + SAYS
    )
    assert world.last_verdict.allowed
    assert [str(d) for d in world.table.discards] == ["7D"]


def test_a_mah_jongg_said_on_a_discard_called_for_an_exposure_leaves_the_earlier_discards_too():
    world = play(
        CARD + "And South holds 2C 5B\nAnd West holds 5B J\n"
        "And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B RD RD RD RD\n"
        "When East discards 7D\nAnd South draws a tile\nAnd South discards 5B\n"
        "And West calls the discard\n" + SAYS
    )
    assert_allowed(world.last_verdict, "mah_jongg_call_beats_an_exposure_call", "nmjl-calling")
    assert [str(d) for d in world.table.discards] == ["7D"]


def test_a_mah_jongg_said_on_a_discard_takes_it_back_from_an_exposure_already_made():
    # As a Mah Jongg call takes the tile from an earlier exposure call (nmjl-calling).
    world = play(
        CARD + "And East has discarded 5B\nAnd South holds 5B J\n"
        "And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B RD RD RD RD\n"
        "When South calls the discard\nAnd South exposes 5B 5B J\n" + SAYS
    )
    assert_allowed(world.last_verdict, "mah_jongg_call_beats_an_exposure_call", "nmjl-calling")
    south = world.table.hand("South")
    assert south.exposures == () and south.concealed == tuple(parse_tiles("5B J"))


def test_after_a_withdrawn_mah_jongg_the_discard_is_open_to_any_call_again():
    # As for a withdrawn call, the tile is the latest discard again: the exposure caller's
    # call lapsed with it, and may be made again.
    world = play(AGAINST_A_CALL + "And North withdraws the Mah Jongg")
    assert world.table.pending is None and world.table.taken_by is None
    world = play(AGAINST_A_CALL + "And North withdraws the Mah Jongg\nAnd South calls the discard")
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")


def test_a_mah_jongg_cannot_be_withdrawn_once_other_players_threw_in_and_the_refusal_names_them():
    world = play(
        WAITING + SAYS + "And East throws in the hand\nAnd West throws in the hand\n"
        "And North withdraws the Mah Jongg"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_is_withdrawn_before_anything_is_exposed", "nmjl-mah-jongg")
    assert (
        verdict.reason == "East, West already threw in: the Mah Jongg can no longer be withdrawn."
    )


def test_after_a_withdrawn_mah_jongg_the_seat_after_the_discarder_draws_not_the_lapsed_caller():
    world = play(
        CARD + "And East has discarded 5B\nAnd West holds 5B J\n"
        "And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B RD RD RD RD\n"
        "When West calls the discard\n" + SAYS + "And North withdraws the Mah Jongg"
    )
    assert world.table.turn == 1 and world.table.must == "draw"
    assert world.table.hand("West").concealed == tuple(parse_tiles("5B J"))
