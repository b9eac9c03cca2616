"""The NMJL (American) rules, one small function per rule, each citing its article.

Articles: ``nmjl-calling`` (when a discard can be called), ``nmjl-6`` (changing an exposure),
``nmjl-exposure-answer`` (adding to an exposure; joker exchanges), ``nmjl-205`` (wrong number
of tiles; dead hands). A rule returns None when the action passes it, else the reason it is
refused. The handlers at the bottom apply the rules in order and build the next table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from . import actions as act
from .play import (
    JOKER_EXCHANGE_LOCK,
    add_tile,
    after_discard,
    after_draw,
    group_stands_for,
    lock_open_exposures,
    new_exposure,
    remove_tile,
    win,
)
from .rulebook import NotInRuleSet, Refused, allow, require, rule
from .table import SEATS, Exposure, Hand, Mistake, PendingCall, Table, sort_tiles, take
from .tiles import JOKER, Tile, tile_list
from .verdicts import Verdict

TOUCHED = "touched-tile-is-taken"
EXCHANGE_LOCKS = "joker-exchange-locks-exposure"
ONE_EXCHANGE = "one-joker-exchange-at-a-time"


def _matching(hand: Hand, tile: Tile | None) -> tuple[int, int]:
    """How many of `tile` and how many jokers the hand really holds."""
    naturals = hand.concealed.count(tile) if tile is not None else 0
    return naturals, hand.concealed.count(JOKER)


def liable(seat: int) -> str:
    return f"{SEATS[seat]}'s hand may now be declared dead."


# --- the turn ------------------------------------------------------------------------------


@rule("nmjl-calling")
def hand_is_over_after_mah_jongg(table: Table):
    """After a Mah Jongg there is no discard: the hand is over."""
    if table.over:
        return f"The hand is over: {SEATS[table.winner]} has declared Mah Jongg."


@rule("nmjl-205")
def dead_hand_stops_picking_and_discarding(hand: Hand, seat: int):
    """Once disqualified, the player stops picking and discarding."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead, and a dead hand stops picking and discarding."


@rule("nmjl-205")
def no_one_draws_or_calls_in_the_charleston(table: Table):
    """East's first discard begins pick and discard; nobody draws or calls before it."""
    if table.before_first_discard:
        return "East has not made the first discard yet: nobody draws or calls before it."


@rule("nmjl-205")
def east_makes_the_first_discard(table: Table, seat: int):
    """East begins the pick-and-discard phase by discarding; no one else discards before."""
    if table.before_first_discard and seat != 0:
        return f"East makes the first discard; {SEATS[seat]} cannot discard before it."


@rule("nmjl-calling")
def discard_only_on_own_turn(table: Table, seat: int):
    """A player discards on their own turn, after drawing or calling."""
    if table.turn != seat:
        return f"It is not {SEATS[seat]}'s turn: {SEATS[table.turn]} is to {table.must}."
    if table.must == "draw":
        return f"{SEATS[seat]} must draw before discarding."


@rule("nmjl-calling")
def caller_exposes_before_discarding(table: Table, seat: int):
    """After a call for an exposure the caller displays the whole group, then discards."""
    pending = table.pending
    if pending and pending.seat == seat and not pending.exposed:
        return (
            f"{SEATS[seat]} called {pending.discard} and must expose the group before discarding."
        )


@rule("nmjl-205")
def discard_is_a_tile_held(hand: Hand, seat: int, tile: Tile):
    """A player discards one of the tiles in their hand."""
    if not hand.holds(tile) and hand.unnamed == 0:
        return f"{SEATS[seat]} holds no {tile} to discard."


@rule("nmjl-calling")
def draw_only_on_own_turn(table: Table, seat: int):
    """The next player draws from the wall when nobody has called; drawing closes the window."""
    if table.turn != seat:
        return f"It is not {SEATS[seat]}'s turn to draw: {SEATS[table.turn]} is to {table.must}."
    if table.must != "draw":
        return f"{SEATS[seat]} has already drawn or called and must {table.must}."


# --- calling a discard -----------------------------------------------------------------------


@rule("nmjl-205")
def dead_hand_cannot_call(hand: Hand, seat: int):
    """A dead hand cannot call a discard, for an exposure or for Mah Jongg."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead: a dead hand cannot call a discard."


@rule("nmjl-calling")
def only_the_latest_discard_may_be_called(latest, tile: Tile | None):
    """Only the most recent discard is available; you cannot return to an older tile."""
    if latest is None:
        return "There is no discard to call."
    if tile is not None and tile != latest.named and tile != latest.tile:
        return (
            f"{tile} is not the latest discard ({latest}): "
            "only the most recent discard may be called."
        )


@rule("nmjl-calling")
def call_window_closes_on_the_next_draw_or_discard(table: Table, latest):
    """A discard can be called only while its window is open: until the next seat draws
    from the wall or anyone discards."""
    if table.pending is None and not table.window_open:
        return (
            f"The call window for {latest} has closed: {SEATS[table.turn]} has drawn from the wall."
        )


@rule("nmjl-calling")
def own_discard_cannot_be_called(latest, seat: int):
    """A discard is there for the other players to call."""
    if latest.seat == seat:
        return f"{SEATS[seat]} cannot call their own discard."


@rule("nmjl-calling")
def discarded_joker_cannot_be_called(latest):
    """A discarded Joker can never be claimed."""
    if latest.named is not None and latest.named.is_joker:
        return "A discarded Joker can never be called."


@rule("nmjl-calling")
def no_exposure_call_for_a_concealed_hand(hand: Hand, seat: int):
    """C means concealed: no ordinary exposure for a C hand (only the Mah Jongg tile)."""
    if hand.concealed_hand:
        return (
            f"{SEATS[seat]} is playing a concealed hand: no call for an exposure, "
            "only the final tile for Mah Jongg."
        )


@rule("nmjl-exposure-answer")
def no_call_to_grow_an_exposure(hand: Hand, seat: int, tile: Tile | None):
    """No discard may be called to grow an exposure that is already there."""
    naturals, jokers = _matching(hand, tile)
    grows = any(exposure.stands_for == tile for exposure in hand.exposures)
    if tile is not None and naturals + jokers < 2 and grows:
        return (
            f"{SEATS[seat]} cannot call {tile} to grow the exposure already made: "
            "a call completes a new group with tiles from the hand."
        )


@rule("nmjl-calling")
def exposure_call_must_complete_a_group(hand: Hand, seat: int, tile: Tile | None):
    """The called discard must finish the complete exposure at once, with tiles from the hand."""
    naturals, jokers = _matching(hand, tile)
    if naturals + jokers == 0:
        what = tile if tile is not None else "an unnamed tile"
        return f"{SEATS[seat]} holds no {what} and no Joker: the discard completes no group."


@rule("nmjl-calling")
def pairs_and_singles_only_for_mah_jongg(hand: Hand, seat: int, tile: Tile | None):
    """A discard cannot be claimed for a single or a pair, only as the tile that wins."""
    naturals, jokers = _matching(hand, tile)
    if naturals == 1 and jokers == 0:
        return (
            f"{SEATS[seat]} holds one {tile} and no Joker: calling {tile} would make only a "
            "pair, and a pair may be called only for Mah Jongg."
        )


@rule("nmjl-calling")
def jokers_only_in_groups_of_three_or_more(hand: Hand, seat: int, tile: Tile | None):
    """Jokers may help only within a group of three or more identical tiles."""
    naturals, jokers = _matching(hand, tile)
    if naturals == 0 and jokers == 1:
        return (
            f"{SEATS[seat]} holds a Joker but no {tile}: a Joker with the discard is a pair, "
            "and Jokers go only in groups of three or more."
        )


@rule("nmjl-calling")
def mah_jongg_call_needs_the_winning_tile(hand: Hand, seat: int, tile: Tile | None):
    """A call for Mah Jongg takes the final tile that completes a valid hand (even a C hand)."""
    if hand.winning_tile is None or hand.winning_tile != tile:
        return f"{SEATS[seat]}'s hand is not completed by {tile or 'this discard'}."


@rule("nmjl-calling")
def mah_jongg_call_beats_an_exposure_call(pending: PendingCall, seat: int):
    """A call for Mah Jongg takes the discard from a call for an exposure.

    It only ever allows: a Mah Jongg call ends the hand at once, so no call follows one.
    Verdicts name it when a Mah Jongg call wins the tile over an exposure call.
    """
    return None


@rule("nmjl-calling")
def first_seat_to_the_discarders_right_wins(pending: PendingCall, seat: int, table: Table):
    """Between calls of the same kind, the first seat to the right of the discarder wins."""
    order = table.seats_from_right_of(pending.discard.seat)
    if order.index(seat) > order.index(pending.seat):
        return (
            f"{SEATS[pending.seat]} also called {pending.discard} and sits nearer the "
            f"discarder's right than {SEATS[seat]}."
        )


@rule("nmjl-calling")
def call_that_stands_keeps_the_tile(pending: PendingCall, table: Table):
    """A caller who is committed to the tile keeps it against a later exposure call."""
    if pending.committed(table.option(TOUCHED)) or pending.hand_before is None:
        return f"{SEATS[pending.seat]} is already committed to {pending.discard}."


# --- committing to the called tile ------------------------------------------------------


@rule("nmjl-6")
def caller_handles_the_called_tile(pending: PendingCall | None, seat: int):
    """Only the caller handles the called tile, and only while the call stands."""
    if pending is None or pending.seat != seat:
        return f"{SEATS[seat]} has no call standing on a discard."


@rule("nmjl-6")
def call_can_be_withdrawn_until_racked_or_exposed(pending: PendingCall, seat: int):
    """A call can be withdrawn until the called tile is racked or tiles are exposed."""
    if pending.exposed:
        return f"{SEATS[seat]} has exposed tiles for {pending.discard} and must keep it."
    if pending.racked:
        return f"{SEATS[seat]} has racked {pending.discard} and must keep it."


@rule("nmjl-6")
def touched_tile_is_taken(table: Table, pending: PendingCall, seat: int):
    """House rule: a touched tile is a taken tile (stricter than the League)."""
    if table.option(TOUCHED) and pending.touched:
        return (
            f'{SEATS[seat]} touched {pending.discard}, and under the house rule "{TOUCHED}" '
            "a touched tile is a taken tile."
        )


@rule("nmjl-6")
def racking_the_wrong_discard_kills_the_hand(table: Table, seat: int, tile: Tile):
    """A player who picks up the wrong discard and racks it should be disqualified."""
    earlier = [d for d in table.discards if d.tile == tile]
    pending = table.pending
    if pending and pending.seat == seat and tile in (pending.discard.tile, pending.discard.named):
        return None  # that is the called tile after all
    if not earlier:
        return f"There is no {tile} lying among the discards."
    return f"{SEATS[seat]} racked {tile}, an earlier discard, instead of the called tile."


# --- exposures -----------------------------------------------------------------------------


@rule("nmjl-calling")
def exposure_includes_the_called_tile(rest, seat: int, pending: PendingCall):
    """The called tile goes with the matching tiles from the rack into the exposure."""
    if rest is None:
        return f"{SEATS[seat]}'s exposure must include the called tile, {pending.discard}."


@rule("nmjl-calling")
def exposure_uses_tiles_held(remaining, seat: int, tiles):
    """The rest of an exposure comes from the caller's own hand."""
    if remaining is None:
        return f"{SEATS[seat]} does not hold {tile_list(tiles)} to expose."


def group_problem(tiles, seat: int):
    """The rule a group of tiles breaks as an exposure, with its reason, or None."""
    if any(tile is None for tile in tiles):
        reason = "an unnamed tile forms no group with anything"
        return (
            exposure_call_must_complete_a_group,
            f"{SEATS[seat]}'s exposure is no group: {reason}.",
        )
    if len(tiles) < 3:
        if any(tile.is_joker for tile in tiles):
            return jokers_only_in_groups_of_three_or_more, (
                f"{tile_list(tiles)} is a pair: Jokers go only in groups of three or more."
            )
        return pairs_and_singles_only_for_mah_jongg, (
            f"{tile_list(tiles)} is not a group of three or more: a single or a pair is "
            "exposed only for Mah Jongg."
        )
    if group_stands_for(tiles) is None:
        return exposure_call_must_complete_a_group, (
            f"{tile_list(tiles)} is not a group of identical tiles."
        )
    if len(tiles) > 6:
        return exposure_call_must_complete_a_group, (
            f"{tile_list(tiles)} is more than a sextet, the largest group."
        )
    return None


def require_group(tiles, seat: int) -> None:
    problem = group_problem(tiles, seat)
    if problem:
        raise Refused(*problem)


@rule("nmjl-6")
def exposing_more_than_one_group_kills_the_hand(groups, seat: int):
    """Exposing more than one pung, kong, quint or sextet for one call: the hand is dead."""
    if len(groups) > 1:
        return f"{SEATS[seat]} exposed more than one group for one call."


@rule("nmjl-6")
def wrong_exposure_after_a_misnamed_discard_kills_the_hand(real_group, named_group, seat: int):
    """After a misnamed discard, an exposure made with the wrong tiles cannot be changed:
    the player is disqualified."""
    if group_problem(real_group, seat) and not group_problem(named_group, seat):
        return (
            f"{SEATS[seat]} exposed {tile_list(named_group)} for a misnamed discard; the real "
            f"tiles, {tile_list(real_group)}, are no group."
        )


@rule("nmjl-6")
def exposure_may_change_until_the_discard(exposure: Exposure | None, seat: int):
    """Until the discard the exposure may change (pung to kong, Jokers in or out); then it locks."""
    if exposure is None:
        return f"{SEATS[seat]} has no exposure made this turn to change."
    if exposure.locked and exposure.locked_by != JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]}'s exposure {exposure} is locked: it was fixed by {exposure.locked_by}."
        )


@rule("nmjl-6")
def joker_exchange_locks_the_exposure(exposure: Exposure, seat: int):
    """A joker exchange on the same turn ends the window for changing the exposure
    (NMJL Bulletin 2025)."""
    if exposure.locked_by == JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]} made a joker exchange this turn, which locked the exposure "
            f'{exposure} (house rule "{EXCHANGE_LOCKS}", on by default since the NMJL '
            "Bulletin 2025)."
        )


@rule("nmjl-6")
def called_tile_stays_in_the_exposure(exposure: Exposure, tiles, seat: int):
    """The tiles may be rearranged around the called tile; the called tile itself stays."""
    if exposure.called is not None and exposure.called not in tiles:
        return f"The called tile, {exposure.called}, stays in {SEATS[seat]}'s exposure."


@rule("nmjl-exposure-answer")
def tile_joins_an_exposure_only_on_the_turn_it_was_made(exposure: Exposure, seat: int, tile):
    """No later tile, drawn or called, can be added to an exposure once it is locked."""
    if exposure.locked and exposure.locked_by != JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]}'s exposure {exposure} was locked by {exposure.locked_by}: "
            f"no later tile joins it, so {tile} stays in the hand."
        )


# --- joker exchanges --------------------------------------------------------------------


@rule("nmjl-exposure-answer")
def joker_exchange_only_on_own_turn(table: Table, seat: int):
    """A joker exchange is made on one's own turn, after drawing or calling, before discarding."""
    if table.turn != seat or table.before_first_discard:
        return f"It is not {SEATS[seat]}'s turn: a joker exchange is made only on one's own turn."
    if table.must == "draw":
        return f"{SEATS[seat]} must draw or call before making a joker exchange."
    if table.must == "expose":
        return f"{SEATS[seat]} must expose the called group before making a joker exchange."


@rule("nmjl-exposure-answer")
def joker_exchange_never_with_a_discard(table: Table, hand: Hand, seat: int, tile: Tile):
    """The natural tile for a joker exchange comes from one's own hand, never from a discard."""
    latest = table.latest_discard
    if not hand.holds(tile) and latest is not None and tile in (latest.tile, latest.named):
        return (
            f"{tile} is a discard: a joker exchange uses a tile from one's own hand, "
            "never a discard."
        )


@rule("nmjl-exposure-answer")
def joker_exchange_needs_the_natural_tile(hand: Hand, seat: int, tile: Tile):
    """Any player holding the natural tile a Joker stands for may exchange it for the Joker."""
    if tile.is_joker:
        return "A Joker is exchanged for a natural tile, not for another Joker."
    if not hand.holds(tile):
        return f"{SEATS[seat]} does not hold {tile} to exchange for a Joker."


@rule("nmjl-exposure-answer")
def joker_in_any_exposure_may_be_exchanged(owner_hand: Hand, owner: int, tile: Tile):
    """A joker exchange works on any exposure: one's own, a locked one, a dead hand's."""
    if not any(e.stands_for == tile and e.jokers for e in owner_hand.exposures):
        return f"{SEATS[owner]} has no exposure with a Joker standing for {tile}."


@rule("nmjl-205")
def several_joker_exchanges_may_be_made_together(table: Table, exchanges):
    """Several joker exchanges may be made together (League clarification, August 2026);
    tiles in motion meanwhile are no wrong count."""
    if len(exchanges) > 1 and table.option(ONE_EXCHANGE):
        return (
            f'Under the house rule "{ONE_EXCHANGE}" joker exchanges are made one at a time, '
            "not together."
        )


# --- winning, dead hands and tile counts ---------------------------------------------------


@rule("nmjl-205")
def dead_hand_cannot_win(hand: Hand, seat: int):
    """A dead hand cannot declare Mah Jongg."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead: Mah Jongg cannot be called."


@rule("nmjl-calling")
def mah_jongg_needs_a_complete_hand(table: Table, hand: Hand, seat: int):
    """Mah Jongg is declared on one's own turn with a hand the card accepts."""
    if not table.holds_extra_tile(seat) or table.turn != seat:
        return f"{SEATS[seat]} can declare Mah Jongg only on their own turn, holding 14 tiles."
    if hand.winning_tile is None or not hand.holds(hand.winning_tile):
        return f"{SEATS[seat]}'s tiles do not make a complete hand."


@rule("nmjl-205")
def nobody_declares_their_own_hand_dead(by: int, seat: int):
    """A player cannot disqualify themselves; it is up to other players."""
    if by == seat:
        return f"{SEATS[seat]} cannot declare their own hand dead: only another player can."


@rule("nmjl-205")
def wrong_number_of_tiles_kills_the_hand(table: Table, seat: int):
    """After East's first discard, a hand with the wrong number of tiles may be declared dead."""
    hand = table.hands[seat]
    expected = table.expected_count(seat)
    if hand.count == expected:
        return f"{SEATS[seat]} has the right number of tiles ({expected})."
    if table.before_first_discard:
        return (
            f"{SEATS[seat]} has {hand.count} tiles, but East has not made the first discard: "
            "a player short a tile may still take it."
        )


@rule("nmjl-exposure-answer")
def exposures_that_fit_no_hand_kill_the_hand(hand: Hand, seat: int):
    """If the exposures fit no line on the card, another player may call the hand dead."""
    if not hand.exposures_fit_no_hand:
        return f"{SEATS[seat]}'s exposures still fit a hand on the card."


@rule("nmjl-205")
def hand_is_declared_dead_only_once(hand: Hand, seat: int):
    """A dead hand is already out of play; it cannot be declared dead again."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is already dead."


@rule("nmjl-205")
def short_player_takes_the_missing_tile_before_the_first_discard(table: Table, seat: int):
    """A player short a tile may take it before East's first discard; after it, the hand
    may be declared dead."""
    if not table.before_first_discard:
        return (
            f"East has made the first discard: too late for {SEATS[seat]} to take a missing tile."
        )
    if table.hands[seat].count >= table.expected_count(seat):
        return f"{SEATS[seat]} is not short a tile."


@rule("nmjl-205")
def more_than_one_wrong_count_throws_the_tiles_in(table: Table):
    """If more than one player has the wrong number of tiles in the Charleston, all tiles
    are thrown in and a new game begins."""
    if tiles_are_thrown_in(table):
        seats = ", ".join(SEATS[s] for s in table.wrong_counts())
        return f"More than one player has a wrong count ({seats}): the tiles are thrown in."


def tiles_are_thrown_in(table: Table) -> bool:
    """The deal is void: before East's first discard, more than one seat has a wrong count."""
    return table.before_first_discard and len(table.wrong_counts()) > 1


def grounds_for_dead_hand(table: Table, seat: int):
    """The (rule, article, reason) that lets another player declare this hand dead, or None."""
    hand = table.hands[seat]
    if hand.dead:
        return None
    if hand.mistake:
        return hand.mistake.rule, hand.mistake.article, hand.mistake.reason
    if hand.exposures_fit_no_hand:
        return (
            exposures_that_fit_no_hand_kill_the_hand.__name__,
            exposures_that_fit_no_hand_kill_the_hand.article,
            f"{SEATS[seat]}'s exposures fit no hand on the card.",
        )
    if wrong_number_of_tiles_kills_the_hand(table, seat) is None:
        count, expected = hand.count, table.expected_count(seat)
        return (
            wrong_number_of_tiles_kills_the_hand.__name__,
            wrong_number_of_tiles_kills_the_hand.article,
            f"{SEATS[seat]} has {count} tiles instead of {expected}.",
        )
    return None


# --- handlers ------------------------------------------------------------------------------


def _mistake(table: Table, seat: int, rule_func, reason: str) -> Refused:
    """A refusal whose consequence is that the hand may now be declared dead."""
    hand = replace(
        table.hands[seat], mistake=Mistake(rule_func.__name__, rule_func.article, reason)
    )
    return Refused(rule_func, reason, liable(seat), table.with_hand(seat, hand))


def discard(table: Table, action: act.Discard):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_stops_picking_and_discarding, hand, seat)
    require(east_makes_the_first_discard, table, seat)
    # A void deal is not played: the first discard waits for the new deal.
    require(more_than_one_wrong_count_throws_the_tiles_in, table)
    require(discard_only_on_own_turn, table, seat)
    require(caller_exposes_before_discarding, table, seat)
    require(discard_is_a_tile_held, hand, seat, action.tile)
    after = remove_tile(table, hand, action.tile)
    named = action.named or action.tile
    next_table = after_discard(table, seat, action.tile, named, after)
    said = f"{action.tile} named {named}" if named != action.tile else str(named)
    return allow(
        discard_only_on_own_turn,
        f"{SEATS[seat]} discards {said}, ending the turn; "
        f"{SEATS[next_table.turn]} is next to draw.",
    ), next_table


def draw(table: Table, action: act.Draw):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(no_one_draws_or_calls_in_the_charleston, table)
    require(dead_hand_stops_picking_and_discarding, hand, seat)
    require(draw_only_on_own_turn, table, seat)
    if action.tile is not None:
        table.check_copies((action.tile,))
    latest = table.latest_discard
    closed = f"; the call window on {latest} closes" if table.window_open and latest else ""
    return allow(draw_only_on_own_turn, f"{SEATS[seat]} draws from the wall{closed}."), after_draw(
        table, seat, action.tile
    )


def call(table: Table, action: act.Call):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(no_one_draws_or_calls_in_the_charleston, table)
    require(dead_hand_cannot_call, hand, seat)
    pending = table.pending
    latest = pending.discard if pending else table.latest_discard
    require(only_the_latest_discard_may_be_called, latest, action.tile)
    require(call_window_closes_on_the_next_draw_or_discard, table, latest)
    require(own_discard_cannot_be_called, latest, seat)
    if pending and pending.seat == seat:
        raise Refused(call_that_stands_keeps_the_tile, f"{SEATS[seat]} has already called it.")
    require(discarded_joker_cannot_be_called, latest)
    tile = latest.named
    if action.mah_jongg:
        require(mah_jongg_call_needs_the_winning_tile, hand, seat, tile)
    else:
        require(no_exposure_call_for_a_concealed_hand, hand, seat)
        require(no_call_to_grow_an_exposure, hand, seat, tile)
        require(exposure_call_must_complete_a_group, hand, seat, tile)
        require(pairs_and_singles_only_for_mah_jongg, hand, seat, tile)
        require(jokers_only_in_groups_of_three_or_more, hand, seat, tile)

    decided_by = None
    if pending:
        # A call already stands on this discard: who gets it is a matter of priority.
        if pending.hand_before is None:
            raise Refused(
                call_that_stands_keeps_the_tile,
                f"{SEATS[pending.seat]} has gone on with the turn after calling {latest}.",
            )
        if action.mah_jongg:
            decided_by = mah_jongg_call_beats_an_exposure_call
        else:
            require(call_that_stands_keeps_the_tile, pending, table)
            require(first_seat_to_the_discarders_right_wins, pending, seat, table)
            decided_by = first_seat_to_the_discarders_right_wins
        table = _undo_call(table, pending)
        hand = table.hands[seat]

    # The called tile leaves the discards (a standing call had already taken it from there).
    discards = table.discards if pending else table.discards[:-1]
    if action.mah_jongg:
        next_table = win(table.with_hand(seat, add_tile(hand, latest.tile)), seat)
        next_table = replace(
            next_table, discards=discards, pending=None, window_open=False, taken_by=seat
        )
        reason = f"{SEATS[seat]} calls {tile} for Mah Jongg; the hand is over."
        if decided_by:
            reason = f"{reason} The Mah Jongg call beats {SEATS[pending.seat]}'s exposure call."
        return allow(decided_by or mah_jongg_call_needs_the_winning_tile, reason), next_table

    next_table = replace(
        table,
        discards=discards,
        window_open=False,
        pending=PendingCall(seat, latest, hand_before=hand),
        turn=seat,
        must="expose",
        taken_by=seat,
    )
    reason = f"{SEATS[seat]} calls {tile} to complete a group; next, expose it and discard."
    if decided_by:
        reason = (
            f"{reason} {SEATS[seat]} sits nearer the discarder's right than {SEATS[pending.seat]}."
        )
    return allow(decided_by or exposure_call_must_complete_a_group, reason), next_table


def _undo_call(table: Table, pending: PendingCall) -> Table:
    """Take a standing exposure call back: its caller's hand as it was, the discard still out."""
    if pending.hand_before is not None:
        table = table.with_hand(pending.seat, pending.hand_before)
    return replace(table, pending=None, taken_by=None)


def simultaneous_calls(table: Table, action: act.SimultaneousCalls):
    valid, refusals = [], []
    for seat, kind in action.calls:
        if kind not in ("exposure", "Mah Jongg"):
            raise NotInRuleSet(
                f'"{kind}" is not an NMJL call: under the NMJL rules a call is "exposure" or '
                '"Mah Jongg".'
            )
        verdict, _ = judge(table, act.Call(seat, mah_jongg=kind == "Mah Jongg"))
        (valid if verdict.allowed else refusals).append((seat, kind, verdict))
    if not valid:
        first = refusals[0][2]
        reasons = " ".join(v.reason for _, _, v in refusals)
        return replace(first, reason=f"No call can take the discard. {reasons}"), table
    latest = table.pending.discard if table.pending else table.latest_discard
    order = table.seats_from_right_of(latest.seat)
    winners = [c for c in valid if c[1] == "Mah Jongg"] or valid
    seat, kind, verdict = min(winners, key=lambda c: order.index(c[0]))
    _, next_table = judge(table, act.Call(seat, mah_jongg=kind == "Mah Jongg"))
    if len(valid) == 1:
        return verdict, next_table
    others = [SEATS[s] for s, _, _ in valid if s != seat]
    if kind == "Mah Jongg" and any(k == "exposure" for _, k, _ in valid):
        decided_by = mah_jongg_call_beats_an_exposure_call
        why = f"a call for Mah Jongg beats a call for an exposure ({', '.join(others)})"
    else:
        decided_by = first_seat_to_the_discarders_right_wins
        why = f"{SEATS[seat]} is the first to the right of the discarder among the callers"
    return allow(decided_by, f"{SEATS[seat]} gets {latest}: {why}."), next_table


def touch(table: Table, action: act.TouchCalledTile):
    seat = action.seat
    require(caller_handles_the_called_tile, table.pending, seat)
    pending = replace(table.pending, touched=True)
    next_table = replace(table, pending=pending)
    if table.option(TOUCHED):
        return allow(
            touched_tile_is_taken,
            f'{SEATS[seat]} touches {pending.discard} and, under the house rule "{TOUCHED}", '
            "is committed to it.",
        ), next_table
    return allow(
        call_can_be_withdrawn_until_racked_or_exposed,
        f"{SEATS[seat]} touches {pending.discard}; touching does not commit the caller, "
        "who may still withdraw the call.",
    ), next_table


def rack(table: Table, action: act.RackCalledTile):
    seat = action.seat
    require(caller_handles_the_called_tile, table.pending, seat)
    pending = table.pending
    require(call_can_be_withdrawn_until_racked_or_exposed, pending, seat)
    next_table = table.with_hand(seat, add_tile(table.hands[seat], pending.discard.tile))
    next_table = replace(next_table, pending=replace(pending, racked=True))
    return allow(
        call_can_be_withdrawn_until_racked_or_exposed,
        f"{SEATS[seat]} racks {pending.discard} and is now committed to it.",
    ), next_table


def rack_wrong_discard(table: Table, action: act.RackWrongDiscard):
    seat = action.seat
    reason = racking_the_wrong_discard_kills_the_hand(table, seat, action.tile)
    if reason is None:
        return rack(table, act.RackCalledTile(seat))
    if not any(d.tile == action.tile for d in table.discards):
        raise Refused(racking_the_wrong_discard_kills_the_hand, reason)
    raise _mistake(table, seat, racking_the_wrong_discard_kills_the_hand, reason)


def withdraw(table: Table, action: act.WithdrawCall):
    seat = action.seat
    require(caller_handles_the_called_tile, table.pending, seat)
    pending = table.pending
    require(call_can_be_withdrawn_until_racked_or_exposed, pending, seat)
    require(touched_tile_is_taken, table, pending, seat)
    next_table = replace(
        table,
        discards=table.discards + (pending.discard,),
        window_open=True,
        pending=None,
        taken_by=None,
        turn=table.next_live_seat(pending.discard.seat),
        must="draw",
    )
    return allow(
        call_can_be_withdrawn_until_racked_or_exposed,
        f"{SEATS[seat]} withdraws the call; {pending.discard} is the latest discard again.",
    ), next_table


def expose(table: Table, action: act.Expose):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    pending = table.pending
    require(caller_handles_the_called_tile, pending, seat)
    if pending.exposed:
        raise Refused(
            exposure_may_change_until_the_discard,
            f"{SEATS[seat]} has already exposed the group for this call; "
            "it can be changed, not exposed again.",
        )
    reason = exposing_more_than_one_group_kills_the_hand(action.groups, seat)
    if reason:
        raise _mistake(table, seat, exposing_more_than_one_group_kills_the_hand, reason)
    group = action.groups[0]
    real, named = pending.discard.tile, pending.discard.named
    rest = take(group, (real,)) if real is not None else None
    if rest is None and named is not None:
        rest = take(group, (named,))
    require(exposure_includes_the_called_tile, rest, seat, pending)
    source = hand.concealed
    if pending.racked:
        source = take(source, (real,)) if real is not None else source
    remaining = take(source, rest)
    require(exposure_uses_tiles_held, remaining, seat, rest)
    real_group = rest + (real,)
    if pending.discard.misnamed:
        reason = wrong_exposure_after_a_misnamed_discard_kills_the_hand(
            real_group, rest + (named,), seat
        )
        if reason:
            raise _mistake(
                table, seat, wrong_exposure_after_a_misnamed_discard_kills_the_hand, reason
            )
    require_group(real_group, seat)
    unnamed = hand.unnamed - 1 if pending.racked and real is None else hand.unnamed
    exposure = new_exposure(real_group, real)
    hand = replace(
        hand, concealed=remaining, unnamed=unnamed, exposures=hand.exposures + (exposure,)
    )
    next_table = table.with_hand(seat, hand)
    next_table = replace(next_table, pending=replace(pending, exposed=True), must="discard")
    return allow(
        exposure_call_must_complete_a_group,
        f"{SEATS[seat]} exposes {exposure} with the called {pending.discard}; "
        f"{SEATS[seat]} now discards.",
    ), next_table


def _require_changeable(exposure: Exposure | None, seat: int) -> None:
    require(exposure_may_change_until_the_discard, exposure, seat)
    require(joker_exchange_locks_the_exposure, exposure, seat)


def _reshape(table: Table, seat: int, index: int, tiles) -> Table:
    """The exposure at `index` becomes `tiles`: new tiles from the hand, removed ones go back."""
    hand = table.hands[seat]
    exposure = hand.exposures[index]
    wanted, old = Counter(tiles), Counter(exposure.tiles)
    added = list((wanted - old).elements())
    returned = list((old - wanted).elements())
    remaining = take(hand.concealed, added)
    require(exposure_uses_tiles_held, remaining, seat, added)
    require_group(tuple(tiles), seat)
    exposures = list(hand.exposures)
    exposures[index] = new_exposure(tiles, exposure.called, exposure.locked_by)
    hand = replace(
        hand, concealed=sort_tiles(remaining + tuple(returned)), exposures=tuple(exposures)
    )
    return table.with_hand(seat, hand)


def _latest_exposure(hand: Hand, tiles=()) -> int | None:
    """The exposure a change refers to: the open one, else one standing for these tiles."""
    index = hand.open_exposure()
    if index is not None:
        return index
    stands_for = group_stands_for(tiles) if tiles else None
    for index in range(len(hand.exposures) - 1, -1, -1):
        if stands_for is None or hand.exposures[index].stands_for == stands_for:
            return index
    return None


def change_exposure(table: Table, action: act.ChangeExposure):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    index = _latest_exposure(hand, action.tiles)
    exposure = hand.exposures[index] if index is not None else None
    _require_changeable(exposure, seat)
    require(called_tile_stays_in_the_exposure, exposure, action.tiles, seat)
    next_table = _reshape(table, seat, index, action.tiles)
    return allow(
        exposure_may_change_until_the_discard,
        f"{SEATS[seat]} changes the exposure {exposure} to {tile_list(action.tiles)} "
        "before discarding.",
    ), next_table


def _exposure_of(hand: Hand, tile: Tile) -> int | None:
    """The seat's exposure of `tile` (for a Joker: the open exposure), the open one first."""
    if tile.is_joker:
        # A Joker joins no exposure of its own: it means the one made this turn, else the
        # latest one (so the verdict can say why it is locked).
        open_index = hand.open_exposure()
        if open_index is not None:
            return open_index
        candidates = list(range(len(hand.exposures)))
    else:
        candidates = [i for i, e in enumerate(hand.exposures) if e.stands_for == tile]
    if not candidates:
        return None
    unlocked = [index for index in candidates if not hand.exposures[index].locked]
    return (unlocked or candidates)[-1]


def add_to_exposure(table: Table, action: act.AddToExposure):
    seat, hand, tile = action.seat, table.hands[action.seat], action.tile
    require(hand_is_over_after_mah_jongg, table)
    index = _exposure_of(hand, tile)
    if index is None:
        raise Refused(
            exposure_may_change_until_the_discard,
            f"{SEATS[seat]} has no exposure of {tile} to add to.",
        )
    exposure = hand.exposures[index]
    require(tile_joins_an_exposure_only_on_the_turn_it_was_made, exposure, seat, tile)
    require(joker_exchange_locks_the_exposure, exposure, seat)
    next_table = _reshape(table, seat, index, exposure.tiles + (tile,))
    return allow(
        exposure_may_change_until_the_discard,
        f"{SEATS[seat]} adds {tile} to the exposure made this turn, before discarding.",
    ), next_table


def remove_from_exposure(table: Table, action: act.RemoveFromExposure):
    seat, hand, tile = action.seat, table.hands[action.seat], action.tile
    require(hand_is_over_after_mah_jongg, table)
    index = _exposure_of(hand, tile)
    exposure = hand.exposures[index] if index is not None else None
    if exposure is not None and tile not in exposure.tiles:
        exposure = None
    _require_changeable(exposure, seat)
    tiles = take(exposure.tiles, (tile,))
    require(called_tile_stays_in_the_exposure, exposure, tiles, seat)
    next_table = _reshape(table, seat, index, tiles)
    return allow(
        exposure_may_change_until_the_discard,
        f"{SEATS[seat]} takes {tile} back from the exposure made this turn, before discarding.",
    ), next_table


def joker_exchange(table: Table, action: act.JokerExchange):
    seat = action.seat
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_stops_picking_and_discarding, table.hands[seat], seat)
    require(several_joker_exchanges_may_be_made_together, table, action.exchanges)
    next_table = table
    described = []
    for tile, owner in action.exchanges:
        next_table = _exchange_one(next_table, seat, tile, owner)
        whose = "their own" if owner == seat else f"{SEATS[owner]}'s"
        described.append(f"{tile} for the Joker in {whose} exposure")
    if next_table.option(EXCHANGE_LOCKS):
        hand = lock_open_exposures(next_table.hands[seat], JOKER_EXCHANGE_LOCK)
        next_table = next_table.with_hand(seat, hand)
    if next_table.pending is not None:
        # After an exchange the call can no longer be undone by a competing call.
        next_table = replace(next_table, pending=replace(next_table.pending, hand_before=None))
    if len(action.exchanges) > 1:
        return allow(
            several_joker_exchanges_may_be_made_together,
            f"{SEATS[seat]} exchanges {', and '.join(described)}, together; the tiles in "
            "motion are no wrong count.",
        ), next_table
    tile, owner = action.exchanges[0]
    notes = []
    exposures = [e for e in table.hands[owner].exposures if e.stands_for == tile]
    if exposures and all(e.locked for e in exposures):
        notes.append("locked exposures still take joker exchanges")
    if table.hands[owner].dead:
        notes.append("a dead hand's exposures stay open for joker exchanges")
    note = f" ({'; '.join(notes)})" if notes else ""
    return allow(
        joker_in_any_exposure_may_be_exchanged,
        f"{SEATS[seat]} exchanges {described[0]}{note}.",
    ), next_table


def _exchange_one(table: Table, seat: int, tile: Tile, owner: int) -> Table:
    hand = table.hands[seat]
    # Reaching for the discard is the mistake to name, whoever's turn it is.
    require(joker_exchange_never_with_a_discard, table, hand, seat, tile)
    require(joker_exchange_only_on_own_turn, table, seat)
    require(joker_exchange_needs_the_natural_tile, hand, seat, tile)
    require(joker_in_any_exposure_may_be_exchanged, table.hands[owner], owner, tile)
    hand = replace(hand, concealed=sort_tiles(take(hand.concealed, (tile,)) + (JOKER,)))
    table = table.with_hand(seat, hand)
    owner_hand = table.hands[owner]
    exposures = list(owner_hand.exposures)
    for index, exposure in enumerate(exposures):
        if exposure.stands_for == tile and exposure.jokers:
            tiles = sort_tiles(take(exposure.tiles, (JOKER,)) + (tile,))
            exposures[index] = replace(exposure, tiles=tiles)
            break
    return table.with_hand(owner, replace(owner_hand, exposures=tuple(exposures)))


def declare_mah_jongg(table: Table, action: act.DeclareMahJongg):
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_cannot_win, hand, seat)
    require(mah_jongg_needs_a_complete_hand, table, hand, seat)
    return allow(
        mah_jongg_needs_a_complete_hand,
        f"{SEATS[seat]} declares Mah Jongg with a complete hand; the hand is over.",
    ), replace(win(table, seat), pending=None)


def declare_dead(table: Table, action: act.DeclareDead):
    by, seat = action.by, action.seat
    hand = table.hands[seat]
    require(hand_is_over_after_mah_jongg, table)
    require(nobody_declares_their_own_hand_dead, by, seat)
    require(hand_is_declared_dead_only_once, hand, seat)
    grounds = grounds_for_dead_hand(table, seat)
    if grounds is None:
        # No mistake and no misfit: only the tile count could be grounds, and it is not.
        require(wrong_number_of_tiles_kills_the_hand, table, seat)
    rule_name, article, reason = grounds
    next_table = table.with_hand(seat, replace(hand, dead=True))
    if next_table.pending is not None and next_table.pending.seat == seat:
        next_table = replace(next_table, pending=None)
    if next_table.turn == seat:
        # A dead hand stops picking and discarding: play passes it by.
        next_table = replace(next_table, turn=next_table.next_live_seat(seat), must="draw")
    return Verdict(
        True, rule_name, article, f"{SEATS[by]} declares {SEATS[seat]}'s hand dead: {reason}"
    ), next_table


def take_missing_tile(table: Table, action: act.TakeMissingTile):
    seat = action.seat
    require(hand_is_over_after_mah_jongg, table)
    reason = short_player_takes_the_missing_tile_before_the_first_discard(table, seat)
    if reason:
        # Too late: a short hand now gives grounds to declare it dead (nothing new changes).
        late = not table.before_first_discard and not table.count_is_right(seat)
        consequence = liable(seat) if late else None
        raise Refused(
            short_player_takes_the_missing_tile_before_the_first_discard, reason, consequence
        )
    require(more_than_one_wrong_count_throws_the_tiles_in, table)
    next_table = table.with_hand(seat, add_tile(table.hands[seat], None))
    return allow(
        short_player_takes_the_missing_tile_before_the_first_discard,
        f"{SEATS[seat]} takes the missing tile before East's first discard.",
    ), next_table


def _not_nmjl(table: Table, action):
    raise NotInRuleSet(
        f"A {action.claim} is a Matjok call; under the NMJL rules call the discard "
        "(for an exposure or for Mah Jongg)."
    )


HANDLERS = {
    act.Discard: discard,
    act.Draw: draw,
    act.Call: call,
    act.Claim: _not_nmjl,
    act.SimultaneousCalls: simultaneous_calls,
    act.TouchCalledTile: touch,
    act.RackCalledTile: rack,
    act.RackWrongDiscard: rack_wrong_discard,
    act.Expose: expose,
    act.WithdrawCall: withdraw,
    act.ChangeExposure: change_exposure,
    act.AddToExposure: add_to_exposure,
    act.RemoveFromExposure: remove_from_exposure,
    act.JokerExchange: joker_exchange,
    act.DeclareMahJongg: declare_mah_jongg,
    act.DeclareDead: declare_dead,
    act.TakeMissingTile: take_missing_tile,
}


def judge(table: Table, action):
    """The verdict on `action` under the NMJL rules, and the table after it."""
    try:
        return HANDLERS[type(action)](table, action)
    except Refused as refusal:
        return refusal.verdict(), refusal.table or table
