"""Part two's table mechanics: tiles in motion in the Charleston, blind passes along a chain,
the counted wall and a pick out of turn, Mah Jongg in error and who pays."""

from mahjong_rules.engine import actions as act
from mahjong_rules.engine.judging import judge
from mahjong_rules.engine.nmjl import passes_done
from mahjong_rules.engine.tiles import parse_tiles
from scenes import assert_allowed, assert_refused, play

CARD = 'Given the card "Practice Card 2027"\n'
PASS_1D = "When East passes 1D 1D 1D to the right"


def test_blind_tiles_pass_along_a_chain_of_blind_passes():
    world = play(
        """
        Given the Charleston has reached the first left pass
        And South holds 1D 2D 3D
        When South passes 1D 2D 3D to the left
        And East passes 3 tiles blind to the left
        And North passes 2 tiles blind to the left
        And West passes 1 tile blind to the left
        """
    )
    # South's tiles go to East and on, unseen, to North. North passes its own tile first,
    # then 1D 2D blind, keeping 3D; West passes its two own tiles and the first it received
    # (North's own), keeping 1D 2D; South gets back none of its own.
    table = world.table
    assert table.hand("South").concealed == ()
    assert table.hand("West").concealed == tuple(parse_tiles("1D 2D"))
    assert table.hand("North").concealed == tuple(parse_tiles("3D"))
    assert all(hand.count == 13 for hand in table.hands[1:]) and table.hand("East").count == 14


def test_tiles_in_motion_count_for_the_passer_and_against_the_four_copies():
    world = play("Given it is the Charleston\nAnd East holds 1D 1D 1D\n" + PASS_1D)
    assert world.table.hand("East").count == 14
    assert world.table.tiles_in_play()[parse_tiles("1D")[0]] == 3


def test_the_courtesy_pass_with_one_pair_only_is_done_once_that_pair_has_exchanged():
    world = play(
        """
        Given the Charleston has reached the courtesy pass
        When East offers 1 tile across
        And West offers 3 tiles across
        And South offers 2 tiles across
        And East passes 7C across
        """
    )
    assert not passes_done(world.table)  # East–West agreed 1 and West has not passed
    verdict, table = judge(world.table, act.PassTiles(2, (None,), "across"))
    assert verdict.allowed and passes_done(table)  # North never offered: no exchange pending
    assert table.hand("West").concealed == tuple(parse_tiles("7C"))


def test_a_pick_out_of_turn_is_racked_liable_and_leaves_the_turn_where_it_was():
    world = play(
        "Given 10 tiles are left in the wall\nAnd West has discarded 7D\nWhen South draws 2C"
    )
    assert_refused(world.last_verdict, "draw_only_on_own_turn", "nmjl-calling")
    table = world.table
    assert table.wall == 9 and table.turn == 3 and table.must == "draw" and table.window_open
    assert table.hand("South").mistake.article == "nmjl-wall"
    assert table.hand("South").concealed == tuple(parse_tiles("2C"))


def test_a_draw_from_an_exhausted_wall_has_no_consequence():
    world = play("Given the wall is exhausted\nAnd West has discarded 7D\nWhen North draws a tile")
    assert_refused(world.last_verdict, "no_draw_from_an_exhausted_wall", "nmjl-wall")
    assert world.last_verdict.consequence is None and world.table.hand("North").count == 13


def test_a_mah_jongg_in_error_on_a_discard_taken_from_an_exposure_call_does_not_restore_it():
    world = play(
        CARD
        + """
        Given East has discarded 2D
        And South holds 2D 2D
        And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD
        When South calls the discard
        And North calls the discard for Mah Jongg
        """
    )
    assert_refused(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    table = world.table
    assert table.pending is None and table.turn == 3 and table.must == "discard"
    assert table.hand("North").count == 14 and table.hand("South").count == 13


def test_the_erring_seat_pays_only_live_intact_seats():
    world = play(
        CARD
        + """
        Given it is North's turn
        And South's hand is dead
        And North's hand is 5D 5D 5D 6C 6C 6C 6C 5B 5B 5B RD RD RD RD
        When North announces Mah Jongg
        And East throws in the hand
        And North exposes the hand
        """
    )
    assert world.table.ended and set(world.table.payments) == {(3, 2)}


def test_a_valid_mah_jongg_by_the_card_records_its_line_and_value():
    world = play(
        CARD
        + "Given it is North's turn\nAnd North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD\n"
        "When North declares Mah Jongg"
    )
    assert_allowed(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    ruling = world.table.mah_jongg
    assert (ruling.valid, ruling.line, ruling.value) == (True, "L1", 25)
    assert set(world.table.payments) == {(0, 3), (1, 3), (2, 3)}


# Contract, part two, clarified after the second release: a whole-hand seat that called a
# discard, exposed the group and completed its hand by a joker exchange on the same turn
# holds 14 tiles on its own turn; its Mah Jongg is judged by the card, as self-picked [77].
CALLED_EXPOSED_EXCHANGED = (
    CARD
    + """
    Given West has exposed 7D 7D 7D J
    And East has discarded RD
    And North's hand is {hand} RD RD RD 7D
    When North calls the discard
    And North exposes RD RD RD RD
    And North exchanges 7D for the Joker in West's exposure
    """
)


def test_a_mah_jongg_made_by_a_joker_exchange_after_a_call_and_exposure_is_judged_by_the_card():
    world = play(
        CALLED_EXPOSED_EXCHANGED.format(hand="5D 5D 5D 5C 5C 5C 5B 5B 5B")
        + "When North declares Mah Jongg"
    )
    assert_allowed(world.last_verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    table = world.table
    assert table.over and table.winner == 3 and table.pending is None
    assert (table.mah_jongg.valid, table.mah_jongg.line) == (True, "L1")
    # Self-picked: every other seat pays, the discarder no differently from the others.
    assert set(table.payments) == {(0, 3), (1, 3), (2, 3)}


def test_a_hand_not_on_the_card_after_a_call_exposure_and_joker_exchange_is_a_mah_jongg_in_error():
    world = play(
        CALLED_EXPOSED_EXCHANGED.format(hand="5D 5D 5D 6C 6C 6C 5B 5B 5B")
        + "When North declares Mah Jongg"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "mah_jongg_is_judged_by_the_card", "nmjl-mah-jongg")
    assert verdict.consequence == "North's hand may now be declared dead."
    table = world.table
    assert not table.over and table.turn == 3 and table.must == "discard"
    assert table.hand("North").count == 14 and table.hand("North").mistake is not None


def test_mah_jongg_is_still_refused_for_the_count_after_a_call_before_the_group_is_exposed():
    world = play(
        CARD
        + """
        Given East has discarded RD
        And North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD
        When North calls the discard
        And North declares Mah Jongg
        """
    )
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")
    assert world.last_verdict.consequence is None and not world.table.over
