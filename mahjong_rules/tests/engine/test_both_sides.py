"""Every rule, on both sides: the same situation with one fact changed, allowed and refused.

Adding a rule to the engine without a pair here fails `test_every_rule_has_both_sides_here`.
"""

import pytest
from mahjong_rules.engine import RULES
from scenes import ruling

MATJOK = "Given the Matjok rules\n"
WEST_7D = "Given West has discarded 7D\n"
CALLED = WEST_7D + "And North holds 7D 7D 7D J 2C\nWhen North calls the discard\n"
EXPOSED = CALLED + "And North exposes 7D 7D 7D\n"
CHARLESTON = "Given it is the Charleston\n"
COURTESY = "Given the Charleston has reached the courtesy pass\n"
CARD = 'Given the card "Practice Card 2027"\n'
L1 = "5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"
NOT_L1 = "5D 5D 5D 6C 6C 6C 6C 5B 5B 5B RD RD RD RD"
EXCHANGE = "Given West has exposed 7D 7D J\nAnd it is South's turn\nAnd South holds 7D\n"
MISNAMED = (
    "Given West holds 3B\nAnd North holds 3D 3D 3B 3B J\nAnd it is West's turn\n"
    "When West discards 3B and names it 3D\nAnd North calls the discard\n"
)

# rule: (allowed text, refused text, options for both); None: that side cannot happen.
PAIRS = {
    "hand_is_over_after_mah_jongg": (
        "Given it is North's turn\nWhen North discards 2C",
        "Given it is North's turn\nAnd North holds 7D\nAnd North needs only 7D to win\n"
        "When North declares Mah Jongg\nAnd North discards 2C",
    ),
    "dead_hand_stops_picking_and_discarding": (
        "Given it is North's turn\nWhen North discards 2C",
        "Given it is North's turn\nAnd North's hand is dead\nWhen North discards 2C",
    ),
    "no_one_draws_or_calls_in_the_charleston": (
        "Given East has discarded 7D\nWhen South draws a tile",
        "Given it is the Charleston\nWhen South draws a tile",
    ),
    "east_makes_the_first_discard": ("When East discards 7D", "When South discards 7D"),
    "discard_only_on_own_turn": (
        "Given it is West's turn\nWhen West discards 2C",
        "Given it is West's turn\nWhen North discards 2C",
    ),
    "caller_exposes_before_discarding": (
        EXPOSED + "And North discards 2C",
        CALLED + "And North discards 2C",
    ),
    "discard_is_a_tile_held": (
        "Given it is South's turn\nAnd South holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D\n"
        "When South discards 5D",
        "Given it is South's turn\nAnd South holds 1D 1D 1D 2D 2D 2D 3D 3D 3D 4D 4D 4D 5D 5D\n"
        "When South discards 7D",
    ),
    "misnamer_holding_the_named_tile_discards_it": (
        "Given West holds 3B 3D\nAnd it is West's turn\nWhen West discards 3B and names it 3D",
        "Given West holds 3B 3D\nAnd it is West's turn\nWhen West discards 3B and names it 3D",
        "flip:misnamer-discards-the-named-tile",
    ),
    "two_wrong_counts_in_play_throw_the_tiles_in": (
        "Given it is West's turn\nAnd North has 12 tiles\nAnd South has 12 tiles\n"
        "When East declares North's hand dead",
        "Given it is West's turn\nAnd North has 12 tiles\nAnd South has 12 tiles\n"
        "When East declares North's hand dead",
        "flip:two-wrong-counts-replay-the-hand",
    ),
    "only_north_takes_the_missing_tile": (
        "Given it is the Charleston\nAnd West has 12 tiles\nWhen West takes the missing tile",
        "Given it is the Charleston\nAnd West has 12 tiles\nWhen West takes the missing tile",
        "flip:only-north-takes-a-missing-tile",
    ),
    "draw_only_on_own_turn": (
        WEST_7D + "When North draws a tile",
        WEST_7D + "When South draws a tile",
    ),
    "dead_hand_cannot_call": (
        CALLED.replace("When", "Then South's hand is not dead\nWhen"),
        WEST_7D + "And North holds 7D 7D\nAnd North's hand is dead\nWhen North calls the discard",
    ),
    "only_the_latest_discard_may_be_called": (
        WEST_7D + "And North holds 7D 7D\nWhen North calls 7D",
        WEST_7D + "And North holds 5B 5B\nWhen North calls 5B",
    ),
    "call_window_closes_on_the_next_draw_or_discard": (
        WEST_7D + "And South holds 7D 7D\nWhen South calls the discard",
        WEST_7D + "And South holds 7D 7D\nWhen North draws a tile\nAnd South calls the discard",
    ),
    "own_discard_cannot_be_called": (
        "Given West holds 7D 7D\nAnd East has discarded 7D\nWhen West calls the discard",
        "Given West holds 7D 7D\nAnd West has discarded 7D\nWhen West calls the discard",
    ),
    "discarded_joker_cannot_be_called": (
        "Given West has discarded F\nAnd North holds J J\nWhen North calls the discard",
        "Given West has discarded J\nAnd North holds J J\nWhen North calls the discard",
    ),
    "no_exposure_call_for_a_concealed_hand": (
        WEST_7D + "And North holds 7D 7D\nWhen North calls the discard",
        WEST_7D + "And North holds 7D 7D\nAnd North is playing a concealed hand\n"
        "When North calls the discard",
    ),
    "no_call_to_grow_an_exposure": (
        "Given North has exposed 7D 7D J\nAnd North holds 7D J\n"
        + WEST_7D
        + "When North calls the discard",
        "Given North has exposed 7D 7D J\n" + WEST_7D + "When North calls the discard",
    ),
    "exposure_call_must_complete_a_group": (
        WEST_7D + "And North holds 7D 7D\nWhen North calls the discard",
        WEST_7D + "And North holds 6D 8D\nWhen North calls the discard",
    ),
    "pairs_and_singles_only_for_mah_jongg": (
        WEST_7D + "And North holds 7D\nAnd North needs only 7D to win\n"
        "When North calls the discard for Mah Jongg",
        WEST_7D + "And North holds 7D\nWhen North calls the discard",
    ),
    "jokers_only_in_groups_of_three_or_more": (
        WEST_7D + "And North holds J J\nWhen North calls the discard",
        WEST_7D + "And North holds J\nWhen North calls the discard",
    ),
    "mah_jongg_call_needs_the_winning_tile": (
        WEST_7D + "And North needs only 7D to win\nWhen North calls the discard for Mah Jongg",
        WEST_7D + "And North needs only 8D to win\nWhen North calls the discard for Mah Jongg",
    ),
    "mah_jongg_call_beats_an_exposure_call": (
        "Given East has discarded 7D\nAnd South holds 7D 7D\nAnd North needs only 7D to win\n"
        "When South calls the discard\nAnd North calls the discard for Mah Jongg",
        None,
    ),
    "first_seat_to_the_discarders_right_wins": (
        WEST_7D + "And East holds 7D 7D\nAnd South holds 7D J\n"
        "When South calls the discard\nAnd East calls the discard",
        WEST_7D + "And East holds 7D 7D\nAnd South holds 7D J\n"
        "When East calls the discard\nAnd South calls the discard",
    ),
    "call_that_stands_keeps_the_tile": (
        WEST_7D + "And East holds 7D 7D\nAnd South holds 7D J\n"
        "When South calls the discard\nAnd East calls the discard",
        WEST_7D + "And East holds 7D 7D\nAnd South holds 7D J\n"
        "When South calls the discard\nAnd South racks the called tile\nAnd East calls the discard",
    ),
    "caller_handles_the_called_tile": (
        CALLED + "And North racks the called tile",
        CALLED + "And South racks the called tile",
    ),
    "call_can_be_withdrawn_until_racked_or_exposed": (
        CALLED + "And North withdraws the call",
        CALLED + "And North racks the called tile\nAnd North withdraws the call",
    ),
    "touched_tile_is_taken": (
        CALLED + "And North touches the called tile",
        CALLED + "And North touches the called tile\nAnd North withdraws the call",
        {"touched-tile-is-taken": True},
    ),
    "racking_the_wrong_discard_kills_the_hand": (
        "Given South has discarded 5B\n" + CALLED + "And North racks 7D instead of the called tile",
        "Given South has discarded 5B\n" + CALLED + "And North racks 5B instead of the called tile",
    ),
    "exposure_includes_the_called_tile": (
        CALLED + "And North exposes 7D 7D 7D",
        CALLED + "And North exposes 2C 2C 2C",
    ),
    "exposure_uses_tiles_held": (
        CALLED + "And North exposes 7D 7D J",
        CALLED + "And North exposes 7D J J",
    ),
    "exposing_more_than_one_group_kills_the_hand": (
        CALLED + "And North exposes 7D 7D 7D",
        CALLED + "And North exposes 7D 7D 7D and 7D J J",
    ),
    "wrong_exposure_after_a_misnamed_discard_kills_the_hand": (
        MISNAMED + "And North exposes 3D 3D 3D",
        None,  # the wrong exposure stands, the hand liable: the change below is what is refused
    ),
    "wrong_exposure_on_a_misnamed_discard_cannot_be_changed": (
        MISNAMED + "And North exposes 3B 3B 3B\nAnd North changes the exposure to 3B 3B 3B J",
        MISNAMED + "And North exposes 3D 3D 3D\nAnd North changes the exposure to 3B 3B 3B",
    ),
    "exposure_may_change_until_the_discard": (
        EXPOSED + "And North changes the exposure to 7D 7D 7D 7D",
        EXPOSED + "And North discards 2C\nAnd North changes the exposure to 7D 7D 7D 7D",
    ),
    "joker_exchange_locks_the_exposure": (
        "Given West has exposed 8B 8B J\n"
        + CALLED.replace("7D J 2C", "J 8B 2C")
        + "And North exposes 7D 7D 7D\nAnd North exchanges 8B for the Joker in West's exposure\n"
        "And North adds J to the exposure",
        "Given West has exposed 8B 8B J\n"
        + CALLED.replace("7D J 2C", "J 8B 2C")
        + "And North exposes 7D 7D 7D\nAnd North exchanges 8B for the Joker in West's exposure\n"
        "And North adds J to the exposure",
        "flip:joker-exchange-locks-exposure",
    ),
    "called_tile_stays_in_the_exposure": (
        EXPOSED + "And North changes the exposure to 7D 7D J",
        WEST_7D + "And North holds J J 2C\nWhen North calls the discard\nAnd North exposes 7D J J\n"
        "And North changes the exposure to J J J",
    ),
    "tile_joins_an_exposure_only_on_the_turn_it_was_made": (
        EXPOSED + "And North adds 7D to the exposure",
        "Given North has exposed 7D 7D 7D\nAnd it is North's turn\nAnd North holds 7D\n"
        "When North adds 7D to the exposure",
    ),
    "joker_exchange_only_on_own_turn": (
        EXCHANGE + "When South exchanges 7D for the Joker in West's exposure",
        EXCHANGE
        + "When South discards 2C\nAnd South exchanges 7D for the Joker in West's exposure",
    ),
    "joker_exchange_never_with_a_discard": (
        "Given West has exposed 7D 7D J\nAnd South holds 7D\nAnd it is South's turn\n"
        "When South exchanges 7D for the Joker in West's exposure",
        "Given West has exposed 7D 7D J\nAnd East has discarded 7D\n"
        "When South exchanges 7D for the Joker in West's exposure",
    ),
    "joker_exchange_needs_the_natural_tile": (
        EXCHANGE + "When South exchanges 7D for the Joker in West's exposure",
        "Given West has exposed 7D 7D J\nAnd it is South's turn\n"
        "When South exchanges 7D for the Joker in West's exposure",
    ),
    "joker_in_any_exposure_may_be_exchanged": (
        EXCHANGE + "When South exchanges 7D for the Joker in West's exposure",
        EXCHANGE + "When South exchanges 7D for the Joker in North's exposure",
    ),
    "several_joker_exchanges_may_be_made_together": (
        "Given it is South's turn\nAnd South holds 7D 8B\nAnd West has exposed 7D 7D J\n"
        "And North has exposed 8B 8B J\nWhen South makes these joker exchanges together:\n"
        "| tile | exposure of |\n| 7D | West |\n| 8B | North |",
        "Given it is South's turn\nAnd South holds 7D 8B\nAnd West has exposed 7D 7D J\n"
        "And North has exposed 8B 8B J\nWhen South makes these joker exchanges together:\n"
        "| tile | exposure of |\n| 7D | West |\n| 8B | North |",
        "flip:one-joker-exchange-at-a-time",
    ),
    "dead_hand_cannot_win": (
        "Given it is North's turn\nAnd North holds 7D\nAnd North needs only 7D to win\n"
        "When North declares Mah Jongg",
        "Given it is North's turn\nAnd North holds 7D\nAnd North needs only 7D to win\n"
        "And North's hand is dead\nWhen North declares Mah Jongg",
    ),
    "mah_jongg_needs_a_complete_hand": (
        "Given it is North's turn\nAnd North holds 7D\nAnd North needs only 7D to win\n"
        "When North declares Mah Jongg",
        "Given it is North's turn\nAnd North needs only 7D to win\nWhen North declares Mah Jongg",
    ),
    "nobody_declares_their_own_hand_dead": (
        "Given it is West's turn\nAnd North has 12 tiles\nWhen East declares North's hand dead",
        "Given it is West's turn\nAnd North has 12 tiles\nWhen North declares North's hand dead",
    ),
    "wrong_number_of_tiles_kills_the_hand": (
        "Given it is West's turn\nAnd North has 12 tiles\nWhen East declares North's hand dead",
        "Given it is West's turn\nWhen East declares North's hand dead",
    ),
    "exposures_that_fit_no_hand_kill_the_hand": (
        "Given West has exposed 7D 7D 7D\nAnd West's exposures fit no hand on the card\n"
        "When East declares West's hand dead",
        None,  # without the misfit there are no grounds: wrong_number_of_tiles_kills_the_hand
    ),
    "hand_is_declared_dead_only_once": (
        "Given it is West's turn\nAnd North has 12 tiles\nWhen East declares North's hand dead",
        "Given it is West's turn\nAnd North has 12 tiles\nAnd North's hand is dead\n"
        "When East declares North's hand dead",
    ),
    "short_player_takes_the_missing_tile_before_the_first_discard": (
        "Given it is the Charleston\nAnd North has 12 tiles\nWhen North takes the missing tile",
        "Given it is West's turn\nAnd North has 12 tiles\nWhen North takes the missing tile",
    ),
    "more_than_one_wrong_count_throws_the_tiles_in": (
        "Given it is the Charleston\nAnd North has 12 tiles\nWhen North takes the missing tile",
        "Given it is the Charleston\nAnd North has 12 tiles\nAnd West has 12 tiles\n"
        "When North takes the missing tile",
    ),
    # Part two: the Charleston spelled out
    "passes_are_made_in_the_charleston": (
        CHARLESTON + "When East passes 1D 2D 3D to the right",
        "When East passes 1D 2D 3D to the right",
    ),
    "no_jokers_are_passed": (
        CHARLESTON + "When East passes 1D 2D 3D to the right",
        CHARLESTON + "When East passes 1D 2D J to the right",
    ),
    "each_pass_goes_its_own_way": (
        CHARLESTON + "When East passes 1D 2D 3D to the right",
        CHARLESTON + "When East passes 1D 2D 3D to the left",
    ),
    "each_seat_passes_once_in_a_pass": (
        CHARLESTON + "When East passes 1D 2D 3D to the right\nAnd the other seats pass",
        CHARLESTON
        + "When East passes 1D 2D 3D to the right\nAnd East passes 4D 5D 6D to the right",
    ),
    "three_tiles_in_each_charleston_pass": (
        CHARLESTON + "When East passes 1D 2D 3D to the right",
        CHARLESTON + "When East passes 1D 2D 3D 4D to the right",
    ),
    "courtesy_pass_of_the_agreed_number": (
        COURTESY + "When East offers 1 tile across\nAnd West offers 2 tiles across\n"
        "And East passes 1D across",
        COURTESY + "When East offers 1 tile across\nAnd East passes 1D across",
    ),
    "blind_pass_only_in_the_first_left_and_second_right": (
        "Given the Charleston has reached the first left pass\n"
        "When East passes 3 tiles blind to the left",
        CHARLESTON + "When East passes 3 tiles blind to the right",
    ),
    "blind_tiles_need_a_source": (
        "Given the Charleston has reached the first left pass\n"
        "When East passes 3 tiles blind to the left\nAnd South passes 3 tiles blind to the left\n"
        "And West passes 3 tiles blind to the left\nAnd North passes 2 tiles blind to the left",
        "Given the Charleston has reached the first left pass\n"
        "When East passes 3 tiles blind to the left\nAnd South passes 3 tiles blind to the left\n"
        "And West passes 3 tiles blind to the left\nAnd North passes 3 tiles blind to the left",
    ),
    "passed_tiles_come_from_the_hand": (
        CHARLESTON + "And South's hand is 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B N N E\n"
        "When South passes 1B 1B 2B to the right",
        CHARLESTON + "And South's hand is 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B N N E\n"
        "When South passes 1B 1B 1B to the right",
    ),
    "charleston_stops_only_before_the_second_left": (
        "Given the Charleston has reached the second left pass\nWhen North stops the Charleston",
        "Given the Charleston has reached the first left pass\nWhen North stops the Charleston",
    ),
    "courtesy_offer_is_up_to_three_once": (
        COURTESY + "When East offers 3 tiles across",
        COURTESY + "When East offers 4 tiles across",
    ),
    "courtesy_pass_unless_the_house_rule_is_off": (
        COURTESY + "When East offers 3 tiles across",
        COURTESY + "When East offers 3 tiles across",
        "flip-off:courtesy-pass",
    ),
    "east_discards_once_the_passes_are_done": (
        "Given the Charleston has reached the courtesy pass\nWhen East discards 7D",
        CHARLESTON + "When East passes 1D 2D 3D to the right\nAnd East discards 7D",
    ),
    "other_seats_pass_unnamed_tiles": (
        CHARLESTON + "When the other seats pass",
        CHARLESTON + "And South's hand is 1B 1B 2B 3B 4B 5B 6B 7B 8B 9B N N E\n"
        "When the other seats pass",
    ),
    # Part two: the wall
    "no_draw_from_an_exhausted_wall": (
        WEST_7D + "And 1 tile is left in the wall\nWhen North draws a tile",
        WEST_7D + "And the wall is exhausted\nWhen North draws a tile",
    ),
    "picking_out_of_turn_kills_the_hand": (
        WEST_7D + "When South draws a tile\nAnd East declares South's hand dead",
        WEST_7D + "When South lifts a tile",
    ),
    "seat_to_draw_lifts_the_next_tile": (
        WEST_7D + "When North lifts a tile",
        WEST_7D + "And the wall is exhausted\nWhen North lifts a tile",
    ),
    "only_a_lifted_tile_is_racked": (
        WEST_7D + "When North lifts a tile\nAnd North racks the lifted tile",
        WEST_7D + "When North racks the lifted tile",
    ),
    "nobody_calls_an_open_discard": (
        WEST_7D + "When nobody calls the discard",
        WEST_7D + "When North draws a tile\nAnd nobody calls the discard",
    ),
    "no_play_after_a_wall_game": (
        WEST_7D + "And 3 tiles are left in the wall\nWhen nobody calls the discard\n"
        "And North draws a tile",
        WEST_7D + "And the wall is exhausted\nWhen nobody calls the discard\n"
        "And North draws a tile",
    ),
    # Part two: Mah Jongg judged by the card
    "mah_jongg_is_judged_by_the_card": (
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North declares Mah Jongg",
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + NOT_L1
        + "\nWhen North declares Mah Jongg",
    ),
    "exposing_part_of_a_mah_jongg_is_in_error": (
        None,  # a partial exposure after saying Mah Jongg is always in error
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd North exposes 5D 5D 5D",
    ),
    "announced_mah_jongg_is_shown_first": (
        CARD + "And it is North's turn\nAnd North's hand is " + L1 + "\nWhen North discards RD",
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd North discards RD",
    ),
    "hand_is_shown_only_after_mah_jongg_is_said": (
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd North exposes the hand",
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North exposes the hand",
    ),
    "mah_jongg_is_withdrawn_before_anything_is_exposed": (
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd North withdraws the Mah Jongg",
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd East throws in the hand\n"
        "And North withdraws the Mah Jongg",
    ),
    "hand_is_thrown_in_only_after_mah_jongg_is_said": (
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + L1
        + "\nWhen North announces Mah Jongg\nAnd East throws in the hand",
        CARD + "And it is North's turn\nWhen East throws in the hand",
    ),
    "no_play_after_a_mah_jongg_in_error_ends_the_hand": (
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + NOT_L1
        + "\nWhen North announces Mah Jongg\nAnd North exposes the hand\nAnd North discards RD",
        CARD
        + "And it is North's turn\nAnd North's hand is "
        + NOT_L1
        + "\nWhen North announces Mah Jongg\nAnd East throws in the hand\n"
        "And North exposes the hand\nAnd North discards RD",
    ),
    "three_dead_hands_void_the_deal": (
        "Given it is West's turn\nAnd South's hand is dead\nAnd East's hand is dead\n"
        "When West discards 2C",
        "Given it is West's turn\nAnd South's hand is dead\nAnd East's hand is dead\n"
        "And North's hand is dead\nWhen West discards 2C",
    ),
    # Matjok
    "each_player_discards_on_their_own_turn": (
        MATJOK + "And East has discarded 4D\nWhen South draws a tile\nAnd South discards 2C",
        MATJOK + "And East has discarded 4D\nWhen West discards 2C",
    ),
    "claimer_discards_unless_it_won": (
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng\n"
        "And West discards 2C",
        MATJOK
        + "And East has discarded 9C\nAnd North needs only 9C to win\nWhen North calls tjok\n"
        "And North discards 2C",
    ),
    "next_player_draws_if_nobody_claims": (
        MATJOK + "And East has discarded 4D\nWhen South draws a tile",
        MATJOK + "And East has discarded 4D\nWhen North draws a tile",
    ),
    "only_the_latest_discard_may_be_claimed": (
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng",
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen South draws a tile\n"
        "And West calls poeng",
    ),
    "nobody_claims_their_own_discard": (
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng",
        MATJOK + "And East has discarded 4D\nAnd East holds 4D 4D\nWhen East calls poeng",
    ),
    "tjok_needs_a_winning_hand": (
        MATJOK + "And East has discarded 9C\nAnd North needs only 9C to win\nWhen North calls tjok",
        MATJOK + "And East has discarded 9C\nWhen North calls tjok",
    ),
    "poeng_needs_two_matching_tiles": (
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls poeng",
        MATJOK + "And East has discarded 4D\nAnd West holds 4D\nWhen West calls poeng",
    ),
    "kong_needs_three_matching_tiles": (
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D 4D\nWhen West calls kong",
        MATJOK + "And East has discarded 4D\nAnd West holds 4D 4D\nWhen West calls kong",
    ),
    "straight_only_by_the_next_player": (
        MATJOK + "And East has discarded 3B\nAnd South holds 2B 4B\nWhen South calls straight",
        MATJOK + "And East has discarded 3B\nAnd West holds 2B 4B\nWhen West calls straight",
    ),
    "winds_and_dragons_never_form_a_straight": (
        MATJOK + "And East has discarded 3B\nAnd South holds 1B 2B\nWhen South calls straight",
        MATJOK + "And East has discarded GD\nAnd South holds RD WD\nWhen South calls straight",
    ),
    "straight_needs_three_consecutive_tiles_of_one_suit": (
        MATJOK + "And East has discarded 3B\nAnd South holds 4B 5B\nWhen South calls straight",
        MATJOK + "And East has discarded 3B\nAnd South holds 4B 6B\nWhen South calls straight",
    ),
    "tjok_beats_every_other_claim": (
        MATJOK + "And East has discarded 3B\nAnd West holds 3B 3B\nAnd North needs only 3B to win\n"
        "When these calls are made:\n| seat | call |\n| West | poeng |\n| North | tjok |",
        None,  # a losing claim lapses; the verdict on the set of calls is the winner's
    ),
    "poeng_or_kong_beats_a_straight": (
        MATJOK + "And East has discarded 3B\nAnd South holds 2B 4B\nAnd West holds 3B 3B\n"
        "When these calls are made:\n| seat | call |\n| South | straight |\n| West | poeng |",
        None,  # as above: the straight lapses, and the verdict is the poeng's
    ),
    "first_valid_claim_to_the_discarders_right_wins": (
        MATJOK + "And West has discarded 9C\nAnd East needs only 9C to win\n"
        "And South needs only 9C to win\n"
        "When these calls are made:\n| seat | call |\n| South | tjok |\n| East | tjok |",
        None,
    ),
}


def _options(extra, side):
    if isinstance(extra, str) and extra.startswith("flip-off:"):
        # The option off for the refused side, on for the allowed side.
        return {extra.removeprefix("flip-off:"): side == "allowed"}
    if isinstance(extra, str) and extra.startswith("flip:"):
        # The option on for the refused side, off for the allowed side.
        return {extra.removeprefix("flip:"): side == "refused"}
    return extra


def test_every_rule_has_both_sides_here():
    assert sorted(PAIRS) == sorted(RULES)


@pytest.mark.parametrize("rule", sorted(PAIRS))
def test_the_rule_allows_one_situation_and_refuses_the_other(rule):
    allowed_text, refused_text, *extra = PAIRS[rule]
    extra = extra[0] if extra else None
    if allowed_text is not None:
        allowed = ruling(allowed_text, _options(extra, "allowed"))
        assert allowed.allowed, f"{rule}: expected allowed, got {allowed}"
        assert _reads(allowed), f"{rule}: the verdict's reason is no sentence: {allowed!r}"
    if refused_text is not None:
        refused = ruling(refused_text, _options(extra, "refused"))
        assert not refused.allowed and refused.rule == rule, f"{rule}: got {refused}"
        assert _reads(refused), f"{rule}: the verdict's reason is no sentence: {refused!r}"


def _reads(verdict) -> bool:
    """A reader sees the reason (and any consequence) as text: each must be a sentence."""
    sentences = [verdict.reason] + ([verdict.consequence] if verdict.consequence else [])
    return all(isinstance(s, str) and s.strip() for s in sentences)
