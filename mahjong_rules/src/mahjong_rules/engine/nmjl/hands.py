"""How each action is judged under the NMJL rules once part two applies: the Charleston
spelled out, the counted wall, Mah Jongg judged by the card, three dead hands.

This wraps ``judge.judge`` (part one): what part two adds is checked here first or applied to
the verdict and table part one's rules give, so part one's rules stay as they were.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from .. import actions as act
from ..rulebook import Handler, Refused, require
from ..table import SEATS, Mistake, Table
from ..tiles import Tile
from ..verdicts import Verdict
from . import charleston, mahjong, wall
from . import judge as nmjl_judge
from .charleston import east_discards_once_the_passes_are_done
from .mahjong import (
    announced_mah_jongg_is_shown_first,
    no_play_after_a_mah_jongg_in_error_ends_the_hand,
    three_dead_hands_void_the_deal,
)
from .rules import draw_only_on_own_turn, joker_exchange_only_on_own_turn, liable
from .wall import no_draw_from_an_exhausted_wall, no_play_after_a_wall_game

_CHARLESTON: Final = (act.PassTiles, act.OtherSeatsPass, act.StopCharleston, act.OfferCourtesy)
_ACTOR_LESS: Final = (act.OtherSeatsPass, act.NobodyCalls, act.SimultaneousCalls)


def judge(table: Table, action: act.Action) -> tuple[Verdict, Table]:
    """The verdict on `action` under the NMJL rules, and the table after it."""
    if isinstance(action, _CHARLESTON):
        # The step spells the Charleston out whatever its verdict.
        table = charleston.spelled_out(table)
    try:
        verdict, after = _judge(table, action)
    except Refused as refusal:
        return refusal.verdict(), refusal.table or table
    if after.over and not table.over and not after.payments:
        # After a valid Mah Jongg every other seat pays the winner, dead hands included [102].
        winner = after.winner
        assert winner is not None  # the hand is over with a Mah Jongg (play.win)
        after = replace(after, payments=tuple((s, winner) for s in range(4) if s != winner))
    return verdict, after


def _seat(action: act.Action) -> int | None:
    seat: int | None = getattr(action, "seat", getattr(action, "by", None))
    return seat


def _judge(table: Table, action: act.Action) -> tuple[Verdict, Table]:
    require(three_dead_hands_void_the_deal, table)
    require(no_play_after_a_wall_game, table)
    require(no_play_after_a_mah_jongg_in_error_ends_the_hand, table)
    seat = _seat(action)
    if table.announced is not None:
        return _while_announced(table, action, seat)
    lifter = table.lifted.seat if table.lifted is not None else None
    if (
        lifter is not None
        and seat == lifter
        and not isinstance(action, (act.RackLiftedTile, act.LiftTile))
    ):
        table = wall.complete_pick(table)  # any other action of the lifter racks it first
    handler = _HANDLERS.get(type(action))
    if handler is not None:
        return handler(table, action)
    return nmjl_judge.judge(table, action)


def _while_announced(table: Table, action: act.Action, seat: int | None) -> tuple[Verdict, Table]:
    announced = table.announced
    assert announced is not None  # called while a Mah Jongg stands announced
    mine = seat == announced.seat
    if mine and isinstance(action, act.ExposeHand):
        return mahjong.expose_hand(table, action.seat)
    if mine and isinstance(action, act.WithdrawMahJongg):
        return mahjong.withdraw(table, action.seat)
    if mine and isinstance(action, act.Expose):
        if announced.discard is None:
            return mahjong.expose_part(table, action.seat)
        # On a discard the Mah Jongg call becomes an exposure call [49].
        pending = table.pending
        assert pending is not None  # a Mah Jongg on a discard stands as a call
        converted = replace(
            table,
            announced=None,
            pending=replace(pending, mah_jongg=False),
            must="expose",
        )
        return nmjl_judge.judge(converted, action)
    if mine and isinstance(action, act.RackCalledTile) and announced.discard is not None:
        if announced.racked:
            return nmjl_judge.judge(table, action)
        return mahjong.rack_announced(table, action.seat)
    if not mine and isinstance(action, act.ThrowInHand):
        return mahjong.throw_in(table, action.seat)
    if not mine and isinstance(action, act.Draw) and seat is not None:
        return _draw(table, action)
    require(announced_mah_jongg_is_shown_first, table, seat)
    raise AssertionError("unreachable: the rule above refuses while a Mah Jongg is announced")


# --- refinements of part one's actions ------------------------------------------------------


def _discard(table: Table, action: act.Discard) -> tuple[Verdict, Table]:
    if action.seat == 0 and not table.first_discard_made:
        require(east_discards_once_the_passes_are_done, table)
    return nmjl_judge.judge(table, action)


def _draw(table: Table, action: act.Draw) -> tuple[Verdict, Table]:
    seat = action.seat
    verdict, after = nmjl_judge.judge(table, action)
    if not verdict.allowed and verdict.rule != draw_only_on_own_turn.__name__:
        return verdict, after
    require(no_draw_from_an_exhausted_wall, table)
    if not verdict.allowed:
        if wall.out_of_turn(table, seat):
            raise wall.pick_out_of_turn(
                table, seat, action.tile, draw_only_on_own_turn, verdict.reason
            )
        return verdict, after
    return verdict, wall.takes_from_wall(after)


def _call(table: Table, action: act.Call) -> tuple[Verdict, Table]:
    if action.mah_jongg and mahjong.judged_by_card(table, action.seat):
        announce = act.AnnounceMahJongg(action.seat, on_discard=True)
        verdict, announced = _announce(table, announce, named=action.tile)
        if not verdict.allowed:
            return verdict, announced
        return mahjong.expose_hand(announced, action.seat)
    verdict, after = nmjl_judge.judge(table, action)
    if verdict.allowed and after.lifted is not None:
        after = wall.put_back(after)  # the call comes first: the lifted tile goes back [30]
    return verdict, after


def _simultaneous(table: Table, action: act.SimultaneousCalls) -> tuple[Verdict, Table]:
    verdict, after = nmjl_judge.judge(table, action)
    if verdict.allowed and after.lifted is not None:
        after = wall.put_back(after)
    return verdict, after


def _declare_mah_jongg(table: Table, action: act.DeclareMahJongg) -> tuple[Verdict, Table]:
    if not mahjong.judged_by_card(table, action.seat):
        return nmjl_judge.judge(table, action)
    verdict, announced = _announce(table, act.AnnounceMahJongg(action.seat))
    if not verdict.allowed:
        return verdict, announced
    return mahjong.expose_hand(announced, action.seat)


def _announce(
    table: Table, action: act.AnnounceMahJongg, named: Tile | None = None
) -> tuple[Verdict, Table]:
    """Say Mah Jongg; on a discard, `named` is the tile the caller named, if any."""
    if action.on_discard:

        def call_judge(trial: Table, seat: int) -> tuple[Verdict, Table]:
            return nmjl_judge.judge(trial, act.Call(seat, named, mah_jongg=True))

        verdict, after = mahjong.announce_on_discard(table, action.seat, call_judge)
        if verdict.allowed and after.lifted is not None:
            after = wall.put_back(after)  # the call comes first: the lifted tile goes back [30]
        return verdict, after
    return mahjong.announce(table, action.seat, None)


def _joker_exchange(table: Table, action: act.JokerExchange) -> tuple[Verdict, Table]:
    verdict, after = nmjl_judge.judge(table, action)
    seat = action.seat
    before_drawing = table.turn == seat and table.must == "draw" and not table.before_first_discard
    if (
        not verdict.allowed
        and verdict.rule == joker_exchange_only_on_own_turn.__name__
        and before_drawing
    ):
        # An exchange before drawing makes the hand liable to be declared dead [71].
        hand = table.hands[seat]
        mistake = hand.mistake or Mistake(verdict.rule, verdict.article, verdict.reason)
        after = table.with_hand(seat, replace(hand, mistake=mistake))
        verdict = replace(verdict, consequence=liable(seat))
    return verdict, after


def _declare_dead(table: Table, action: act.DeclareDead) -> tuple[Verdict, Table]:
    verdict, after = nmjl_judge.judge(table, action)
    if verdict.allowed and mahjong.deal_is_void(after):
        verdict = replace(
            verdict,
            consequence="Three hands are dead: the deal is void; the tiles are thrown in, "
            f"East stays East and the Charleston is played again ({SEATS[0]} deals).",
        )
        after = replace(after, ended=mahjong.VOID, payments=())
    return verdict, after


def _pass(table: Table, action: act.PassTiles) -> tuple[Verdict, Table]:
    return charleston.pass_tiles(table, action.seat, action.tiles, action.direction, action.blind)


# Part two's refinements, by action class; the rest go to part one's referee as they are.
_HANDLERS: Final[dict[type[act.Action], Handler]] = {
    act.Discard: _discard,
    act.Draw: _draw,
    act.Call: _call,
    act.SimultaneousCalls: _simultaneous,
    act.DeclareMahJongg: _declare_mah_jongg,
    act.JokerExchange: _joker_exchange,
    act.DeclareDead: _declare_dead,
    act.PassTiles: _pass,
    act.OtherSeatsPass: lambda table, action: charleston.other_seats_pass(table),
    act.StopCharleston: lambda table, action: charleston.stop(table, action.seat),
    act.OfferCourtesy: lambda table, action: charleston.offer(table, action.seat, action.count),
    act.LiftTile: lambda table, action: wall.lift(table, action.seat, action.tile),
    act.RackLiftedTile: lambda table, action: wall.rack_lifted(table, action.seat),
    act.NobodyCalls: lambda table, action: wall.nobody_calls(table),
    act.AnnounceMahJongg: _announce,
    act.ExposeHand: lambda table, action: mahjong.expose_hand(table, action.seat),
    act.WithdrawMahJongg: lambda table, action: mahjong.withdraw(table, action.seat),
    act.ThrowInHand: lambda table, action: mahjong.throw_in(table, action.seat),
}
