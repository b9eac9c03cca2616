"""Committing to a call and changing an exposure (nmjl-6, seed 003; nmjl-exposure-answer)."""

import pytest
from scenes import assert_allowed, assert_refused, play, ruling

CALLED = """
    Given West has discarded 7D
    And North holds 7D 7D 7D J 2C
    When North calls the discard
"""

EXPOSED = (
    CALLED
    + """
    And North exposes 7D 7D 7D
"""
)


def test_a_call_can_be_withdrawn_after_touching_the_tile_under_league_rules():
    world = play(CALLED + "And North touches the called tile\nAnd North withdraws the call")
    assert_allowed(world.last_verdict, "call_can_be_withdrawn_until_racked_or_exposed", "nmjl-6")
    assert world.table.latest_discard.tile.code == "7D" and world.table.window_open
    assert world.table.turn == 3 and world.table.must == "draw"  # North, next after West
    assert world.table.taken_by is None


def test_touching_is_allowed_and_does_not_commit_under_league_rules():
    verdict = ruling(CALLED + "And North touches the called tile")
    assert_allowed(verdict, "call_can_be_withdrawn_until_racked_or_exposed")


def test_a_touched_tile_is_a_taken_tile_under_the_house_rule():
    world = play(
        CALLED + "And North touches the called tile", options={"touched-tile-is-taken": True}
    )
    assert_allowed(world.last_verdict, "touched_tile_is_taken", "nmjl-6")
    verdict = ruling(
        CALLED + "And North touches the called tile\nAnd North withdraws the call",
        options={"touched-tile-is-taken": True},
    )
    assert_refused(verdict, "touched_tile_is_taken", "nmjl-6")


def test_an_untouched_call_can_still_be_withdrawn_under_the_touched_tile_house_rule():
    verdict = ruling(CALLED + "And North withdraws the call", {"touched-tile-is-taken": True})
    assert_allowed(verdict, "call_can_be_withdrawn_until_racked_or_exposed")


def test_a_racked_called_tile_cannot_be_given_back():
    world = play(CALLED + "And North racks the called tile")
    assert_allowed(world.last_verdict, "call_can_be_withdrawn_until_racked_or_exposed")
    assert world.table.hand("North").count == 14
    verdict = ruling(CALLED + "And North racks the called tile\nAnd North withdraws the call")
    assert_refused(verdict, "call_can_be_withdrawn_until_racked_or_exposed", "nmjl-6")


def test_a_call_cannot_be_withdrawn_once_tiles_are_exposed():
    verdict = ruling(EXPOSED + "And North withdraws the call")
    assert_refused(verdict, "call_can_be_withdrawn_until_racked_or_exposed")


def test_only_the_caller_handles_the_called_tile():
    verdict = ruling(CALLED + "And South racks the called tile")
    assert_refused(verdict, "caller_handles_the_called_tile", "nmjl-6")


def test_a_racked_called_tile_is_exposed_from_the_rack():
    world = play(CALLED + "And North racks the called tile\nAnd North exposes 7D 7D 7D")
    assert world.last_verdict.allowed
    north = world.table.hand("North")
    assert north.count == 14 and [str(e) for e in north.exposures] == ["7D 7D 7D"]


def test_a_pung_can_become_a_kong_before_the_discard():
    world = play(EXPOSED + "And North changes the exposure to 7D 7D 7D 7D")
    assert_allowed(world.last_verdict, "exposure_may_change_until_the_discard", "nmjl-6")
    assert world.table.hand("North").count == 14


def test_a_kong_can_go_back_to_a_pung_and_jokers_go_in_and_out_before_the_discard():
    world = play(
        EXPOSED
        + """
        And North adds J to the exposure
        And North removes J from the exposure
        And North adds 7D to the exposure
        And North removes 7D from the exposure
        """
    )
    assert_allowed(world.last_verdict, "exposure_may_change_until_the_discard")
    assert [str(e) for e in world.table.hand("North").exposures] == ["7D 7D 7D"]


def test_the_exposure_is_locked_once_the_discard_is_down():
    verdict = ruling(EXPOSED + "And North discards 2C\nAnd North changes the exposure to 7D 7D J")
    assert_refused(verdict, "exposure_may_change_until_the_discard", "nmjl-6")


def test_the_called_tile_stays_in_the_exposure():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds 7D J J 2C
        When North calls the discard
        And North exposes 7D 7D J
        And North changes the exposure to 7D J J
        """
    )
    assert_allowed(verdict, "exposure_may_change_until_the_discard")
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds 7D J J 2C
        When North calls the discard
        And North exposes 7D J J
        And North removes 7D from the exposure
        """
    )
    assert_refused(verdict, "called_tile_stays_in_the_exposure", "nmjl-6")


def test_a_later_drawn_tile_cannot_join_a_locked_exposure():
    world = play(
        """
        Given North has exposed 7D 7D 7D
        And it is North's turn
        And North holds 7D
        When North adds 7D to the exposure
        """
    )
    assert_refused(
        world.last_verdict,
        "tile_joins_an_exposure_only_on_the_turn_it_was_made",
        "nmjl-exposure-answer",
    )
    assert [t.code for t in world.table.hand("North").concealed] == ["7D"]


def test_a_tile_joins_the_exposure_made_this_turn():
    verdict = ruling(EXPOSED + "And North adds 7D to the exposure")
    assert_allowed(verdict, "exposure_may_change_until_the_discard", "nmjl-6")


def test_a_discard_cannot_be_called_to_grow_an_exposure():
    verdict = ruling(
        """
        Given North has exposed 7D 7D 7D
        And West has discarded 7D
        When North calls the discard
        """
    )
    assert_refused(verdict, "no_call_to_grow_an_exposure", "nmjl-exposure-answer")


def test_a_new_group_of_the_same_tile_may_still_be_called_from_the_hand():
    verdict = ruling(
        """
        Given North has exposed F F F
        And North holds F F
        And West has discarded F
        When North calls the discard
        """
    )
    assert_allowed(verdict, "exposure_call_must_complete_a_group")


def test_exposing_more_than_one_group_for_one_call_lets_the_hand_be_declared_dead():
    world = play(
        """
        Given West has discarded 7D
        And North holds 7D 7D 8B 8B 8B
        When North calls the discard
        And North exposes 7D 7D 7D and 8B 8B 8B
        """
    )
    verdict = world.last_verdict
    assert_refused(verdict, "exposing_more_than_one_group_kills_the_hand", "nmjl-6")
    assert verdict.consequence == "North's hand may now be declared dead."
    assert world.table.hand("North").mistake is not None and not world.table.hand("North").dead


def test_racking_the_wrong_discard_lets_the_hand_be_declared_dead():
    world = play(
        """
        Given South has discarded 5B
        And West has discarded 7D
        And North holds 7D 7D
        When North calls the discard
        And North racks 5B instead of the called tile
        """
    )
    assert_refused(world.last_verdict, "racking_the_wrong_discard_kills_the_hand", "nmjl-6")
    assert world.last_verdict.consequence
    declared = play(
        """
        Given South has discarded 5B
        And West has discarded 7D
        And North holds 7D 7D
        When North calls the discard
        And North racks 5B instead of the called tile
        And East declares North's hand dead
        """
    )
    assert_allowed(declared.last_verdict, "racking_the_wrong_discard_kills_the_hand")
    assert declared.table.hand("North").dead


def test_racking_a_tile_that_is_not_among_the_discards_has_no_consequence():
    verdict = ruling(CALLED + "And North racks 5B instead of the called tile")
    assert_refused(verdict, "racking_the_wrong_discard_kills_the_hand")
    assert verdict.consequence is None


def test_a_misnamed_discard_is_called_as_the_named_tile_and_the_caller_receives_the_real_one():
    world = play(
        """
        Given West holds 3B
        And North holds 3D 3D
        And it is West's turn
        When West discards 3B and names it 3D
        And North calls the discard
        And North racks the called tile
        """
    )
    assert world.last_verdict.allowed
    assert "3B" in [t.code for t in world.table.hand("North").concealed]


# Seed 003 (MJME 2024): "When a discard is misnamed, and another player makes an exposure with
# incorrect tiles for the actual exposure, they cannot change it. In this case, they should be
# disqualified." The contract's clarification: the exposure stands as exposed, the hand is liable.
MISNAMED_WRONG_EXPOSURE = """
    Given West holds 3B
    And North holds 3D 3D 3B 3B 2C
    And it is West's turn
    When West discards 3B and names it 3D
    And North calls the discard
    And North exposes 3D 3D 3D
"""


def test_a_wrong_exposure_on_a_misnamed_discard_is_allowed_as_exposed_and_the_hand_is_liable():
    world = play(MISNAMED_WRONG_EXPOSURE)
    verdict = world.last_verdict
    assert_allowed(verdict, "wrong_exposure_after_a_misnamed_discard_kills_the_hand", "nmjl-6")
    assert verdict.consequence == "North's hand may now be declared dead."
    north = world.table.hand("North")
    assert north.mistake is not None and north.mistake.reason == (
        "North exposed 3D 3D 3D for a misnamed discard; the real tiles, 3D 3D 3B, are no group."
    )
    # On the rack as exposed: North's two 3D and the tile it really received, 3B.
    assert [sorted(t.code for t in e.tiles) for e in north.exposures] == [["3B", "3D", "3D"]]
    assert north.mistake is not None and not north.dead
    assert north.count == 14 and world.table.must == "discard"


@pytest.mark.parametrize(
    "change",
    [
        "North changes the exposure to 3B 3B 3B",
        "North exposes 3B 3B 3B",
        "North removes 3D from the exposure",
        "North adds 3D to the exposure",
    ],
)
def test_a_wrong_exposure_on_a_misnamed_discard_cannot_be_changed_and_the_hand_stays_liable(
    change,
):
    world = play(MISNAMED_WRONG_EXPOSURE + f"And {change}")
    assert_refused(
        world.last_verdict, "wrong_exposure_on_a_misnamed_discard_cannot_be_changed", "nmjl-6"
    )
    north = world.table.hand("North")
    assert [sorted(t.code for t in e.tiles) for e in north.exposures] == [["3B", "3D", "3D"]]
    assert north.mistake is not None and not north.dead


def test_a_wrong_exposure_on_a_misnamed_discard_can_be_declared_dead_by_another_player():
    world = play(MISNAMED_WRONG_EXPOSURE + "And East declares North's hand dead")
    assert_allowed(world.last_verdict, "wrong_exposure_after_a_misnamed_discard_kills_the_hand")
    assert world.table.hand("North").dead


def test_after_a_wrong_exposure_on_a_misnamed_discard_the_caller_discards_to_end_its_turn():
    # Seed 004: "a player who recognizes their own error continues playing until another
    # player intervenes."
    world = play(MISNAMED_WRONG_EXPOSURE + "And North discards 2C")
    assert_allowed(world.last_verdict, "discard_only_on_own_turn", "nmjl-calling")
    assert world.table.turn == 0 and world.table.must == "draw"  # East, after North
    assert world.table.latest_discard.tile.code == "2C"
    assert world.table.hand("North").mistake is not None  # still liable


def test_once_declared_dead_the_wrong_exposer_stops_discarding_and_play_passes_it_by():
    # Seed 004: "Once disqualified, the player stops picking and discarding."
    world = play(
        MISNAMED_WRONG_EXPOSURE + "And East declares North's hand dead\nAnd North discards 2C"
    )
    assert_refused(world.last_verdict, "dead_hand_stops_picking_and_discarding", "nmjl-205")
    assert world.table.turn == 0 and world.table.must == "draw"  # passed over: East draws


def test_a_wrong_exposer_declared_dead_after_discarding_is_passed_over_in_turn():
    text = MISNAMED_WRONG_EXPOSURE
    for step in (
        "North discards 2C",
        "South declares North's hand dead",
        "East draws a tile",
        "East discards 9C",
        "South draws a tile",
        "South discards 9C",
        "West draws a tile",
        "West discards 9C",
    ):
        text += f"And {step}\n"
        assert play(text).last_verdict.allowed, step
    world = play(text)
    assert world.table.hand("North").dead
    assert world.table.turn == 0 and world.table.must == "draw"  # East, not North


def test_the_right_tiles_can_be_exposed_after_a_misnamed_discard():
    verdict = ruling(
        """
        Given West holds 3B
        And North holds 3D 3D 3B 3B
        And it is West's turn
        When West discards 3B and names it 3D
        And North calls the discard
        And North exposes 3B 3B 3B
        """
    )
    assert_allowed(verdict, "exposure_call_must_complete_a_group")


NEARER_CALLER = """
    Given West has discarded 7D
    And South holds 7D 7D
    And North holds 7D J
    When South calls the discard
    And South touches the called tile
    And North calls the discard
"""


def test_a_nearer_caller_takes_the_tile_from_one_who_only_touched_it_under_league_rules():
    world = play(NEARER_CALLER)
    assert_allowed(world.last_verdict, "first_seat_to_the_discarders_right_wins")
    assert world.table.taken_by == 3
    assert world.table.hand("South").count == 13


def test_a_touched_tile_stays_with_its_caller_under_the_touched_tile_house_rule():
    world = play(NEARER_CALLER, options={"touched-tile-is-taken": True})
    assert_refused(world.last_verdict, "call_that_stands_keeps_the_tile")
    assert world.table.taken_by == 1
