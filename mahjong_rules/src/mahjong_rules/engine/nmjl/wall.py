"""The wall: a counted wall, lifting versus drawing, picking out of turn, the wall game.

Article ``nmjl-wall`` (rules-reference 29–30, 33, 91, 100–101). Until a scenario counts the
wall (``Table.wall``) it never runs out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..play import add_tile, after_draw
from ..rulebook import AnyRule, Refused, allow, require, rule
from ..table import SEATS, Mistake, Table
from ..tiles import Tile
from ..verdicts import Verdict
from .rules import liable

WALL_GAME: Final = "a wall game"


@dataclass(frozen=True, slots=True)
class Lift:
    """A tile taken in hand from the wall and not yet racked (tile None: unnamed)."""

    seat: int
    tile: Tile | None


def exhausted(table: Table) -> bool:
    return table.wall is not None and table.wall <= 0


def takes_from_wall(table: Table, count: int = 1) -> Table:
    return table if table.wall is None else replace(table, wall=table.wall - count)


def out_of_turn(table: Table, seat: int) -> bool:
    """A live seat that is neither to draw nor to discard, after East's first discard."""
    return (
        not table.before_first_discard
        and not table.hands[seat].dead
        and table.turn != seat
        and not exhausted(table)
    )


# --- the rules ---------------------------------------------------------------------------


@rule("nmjl-wall")
def no_draw_from_an_exhausted_wall(table: Table) -> str | None:
    """When the wall is exhausted there is nothing left to pick."""
    if exhausted(table):
        return "The wall is exhausted: there is no tile left to draw."
    return None


@rule("nmjl-wall")
def picking_out_of_turn_kills_the_hand(table: Table, seat: int) -> str | None:
    """A player who picks out of turn and racks the tile may have the hand declared dead."""
    if out_of_turn(table, seat):
        return (
            f"{SEATS[seat]} picked from the wall out of turn: "
            f"{SEATS[table.turn]} is to {table.must}."
        )
    return None


@rule("nmjl-wall")
def seat_to_draw_lifts_the_next_tile(table: Table, seat: int) -> str | None:
    """Lifting a tile is not drawing: until it is racked a call on the discard still comes first."""
    if table.before_first_discard:
        return "East has not made the first discard yet: nobody picks from the wall."
    if table.hands[seat].dead:
        return f"{SEATS[seat]}'s hand is dead, and a dead hand stops picking."
    if exhausted(table):
        return "The wall is exhausted: there is no tile left to lift."
    if table.turn == seat and table.must != "draw":
        return f"{SEATS[seat]} has already drawn or called and must {table.must}."
    if table.lifted is not None:
        return f"{SEATS[table.lifted.seat]} has already lifted a tile."
    return None


@rule("nmjl-wall")
def only_a_lifted_tile_is_racked(table: Table, seat: int) -> str | None:
    """Racking completes a pick that was lifted."""
    if table.lifted is None or table.lifted.seat != seat:
        return f"{SEATS[seat]} has lifted no tile from the wall."
    return None


@rule("nmjl-wall")
def nobody_calls_an_open_discard(table: Table) -> str | None:
    """When nobody calls the latest discard its window closes; after the last tile of the
    wall that ends the hand as a wall game."""
    if table.latest_discard is None or not table.window_open:
        return "There is no discard whose call window is open."
    if table.pending is not None:
        return f"{SEATS[table.pending.seat]} has called the discard."
    return None


@rule("nmjl-wall")
def no_play_after_a_wall_game(table: Table) -> str | None:
    """A wall game is over: nobody wins, nobody pays, and the tiles are thrown in."""
    if table.ended == WALL_GAME:
        return "The hand ended as a wall game: nobody plays on."
    return None


# --- judging -----------------------------------------------------------------------------


def pick_out_of_turn(
    table: Table, seat: int, tile: Tile | None, verdict_rule: AnyRule, reason: str
) -> Refused:
    """The refusal of a pick out of turn: the tile is racked, the hand liable [33]."""
    if tile is not None:
        table.check_copies((tile,))
    mistake_reason = picking_out_of_turn_kills_the_hand(table, seat)
    assert mistake_reason is not None  # called for a pick out of turn
    hand = add_tile(table.hands[seat], tile)
    hand = replace(
        hand,
        mistake=table.hands[seat].mistake
        or Mistake(
            picking_out_of_turn_kills_the_hand.__name__,
            picking_out_of_turn_kills_the_hand.article,
            mistake_reason,
        ),
    )
    next_table = takes_from_wall(table.with_hand(seat, hand))
    return Refused(verdict_rule, reason, liable(seat), next_table)


def lift(table: Table, seat: int, tile: Tile | None) -> tuple[Verdict, Table]:
    if tile is not None:
        table.check_copies((tile,))
    if out_of_turn(table, seat):
        reason = picking_out_of_turn_kills_the_hand(table, seat)
        assert reason is not None  # the seat is out of turn
        mistake = Mistake(
            picking_out_of_turn_kills_the_hand.__name__,
            picking_out_of_turn_kills_the_hand.article,
            reason,
        )
        hand = replace(table.hands[seat], mistake=table.hands[seat].mistake or mistake)
        raise Refused(
            picking_out_of_turn_kills_the_hand,
            f"{reason} The lifted tile goes back to the wall.",
            liable(seat),
            table.with_hand(seat, hand),
        )
    require(seat_to_draw_lifts_the_next_tile, table, seat)
    next_table = takes_from_wall(replace(table, lifted=Lift(seat, tile)))
    return allow(
        seat_to_draw_lifts_the_next_tile,
        f"{SEATS[seat]} lifts a tile from the wall without racking it; the call window stays open.",
    ), next_table


def rack_lifted(table: Table, seat: int) -> tuple[Verdict, Table]:
    require(only_a_lifted_tile_is_racked, table, seat)
    return allow(
        only_a_lifted_tile_is_racked,
        f"{SEATS[seat]} racks the lifted tile; the call window closes.",
    ), complete_pick(table)


def complete_pick(table: Table) -> Table:
    """The lifted tile racked: as a draw, without taking another tile from the wall."""
    lifted = table.lifted
    assert lifted is not None  # a pick is completed once a tile is lifted
    return after_draw(replace(table, lifted=None), lifted.seat, lifted.tile)


def put_back(table: Table) -> Table:
    """A lifted tile goes back to the wall (another seat's call was allowed)."""
    if table.lifted is None:
        return table
    wall = table.wall + 1 if table.wall is not None else None
    return replace(table, lifted=None, wall=wall)


def nobody_calls(table: Table) -> tuple[Verdict, Table]:
    require(nobody_calls_an_open_discard, table)
    latest = table.latest_discard
    table = replace(table, window_open=False)
    if exhausted(table):
        return allow(
            nobody_calls_an_open_discard,
            f"Nobody calls {latest}, the last tile: the hand ends as a wall game and nobody pays.",
        ), replace(table, ended=WALL_GAME, payments=())
    return allow(
        nobody_calls_an_open_discard,
        f"Nobody calls {latest}; {SEATS[table.turn]} is still to draw.",
    ), table


# This module's rules, in the order they are written: the rule set lists them (RULE_SETS).
RULES: Final[tuple[AnyRule, ...]] = (
    no_draw_from_an_exhausted_wall,
    picking_out_of_turn_kills_the_hand,
    seat_to_draw_lifts_the_next_tile,
    only_a_lifted_tile_is_racked,
    nobody_calls_an_open_discard,
    no_play_after_a_wall_game,
)
