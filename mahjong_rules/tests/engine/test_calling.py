"""Calling a discard (nmjl-calling, seed 001): who may call what, when, and who gets it."""

from scenes import assert_allowed, assert_refused, play, ruling


def test_the_latest_natural_discard_can_be_called_to_complete_a_pung():
    world = play(
        """
        Given West has discarded 7D
        And North holds 7D 7D
        When North calls the discard
        """
    )
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group", "nmjl-calling")
    assert world.table.taken_by == 3


def test_a_discard_the_caller_holds_nothing_for_cannot_be_called():
    verdict = ruling(
        """
        Given West has discarded 7D
        When North calls the discard
        """
    )
    assert_refused(verdict, "exposure_call_must_complete_a_group", "nmjl-calling")


def test_a_discarded_joker_cannot_be_called_for_an_exposure():
    verdict = ruling(
        """
        Given West has discarded J
        And North holds J J
        When North calls the discard
        """
    )
    assert_refused(verdict, "discarded_joker_cannot_be_called", "nmjl-calling")


def test_a_discarded_joker_cannot_be_called_even_for_mah_jongg():
    verdict = ruling(
        """
        Given West has discarded J
        And North needs only J to win
        When North calls the discard for Mah Jongg
        """
    )
    assert_refused(verdict, "discarded_joker_cannot_be_called")


def test_an_older_discard_cannot_be_called():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North has discarded 5B
        And South holds 7D 7D
        When South calls 7D
        """
    )
    assert_refused(verdict, "only_the_latest_discard_may_be_called", "nmjl-calling")


def test_naming_the_latest_discard_in_a_call_is_allowed():
    verdict = ruling(
        """
        Given North has discarded 5B
        And South holds 5B 5B
        When South calls 5B
        """
    )
    assert_allowed(verdict, "exposure_call_must_complete_a_group")


def test_the_call_window_closes_when_the_next_seat_draws():
    verdict = ruling(
        """
        Given West has discarded 7D
        And South holds 7D 7D
        When North draws a tile
        And South calls the discard
        """
    )
    assert_refused(verdict, "call_window_closes_on_the_next_draw_or_discard", "nmjl-calling")


def test_the_call_window_is_open_before_the_next_seat_draws():
    world = play(
        """
        Given West has discarded 7D
        And South holds 7D 7D
        When South calls the discard
        """
    )
    assert world.last_verdict.allowed


def test_another_discard_closes_the_window_on_the_one_before():
    verdict = ruling(
        """
        Given West has discarded 7D
        And South holds 7D 7D
        When North draws a tile
        And North discards 2C
        And South calls 7D
        """
    )
    assert_refused(verdict, "only_the_latest_discard_may_be_called")


def test_a_seat_cannot_call_its_own_discard():
    verdict = ruling(
        """
        Given West holds 7D 7D
        And West has discarded 7D
        When West calls the discard
        """
    )
    assert_refused(verdict, "own_discard_cannot_be_called")


def test_a_single_matching_tile_cannot_call_for_a_pair():
    verdict = ruling(
        """
        Given West has discarded 6C
        And North holds 6C
        When North calls the discard
        """
    )
    assert_refused(verdict, "pairs_and_singles_only_for_mah_jongg", "nmjl-calling")


def test_the_pair_tile_can_be_called_for_mah_jongg():
    world = play(
        """
        Given West has discarded 6C
        And North holds 6C
        And North needs only 6C to win
        When North calls the discard for Mah Jongg
        """
    )
    assert_allowed(world.last_verdict, "mah_jongg_call_needs_the_winning_tile", "nmjl-calling")
    assert world.table.over and world.table.winner == 3


def test_a_mah_jongg_call_needs_the_tile_that_completes_the_hand():
    verdict = ruling(
        """
        Given West has discarded 6C
        And North needs only 7C to win
        When North calls the discard for Mah Jongg
        """
    )
    assert_refused(verdict, "mah_jongg_call_needs_the_winning_tile")


def test_one_joker_and_the_discard_are_only_a_pair():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds J
        When North calls the discard
        """
    )
    assert_refused(verdict, "jokers_only_in_groups_of_three_or_more", "nmjl-calling")


def test_one_natural_and_one_joker_complete_a_pung_with_the_discard():
    world = play(
        """
        Given West has discarded 7D
        And North holds 7D J
        When North calls the discard
        And North exposes 7D 7D J
        """
    )
    assert_allowed(world.last_verdict, "exposure_call_must_complete_a_group")
    assert [str(e) for e in world.table.hand("North").exposures] == ["7D 7D J"]


def test_a_concealed_hand_cannot_call_for_an_exposure():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds 7D 7D
        And North is playing a concealed hand
        When North calls the discard
        """
    )
    assert_refused(verdict, "no_exposure_call_for_a_concealed_hand", "nmjl-calling")


def test_a_concealed_hand_can_call_its_mah_jongg_tile():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North is playing a concealed hand
        And North needs only 7D to win
        When North calls the discard for Mah Jongg
        """
    )
    assert_allowed(verdict, "mah_jongg_call_needs_the_winning_tile")


def test_the_exposure_of_a_call_must_include_the_called_tile():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds 7D 7D 8B 8B 8B
        When North calls the discard
        And North exposes 8B 8B 8B
        """
    )
    assert_refused(verdict, "exposure_includes_the_called_tile", "nmjl-calling")


def test_the_exposure_of_a_call_uses_tiles_really_held():
    verdict = ruling(
        """
        Given West has discarded 7D
        And North holds 7D J
        When North calls the discard
        And North exposes 7D 7D 7D
        """
    )
    assert_refused(verdict, "exposure_uses_tiles_held")


def test_after_an_exposure_call_the_caller_discards_and_play_continues_from_the_caller():
    world = play(
        """
        Given East has discarded 7D
        And North holds 7D 7D 2C
        When North calls the discard
        And North exposes 7D 7D 7D
        Then North must discard
        When North discards 2C
        """
    )
    assert_allowed(world.last_verdict, "discard_only_on_own_turn")
    # South and West were skipped; East is next after North.
    assert world.table.turn == 0 and world.table.must == "draw"
    assert world.table.hand("North").count == 13


def test_the_caller_cannot_discard_before_exposing_the_called_group():
    verdict = ruling(
        """
        Given East has discarded 7D
        And North holds 7D 7D 2C
        When North calls the discard
        And North discards 2C
        """
    )
    assert_refused(verdict, "caller_exposes_before_discarding", "nmjl-calling")


def test_after_a_mah_jongg_call_there_is_no_discard():
    world = play(
        """
        Given East has discarded 7D
        And North needs only 7D to win
        When North calls the discard for Mah Jongg
        And North discards 2C
        """
    )
    assert_refused(world.last_verdict, "hand_is_over_after_mah_jongg", "nmjl-calling")
    assert world.table.over


def test_a_mah_jongg_call_beats_an_exposure_call_made_at_the_same_time():
    world = play(
        """
        Given East has discarded 7D
        And South holds 7D 7D
        And North needs only 7D to win
        When these calls are made:
          | seat  | call      |
          | South | exposure  |
          | North | Mah Jongg |
        """
    )
    assert_allowed(world.last_verdict, "mah_jongg_call_beats_an_exposure_call", "nmjl-calling")
    assert world.table.winner == 3


def test_a_mah_jongg_call_takes_the_tile_from_an_earlier_exposure_call():
    world = play(
        """
        Given East has discarded 7D
        And South holds 7D 7D
        And North needs only 7D to win
        When South calls the discard
        And South exposes 7D 7D 7D
        And North calls the discard for Mah Jongg
        """
    )
    assert_allowed(world.last_verdict, "mah_jongg_call_beats_an_exposure_call")
    south = world.table.hand("South")
    assert south.exposures == () and south.concealed.count(south.concealed[0]) == 2


def test_an_exposure_call_cannot_take_the_tile_from_a_committed_caller():
    verdict = ruling(
        """
        Given East has discarded 7D
        And West holds 7D 7D
        And South holds 7D J
        When West calls the discard
        And West racks the called tile
        And South calls the discard
        """
    )
    assert_refused(verdict, "call_that_stands_keeps_the_tile", "nmjl-calling")


def test_between_two_exposure_calls_the_first_seat_to_the_discarders_right_wins():
    world = play(
        """
        Given West has discarded 7D
        And East holds 7D 7D
        And South holds 7D J
        When these calls are made:
          | seat  | call     |
          | South | exposure |
          | East  | exposure |
        """
    )
    # From West, play passes to North, then East, then South.
    assert_allowed(world.last_verdict, "first_seat_to_the_discarders_right_wins", "nmjl-calling")
    assert world.table.taken_by == 0


def test_a_later_exposure_call_from_further_round_the_table_is_refused():
    verdict = ruling(
        """
        Given West has discarded 7D
        And East holds 7D 7D
        And South holds 7D J
        When East calls the discard
        And South calls the discard
        """
    )
    assert_refused(verdict, "first_seat_to_the_discarders_right_wins")


def test_two_mah_jongg_calls_go_to_the_first_seat_to_the_discarders_right():
    world = play(
        """
        Given South has discarded 7D
        And East needs only 7D to win
        And North needs only 7D to win
        When these calls are made:
          | seat  | call      |
          | East  | Mah Jongg |
          | North | Mah Jongg |
        """
    )
    assert_allowed(world.last_verdict, "first_seat_to_the_discarders_right_wins")
    assert world.table.winner == 3


def test_when_no_simultaneous_call_can_take_the_tile_nobody_gets_it():
    world = play(
        """
        Given South has discarded 7D
        When these calls are made:
          | seat  | call      |
          | East  | exposure  |
          | North | Mah Jongg |
        """
    )
    assert not world.last_verdict.allowed
    assert world.table.taken_by is None and world.table.latest_discard.tile.code == "7D"


def test_nobody_draws_or_calls_before_easts_first_discard():
    verdict = ruling(
        """
        Given it is the Charleston
        When South draws a tile
        """
    )
    assert_refused(verdict, "no_one_draws_or_calls_in_the_charleston", "nmjl-205")


def test_easts_discard_ends_the_charleston():
    world = play(
        """
        Given it is the Charleston
        When East discards 7D
        """
    )
    assert_allowed(world.last_verdict, "discard_only_on_own_turn")
    assert world.table.first_discard_made and world.table.turn == 1


def test_only_east_makes_the_first_discard():
    verdict = ruling("When South discards 7D")
    assert_refused(verdict, "east_makes_the_first_discard", "nmjl-205")


def test_a_seat_draws_only_on_its_own_turn():
    world = play(
        """
        Given West has discarded 7D
        When North draws 7D
        """
    )
    assert_allowed(world.last_verdict, "draw_only_on_own_turn")
    verdict = ruling(
        """
        Given West has discarded 7D
        When South draws a tile
        """
    )
    assert_refused(verdict, "draw_only_on_own_turn", "nmjl-calling")


def test_a_seat_discards_only_on_its_own_turn():
    verdict = ruling(
        """
        Given it is South's turn
        When West discards 7D
        """
    )
    assert_refused(verdict, "discard_only_on_own_turn", "nmjl-calling")


def test_a_seat_cannot_discard_a_tile_it_does_not_hold():
    verdict = ruling(
        """
        Given it is South's turn
        And South holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D
        When South discards 7D
        """
    )
    assert_refused(verdict, "discard_is_a_tile_held", "nmjl-205")


def test_declaring_mah_jongg_needs_the_winning_tile_in_hand_on_ones_own_turn():
    world = play(
        """
        Given it is West's turn
        And West needs only 7D to win
        And West holds 7D
        When West declares Mah Jongg
        """
    )
    assert_allowed(world.last_verdict, "mah_jongg_needs_a_complete_hand", "nmjl-calling")
    assert world.table.over
    verdict = ruling(
        """
        Given it is West's turn
        And West needs only 7D to win
        When West declares Mah Jongg
        """
    )
    assert_refused(verdict, "mah_jongg_needs_a_complete_hand")
