"""The NMJL (American) rules, one small function per rule, each citing its article.

Articles: ``nmjl-calling`` (when a discard can be called), ``nmjl-6`` (changing an exposure),
``nmjl-exposure-answer`` (adding to an exposure; joker exchanges), ``nmjl-205`` (wrong number
of tiles; dead hands). A rule returns None when the action passes it, else the reason it is
refused. ``judge.py`` applies them to each action, in order, and builds the next table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, TypeGuard

from ..play import (
    JOKER_EXCHANGE_LOCK,
    MISNAMED_LOCK,
    group_stands_for,
)
from ..rulebook import AnyRule, Refused, rule
from ..table import SEATS, Discard, Exposure, Hand, PendingCall, Table
from ..tiles import JOKER, Tile, tile_list
from . import cardplay

TOUCHED: Final = "touched-tile-is-taken"
EXCHANGE_LOCKS: Final = "joker-exchange-locks-exposure"
ONE_EXCHANGE: Final = "one-joker-exchange-at-a-time"
REPLAY: Final = "two-wrong-counts-replay-the-hand"
NORTH_ONLY: Final = "only-north-takes-a-missing-tile"
NAMED_TILE: Final = "misnamer-discards-the-named-tile"


def _matching(hand: Hand, tile: Tile | None) -> tuple[int, int]:
    """How many of `tile` and how many jokers the hand really holds."""
    naturals = hand.concealed.count(tile) if tile is not None else 0
    return naturals, hand.concealed.count(JOKER)


def liable(seat: int) -> str:
    return f"{SEATS[seat]}'s hand may now be declared dead."


# --- the turn ------------------------------------------------------------------------------


@rule("nmjl-calling")
def hand_is_over_after_mah_jongg(table: Table) -> str | None:
    """After a Mah Jongg there is no discard: the hand is over."""
    if table.over:
        assert table.winner is not None  # a hand is over with its winner (play.win)
        return f"The hand is over: {SEATS[table.winner]} has declared Mah Jongg."
    return None


@rule("nmjl-205")
def dead_hand_stops_picking_and_discarding(hand: Hand, seat: int) -> str | None:
    """Once disqualified, the player stops picking and discarding."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead, and a dead hand stops picking and discarding."
    return None


@rule("nmjl-205")
def no_one_draws_or_calls_in_the_charleston(table: Table) -> str | None:
    """East's first discard begins pick and discard; nobody draws or calls before it."""
    if table.before_first_discard:
        return "East has not made the first discard yet: nobody draws or calls before it."
    return None


@rule("nmjl-205")
def east_makes_the_first_discard(table: Table, seat: int) -> str | None:
    """East begins the pick-and-discard phase by discarding; no one else discards before."""
    if table.before_first_discard and seat != 0:
        return f"East makes the first discard; {SEATS[seat]} cannot discard before it."
    return None


@rule("nmjl-calling")
def discard_only_on_own_turn(table: Table, seat: int) -> str | None:
    """A player discards on their own turn, after drawing or calling."""
    if table.turn != seat:
        return f"It is not {SEATS[seat]}'s turn: {SEATS[table.turn]} is to {table.must}."
    if table.must == "draw":
        return f"{SEATS[seat]} must draw before discarding."
    return None


@rule("nmjl-calling")
def caller_exposes_before_discarding(table: Table, seat: int) -> str | None:
    """After a call for an exposure the caller displays the whole group, then discards."""
    pending = table.pending
    if pending and pending.seat == seat and not pending.exposed:
        return (
            f"{SEATS[seat]} called {pending.discard} and must expose the group before discarding."
        )
    return None


@rule("nmjl-205")
def discard_is_a_tile_held(hand: Hand, seat: int, tile: Tile) -> str | None:
    """A player discards one of the tiles in their hand."""
    if not hand.holds(tile) and hand.unnamed == 0:
        return f"{SEATS[seat]} holds no {tile} to discard."
    return None


@rule("nmjl-calling")
def misnamer_holding_the_named_tile_discards_it(
    table: Table, hand: Hand, seat: int, tile: Tile, named: Tile | None
) -> str | None:
    """Reading "must-discard-the-named-tile" (Mah Jongg Madness): a player who names a tile
    she holds must discard that tile. The League's reading: the discard is only renamed."""
    if table.option(NAMED_TILE) and named is not None and named != tile and hand.holds(named):
        return (
            f'{SEATS[seat]} named {named} and holds {named}: under the house rule "{NAMED_TILE}" '
            f"{SEATS[seat]} must discard {named} instead of {tile}."
        )
    return None


@rule("nmjl-calling")
def draw_only_on_own_turn(table: Table, seat: int) -> str | None:
    """The next player draws from the wall when nobody has called; drawing closes the window."""
    if table.turn != seat:
        return f"It is not {SEATS[seat]}'s turn to draw: {SEATS[table.turn]} is to {table.must}."
    if table.must != "draw":
        return f"{SEATS[seat]} has already drawn or called and must {table.must}."
    return None


# --- calling a discard -----------------------------------------------------------------------


@rule("nmjl-205")
def dead_hand_cannot_call(hand: Hand, seat: int) -> str | None:
    """A dead hand cannot call a discard, for an exposure or for Mah Jongg."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead: a dead hand cannot call a discard."
    return None


@rule("nmjl-calling")
def only_the_latest_discard_may_be_called(latest: Discard | None, tile: Tile | None) -> str | None:
    """Only the most recent discard is available; you cannot return to an older tile."""
    if latest is None:
        return "There is no discard to call."
    if tile is not None and tile != latest.named and tile != latest.tile:
        return (
            f"{tile} is not the latest discard ({latest}): "
            "only the most recent discard may be called."
        )
    return None


@rule("nmjl-calling")
def call_window_closes_on_the_next_draw_or_discard(table: Table, latest: Discard) -> str | None:
    """A discard can be called only while its window is open: until the next seat draws
    from the wall or anyone discards."""
    if table.pending is None and not table.window_open:
        if table.must == "draw":  # closed by "nobody calls": the next seat has yet to draw
            return (
                f"The call window for {latest} has closed: nobody called it, and "
                f"{SEATS[table.turn]} draws next."
            )
        return (
            f"The call window for {latest} has closed: {SEATS[table.turn]} has drawn from the wall."
        )
    return None


@rule("nmjl-calling")
def own_discard_cannot_be_called(latest: Discard, seat: int) -> str | None:
    """A discard is there for the other players to call."""
    if latest.seat == seat:
        return f"{SEATS[seat]} cannot call their own discard."
    return None


@rule("nmjl-calling")
def discarded_joker_cannot_be_called(latest: Discard) -> str | None:
    """A discarded Joker can never be claimed."""
    if latest.named is not None and latest.named.is_joker:
        return "A discarded Joker can never be called."
    return None


@rule("nmjl-calling")
def no_exposure_call_for_a_concealed_hand(hand: Hand, seat: int) -> str | None:
    """C means concealed: no ordinary exposure for a C hand (only the Mah Jongg tile)."""
    if hand.concealed_hand:
        return (
            f"{SEATS[seat]} is playing a concealed hand: no call for an exposure, "
            "only the final tile for Mah Jongg."
        )
    return None


@rule("nmjl-exposure-answer")
def no_call_to_grow_an_exposure(hand: Hand, seat: int, tile: Tile | None) -> str | None:
    """No discard may be called to grow an exposure that is already there."""
    naturals, jokers = _matching(hand, tile)
    grows = any(exposure.stands_for == tile for exposure in hand.exposures)
    if tile is not None and naturals + jokers < 2 and grows:
        return (
            f"{SEATS[seat]} cannot call {tile} to grow the exposure already made: "
            "a call completes a new group with tiles from the hand."
        )
    return None


@rule("nmjl-calling")
def exposure_call_must_complete_a_group(hand: Hand, seat: int, tile: Tile | None) -> str | None:
    """The called discard must finish the complete exposure at once, with tiles from the hand."""
    naturals, jokers = _matching(hand, tile)
    if naturals + jokers == 0:
        if tile is None:
            return (
                f"{SEATS[seat]} holds no Joker, and nobody named the discard: it completes no "
                "group."
            )
        return f"{SEATS[seat]} holds no {tile} and no Joker: the discard completes no group."
    return None


@rule("nmjl-calling")
def pairs_and_singles_only_for_mah_jongg(hand: Hand, seat: int, tile: Tile | None) -> str | None:
    """A discard cannot be claimed for a single or a pair, only as the tile that wins."""
    naturals, jokers = _matching(hand, tile)
    if naturals == 1 and jokers == 0:
        return (
            f"{SEATS[seat]} holds one {tile} and no Joker: calling {tile} would make only a "
            "pair, and a pair may be called only for Mah Jongg."
        )
    return None


@rule("nmjl-calling")
def jokers_only_in_groups_of_three_or_more(hand: Hand, seat: int, tile: Tile | None) -> str | None:
    """Jokers may help only within a group of three or more identical tiles."""
    naturals, jokers = _matching(hand, tile)
    if naturals == 0 and jokers == 1:
        return (
            f"{SEATS[seat]} holds a Joker but no {tile}: a Joker with the discard is a pair, "
            "and Jokers go only in groups of three or more."
        )
    return None


@rule("nmjl-calling")
def mah_jongg_call_needs_the_winning_tile(hand: Hand, seat: int, tile: Tile | None) -> str | None:
    """A call for Mah Jongg takes the final tile that completes a valid hand (even a C hand)."""
    if hand.winning_tile is None or hand.winning_tile != tile:
        return f"{SEATS[seat]}'s hand is not completed by {tile or 'this discard'}."
    return None


@rule("nmjl-calling")
def mah_jongg_call_beats_an_exposure_call(pending: PendingCall, seat: int) -> str | None:
    """A call for Mah Jongg takes the discard from a call for an exposure.

    It only ever allows: a Mah Jongg call ends the hand at once, so no call follows one.
    Verdicts name it when a Mah Jongg call wins the tile over an exposure call.
    """
    return None


@rule("nmjl-calling")
def first_seat_to_the_discarders_right_wins(
    pending: PendingCall, seat: int, table: Table
) -> str | None:
    """Between calls of the same kind, the first seat to the right of the discarder wins."""
    order = table.seats_from_right_of(pending.discard.seat)
    if order.index(seat) > order.index(pending.seat):
        return (
            f"{SEATS[pending.seat]} also called {pending.discard} and sits nearer the "
            f"discarder's right than {SEATS[seat]}."
        )
    return None


@rule("nmjl-calling")
def call_that_stands_keeps_the_tile(pending: PendingCall, table: Table) -> str | None:
    """A caller who is committed to the tile keeps it against a later exposure call."""
    if pending.committed(table.option(TOUCHED)) or pending.hand_before is None:
        return f"{SEATS[pending.seat]} is already committed to {pending.discard}."
    return None


# --- committing to the called tile ------------------------------------------------------


@rule("nmjl-6")
def caller_handles_the_called_tile(pending: PendingCall | None, seat: int) -> str | None:
    """Only the caller handles the called tile, and only while the call stands."""
    if pending is None or pending.seat != seat:
        return f"{SEATS[seat]} has no call standing on a discard."
    return None


@rule("nmjl-6")
def call_can_be_withdrawn_until_racked_or_exposed(pending: PendingCall, seat: int) -> str | None:
    """A call can be withdrawn until the called tile is racked or tiles are exposed."""
    if pending.exposed:
        return f"{SEATS[seat]} has exposed tiles for {pending.discard} and must keep it."
    if pending.racked:
        return f"{SEATS[seat]} has racked {pending.discard} and must keep it."
    return None


@rule("nmjl-6")
def touched_tile_is_taken(table: Table, pending: PendingCall, seat: int) -> str | None:
    """House rule: a touched tile is a taken tile (stricter than the League)."""
    if table.option(TOUCHED) and pending.touched:
        return (
            f'{SEATS[seat]} touched {pending.discard}, and under the house rule "{TOUCHED}" '
            "a touched tile is a taken tile."
        )
    return None


@rule("nmjl-6")
def racking_the_wrong_discard_kills_the_hand(table: Table, seat: int, tile: Tile) -> str | None:
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
def exposure_includes_the_called_tile(
    rest: tuple[Tile, ...] | None, seat: int, pending: PendingCall
) -> str | None:
    """The called tile goes with the matching tiles from the rack into the exposure."""
    if rest is None:
        return f"{SEATS[seat]}'s exposure must include the called tile, {pending.discard}."
    return None


@rule("nmjl-calling")
def exposure_uses_tiles_held(
    remaining: tuple[Tile, ...] | None, seat: int, tiles: Iterable[Tile]
) -> str | None:
    """The rest of an exposure comes from the caller's own hand."""
    if remaining is None:
        return f"{SEATS[seat]} does not hold {tile_list(tiles)} to expose."
    return None


def _all_named(tiles: Sequence[Tile | None]) -> TypeGuard[Sequence[Tile]]:
    return None not in tiles  # a Tile equals only itself


def group_problem(tiles: Sequence[Tile | None], seat: int) -> tuple[AnyRule, str] | None:
    """The rule a group of tiles breaks as an exposure, with its reason, or None."""
    if not _all_named(tiles):
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


def require_group(tiles: Sequence[Tile | None], seat: int) -> None:
    problem = group_problem(tiles, seat)
    if problem:
        raise Refused(*problem)


@rule("nmjl-6")
def exposing_more_than_one_group_kills_the_hand(
    groups: Sequence[tuple[Tile, ...]], seat: int
) -> str | None:
    """Exposing more than one pung, kong, quint or sextet for one call: the hand is dead."""
    if len(groups) > 1:
        return f"{SEATS[seat]} exposed more than one group for one call."
    return None


@rule("nmjl-6")
def wrong_exposure_after_a_misnamed_discard_kills_the_hand(
    real_group: tuple[Tile | None, ...], named_group: tuple[Tile | None, ...], seat: int
) -> str | None:
    """After a misnamed discard, an exposure made with the wrong tiles for the real tile stands
    as exposed, and the hand is liable to be declared dead ("they cannot change it. In this
    case, they should be disqualified", seed 003). Returns the mistake, which does not stop
    the exposure."""
    if (
        group_problem(real_group, seat)
        and not group_problem(named_group, seat)
        and _all_named(named_group)
    ):
        # The named tiles make a group, so all are named; so are the real ones, since a
        # misnamed discard names both its tiles (notation refuses "?(named …)").
        real = tile_list(real_group)  # type: ignore[arg-type]
        return (
            f"{SEATS[seat]} exposed {tile_list(named_group)} for a misnamed discard; the real "
            f"tiles, {real}, are no group."
        )
    return None


@rule("nmjl-6")
def wrong_exposure_on_a_misnamed_discard_cannot_be_changed(
    exposure: Exposure | None, seat: int
) -> str | None:
    """A wrong exposure on a misnamed discard cannot be changed, reshaped or exposed again:
    "they cannot change it" (seed 003). The hand stays liable to be declared dead."""
    if exposure is not None and exposure.locked_by == MISNAMED_LOCK:
        return (
            f"{SEATS[seat]} exposed {exposure} with the wrong tiles for a misnamed discard: "
            "that exposure cannot be changed."
        )
    return None


@rule("nmjl-6")
def exposure_may_change_until_the_discard(exposure: Exposure | None, seat: int) -> str | None:
    """Until the discard the exposure may change (pung to kong, Jokers in or out); then it locks."""
    if exposure is None:
        return f"{SEATS[seat]} has no exposure made this turn to change."
    if exposure.locked and exposure.locked_by != JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]}'s exposure {exposure} is locked: it was fixed by {exposure.locked_by}."
        )
    return None


@rule("nmjl-6")
def joker_exchange_locks_the_exposure(exposure: Exposure, seat: int) -> str | None:
    """A joker exchange on the same turn ends the window for changing the exposure
    (NMJL Bulletin 2025)."""
    if exposure.locked_by == JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]} made a joker exchange this turn, which locked the exposure "
            f'{exposure} (house rule "{EXCHANGE_LOCKS}", on by default since the NMJL '
            "Bulletin 2025)."
        )
    return None


@rule("nmjl-6")
def called_tile_stays_in_the_exposure(
    exposure: Exposure, tiles: Sequence[Tile], seat: int
) -> str | None:
    """The tiles may be rearranged around the called tile; the called tile itself stays."""
    if exposure.called is not None and exposure.called not in tiles:
        return f"The called tile, {exposure.called}, stays in {SEATS[seat]}'s exposure."
    return None


@rule("nmjl-exposure-answer")
def tile_joins_an_exposure_only_on_the_turn_it_was_made(
    exposure: Exposure, seat: int, tile: Tile
) -> str | None:
    """No later tile, drawn or called, can be added to an exposure once it is locked."""
    if exposure.locked and exposure.locked_by != JOKER_EXCHANGE_LOCK:
        return (
            f"{SEATS[seat]}'s exposure {exposure} was locked by {exposure.locked_by}: "
            f"no later tile joins it, so {tile} stays in the hand."
        )
    return None


# --- joker exchanges --------------------------------------------------------------------


@rule("nmjl-exposure-answer")
def joker_exchange_only_on_own_turn(table: Table, seat: int) -> str | None:
    """A joker exchange is made on one's own turn, after drawing or calling, before discarding."""
    if table.turn != seat or table.before_first_discard:
        return f"It is not {SEATS[seat]}'s turn: a joker exchange is made only on one's own turn."
    if table.must == "draw":
        return f"{SEATS[seat]} must draw or call before making a joker exchange."
    if table.must == "expose":
        return f"{SEATS[seat]} must expose the called group before making a joker exchange."
    return None


@rule("nmjl-exposure-answer")
def joker_exchange_never_with_a_discard(
    table: Table, hand: Hand, seat: int, tile: Tile
) -> str | None:
    """The natural tile for a joker exchange comes from one's own hand, never from a discard."""
    latest = table.latest_discard
    if not hand.holds(tile) and latest is not None and tile in (latest.tile, latest.named):
        return (
            f"{tile} is a discard: a joker exchange uses a tile from one's own hand, "
            "never a discard."
        )
    return None


@rule("nmjl-exposure-answer")
def joker_exchange_needs_the_natural_tile(hand: Hand, seat: int, tile: Tile) -> str | None:
    """Any player holding the natural tile a Joker stands for may exchange it for the Joker."""
    if tile.is_joker:
        return "A Joker is exchanged for a natural tile, not for another Joker."
    if not hand.holds(tile):
        return f"{SEATS[seat]} does not hold {tile} to exchange for a Joker."
    return None


@rule("nmjl-exposure-answer")
def joker_in_any_exposure_may_be_exchanged(owner_hand: Hand, owner: int, tile: Tile) -> str | None:
    """A joker exchange works on any exposure: one's own, a locked one, a dead hand's."""
    if not any(e.stands_for == tile and e.jokers for e in owner_hand.exposures):
        return f"{SEATS[owner]} has no exposure with a Joker standing for {tile}."
    return None


@rule("nmjl-205")
def several_joker_exchanges_may_be_made_together(
    table: Table, exchanges: Sequence[tuple[Tile, int]]
) -> str | None:
    """Several joker exchanges may be made together (League clarification, August 2026);
    tiles in motion meanwhile are no wrong count."""
    if len(exchanges) > 1 and table.option(ONE_EXCHANGE):
        return (
            f'Under the house rule "{ONE_EXCHANGE}" joker exchanges are made one at a time, '
            "not together."
        )
    return None


# --- winning, dead hands and tile counts ---------------------------------------------------


@rule("nmjl-205")
def dead_hand_cannot_win(hand: Hand, seat: int) -> str | None:
    """A dead hand cannot declare Mah Jongg."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is dead: Mah Jongg cannot be called."
    return None


@rule("nmjl-calling")
def mah_jongg_needs_a_complete_hand(table: Table, hand: Hand, seat: int) -> str | None:
    """Mah Jongg is declared on one's own turn with a hand the card accepts."""
    if not table.holds_extra_tile(seat) or table.turn != seat:
        return f"{SEATS[seat]} can declare Mah Jongg only on their own turn, holding 14 tiles."
    if hand.winning_tile is None or not hand.holds(hand.winning_tile):
        return f"{SEATS[seat]}'s tiles do not make a complete hand."
    return None


@rule("nmjl-205")
def nobody_declares_their_own_hand_dead(by: int, seat: int) -> str | None:
    """A player cannot disqualify themselves; it is up to other players."""
    if by == seat:
        return f"{SEATS[seat]} cannot declare their own hand dead: only another player can."
    return None


@rule("nmjl-205")
def wrong_number_of_tiles_kills_the_hand(table: Table, seat: int) -> str | None:
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
    return None


@rule("nmjl-exposure-answer")
def exposures_that_fit_no_hand_kill_the_hand(table: Table, seat: int) -> str | None:
    """If the exposures fit no line on the card, another player may call the hand dead. With
    a card in force the card decides; else what the scenario says of the exposures."""
    if not (table.hands[seat].exposures_fit_no_hand or _locked_exposures_fit_no_line(table, seat)):
        return f"{SEATS[seat]}'s exposures still fit a hand on the card."
    return None


@rule("nmjl-205")
def hand_is_declared_dead_only_once(hand: Hand, seat: int) -> str | None:
    """A dead hand is already out of play; it cannot be declared dead again."""
    if hand.dead:
        return f"{SEATS[seat]}'s hand is already dead."
    return None


@rule("nmjl-205")
def short_player_takes_the_missing_tile_before_the_first_discard(
    table: Table, seat: int
) -> str | None:
    """A player short a tile may take it before East's first discard; after it, the hand
    may be declared dead."""
    if not table.before_first_discard:
        return (
            f"East has made the first discard: too late for {SEATS[seat]} to take a missing tile."
        )
    if table.hands[seat].count >= table.expected_count(seat):
        return f"{SEATS[seat]} is not short a tile."
    return None


@rule("nmjl-205")
def only_north_takes_the_missing_tile(table: Table, seat: int) -> str | None:
    """Reading "north-only": before East's first discard only North, who forgot the 13th
    tile in the deal, may take it. The League's example names North; any short player may."""
    if table.option(NORTH_ONLY) and seat != 3:
        return (
            f'Under the house rule "{NORTH_ONLY}" only North may take a missing tile; '
            f"{SEATS[seat]} may not."
        )
    return None


@rule("nmjl-205")
def more_than_one_wrong_count_throws_the_tiles_in(table: Table) -> str | None:
    """If more than one player has the wrong number of tiles in the Charleston, all tiles
    are thrown in and a new game begins."""
    if table.before_first_discard and len(table.wrong_counts()) > 1:
        seats = ", ".join(SEATS[s] for s in table.wrong_counts())
        return f"More than one player has a wrong count ({seats}): the tiles are thrown in."
    return None


@rule("nmjl-205")
def two_wrong_counts_in_play_throw_the_tiles_in(table: Table) -> str | None:
    """Reading "thrown-in-and-replayed" (card-game rules): two wrong counts during play void
    the hand too, and it is replayed. The League's reading: both hands may be declared dead
    and the other two play on."""
    if not table.before_first_discard and table.option(REPLAY) and len(table.wrong_counts()) > 1:
        seats = ", ".join(SEATS[s] for s in table.wrong_counts())
        return (
            f'Two players have a wrong count ({seats}): under the house rule "{REPLAY}" the '
            "tiles are thrown in and the hand is replayed."
        )
    return None


def tiles_are_thrown_in(table: Table) -> bool:
    """The deal is void: three hands are dead (part two of the scenario language); or more
    than one seat has a wrong count before East's first discard (or, under the reading that
    replays the hand, at any time)."""
    if sum(1 for hand in table.hands if hand.dead) >= 3:
        return True
    in_play = not table.before_first_discard
    if in_play and not table.option(REPLAY):
        return False
    return len(table.wrong_counts()) > 1


def _locked_exposures_fit_no_line(table: Table, seat: int) -> bool:
    # With a card in force the card decides (scenario language, part two).
    return cardplay.locked_exposures_fit_no_line(table, seat)


def grounds_for_dead_hand(table: Table, seat: int) -> tuple[str, str, str] | None:
    """The (rule, article, reason) that lets another player declare this hand dead, or None."""
    hand = table.hands[seat]
    if hand.dead:
        return None
    if hand.mistake:
        return hand.mistake.rule, hand.mistake.article, hand.mistake.reason
    if exposures_that_fit_no_hand_kill_the_hand(table, seat) is None:
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


# This module's rules, in the order they are written: the rule set lists them (RULE_SETS).
RULES: Final[tuple[AnyRule, ...]] = (
    hand_is_over_after_mah_jongg,
    dead_hand_stops_picking_and_discarding,
    no_one_draws_or_calls_in_the_charleston,
    east_makes_the_first_discard,
    discard_only_on_own_turn,
    caller_exposes_before_discarding,
    discard_is_a_tile_held,
    misnamer_holding_the_named_tile_discards_it,
    draw_only_on_own_turn,
    dead_hand_cannot_call,
    only_the_latest_discard_may_be_called,
    call_window_closes_on_the_next_draw_or_discard,
    own_discard_cannot_be_called,
    discarded_joker_cannot_be_called,
    no_exposure_call_for_a_concealed_hand,
    no_call_to_grow_an_exposure,
    exposure_call_must_complete_a_group,
    pairs_and_singles_only_for_mah_jongg,
    jokers_only_in_groups_of_three_or_more,
    mah_jongg_call_needs_the_winning_tile,
    mah_jongg_call_beats_an_exposure_call,
    first_seat_to_the_discarders_right_wins,
    call_that_stands_keeps_the_tile,
    caller_handles_the_called_tile,
    call_can_be_withdrawn_until_racked_or_exposed,
    touched_tile_is_taken,
    racking_the_wrong_discard_kills_the_hand,
    exposure_includes_the_called_tile,
    exposure_uses_tiles_held,
    exposing_more_than_one_group_kills_the_hand,
    wrong_exposure_after_a_misnamed_discard_kills_the_hand,
    wrong_exposure_on_a_misnamed_discard_cannot_be_changed,
    exposure_may_change_until_the_discard,
    joker_exchange_locks_the_exposure,
    called_tile_stays_in_the_exposure,
    tile_joins_an_exposure_only_on_the_turn_it_was_made,
    joker_exchange_only_on_own_turn,
    joker_exchange_never_with_a_discard,
    joker_exchange_needs_the_natural_tile,
    joker_in_any_exposure_may_be_exchanged,
    several_joker_exchanges_may_be_made_together,
    dead_hand_cannot_win,
    mah_jongg_needs_a_complete_hand,
    nobody_declares_their_own_hand_dead,
    wrong_number_of_tiles_kills_the_hand,
    exposures_that_fit_no_hand_kill_the_hand,
    hand_is_declared_dead_only_once,
    short_player_takes_the_missing_tile_before_the_first_discard,
    only_north_takes_the_missing_tile,
    more_than_one_wrong_count_throws_the_tiles_in,
    two_wrong_counts_in_play_throw_the_tiles_in,
)
