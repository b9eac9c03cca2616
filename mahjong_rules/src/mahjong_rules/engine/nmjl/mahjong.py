"""Mah Jongg judged by the card: announcing, showing the hand, withdrawing, throwing in,
Mah Jongg in error and who pays; and the deal voided by three dead hands.

Article ``nmjl-mah-jongg`` (rules-reference 38, 43, 46, 49, 77, 79–86, 94, 100–106) and,
for three dead hands, ``nmjl-205`` [96, 97]. Only a *whole-hand* seat (its hand given tile by
tile) with a card in force is judged by the card; every other seat keeps part one's meaning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from ..play import add_tile, win
from ..rulebook import AnyRule, Refused, allow, require, rule
from ..table import SEATS, Discard, Mistake, PendingCall, Table
from ..verdicts import Verdict
from . import cardplay
from .rules import (
    dead_hand_cannot_win,
    hand_is_over_after_mah_jongg,
    liable,
    mah_jongg_call_needs_the_winning_tile,
    mah_jongg_needs_a_complete_hand,
)

IN_ERROR: Final = "a Mah Jongg in error"
VOID: Final = "a void deal"

# Judges a call on the latest discard by `seat` at a table (part one's referee).
CallJudge = Callable[[Table, int], tuple[Verdict, Table]]


@dataclass(frozen=True, slots=True)
class Announcement:
    """A Mah Jongg said aloud and not yet shown: by `seat`, on its turn or on `discard`."""

    seat: int
    before: Table  # the table before it was said, for a withdrawal
    discard: Discard | None = None
    racked: bool = False


@dataclass(frozen=True, slots=True)
class CardRuling:
    """The latest Mah Jongg judged by the card: valid (with its line and value) or in error."""

    seat: int
    valid: bool
    line: str | None = None
    value: int | None = None


def judged_by_card(table: Table, seat: int) -> bool:
    """A whole-hand seat with a card in force: its Mah Jongg is judged by the card."""
    return table.card is not None and table.hands[seat].whole


def deal_is_void(table: Table) -> bool:
    return sum(1 for hand in table.hands if hand.dead) >= 3


# --- the rules ---------------------------------------------------------------------------


@rule("nmjl-mah-jongg")
def mah_jongg_is_judged_by_the_card(table: Table, seat: int) -> str | None:
    """The whole hand is exposed and must match a line of the card; otherwise it is a Mah
    Jongg in error."""
    if cardplay.winning_line(table, seat) is None:
        return f"{SEATS[seat]}'s hand matches no line of the card: a Mah Jongg in error."
    return None


@rule("nmjl-mah-jongg")
def exposing_part_of_a_mah_jongg_is_in_error(table: Table, seat: int) -> str | None:
    """Exposing only part of a hand after saying "Mah Jongg" is a Mah Jongg in error."""
    announced = table.announced
    if announced is not None and announced.seat == seat and announced.discard is None:
        return (
            f"{SEATS[seat]} said Mah Jongg and exposed only part of the hand: a Mah Jongg in error."
        )
    return None


@rule("nmjl-mah-jongg")
def announced_mah_jongg_is_shown_first(table: Table, seat: int | None) -> str | None:
    """Once Mah Jongg is said, the hand is shown (or the claim withdrawn) before play goes on."""
    announced = table.announced
    if announced is not None:
        return (
            f"{SEATS[announced.seat]} has said Mah Jongg: the hand is shown or withdrawn "
            "before anything else."
        )
    return None


@rule("nmjl-mah-jongg")
def hand_is_shown_only_after_mah_jongg_is_said(table: Table, seat: int) -> str | None:
    """A hand is exposed for Mah Jongg by the player who said it."""
    announced = table.announced
    if announced is None or announced.seat != seat:
        return f"{SEATS[seat]} has not said Mah Jongg."
    return None


@rule("nmjl-mah-jongg")
def mah_jongg_is_withdrawn_before_anything_is_exposed(table: Table, seat: int) -> str | None:
    """A Mah Jongg said in error may be taken back while no tile is exposed, the called tile
    is not racked, and no other player has thrown in their hand."""
    announced = table.announced
    if announced is None or announced.seat != seat:
        return f"{SEATS[seat]} has not said Mah Jongg."
    if announced.racked:
        return f"{SEATS[seat]} has racked {announced.discard} and is committed to it."
    thrown = [SEATS[s] for s in range(4) if s != seat and table.hands[s].thrown_in]
    if thrown:
        return f"{', '.join(thrown)} already threw in: the Mah Jongg can no longer be withdrawn."
    return None


@rule("nmjl-mah-jongg")
def hand_is_thrown_in_only_after_mah_jongg_is_said(table: Table, seat: int) -> str | None:
    """Other players expose or mix their hands only once someone says Mah Jongg."""
    announced = table.announced
    if announced is None:
        return "Nobody has said Mah Jongg: there is nothing to throw the hand in for."
    if announced.seat == seat:
        return f"{SEATS[seat]} said Mah Jongg and shows the hand rather than throw it in."
    return None


@rule("nmjl-mah-jongg")
def no_play_after_a_mah_jongg_in_error_ends_the_hand(table: Table) -> str | None:
    """A Mah Jongg in error after another hand was thrown in ends the hand: the erring
    player pays the others whose hands are intact."""
    if table.ended == IN_ERROR:
        return "The hand ended with a Mah Jongg in error: nobody plays on."
    return None


@rule("nmjl-205")
def three_dead_hands_void_the_deal(table: Table) -> str | None:
    """When three hands are dead the deal is void: the tiles are thrown in, East stays East."""
    if deal_is_void(table):
        dead = ", ".join(SEATS[s] for s in range(4) if table.hands[s].dead)
        return f"Three hands are dead ({dead}): the deal is void and the tiles are thrown in."
    return None


# --- judging -----------------------------------------------------------------------------


def announce(table: Table, seat: int, call_judge: CallJudge | None) -> tuple[Verdict, Table]:
    """Say Mah Jongg on one's own turn; `call_judge` judges a call on the discard."""
    hand = table.hands[seat]
    require(dead_hand_cannot_win, hand, seat)
    require(hand_is_over_after_mah_jongg, table)
    # A call still being carried out is no turn to win on; once its group is exposed the
    # seat holds 14 tiles on its own turn, and a joker exchange may complete its hand [77].
    calling = table.pending is not None and not table.pending.exposed
    if table.turn != seat or not table.holds_extra_tile(seat) or calling or hand.count != 14:
        raise Refused(
            mah_jongg_needs_a_complete_hand,
            f"{SEATS[seat]} can declare Mah Jongg only on their own turn, holding 14 tiles.",
        )
    return allow(
        hand_is_shown_only_after_mah_jongg_is_said,
        f"{SEATS[seat]} says Mah Jongg; the hand is shown next.",
    ), replace(table, announced=Announcement(seat, table))


def announce_on_discard(table: Table, seat: int, call_judge: CallJudge) -> tuple[Verdict, Table]:
    """Call the latest discard for Mah Jongg, showing nothing yet: judged as a Mah Jongg
    call, except that the card, not `needs only`, says whether the hand is complete."""
    hand = table.hands[seat]
    require(dead_hand_cannot_win, hand, seat)
    latest = table.pending.discard if table.pending else table.latest_discard
    wanted = latest.named if latest is not None else None
    trial = table.with_hand(seat, replace(hand, winning_tile=wanted))
    verdict, after = call_judge(trial, seat)
    if not verdict.allowed:
        return verdict, table
    if hand.count != 13:
        raise Refused(
            mah_jongg_call_needs_the_winning_tile,
            f"{SEATS[seat]} has {hand.count} tiles: a discard completes a hand of 13.",
        )
    # The call stands; nothing is exposed and the tile is not racked.
    assert latest is not None  # the call was allowed: there is a discard
    pending_before = table.pending
    base = table
    if pending_before is not None and pending_before.hand_before is not None:
        base = base.with_hand(pending_before.seat, pending_before.hand_before)
    discards = base.discards if pending_before else base.discards[:-1]
    next_table = replace(
        base,
        discards=discards,
        window_open=False,
        pending=PendingCall(seat, latest, mah_jongg=True, hand_before=hand),
        turn=seat,
        must="show the hand",
        taken_by=seat,
        announced=Announcement(seat, table, discard=latest),
    )
    reason = f"{SEATS[seat]} calls {latest} for Mah Jongg; the hand is shown next."
    if pending_before:
        # Who gets the tile was decided by priority: that rule gives the verdict.
        return replace(verdict, reason=f"{reason} {verdict.reason}"), next_table
    return allow(hand_is_shown_only_after_mah_jongg_is_said, reason), next_table


def expose_hand(table: Table, seat: int) -> tuple[Verdict, Table]:
    require(hand_is_shown_only_after_mah_jongg_is_said, table, seat)
    announced = table.announced
    assert announced is not None  # the rule above required it
    won = cardplay.winning_line(table, seat)
    if won is None:
        reason = mah_jongg_is_judged_by_the_card(table, seat)
        assert reason is not None  # no winning line: the rule refuses
        raise _mistake(table, seat, mah_jongg_is_judged_by_the_card, reason)
    line, value = won
    hand = table.hands[seat]
    if announced.discard is not None and not announced.racked:
        hand = add_tile(hand, announced.discard.tile)
    next_table = win(table.with_hand(seat, hand), seat)
    next_table = replace(
        next_table,
        pending=None,
        announced=None,
        mah_jongg=CardRuling(seat, True, line, value),
        payments=tuple((other, seat) for other in range(4) if other != seat),
    )
    return allow(
        mah_jongg_is_judged_by_the_card,
        f"{SEATS[seat]} shows a hand that matches line {line} ({value}): Mah Jongg; "
        "every other player pays.",
    ), next_table


def _mistake(table: Table, seat: int, rule_func: AnyRule, reason: str) -> Refused:
    """A Mah Jongg in error and its consequences [82–86]."""
    announced = table.announced
    hand = table.hands[seat]
    if announced is not None and announced.discard is not None and not announced.racked:
        hand = add_tile(hand, announced.discard.tile)  # exposing committed the seat to it [46]
    hand = replace(
        hand, mistake=hand.mistake or Mistake(rule_func.__name__, rule_func.article, reason)
    )
    next_table = replace(
        table.with_hand(seat, hand),
        announced=None,
        pending=None,
        turn=seat,
        must="discard",
        taken_by=seat if announced and announced.discard else table.taken_by,
        mah_jongg=CardRuling(seat, False),
    )
    consequence = liable(seat)
    thrown = [s for s in range(4) if s != seat and table.hands[s].thrown_in]
    if thrown:
        payees = [
            s
            for s in range(4)
            if s != seat and not table.hands[s].dead and not table.hands[s].thrown_in
        ]
        next_table = replace(next_table, ended=IN_ERROR, payments=tuple((seat, s) for s in payees))
        paid = ", ".join(SEATS[s] for s in payees) or "nobody"
        consequence = f"The hand ends without a winner: {SEATS[seat]} pays {paid}."
    return Refused(rule_func, reason, consequence, next_table)


def expose_part(table: Table, seat: int) -> tuple[Verdict, Table]:
    """Exposing tiles after saying Mah Jongg on one's own turn: in error, the tiles go back."""
    reason = exposing_part_of_a_mah_jongg_is_in_error(table, seat)
    assert reason is not None  # the seat said Mah Jongg on its own turn
    raise _mistake(table, seat, exposing_part_of_a_mah_jongg_is_in_error, reason)


def withdraw(table: Table, seat: int) -> tuple[Verdict, Table]:
    require(mah_jongg_is_withdrawn_before_anything_is_exposed, table, seat)
    announced = table.announced
    assert announced is not None  # the rule above required it
    before = announced.before
    if announced.discard is not None:
        # As for a withdrawn call: the tile is the latest discard again, its window open.
        if before.pending is not None and before.pending.hand_before is not None:
            before = before.with_hand(before.pending.seat, before.pending.hand_before)
            before = replace(before, discards=before.discards + (announced.discard,))
        before = replace(
            before,
            pending=None,
            taken_by=None,
            window_open=True,
            turn=before.next_live_seat(announced.discard.seat),
            must="draw",
        )
    return allow(
        mah_jongg_is_withdrawn_before_anything_is_exposed,
        f"{SEATS[seat]} withdraws the Mah Jongg; play goes on as before it was said.",
    ), replace(before, announced=None)


def throw_in(table: Table, seat: int) -> tuple[Verdict, Table]:
    require(hand_is_thrown_in_only_after_mah_jongg_is_said, table, seat)
    announced = table.announced
    assert announced is not None  # the rule above required it
    hand = replace(table.hands[seat], thrown_in=True)
    return allow(
        hand_is_thrown_in_only_after_mah_jongg_is_said,
        f"{SEATS[seat]} throws in the hand before {SEATS[announced.seat]}'s Mah Jongg is shown.",
    ), table.with_hand(seat, hand)


def rack_announced(table: Table, seat: int) -> tuple[Verdict, Table]:
    """Racking the tile called for Mah Jongg commits the seat to it [46]."""
    announced, pending = table.announced, table.pending
    # Called for a Mah Jongg said on a discard, which stands as a call.
    assert announced is not None and announced.discard is not None and pending is not None
    hand = add_tile(table.hands[seat], announced.discard.tile)
    next_table = replace(
        table.with_hand(seat, hand),
        announced=replace(announced, racked=True),
        pending=replace(pending, racked=True),
    )
    return allow(
        mah_jongg_is_withdrawn_before_anything_is_exposed,
        f"{SEATS[seat]} racks {announced.discard} and is now committed to it.",
    ), next_table


# This module's rules, in the order they are written: the rule set lists them (RULE_SETS).
RULES: Final[tuple[AnyRule, ...]] = (
    mah_jongg_is_judged_by_the_card,
    exposing_part_of_a_mah_jongg_is_in_error,
    announced_mah_jongg_is_shown_first,
    hand_is_shown_only_after_mah_jongg_is_said,
    mah_jongg_is_withdrawn_before_anything_is_exposed,
    hand_is_thrown_in_only_after_mah_jongg_is_said,
    no_play_after_a_mah_jongg_in_error_ends_the_hand,
    three_dead_hands_void_the_deal,
)
