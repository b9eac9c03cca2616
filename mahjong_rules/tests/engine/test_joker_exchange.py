"""Joker exchanges (nmjl-exposure-answer, seed 000; nmjl-6 and nmjl-205 for their options)."""

from scenes import assert_allowed, assert_refused, play, ruling

WEST_EXPOSED = """
    Given West has exposed 7D 7D J
    And it is South's turn
    And South holds 7D 8B
"""


def test_a_natural_tile_can_be_exchanged_for_the_joker_in_anothers_locked_exposure():
    world = play(WEST_EXPOSED + "When South exchanges 7D for the Joker in West's exposure")
    assert_allowed(world.last_verdict, "joker_in_any_exposure_may_be_exchanged")
    assert world.last_verdict.article == "nmjl-exposure-answer"
    assert [str(e) for e in world.table.hand("West").exposures] == ["7D 7D 7D"]
    south = world.table.hand("South")
    assert "J" in [t.code for t in south.concealed] and south.count == 14


def test_the_joker_must_stand_for_the_tile_offered():
    verdict = ruling(WEST_EXPOSED + "When South exchanges 8B for the Joker in West's exposure")
    assert_refused(verdict, "joker_in_any_exposure_may_be_exchanged", "nmjl-exposure-answer")


def test_the_exchanger_must_hold_the_natural_tile():
    verdict = ruling(
        """
        Given West has exposed 7D 7D J
        And it is South's turn
        When South exchanges 7D for the Joker in West's exposure
        """
    )
    assert_refused(verdict, "joker_exchange_needs_the_natural_tile", "nmjl-exposure-answer")


def test_a_joker_exchange_is_made_only_on_ones_own_turn():
    verdict = ruling(
        """
        Given West has exposed 7D 7D J
        And it is South's turn
        And North holds 7D
        When North exchanges 7D for the Joker in West's exposure
        """
    )
    assert_refused(verdict, "joker_exchange_only_on_own_turn", "nmjl-exposure-answer")


def test_a_joker_exchange_waits_until_the_seat_has_drawn():
    verdict = ruling(
        """
        Given West has exposed 7D 7D J
        And South holds 7D
        And East has discarded 2C
        When South exchanges 7D for the Joker in West's exposure
        """
    )
    assert_refused(verdict, "joker_exchange_only_on_own_turn")


def test_a_joker_exchange_is_never_made_with_a_discard():
    verdict = ruling(
        """
        Given West has exposed 7D 7D J
        And East has discarded 7D
        When South exchanges 7D for the Joker in West's exposure
        """
    )
    assert_refused(verdict, "joker_exchange_never_with_a_discard", "nmjl-exposure-answer")


def test_a_joker_exchange_works_on_ones_own_exposure():
    verdict = ruling(
        """
        Given South has exposed 7D 7D J
        And it is South's turn
        And South holds 7D
        When South exchanges 7D for the Joker in South's exposure
        """
    )
    assert_allowed(verdict, "joker_in_any_exposure_may_be_exchanged")


def test_a_dead_hands_exposure_stays_open_for_joker_exchange():
    verdict = ruling(
        """
        Given West has exposed 7D 7D J
        And West's hand is dead
        And it is South's turn
        And South holds 7D
        When South exchanges 7D for the Joker in West's exposure
        """
    )
    assert_allowed(verdict, "joker_in_any_exposure_may_be_exchanged")
    assert "dead hand" in verdict.reason


def test_several_joker_exchanges_may_be_made_together_without_a_wrong_count():
    world = play(
        """
        Given it is South's turn
        And South holds 7D 8B
        And West has exposed 7D 7D J
        And North has exposed 8B 8B J
        When South makes these joker exchanges together:
          | tile | exposure of |
          | 7D   | West        |
          | 8B   | North       |
        """
    )
    assert_allowed(world.last_verdict, "several_joker_exchanges_may_be_made_together", "nmjl-205")
    assert world.table.count_is_right(1)


def test_one_joker_exchange_at_a_time_under_the_house_rule():
    world = play(
        """
        Given the house rule "one-joker-exchange-at-a-time"
        And it is South's turn
        And South holds 7D 8B
        And West has exposed 7D 7D J
        And North has exposed 8B 8B J
        When South makes these joker exchanges together:
          | tile | exposure of |
          | 7D   | West        |
          | 8B   | North       |
        """
    )
    assert_refused(world.last_verdict, "several_joker_exchanges_may_be_made_together")
    assert [str(e) for e in world.table.hand("West").exposures] == ["7D 7D J"]


def test_one_bad_exchange_in_a_set_refuses_the_set_and_changes_nothing():
    world = play(
        """
        Given it is South's turn
        And South holds 7D
        And West has exposed 7D 7D J
        And North has exposed 8B 8B J
        When South makes these joker exchanges together:
          | tile | exposure of |
          | 7D   | West        |
          | 8B   | North       |
        """
    )
    assert_refused(world.last_verdict, "joker_exchange_needs_the_natural_tile")
    assert [str(e) for e in world.table.hand("West").exposures] == ["7D 7D J"]


CALLED_WITH_JOKER = """
    Given West has discarded 7D
    And West has exposed 8B 8B J
    And North holds 7D J 8B 2C
    When North calls the discard
    And North exposes 7D 7D J
    And North exchanges 8B for the Joker in West's exposure
"""


def test_a_joker_exchange_locks_this_turns_exposure_under_league_rules():
    world = play(CALLED_WITH_JOKER + "And North adds J to the exposure")
    assert_refused(world.last_verdict, "joker_exchange_locks_the_exposure", "nmjl-6")
    assert world.table.hand("North").exposures[0].locked


def test_without_the_exchange_lock_the_exposure_can_still_change_after_a_joker_exchange():
    verdict = ruling(
        CALLED_WITH_JOKER + "And North adds J to the exposure",
        options={"joker-exchange-locks-exposure": False},
    )
    assert_allowed(verdict, "exposure_may_change_until_the_discard")


def test_after_calling_the_caller_may_exchange_jokers_before_discarding():
    world = play(CALLED_WITH_JOKER)
    assert world.last_verdict.allowed
    assert world.table.hand("North").count == 14
