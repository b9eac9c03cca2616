"""How each action is judged under the NMJL rules: which rules apply, in what order, and the
table after. The rules themselves, each citing its article, are in ``rules.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from .. import actions as act
from ..play import (
    JOKER_EXCHANGE_LOCK,
    MISNAMED_LOCK,
    add_tile,
    after_discard,
    after_draw,
    group_stands_for,
    lock_open_exposures,
    new_exposure,
    remove_tile,
    win,
)
from ..rulebook import AnyRule, Handler, NotInRuleSet, Refused, allow, require, require_present
from ..table import (
    SEATS,
    Exposure,
    Hand,
    Mistake,
    PendingCall,
    Table,
    sort_tiles,
    take,
    take_held,
)
from ..tiles import JOKER, Tile, tile_list
from ..verdicts import Verdict
from .rules import (
    EXCHANGE_LOCKS,
    TOUCHED,
    call_can_be_withdrawn_until_racked_or_exposed,
    call_that_stands_keeps_the_tile,
    call_window_closes_on_the_next_draw_or_discard,
    called_tile_stays_in_the_exposure,
    caller_exposes_before_discarding,
    caller_handles_the_called_tile,
    dead_hand_cannot_call,
    dead_hand_cannot_win,
    dead_hand_stops_picking_and_discarding,
    discard_is_a_tile_held,
    discard_only_on_own_turn,
    discarded_joker_cannot_be_called,
    draw_only_on_own_turn,
    east_makes_the_first_discard,
    exposing_more_than_one_group_kills_the_hand,
    exposure_call_must_complete_a_group,
    exposure_includes_the_called_tile,
    exposure_may_change_until_the_discard,
    exposure_uses_tiles_held,
    first_seat_to_the_discarders_right_wins,
    grounds_for_dead_hand,
    hand_is_declared_dead_only_once,
    hand_is_over_after_mah_jongg,
    joker_exchange_locks_the_exposure,
    joker_exchange_needs_the_natural_tile,
    joker_exchange_never_with_a_discard,
    joker_exchange_only_on_own_turn,
    joker_in_any_exposure_may_be_exchanged,
    jokers_only_in_groups_of_three_or_more,
    liable,
    mah_jongg_call_beats_an_exposure_call,
    mah_jongg_call_needs_the_winning_tile,
    mah_jongg_needs_a_complete_hand,
    misnamer_holding_the_named_tile_discards_it,
    more_than_one_wrong_count_throws_the_tiles_in,
    no_call_to_grow_an_exposure,
    no_exposure_call_for_a_concealed_hand,
    no_one_draws_or_calls_in_the_charleston,
    nobody_declares_their_own_hand_dead,
    only_north_takes_the_missing_tile,
    only_the_latest_discard_may_be_called,
    own_discard_cannot_be_called,
    pairs_and_singles_only_for_mah_jongg,
    racking_the_wrong_discard_kills_the_hand,
    require_group,
    several_joker_exchanges_may_be_made_together,
    short_player_takes_the_missing_tile_before_the_first_discard,
    tile_joins_an_exposure_only_on_the_turn_it_was_made,
    touched_tile_is_taken,
    two_wrong_counts_in_play_throw_the_tiles_in,
    wrong_exposure_after_a_misnamed_discard_kills_the_hand,
    wrong_exposure_on_a_misnamed_discard_cannot_be_changed,
    wrong_number_of_tiles_kills_the_hand,
)


def _mistake(table: Table, seat: int, rule_func: AnyRule, reason: str) -> Refused:
    """A refusal whose consequence is that the hand may now be declared dead."""
    hand = replace(
        table.hands[seat], mistake=Mistake(rule_func.__name__, rule_func.article, reason)
    )
    return Refused(rule_func, reason, liable(seat), table.with_hand(seat, hand))


def discard(table: Table, action: act.Discard) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_stops_picking_and_discarding, hand, seat)
    require(east_makes_the_first_discard, table, seat)
    # A void deal is not played: the first discard waits for the new deal.
    require(more_than_one_wrong_count_throws_the_tiles_in, table)
    require(two_wrong_counts_in_play_throw_the_tiles_in, table)
    require(discard_only_on_own_turn, table, seat)
    require(caller_exposes_before_discarding, table, seat)
    require(discard_is_a_tile_held, hand, seat, action.tile)
    require(
        misnamer_holding_the_named_tile_discards_it, table, hand, seat, action.tile, action.named
    )
    after = remove_tile(table, hand, action.tile)
    named = action.named or action.tile
    # `after` is a hand: discard_is_a_tile_held required the tile or an unnamed one.
    next_table = after_discard(table, seat, action.tile, named, after)  # type: ignore[arg-type]
    said = f"{action.tile} named {named}" if named != action.tile else str(named)
    return allow(
        discard_only_on_own_turn,
        f"{SEATS[seat]} discards {said}, ending the turn; "
        f"{SEATS[next_table.turn]} is next to draw.",
    ), next_table


def draw(table: Table, action: act.Draw) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(no_one_draws_or_calls_in_the_charleston, table)
    require(dead_hand_stops_picking_and_discarding, hand, seat)
    require(two_wrong_counts_in_play_throw_the_tiles_in, table)
    require(draw_only_on_own_turn, table, seat)
    if action.tile is not None:
        table.check_copies((action.tile,))
    latest = table.latest_discard
    closed = f"; the call window on {latest} closes" if table.window_open and latest else ""
    return allow(draw_only_on_own_turn, f"{SEATS[seat]} draws from the wall{closed}."), after_draw(
        table, seat, action.tile
    )


def call(table: Table, action: act.Call) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(no_one_draws_or_calls_in_the_charleston, table)
    require(dead_hand_cannot_call, hand, seat)
    pending = table.pending
    latest = require_present(
        only_the_latest_discard_may_be_called,
        pending.discard if pending else table.latest_discard,
        action.tile,
    )
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

    decided_by: AnyRule | None = None  # set when a call already stands
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
        if pending:
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
    if pending:
        reason = (
            f"{reason} {SEATS[seat]} sits nearer the discarder's right than {SEATS[pending.seat]}."
        )
    return allow(decided_by or exposure_call_must_complete_a_group, reason), next_table


def _undo_call(table: Table, pending: PendingCall) -> Table:
    """Take a standing exposure call back: its caller's hand as it was, the discard still out."""
    if pending.hand_before is not None:
        table = table.with_hand(pending.seat, pending.hand_before)
    return replace(table, pending=None, taken_by=None)


def simultaneous_calls(table: Table, action: act.SimultaneousCalls) -> tuple[Verdict, Table]:
    valid: list[tuple[int, str, Verdict]] = []
    refusals: list[tuple[int, str, Verdict]] = []
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
    assert latest is not None  # a call was valid: there is a discard
    order = table.seats_from_right_of(latest.seat)
    winners = [c for c in valid if c[1] == "Mah Jongg"] or valid
    seat, kind, verdict = min(winners, key=lambda c: order.index(c[0]))
    _, next_table = judge(table, act.Call(seat, mah_jongg=kind == "Mah Jongg"))
    if len(valid) == 1:
        return verdict, next_table
    others = [SEATS[s] for s, _, _ in valid if s != seat]
    if kind == "Mah Jongg" and any(k == "exposure" for _, k, _ in valid):
        decided_by: AnyRule = mah_jongg_call_beats_an_exposure_call
        why = f"a call for Mah Jongg beats a call for an exposure ({', '.join(others)})"
    else:
        decided_by = first_seat_to_the_discarders_right_wins
        why = f"{SEATS[seat]} is the first to the right of the discarder among the callers"
    return allow(decided_by, f"{SEATS[seat]} gets {latest}: {why}."), next_table


def touch(table: Table, action: act.TouchCalledTile) -> tuple[Verdict, Table]:
    seat = action.seat
    pending = require_present(caller_handles_the_called_tile, table.pending, seat)
    pending = replace(pending, touched=True)
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


def rack(table: Table, action: act.RackCalledTile) -> tuple[Verdict, Table]:
    seat = action.seat
    pending = require_present(caller_handles_the_called_tile, table.pending, seat)
    require(call_can_be_withdrawn_until_racked_or_exposed, pending, seat)
    next_table = table.with_hand(seat, add_tile(table.hands[seat], pending.discard.tile))
    next_table = replace(next_table, pending=replace(pending, racked=True))
    return allow(
        call_can_be_withdrawn_until_racked_or_exposed,
        f"{SEATS[seat]} racks {pending.discard} and is now committed to it.",
    ), next_table


def rack_wrong_discard(table: Table, action: act.RackWrongDiscard) -> tuple[Verdict, Table]:
    seat = action.seat
    reason = racking_the_wrong_discard_kills_the_hand(table, seat, action.tile)
    if reason is None:
        return rack(table, act.RackCalledTile(seat))
    if not any(d.tile == action.tile for d in table.discards):
        raise Refused(racking_the_wrong_discard_kills_the_hand, reason)
    raise _mistake(table, seat, racking_the_wrong_discard_kills_the_hand, reason)


def withdraw(table: Table, action: act.WithdrawCall) -> tuple[Verdict, Table]:
    seat = action.seat
    pending = require_present(caller_handles_the_called_tile, table.pending, seat)
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


def expose(table: Table, action: act.Expose) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    pending = require_present(caller_handles_the_called_tile, table.pending, seat)
    if pending.exposed:
        exposure = _call_exposure(table, seat)
        require(wrong_exposure_on_a_misnamed_discard_cannot_be_changed, exposure, seat)
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
    rest = require_present(exposure_includes_the_called_tile, rest, seat, pending)
    source = hand.concealed
    if pending.racked:
        source = take_held(source, (real,)) if real is not None else source
    remaining = require_present(exposure_uses_tiles_held, take(source, rest), seat, rest)
    real_group = rest + (real,)
    wrong = None
    if pending.discard.misnamed:
        wrong = wrong_exposure_after_a_misnamed_discard_kills_the_hand(
            real_group, rest + (named,), seat
        )
    if not wrong:
        require_group(real_group, seat)
    unnamed = hand.unnamed - 1 if pending.racked and real is None else hand.unnamed
    # A wrong exposure on a misnamed discard stands as made: locked from the start.
    # No unnamed tile (None) in real_group: require_group refused one, and a wrong exposure
    # with one has failed in its rule.
    exposure = new_exposure(
        real_group,  # type: ignore[arg-type]
        real,
        MISNAMED_LOCK if wrong else None,
    )
    hand = replace(
        hand, concealed=remaining, unnamed=unnamed, exposures=hand.exposures + (exposure,)
    )
    if wrong:
        hand = replace(hand, mistake=hand.mistake or _wrong_exposure(wrong))
    next_table = table.with_hand(seat, hand)
    next_table = replace(next_table, pending=replace(pending, exposed=True), must="discard")
    if wrong:
        # The caller plays on until another player declares the hand dead (seed 004).
        return allow(
            wrong_exposure_after_a_misnamed_discard_kills_the_hand,
            f"{wrong} The exposure stands as made and cannot be changed; "
            f"{SEATS[seat]} now discards.",
            liable(seat),
        ), next_table
    return allow(
        exposure_call_must_complete_a_group,
        f"{SEATS[seat]} exposes {exposure} with the called {pending.discard}; "
        f"{SEATS[seat]} now discards.",
    ), next_table


def _wrong_exposure(reason: str) -> Mistake:
    """The mistake a wrong exposure on a misnamed discard leaves: the hand is liable."""
    return Mistake(
        wrong_exposure_after_a_misnamed_discard_kills_the_hand.__name__,
        wrong_exposure_after_a_misnamed_discard_kills_the_hand.article,
        reason,
    )


def _require_changeable(exposure: Exposure | None, seat: int) -> Exposure:
    require(wrong_exposure_on_a_misnamed_discard_cannot_be_changed, exposure, seat)
    exposure = require_present(exposure_may_change_until_the_discard, exposure, seat)
    require(joker_exchange_locks_the_exposure, exposure, seat)
    return exposure


def _reshape(table: Table, seat: int, index: int, tiles: Sequence[Tile]) -> Table:
    """The exposure at `index` becomes `tiles`: new tiles from the hand, removed ones go back."""
    hand = table.hands[seat]
    exposure = hand.exposures[index]
    wanted, old = Counter(tiles), Counter(exposure.tiles)
    added = list((wanted - old).elements())
    returned = list((old - wanted).elements())
    remaining = require_present(exposure_uses_tiles_held, take(hand.concealed, added), seat, added)
    require_group(tuple(tiles), seat)
    exposures = list(hand.exposures)
    exposures[index] = new_exposure(tiles, exposure.called, exposure.locked_by)
    hand = replace(
        hand, concealed=sort_tiles(remaining + tuple(returned)), exposures=tuple(exposures)
    )
    return table.with_hand(seat, hand)


def _call_exposure(table: Table, seat: int) -> Exposure | None:
    """The exposure the seat made for the call standing this turn, if it has made one."""
    pending = table.pending
    exposures = table.hands[seat].exposures
    if pending is None or pending.seat != seat or not pending.exposed or not exposures:
        return None
    return exposures[-1]  # exposing appends it; changes keep its place


def _wrong_call_exposure(table: Table, seat: int) -> int | None:
    """The index of this turn's wrong exposure on a misnamed discard, which stands as made."""
    exposure = _call_exposure(table, seat)
    if exposure is not None and exposure.locked_by == MISNAMED_LOCK:
        return len(table.hands[seat].exposures) - 1
    return None


def _latest_exposure(hand: Hand, tiles: Sequence[Tile] = ()) -> int | None:
    """The exposure a change refers to: the open one, else one standing for these tiles."""
    index = hand.open_exposure()
    if index is not None:
        return index
    stands_for = group_stands_for(tiles) if tiles else None
    for index in range(len(hand.exposures) - 1, -1, -1):
        if stands_for is None or hand.exposures[index].stands_for == stands_for:
            return index
    return None


def change_exposure(table: Table, action: act.ChangeExposure) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    index = _wrong_call_exposure(table, seat)
    if index is None:
        index = _latest_exposure(hand, action.tiles)
    exposure = _require_changeable(hand.exposures[index] if index is not None else None, seat)
    require(called_tile_stays_in_the_exposure, exposure, action.tiles, seat)
    # `index` is set: the exposure at it was required just above.
    next_table = _reshape(table, seat, index, action.tiles)  # type: ignore[arg-type]
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


def add_to_exposure(table: Table, action: act.AddToExposure) -> tuple[Verdict, Table]:
    seat, hand, tile = action.seat, table.hands[action.seat], action.tile
    require(hand_is_over_after_mah_jongg, table)
    index = _exposure_of(hand, tile)
    wrong = _wrong_call_exposure(table, seat)
    if wrong is not None and (index is None or tile.is_joker):
        index = wrong  # the exposure made this turn, which cannot take the tile
    if index is None:
        raise Refused(
            exposure_may_change_until_the_discard,
            f"{SEATS[seat]} has no exposure of {tile} to add to.",
        )
    exposure = hand.exposures[index]
    require(wrong_exposure_on_a_misnamed_discard_cannot_be_changed, exposure, seat)
    require(tile_joins_an_exposure_only_on_the_turn_it_was_made, exposure, seat, tile)
    require(joker_exchange_locks_the_exposure, exposure, seat)
    next_table = _reshape(table, seat, index, exposure.tiles + (tile,))
    return allow(
        exposure_may_change_until_the_discard,
        f"{SEATS[seat]} adds {tile} to the exposure made this turn, before discarding.",
    ), next_table


def remove_from_exposure(table: Table, action: act.RemoveFromExposure) -> tuple[Verdict, Table]:
    seat, hand, tile = action.seat, table.hands[action.seat], action.tile
    require(hand_is_over_after_mah_jongg, table)
    index = _exposure_of(hand, tile)
    wrong = _wrong_call_exposure(table, seat)
    if wrong is not None and tile in hand.exposures[wrong].tiles:
        index = wrong
    exposure = hand.exposures[index] if index is not None else None
    if exposure is not None and tile not in exposure.tiles:
        exposure = None
    exposure = _require_changeable(exposure, seat)
    tiles = take_held(exposure.tiles, (tile,))
    require(called_tile_stays_in_the_exposure, exposure, tiles, seat)
    # `index` is set: the exposure at it was required just above.
    next_table = _reshape(table, seat, index, tiles)  # type: ignore[arg-type]
    return allow(
        exposure_may_change_until_the_discard,
        f"{SEATS[seat]} takes {tile} back from the exposure made this turn, before discarding.",
    ), next_table


def joker_exchange(table: Table, action: act.JokerExchange) -> tuple[Verdict, Table]:
    seat = action.seat
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_stops_picking_and_discarding, table.hands[seat], seat)
    require(several_joker_exchanges_may_be_made_together, table, action.exchanges)
    next_table = table
    described: list[str] = []
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
    notes: list[str] = []
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
    hand = replace(hand, concealed=sort_tiles(take_held(hand.concealed, (tile,)) + (JOKER,)))
    table = table.with_hand(seat, hand)
    owner_hand = table.hands[owner]
    exposures = list(owner_hand.exposures)
    for index, exposure in enumerate(exposures):
        if exposure.stands_for == tile and exposure.jokers:
            tiles = sort_tiles(take_held(exposure.tiles, (JOKER,)) + (tile,))
            exposures[index] = replace(exposure, tiles=tiles)
            break
    return table.with_hand(owner, replace(owner_hand, exposures=tuple(exposures)))


def declare_mah_jongg(table: Table, action: act.DeclareMahJongg) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    require(hand_is_over_after_mah_jongg, table)
    require(dead_hand_cannot_win, hand, seat)
    require(mah_jongg_needs_a_complete_hand, table, hand, seat)
    return allow(
        mah_jongg_needs_a_complete_hand,
        f"{SEATS[seat]} declares Mah Jongg with a complete hand; the hand is over.",
    ), replace(win(table, seat), pending=None)


def declare_dead(table: Table, action: act.DeclareDead) -> tuple[Verdict, Table]:
    by, seat = action.by, action.seat
    hand = table.hands[seat]
    require(hand_is_over_after_mah_jongg, table)
    require(nobody_declares_their_own_hand_dead, by, seat)
    require(hand_is_declared_dead_only_once, hand, seat)
    require(two_wrong_counts_in_play_throw_the_tiles_in, table)
    grounds = grounds_for_dead_hand(table, seat)
    if grounds is None:
        # No mistake and no misfit: only the tile count could be grounds, and it is not.
        require(wrong_number_of_tiles_kills_the_hand, table, seat)
        raise AssertionError("unreachable: the tile count is grounds when nothing else is")
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


def take_missing_tile(table: Table, action: act.TakeMissingTile) -> tuple[Verdict, Table]:
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
    require(only_north_takes_the_missing_tile, table, seat)
    require(more_than_one_wrong_count_throws_the_tiles_in, table)
    next_table = table.with_hand(seat, add_tile(table.hands[seat], None))
    return allow(
        short_player_takes_the_missing_tile_before_the_first_discard,
        f"{SEATS[seat]} takes the missing tile before East's first discard.",
    ), next_table


def _not_nmjl(table: Table, action: act.Claim) -> tuple[Verdict, Table]:
    raise NotInRuleSet(
        f"A {action.claim} is a Matjok call; under the NMJL rules call the discard "
        "(for an exposure or for Mah Jongg)."
    )


HANDLERS: Final[dict[type[act.Action], Handler]] = {
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


def judge(table: Table, action: act.Action) -> tuple[Verdict, Table]:
    """The verdict on `action` under the NMJL rules, and the table after it."""
    try:
        return HANDLERS[type(action)](table, action)
    except Refused as refusal:
        return refusal.verdict(), refusal.table or table
