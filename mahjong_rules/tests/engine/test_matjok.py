"""Matjok claiming (matjok-claiming, seed 002)."""

from scenes import assert_allowed, assert_refused, play, ruling

MATJOK = "Given the Matjok rules\n"


def test_poeng_needs_two_matching_tiles_in_hand():
    world = play(MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng")
    assert_allowed(world.last_verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")
    assert [str(e) for e in world.table.hand("West").exposures] == ["4D 4D 4D"]
    assert world.table.turn == 2 and world.table.must == "discard"
    verdict = ruling(MATJOK + "And East has discarded 4D\nAnd West holds 4D\nWhen West calls poeng")
    assert_refused(verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")


def test_kong_needs_three_matching_tiles_in_hand():
    verdict = ruling(
        MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B 7B\nWhen West calls kong"
    )
    assert_allowed(verdict, "kong_needs_three_matching_tiles")
    verdict = ruling(
        MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B\nWhen West calls kong"
    )
    assert_refused(verdict, "kong_needs_three_matching_tiles")


def test_a_straight_only_by_the_next_player():
    text = MATJOK + "And East has discarded 3B\nAnd {seat} holds 2B 4B\nWhen {seat} calls straight"
    assert_allowed(
        ruling(text.format(seat="South")), "straight_needs_three_consecutive_tiles_of_one_suit"
    )
    assert_refused(ruling(text.format(seat="West")), "straight_only_by_the_next_player")


def test_winds_and_dragons_never_form_a_straight():
    verdict = ruling(
        MATJOK + "And East has discarded S\nAnd South holds E W\nWhen South calls straight"
    )
    assert_refused(verdict, "winds_and_dragons_never_form_a_straight", "matjok-claiming")


def test_a_straight_is_three_consecutive_tiles_of_one_suit():
    verdict = ruling(
        MATJOK + "And East has discarded 3B\nAnd South holds 2D 4B\nWhen South calls straight"
    )
    assert_refused(verdict, "straight_needs_three_consecutive_tiles_of_one_suit")


def test_tjok_wins_the_hand_at_once_with_no_discard():
    world = play(
        MATJOK + "And East has discarded 9C\nAnd North needs only 9C to win\nWhen North calls tjok"
    )
    assert_allowed(world.last_verdict, "tjok_needs_a_winning_hand", "matjok-claiming")
    assert world.table.over
    verdict = ruling(MATJOK + "And East has discarded 9C\nWhen North calls tjok")
    assert_refused(verdict, "tjok_needs_a_winning_hand")


def test_after_tjok_there_is_no_discard():
    verdict = ruling(
        MATJOK
        + "And East has discarded 9C\nAnd North needs only 9C to win\nWhen North calls tjok\n"
        + "And North discards 2C"
    )
    assert_refused(verdict, "claimer_discards_unless_it_won")


def test_tjok_comes_before_poeng_and_straight():
    world = play(
        MATJOK
        + """
        And East has discarded 3B
        And South holds 2B 4B
        And West holds 3B 3B
        And North needs only 3B to win
        When these calls are made:
          | seat  | call     |
          | South | straight |
          | West  | poeng    |
          | North | tjok     |
        """
    )
    assert_allowed(world.last_verdict, "tjok_beats_every_other_claim", "matjok-claiming")
    assert world.table.winner == 3


def test_poeng_comes_before_a_straight():
    world = play(
        MATJOK
        + """
        And East has discarded 3B
        And South holds 2B 4B
        And West holds 3B 3B
        When these calls are made:
          | seat  | call     |
          | South | straight |
          | West  | poeng    |
        """
    )
    assert_allowed(world.last_verdict, "poeng_or_kong_beats_a_straight", "matjok-claiming")
    assert world.table.taken_by == 2


def test_a_kong_beats_a_straight_by_the_rule_for_kong_over_straight_when_nobody_calls_tjok():
    world = play(
        MATJOK
        + """
        And East has discarded 3B
        And South holds 2B 4B
        And West holds 3B 3B 3B
        When these calls are made:
          | seat  | call     |
          | South | straight |
          | West  | kong     |
        """
    )
    assert_allowed(world.last_verdict, "poeng_or_kong_beats_a_straight", "matjok-claiming")
    assert "tjok" not in world.last_verdict.reason
    assert world.table.taken_by == 2


def test_a_straight_claimed_alone_is_not_credited_to_any_rule_of_priority():
    world = play(
        MATJOK + "And East has discarded 3B\nAnd South holds 2B 4B\nWhen South calls straight"
    )
    assert_allowed(world.last_verdict, "straight_needs_three_consecutive_tiles_of_one_suit")


def test_several_tjok_calls_go_to_the_first_valid_winner_to_the_discarders_right():
    world = play(
        MATJOK
        + """
        And West has discarded 9C
        And East needs only 9C to win
        And South needs only 9C to win
        And North needs only 1C to win
        When these calls are made:
          | seat  | call |
          | North | tjok |
          | South | tjok |
          | East  | tjok |
        """
    )
    # North is nearest to West's right but its tjok is not valid: East is the first valid.
    verdict = world.last_verdict
    assert_allowed(verdict, "first_valid_claim_to_the_discarders_right_wins", "matjok-claiming")
    assert world.table.winner == 0


def test_a_claim_after_the_next_player_has_drawn_is_too_late():
    verdict = ruling(
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen South draws a tile\n"
        "And West calls poeng"
    )
    assert_refused(verdict, "only_the_latest_discard_may_be_claimed", "matjok-claiming")


def test_the_next_player_draws_when_nobody_claims():
    world = play(MATJOK + "And East has discarded 4D\nWhen South draws a tile")
    assert_allowed(world.last_verdict, "next_player_draws_if_nobody_claims", "matjok-claiming")
    verdict = ruling(MATJOK + "And East has discarded 4D\nWhen West draws a tile")
    assert_refused(verdict, "next_player_draws_if_nobody_claims")


def test_after_a_claim_the_claimer_discards_and_play_passes_to_its_right():
    world = play(
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D 6C\nWhen West calls poeng\n"
        "And West discards 6C"
    )
    assert_allowed(world.last_verdict, "claimer_discards_unless_it_won")
    assert world.table.turn == 3
    verdict = ruling(MATJOK + "And East has discarded 4D\nWhen West discards 6C")
    assert_refused(verdict, "each_player_discards_on_their_own_turn")


def test_an_ordinary_discard_after_drawing_is_the_end_of_a_turn_not_a_claimers_discard():
    world = play(
        MATJOK + "And East has discarded 4D\nWhen South draws a tile\nAnd South discards 6C"
    )
    assert_allowed(world.last_verdict, "each_player_discards_on_their_own_turn", "matjok-claiming")
    assert world.table.turn == 2
    verdict = ruling(
        MATJOK + "And East has discarded 4D\nWhen South draws a tile\nAnd West discards 6C"
    )
    assert_refused(verdict, "each_player_discards_on_their_own_turn")


def test_easts_opening_discard_is_an_ordinary_discard():
    verdict = ruling(MATJOK + "When East discards 4D")
    assert_allowed(verdict, "each_player_discards_on_their_own_turn")


def test_the_discarder_claiming_their_own_latest_discard_is_refused_for_that_reason():
    verdict = ruling(
        MATJOK + "And East has discarded 4D\nAnd East holds 4D 4D\nWhen East calls poeng"
    )
    assert_refused(verdict, "nobody_claims_their_own_discard", "matjok-claiming")
    assert "own discard" in verdict.reason
    allowed = ruling(
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng"
    )
    assert_allowed(allowed, "poeng_needs_two_matching_tiles")
