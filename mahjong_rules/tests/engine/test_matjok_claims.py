"""Matjok claims in detail (matjok-claiming, seed 002): what a claim exposes, an NMJL-style
call under Matjok rules, several claims at once and the rules of priority, self-drawn tjok."""

import pytest
from mahjong_rules.engine import Table
from mahjong_rules.engine import actions as act
from mahjong_rules.engine.judging import judge
from mahjong_rules.engine.matjok.rules import (
    first_valid_claim_to_the_discarders_right_wins,
    poeng_or_kong_beats_a_straight,
    tjok_beats_every_other_claim,
)
from mahjong_rules.engine.rulebook import NotInRuleSet
from mahjong_rules.engine.tiles import parse_tile, parse_tiles
from mahjong_rules.scenarios.steps import StepFailed
from scenes import assert_allowed, assert_refused, play

MATJOK = "Given the Matjok rules\n"
CALLS = "When these calls are made:\n| seat | call |\n"


def _exposed(world, seat):
    return [str(exposure) for exposure in world.table.hand(seat).exposures]


def test_a_poeng_exposes_the_two_matching_tiles_with_the_discard_and_takes_the_turn():
    world = play(MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng")
    verdict = world.last_verdict
    assert verdict.reason == "West claims 4D for poeng, exposes it, takes the turn and discards."
    table = world.table
    (exposure,) = table.hand("West").exposures
    assert exposure.tiles == tuple(parse_tiles("4D 4D 4D")) and exposure.called == parse_tile("4D")
    assert table.hand("West").concealed == () and table.latest_discard is None
    assert table.window_open is False and table.taken_by == 2


def test_a_kong_exposes_the_three_matching_tiles_with_the_discard():
    world = play(
        MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B 7B\nWhen West calls kong"
    )
    assert_allowed(world.last_verdict, "kong_needs_three_matching_tiles", "matjok-claiming")
    assert _exposed(world, "West") == ["7B 7B 7B 7B"]
    assert world.table.hand("West").concealed == ()


def test_a_straight_may_run_up_to_the_nine():
    world = play(
        MATJOK + "And East has discarded 7B\nAnd South holds 8B 9B\nWhen South calls straight"
    )
    assert_allowed(
        world.last_verdict, "straight_needs_three_consecutive_tiles_of_one_suit", "matjok-claiming"
    )
    assert _exposed(world, "South") == ["7B 8B 9B"]


def test_the_claimers_discard_says_it_follows_the_claim_and_who_draws_next():
    world = play(
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng\n"
        "And West discards 2C"
    )
    assert_allowed(world.last_verdict, "claimer_discards_unless_it_won", "matjok-claiming")
    assert world.last_verdict.reason == "West discards 2C after the claim; North is next to draw."


def test_an_ordinary_discard_says_who_draws_next():
    world = play(MATJOK + "When East discards 2C")
    assert_allowed(world.last_verdict, "each_player_discards_on_their_own_turn", "matjok-claiming")
    assert world.last_verdict.reason == "East discards 2C; South is next to draw."


def test_a_tile_not_held_cannot_be_discarded_under_matjok_rules():
    world = play(
        MATJOK + "And it is West's turn\n"
        "And West holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D\nWhen West discards 7D"
    )
    assert_refused(world.last_verdict, "each_player_discards_on_their_own_turn", "matjok-claiming")
    assert world.last_verdict.reason == "West holds no 7D."
    assert world.table.hand("West").count == 14


def test_a_tile_not_held_cannot_be_discarded_by_a_claimer_either():
    world = play(
        MATJOK + "And East has discarded 4D\n"
        "And West holds 4D 4D 1D 1D 1D 2D 2D 2D 3D 3D 3D 5D 5D\nWhen West calls poeng\n"
        "And West discards 7D"
    )
    assert_refused(world.last_verdict, "claimer_discards_unless_it_won", "matjok-claiming")
    assert world.last_verdict.reason == "West holds no 7D."


# --- an NMJL-style call under Matjok rules ------------------------------------------------


def test_a_call_under_matjok_rules_is_a_kong_when_the_hand_holds_three():
    world = play(
        MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B 7B\nWhen West calls the discard"
    )
    assert_allowed(world.last_verdict, "kong_needs_three_matching_tiles", "matjok-claiming")
    assert _exposed(world, "West") == ["7B 7B 7B 7B"]


def test_a_call_under_matjok_rules_is_a_poeng_when_the_hand_holds_two():
    world = play(
        MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B\nWhen West calls the discard"
    )
    assert_allowed(world.last_verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")
    assert _exposed(world, "West") == ["7B 7B 7B"]


def test_a_call_naming_the_latest_discard_is_a_claim_on_it():
    world = play(MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B\nWhen West calls 7B")
    assert_allowed(world.last_verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")


def test_a_call_naming_another_tile_than_the_latest_discard_is_refused():
    world = play(MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B\nWhen West calls 7C")
    verdict = world.last_verdict
    assert_refused(verdict, "only_the_latest_discard_may_be_claimed", "matjok-claiming")
    assert verdict.reason == "7C is not the latest discard: only the latest may be claimed."
    assert world.table.hand("West").exposures == ()


def test_a_call_with_no_discard_to_claim_is_refused():
    world = play(MATJOK + "When West calls the discard")
    assert_refused(world.last_verdict, "only_the_latest_discard_may_be_claimed", "matjok-claiming")


def test_a_call_for_mah_jongg_under_matjok_rules_is_tjok():
    world = play(
        MATJOK + "And East has discarded 9C\nAnd North needs only 9C to win\n"
        "When North calls the discard for Mah Jongg"
    )
    assert_allowed(world.last_verdict, "tjok_needs_a_winning_hand", "matjok-claiming")
    assert world.last_verdict.reason == "North claims 9C for tjok and wins the hand."
    assert world.table.over and world.table.winner == 3


# Only notation writes a discard nobody named: East's first discard, South holding 2D 3D.
UNNAMED_DISCARD = (
    "matjok play turn=S must=draw first-discard window-open / E +13 / S 2D 3D +11 / W +13 / "
    "N +13 / discards E:{tile}"
)


@pytest.mark.parametrize(
    ("claim", "rule", "reason"),
    [
        (
            "straight",
            "straight_needs_three_consecutive_tiles_of_one_suit",
            "South holds no two tiles making three in a row with a discard nobody named.",
        ),
        (
            "poeng",
            "poeng_needs_two_matching_tiles",
            "South does not hold two matching tiles for a poeng.",
        ),
        (
            "kong",
            "kong_needs_three_matching_tiles",
            "South does not hold three matching tiles for a kong.",
        ),
        ("tjok", "tjok_needs_a_winning_hand", "South's hand does not win with this discard."),
    ],
)
def test_no_claim_takes_a_discard_nobody_named(claim, rule, reason):
    table = Table.from_notation(UNNAMED_DISCARD.format(tile="?"))
    verdict, after = judge(table, act.Claim(1, claim))
    assert_refused(verdict, rule, "matjok-claiming")
    assert verdict.reason == reason and after == table


def test_a_straight_without_the_two_tiles_in_a_row_names_the_discard():
    table = Table.from_notation(UNNAMED_DISCARD.format(tile="7D"))
    verdict, _ = judge(table, act.Claim(1, "straight"))
    assert_refused(verdict, "straight_needs_three_consecutive_tiles_of_one_suit")
    assert verdict.reason == "South holds no two tiles making three in a row with 7D."


def test_a_claim_that_is_no_matjok_claim_is_outside_the_rule_set():
    world = play(MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D")
    expected = '"chow" is not a Matjok claim: use tjok, poeng, kong, straight.'
    with pytest.raises(NotInRuleSet, match=expected):
        judge(world.table, act.Claim(2, "chow"))
    with pytest.raises(NotInRuleSet, match=expected):
        judge(world.table, act.SimultaneousCalls(((2, "poeng"), (3, "chow"))))


def test_an_action_the_matjok_rules_do_not_cover_is_named_when_refused():
    expected = (
        "The Matjok rules in this database cover claiming, drawing and discarding only; "
        "they have no rule for DeclareDead."
    )
    with pytest.raises(StepFailed, match=expected):
        play(MATJOK + "And East has discarded 4D\nWhen South declares North's hand dead")


# --- self-drawn tjok and the wall ------------------------------------------------------------


def test_tjok_on_a_tile_drawn_from_the_wall_wins_the_hand():
    world = play(
        MATJOK + "And it is North's turn\nAnd North holds 9C\nAnd North needs only 9C to win\n"
        "When North declares Mah Jongg"
    )
    assert_allowed(world.last_verdict, "tjok_needs_a_winning_hand", "matjok-claiming")
    assert world.last_verdict.reason == "North wins with tjok."
    assert world.table.over and world.table.winner == 3


@pytest.mark.parametrize(
    ("then", "rule"),
    [
        ("When North discards 9C", "each_player_discards_on_their_own_turn"),
        ("When South discards 4D", "each_player_discards_on_their_own_turn"),
        ("When East draws a tile", "next_player_draws_if_nobody_claims"),
        ("When West calls the discard", "only_the_latest_discard_may_be_claimed"),
    ],
)
def test_after_tjok_nobody_discards_draws_or_claims_for_the_hand_is_over(then, rule):
    world = play(
        MATJOK + "And it is North's turn\nAnd North holds 9C\nAnd North needs only 9C to win\n"
        "When North declares Mah Jongg\n" + then
    )
    assert_refused(world.last_verdict, rule, "matjok-claiming")
    assert world.last_verdict.reason == "The hand is over: North has won with tjok."


def test_tjok_without_the_winning_tile_in_hand_is_refused():
    world = play(
        MATJOK
        + "And it is North's turn\nAnd North needs only 9C to win\nWhen North declares Mah Jongg"
    )
    assert_refused(world.last_verdict, "tjok_needs_a_winning_hand", "matjok-claiming")
    assert world.last_verdict.reason == "North's tiles do not make tjok."
    assert not world.table.over


def test_tjok_with_no_winning_tile_at_all_is_refused():
    world = play(
        MATJOK + "And it is North's turn\nAnd North holds 9C\nWhen North declares Mah Jongg"
    )
    assert_refused(world.last_verdict, "tjok_needs_a_winning_hand", "matjok-claiming")


def test_a_fifth_copy_cannot_be_drawn_under_matjok_rules():
    with pytest.raises(StepFailed, match="only 4 of 7C"):
        play(MATJOK + "And East has discarded 4D\nAnd West holds 7C 7C 7C 7C\nWhen South draws 7C")


# --- several claims at once ---------------------------------------------------------------


def test_when_every_claim_fails_the_verdict_gives_each_reason():
    world = play(
        MATJOK + "And East has discarded 4D\n" + CALLS + "| West | poeng |\n| North | tjok |"
    )
    verdict = world.last_verdict
    assert_refused(verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")
    assert verdict.reason == (
        "No claim can take the discard. West does not hold two 4D for a poeng. "
        "North's hand does not win with 4D."
    )
    assert world.table.latest_discard.tile == parse_tile("4D") and world.table.window_open


def test_the_one_valid_claim_among_several_takes_the_discard_by_its_own_rule():
    world = play(
        MATJOK
        + "And East has discarded 4D\nAnd West holds 4D 4D\n"
        + CALLS
        + "| West | poeng |\n| North | tjok |"
    )
    assert_allowed(world.last_verdict, "poeng_needs_two_matching_tiles", "matjok-claiming")
    assert world.last_verdict.reason == (
        "West claims 4D for poeng, exposes it, takes the turn and discards."
    )
    assert _exposed(world, "West") == ["4D 4D 4D"] and world.table.turn == 2


def test_a_tjok_names_the_claims_that_lapse_before_it():
    world = play(
        MATJOK + "And East has discarded 3B\nAnd West holds 3B 3B\nAnd South holds 2B 4B\n"
        "And North needs only 3B to win\n"
        + CALLS
        + "| South | straight |\n| West | poeng |\n| North | tjok |"
    )
    assert_allowed(world.last_verdict, "tjok_beats_every_other_claim", "matjok-claiming")
    assert world.last_verdict.reason == (
        "North claims 3B for tjok and wins the hand. "
        "tjok comes before the other claims (South, West lapse)."
    )


def test_several_tjok_calls_go_to_the_nearest_seat_to_the_discarders_right_not_the_first_seat():
    # South discarded: West sits first to its right, then North, then East.
    world = play(
        MATJOK + "And South has discarded 9C\nAnd East needs only 9C to win\n"
        "And West needs only 9C to win\n" + CALLS + "| East | tjok |\n| West | tjok |"
    )
    verdict = world.last_verdict
    assert_allowed(verdict, "first_valid_claim_to_the_discarders_right_wins", "matjok-claiming")
    assert verdict.reason == (
        "West claims 9C for tjok and wins the hand. "
        "West is the first valid claimer to the right of the discarder."
    )
    assert world.table.winner == 2


# --- the rules of priority, as written ------------------------------------------------------
# The engine settles several claims at once itself (simultaneous_calls); the rules of priority
# are the rules its verdicts cite. Each says, for one claim against the others, why it lapses.


def test_a_tjok_comes_before_a_poeng_and_a_straight():
    assert tjok_beats_every_other_claim(2, "poeng", [(3, "tjok")]) == (
        "North's tjok comes before West's poeng."
    )
    assert tjok_beats_every_other_claim(1, "straight", [(2, "poeng"), (3, "tjok")]) == (
        "North's tjok comes before South's straight."
    )
    assert tjok_beats_every_other_claim(3, "tjok", [(2, "poeng")]) is None
    assert tjok_beats_every_other_claim(3, "tjok", [(1, "tjok")]) is None  # the seats decide
    assert tjok_beats_every_other_claim(2, "poeng", [(1, "straight")]) is None


def test_a_poeng_or_a_kong_comes_before_a_straight():
    assert poeng_or_kong_beats_a_straight(1, "straight", [(2, "poeng")]) == (
        "West's poeng comes before South's straight."
    )
    assert poeng_or_kong_beats_a_straight(1, "straight", [(0, "tjok"), (3, "kong")]) == (
        "North's kong comes before South's straight."
    )
    assert poeng_or_kong_beats_a_straight(2, "poeng", [(1, "straight")]) is None
    assert poeng_or_kong_beats_a_straight(2, "kong", [(3, "poeng")]) is None  # the seats decide
    assert poeng_or_kong_beats_a_straight(1, "straight", [(0, "tjok")]) is None


def test_between_claims_of_one_rank_the_nearest_seat_to_the_discarders_right_wins():
    table = play(MATJOK + "And West has discarded 9C").table  # North, then East, then South
    latest = table.latest_discard

    def rule(seat, others):
        return first_valid_claim_to_the_discarders_right_wins(table, latest, seat, others)

    assert rule(1, [0]) == "East sits nearer the discarder's right."
    assert rule(1, [3, 0]) == "North sits nearer the discarder's right."
    assert rule(0, [1]) is None
    assert rule(3, [0, 1]) is None


CLAIM_SETS = [
    # (the scene, the calls): the engine's winner must be the one claim no rule of priority
    # makes lapse.
    (
        "And East has discarded 3B\nAnd West holds 3B 3B\nAnd North needs only 3B to win\n",
        ((2, "poeng"), (3, "tjok")),
    ),
    (
        "And East has discarded 3B\nAnd South holds 2B 4B\nAnd West holds 3B 3B\n",
        ((1, "straight"), (2, "poeng")),
    ),
    (
        "And East has discarded 3B\nAnd South holds 2B 4B\nAnd North holds 3B 3B 3B\n",
        ((1, "straight"), (3, "kong")),
    ),
    (
        "And West has discarded 9C\nAnd East needs only 9C to win\n"
        "And South needs only 9C to win\n",
        ((1, "tjok"), (0, "tjok")),
    ),
    (
        "And West has discarded 9C\nAnd South needs only 9C to win\nAnd East needs only 9C to win\n"
        "And North holds 9C 9C\n",
        ((3, "poeng"), (1, "tjok"), (0, "tjok")),
    ),
]
RANK = {"tjok": 0, "poeng": 1, "kong": 1, "straight": 2}


def _lapses(table, seat, claim, calls):
    others = [(s, c) for s, c in calls if s != seat]
    same_rank = [s for s, c in others if RANK[c] == RANK[claim]]
    return (
        tjok_beats_every_other_claim(seat, claim, others)
        or poeng_or_kong_beats_a_straight(seat, claim, others)
        or first_valid_claim_to_the_discarders_right_wins(
            table, table.latest_discard, seat, same_rank
        )
    )


@pytest.mark.parametrize("scene, calls", CLAIM_SETS)
def test_the_claim_that_takes_the_discard_is_the_one_no_rule_of_priority_makes_lapse(scene, calls):
    table = play(MATJOK + scene).table
    verdict, after = judge(table, act.SimultaneousCalls(calls))
    assert verdict.allowed
    standing = [seat for seat, claim in calls if not _lapses(table, seat, claim, calls)]
    assert standing == [after.taken_by]


def test_a_refused_kong_names_the_tile_the_hand_lacks():
    world = play(MATJOK + "And East has discarded 7B\nAnd West holds 7B 7B\nWhen West calls kong")
    assert_refused(world.last_verdict, "kong_needs_three_matching_tiles", "matjok-claiming")
    assert world.last_verdict.reason == "West does not hold three 7B for a kong."


def test_a_misnamed_discard_is_recorded_with_the_name_it_was_given():
    world = play(
        MATJOK + "And West holds 3B\nAnd it is West's turn\nWhen West discards 3B and names it 3D"
    )
    latest = world.table.latest_discard
    assert (latest.tile, latest.named, latest.seat) == (parse_tile("3B"), parse_tile("3D"), 2)


def test_a_claim_takes_only_the_claimed_tile_from_the_discards():
    world = play(
        MATJOK + "And West holds 4D 4D\nWhen East discards 2C\nAnd South draws a tile\n"
        "And South discards 4D\nAnd West calls poeng"
    )
    assert [str(d) for d in world.table.discards] == ["2C"]


def test_tjok_on_a_discard_puts_the_discard_in_the_winners_hand():
    world = play(
        MATJOK + "And East has discarded 9C\nAnd North needs only 9C to win\nWhen North calls tjok"
    )
    north = world.table.hand("North")
    assert north.count == 14 and north.holds(parse_tile("9C"))
