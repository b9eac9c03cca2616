"""NMJL rulings the other tests left unsaid (nmjl-calling, nmjl-6, nmjl-exposure-answer,
nmjl-205): the turn, a call on an unnamed discard, group sizes, racking the wrong discard,
misnamed discards, joker exchanges, wrong counts and dead hands."""

import pytest
from mahjong_rules.engine.action_notation import parse_action
from mahjong_rules.engine.judging import judge
from mahjong_rules.engine.nmjl import tiles_are_thrown_in
from mahjong_rules.engine.nmjl.rules import (
    exposure_call_must_complete_a_group,
    exposures_that_fit_no_hand_kill_the_hand,
    group_problem,
)
from mahjong_rules.engine.table import Hand, Mistake, Table
from mahjong_rules.engine.tiles import parse_tiles
from scenes import assert_allowed, assert_refused, play

WEST_7D = "Given West has discarded 7D\n"
REPLAY = {"two-wrong-counts-replay-the-hand": True}


# --- the turn --------------------------------------------------------------------------------


def test_a_player_discards_only_after_drawing():
    world = play(WEST_7D + "When North discards 2C")
    assert_refused(world.last_verdict, "discard_only_on_own_turn", "nmjl-calling")
    assert world.last_verdict.reason == "North must draw before discarding."


def test_mah_jongg_is_declared_only_after_drawing():
    world = play(
        WEST_7D
        + "And North needs only 2C to win\nAnd North holds 2C\nWhen North declares Mah Jongg"
    )
    assert_refused(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")


# --- calling a discard -------------------------------------------------------------------


def test_a_call_for_mah_jongg_the_hand_does_not_need_names_the_tile():
    world = play(
        WEST_7D + "And North needs only 2C to win\nWhen North calls the discard for Mah Jongg"
    )
    assert_refused(world.last_verdict, "mah_jongg_call_needs_the_winning_tile", "nmjl-calling")
    assert world.last_verdict.reason == "North's hand is not completed by 7D."


def test_a_call_that_completes_no_group_names_the_tile_the_hand_lacks():
    world = play(WEST_7D + "When North calls the discard")
    assert_refused(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    assert world.last_verdict.reason == (
        "North holds no 7D and no Joker: the discard completes no group."
    )


# Only notation writes a discard nobody named with its call window open.
UNNAMED_DISCARD = (
    "nmjl play turn=N must=draw first-discard window-open / E +13 / S +13 / W +13 / "
    "N 7D 7D +11 / discards E:? W:?"
)


@pytest.mark.parametrize(
    ("action", "rule", "reason"),
    [
        (
            "N call mah-jongg",
            "mah_jongg_call_needs_the_winning_tile",
            "North's hand is not completed by this discard.",
        ),
        (
            "N call",
            "exposure_call_must_complete_a_group",
            "North holds no Joker, and nobody named the discard: it completes no group.",
        ),
    ],
)
def test_a_call_on_a_discard_nobody_named_is_refused_in_plain_words(action, rule, reason):
    table = Table.from_notation(UNNAMED_DISCARD)
    verdict, after = judge(table, parse_action(action))
    assert_refused(verdict, rule, "nmjl-calling")
    assert verdict.reason == reason and after == table


def test_a_call_on_an_unnamed_discard_with_no_joker_completes_no_group():
    # An unnamed tile matches nothing in the hand: only Jokers could go with it.
    reason = exposure_call_must_complete_a_group(Hand(), 3, None)
    assert reason == "North holds no Joker, and nobody named the discard: it completes no group."
    assert exposure_call_must_complete_a_group(Hand(tuple(parse_tiles("J J")), 11), 3, None) is None


# --- exposures -----------------------------------------------------------------------------


def test_a_sextet_is_the_largest_group_that_may_be_exposed():
    world = play(
        WEST_7D + "And North holds 7D 7D 7D J J 2C\nWhen North calls the discard\n"
        "And North exposes 7D 7D 7D 7D J J"
    )
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    assert [str(e) for e in world.table.hand("North").exposures] == ["7D 7D 7D 7D J J"]


def test_seven_tiles_are_more_than_a_sextet_and_no_group():
    world = play(
        WEST_7D + "And North holds 7D 7D 7D J J J 2C\nWhen North calls the discard\n"
        "And North exposes 7D 7D 7D 7D J J J"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    assert verdict.reason == "7D 7D 7D J J J 7D is more than a sextet, the largest group."
    assert world.table.hand("North").exposures == ()


def test_an_unnamed_tile_forms_no_group_with_anything():
    tiles = (None, *parse_tiles("7D 7D"))
    assert group_problem(tiles, 3) == (
        exposure_call_must_complete_a_group,
        "North's exposure is no group: an unnamed tile forms no group with anything.",
    )


# --- racking the wrong discard (nmjl-6) ----------------------------------------------------

CALLED = WEST_7D + "And North holds 7D 7D 7D J 2C\nWhen North calls the discard\n"


def test_racking_an_earlier_discard_instead_of_the_called_tile_leaves_the_hand_liable():
    world = play(
        "Given South has discarded 5B\n" + CALLED + "And North racks 5B instead of the called tile"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "racking_the_wrong_discard_kills_the_hand", "nmjl-6")
    reason = "North racked 5B, an earlier discard, instead of the called tile."
    assert verdict.reason == reason
    assert verdict.consequence == "North's hand may now be declared dead."
    assert world.table.hand("North").mistake == Mistake(
        "racking_the_wrong_discard_kills_the_hand", "nmjl-6", reason
    )


def test_racking_a_tile_that_lies_nowhere_among_the_discards_is_refused_without_consequence():
    world = play(
        "Given South has discarded 5B\n" + CALLED + "And North racks 9C instead of the called tile"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "racking_the_wrong_discard_kills_the_hand", "nmjl-6")
    assert verdict.reason == "There is no 9C lying among the discards."
    assert verdict.consequence is None and world.table.hand("North").mistake is None


# --- misnamed discards (nmjl-6, seed 003) ---------------------------------------------------

MISNAMED = "Given West holds 3B\nAnd it is West's turn\nWhen West discards 3B and names it 3D\n"


def test_a_misnamed_discard_exposed_with_jokers_is_a_group_whatever_its_name_and_no_mistake():
    world = play(
        "Given North holds J J 2C\n"
        + MISNAMED
        + "And North calls the discard\nAnd North exposes J J 3D"
    )
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    assert world.table.hand("North").mistake is None


def test_a_misnamed_discard_exposed_with_the_named_tiles_leaves_the_hand_liable():
    world = play(
        "Given North holds 3D 3D 3B 3B J\n" + MISNAMED + "And North calls the discard\n"
        "And North exposes 3D 3D 3D"
    )
    assert_allowed(
        world.last_verdict, "wrong_exposure_after_a_misnamed_discard_kills_the_hand", "nmjl-6"
    )
    assert world.table.hand("North").mistake.rule == (
        "wrong_exposure_after_a_misnamed_discard_kills_the_hand"
    )


# --- joker exchanges (nmjl-exposure-answer) ---------------------------------------------------


def test_a_joker_exchange_with_a_tile_held_is_allowed_when_the_latest_discard_is_the_same_tile():
    world = play(
        "Given West has exposed 7D 7D J\nAnd East has discarded 7D\nAnd South holds 7D\n"
        "When South draws a tile\nAnd South exchanges 7D for the Joker in West's exposure"
    )
    assert_allowed(world.last_verdict, "joker_in_any_exposure_may_be_exchanged")


def test_a_caller_exposes_the_called_group_before_making_a_joker_exchange():
    world = play(
        "Given West has exposed 7D 7D J\nAnd East has discarded 2C\nAnd North holds 2C 2C 7D\n"
        "When North calls the discard\nAnd North exchanges 7D for the Joker in West's exposure"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "joker_exchange_only_on_own_turn", "nmjl-exposure-answer")
    assert verdict.reason == "North must expose the called group before making a joker exchange."


# --- wrong counts and dead hands (nmjl-205) ------------------------------------------------------


def test_a_hand_short_on_its_own_turn_is_declared_dead_for_holding_13_instead_of_14():
    world = play(
        "Given it is North's turn\nAnd North has 13 tiles\nWhen South declares North's hand dead"
    )
    verdict = world.last_verdict
    assert_allowed(verdict, "wrong_number_of_tiles_kills_the_hand", "nmjl-205")
    assert verdict.reason == "South declares North's hand dead: North has 13 tiles instead of 14."


def test_exposures_that_fit_no_hand_are_grounds_to_declare_the_hand_dead():
    rule = exposures_that_fit_no_hand_kill_the_hand
    fit_no_hand = Table.new().with_hand(2, Hand(exposures_fit_no_hand=True))
    assert rule(fit_no_hand, 2) is None
    assert rule(Table.new(), 2) == "West's exposures still fit a hand on the card."
    world = play(
        "Given West has exposed 7D 7D 7D\nAnd West's exposures fit no hand on the card\n"
        "And it is North's turn\nWhen South declares West's hand dead"
    )
    assert_allowed(world.last_verdict, "exposures_that_fit_no_hand_kill_the_hand")


def test_east_short_its_fourteenth_tile_before_the_first_discard_may_take_it():
    world = play(
        "Given it is the Charleston\nAnd East has 13 tiles\nWhen East takes the missing tile"
    )
    assert_allowed(
        world.last_verdict,
        "short_player_takes_the_missing_tile_before_the_first_discard",
        "nmjl-205",
    )
    assert world.table.hand("East").count == 14


def test_under_the_north_only_reading_north_takes_the_missing_tile():
    world = play(
        "Given it is the Charleston\nAnd North has 12 tiles\nWhen North takes the missing tile",
        {"only-north-takes-a-missing-tile": True},
    )
    assert_allowed(
        world.last_verdict,
        "short_player_takes_the_missing_tile_before_the_first_discard",
        "nmjl-205",
    )


def test_two_wrong_counts_in_the_charleston_throw_the_tiles_in_and_the_refusal_names_them():
    world = play(
        "Given it is the Charleston\nAnd North has 12 tiles\nAnd West has 12 tiles\n"
        "When North takes the missing tile"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "more_than_one_wrong_count_throws_the_tiles_in", "nmjl-205")
    assert verdict.reason == (
        "More than one player has a wrong count (West, North): the tiles are thrown in."
    )


def test_under_the_replay_reading_two_wrong_counts_in_play_throw_the_tiles_in():
    world = play(
        "Given it is West's turn\nAnd North has 12 tiles\nAnd South has 12 tiles\n"
        "When East declares North's hand dead",
        REPLAY,
    )
    verdict = world.last_verdict
    assert_refused(verdict, "two_wrong_counts_in_play_throw_the_tiles_in", "nmjl-205")
    assert verdict.reason == (
        "Two players have a wrong count (South, North): under the house rule "
        '"two-wrong-counts-replay-the-hand" the tiles are thrown in and the hand is replayed.'
    )


def test_under_the_replay_reading_one_wrong_count_in_play_is_a_dead_hand_not_a_replay():
    world = play(
        "Given it is West's turn\nAnd North has 12 tiles\nWhen East declares North's hand dead",
        REPLAY,
    )
    assert_allowed(world.last_verdict, "wrong_number_of_tiles_kills_the_hand", "nmjl-205")


def _table(text, options=None):
    return play(text, options).table


def test_the_tiles_are_thrown_in_when_three_hands_are_dead_not_two():
    dead = "Given East's hand is dead\nAnd South's hand is dead\n"
    assert not tiles_are_thrown_in(_table(dead))
    assert tiles_are_thrown_in(_table(dead + "And West's hand is dead"))


def test_two_wrong_counts_throw_the_tiles_in_in_the_charleston_and_in_play_only_if_replayed():
    charleston = "Given it is the Charleston\nAnd North has 12 tiles\n"
    assert not tiles_are_thrown_in(_table(charleston))
    assert tiles_are_thrown_in(_table(charleston + "And West has 12 tiles"))
    in_play = "Given it is West's turn\nAnd North has 12 tiles\nAnd South has 12 tiles"
    assert not tiles_are_thrown_in(_table(in_play))
    assert tiles_are_thrown_in(_table(in_play, REPLAY))
    one = "Given it is West's turn\nAnd North has 12 tiles"
    assert not tiles_are_thrown_in(_table(one, REPLAY))
