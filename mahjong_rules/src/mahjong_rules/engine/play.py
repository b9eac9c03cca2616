"""How the table changes when an action is carried out. No judging here: the rule sets
(``nmjl/``, ``matjok/``) decide whether an action may happen, then call these."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Final

from .table import Discard, Exposure, Hand, Phase, Table, sort_tiles, take
from .tiles import Tile

DISCARD_LOCK: Final = "the discard"
JOKER_EXCHANGE_LOCK: Final = "a joker exchange"
# A wrong exposure on a misnamed discard stands as made from the moment it is exposed (seed 003).
MISNAMED_LOCK: Final = "a wrong exposure on a misnamed discard"


def add_tile(hand: Hand, tile: Tile | None) -> Hand:
    """A tile joins the concealed tiles (an unnamed one if `tile` is None)."""
    if tile is None:
        return replace(hand, unnamed=hand.unnamed + 1)
    return replace(hand, concealed=sort_tiles(hand.concealed + (tile,)))


def remove_tile(table: Table, hand: Hand, tile: Tile) -> Hand | None:
    """The hand without `tile`: a named copy, else an unnamed tile taken to be it.

    None when the hand has neither. ImpossibleTable if an unnamed tile would be a copy
    the tile set does not have.
    """
    concealed = take(hand.concealed, (tile,))
    if concealed is not None:
        return replace(hand, concealed=concealed)
    if hand.unnamed == 0:
        return None
    table.check_copies((tile,))
    return replace(hand, unnamed=hand.unnamed - 1)


def lock_open_exposures(hand: Hand, locked_by: str) -> Hand:
    if hand.open_exposure() is None:
        return hand
    exposures = tuple(e if e.locked else replace(e, locked_by=locked_by) for e in hand.exposures)
    return replace(hand, exposures=exposures)


def after_discard(
    table: Table, seat: int, tile: Tile | None, named: Tile | None, hand: Hand
) -> Table:
    """`seat` has discarded `tile` (named `named`; None: a tile nobody saw) from `hand`: its
    turn ends and its exposures lock; the discard is the latest, its window open; the next
    live seat draws."""
    hand = lock_open_exposures(hand, DISCARD_LOCK)
    table = table.with_hand(seat, hand)
    return replace(
        table,
        phase=Phase.PLAY,
        first_discard_made=True,
        discards=table.discards + (Discard(tile, named or tile, seat),),
        window_open=True,
        turn=table.next_live_seat(seat),
        must="draw",
        pending=None,
        taken_by=None,
    )


def after_draw(table: Table, seat: int, tile: Tile | None) -> Table:
    """`seat` has picked a tile from the wall and racked it: the call window closes."""
    table = table.with_hand(seat, add_tile(table.hands[seat], tile))
    return replace(table, window_open=False, must="discard", taken_by=None)


def group_stands_for(tiles: Iterable[Tile]) -> Tile | None:
    """The natural tile of a group of identical tiles and jokers, else None."""
    naturals = {tile for tile in tiles if not tile.is_joker}
    return next(iter(naturals)) if len(naturals) == 1 else None


def new_exposure(
    tiles: Iterable[Tile], called: Tile | None, locked_by: str | None = None
) -> Exposure:
    tiles = sort_tiles(tiles)
    return Exposure(tiles, group_stands_for(tiles), called, locked_by)


def win(table: Table, seat: int) -> Table:
    return replace(table, phase=Phase.OVER, winner=seat, turn=seat, must="show the hand")
