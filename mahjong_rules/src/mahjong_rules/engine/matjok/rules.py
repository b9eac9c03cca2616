"""The Matjok rules ("Claiming Tiles", seed 002), one small function per rule.

Every Matjok verdict cites ``matjok-claiming``. Claims: tjok (an immediate win) by anyone,
poeng (two in hand make three) and kong (three make four) by anyone, a straight only by the
next player. Priority: tjok, then poeng or kong, then straight; several tjok calls go to the
first valid winner to the discarder's right. A claim exposes its combination at once; the
claimer takes the turn and discards, unless the claim won the hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from .. import actions as act
from ..play import add_tile, after_discard, after_draw, new_exposure, remove_tile, win
from ..rulebook import (
    AnyRule,
    Handler,
    NotInRuleSet,
    Refused,
    Rule,
    allow,
    require,
    require_present,
    rule,
)
from ..table import SEATS, Discard, Hand, Table, take, take_held
from ..tiles import TILES, Tile
from ..verdicts import Verdict

ARTICLE: Final = "matjok-claiming"
CLAIMS: Final = ("tjok", "poeng", "kong", "straight")
# Lower rank wins: tjok, then poeng or kong (equal), then straight.
PRIORITY: Final = {"tjok": 0, "poeng": 1, "kong": 1, "straight": 2}
# A claim the checks allow: the latest discard, and the tiles the claim takes from the hand.
Checked = tuple[Discard, tuple[Tile, ...]]


@rule(ARTICLE)
def each_player_discards_on_their_own_turn(table: Table, seat: int) -> str | None:
    """East opens by discarding; after that each player draws on their turn, then discards one
    tile, which the others may claim."""
    if table.over:
        assert table.winner is not None  # a hand is over with its winner (play.win)
        return f"The hand is over: {SEATS[table.winner]} has won with tjok."
    if table.turn != seat:
        return f"It is not {SEATS[seat]}'s turn: {SEATS[table.turn]} is to {table.must}."
    if table.must != "discard":
        return f"{SEATS[seat]} must draw before discarding."
    return None


@rule(ARTICLE)
def claimer_discards_unless_it_won(table: Table, seat: int) -> str | None:
    """After a valid claim the player places the combination open, takes over the turn and
    discards one tile, unless the claim immediately led to a win."""
    if table.over and table.winner == seat:
        return f"{SEATS[seat]} won the hand with the claimed tile: a winning claim has no discard."
    return None


@rule(ARTICLE)
def next_player_draws_if_nobody_claims(table: Table, seat: int) -> str | None:
    """If nobody claims the discard, the next player draws; the discard is then over."""
    if table.over:
        assert table.winner is not None  # a hand is over with its winner (play.win)
        return f"The hand is over: {SEATS[table.winner]} has won with tjok."
    if table.before_first_discard:
        return "East opens by discarding; nobody draws before East's first discard."
    if table.turn != seat or table.must != "draw":
        return f"It is not {SEATS[seat]}'s turn to draw: {SEATS[table.turn]} is to {table.must}."
    return None


@rule(ARTICLE)
def only_the_latest_discard_may_be_claimed(
    latest: Discard | None, table: Table, seat: int
) -> str | None:
    """A discard may be claimed while it is the latest and the next player has not drawn."""
    if table.over:
        assert table.winner is not None  # a hand is over with its winner (play.win)
        return f"The hand is over: {SEATS[table.winner]} has won with tjok."
    if latest is None:
        return "There is no discard to claim."
    if not table.window_open:
        return f"{latest} can no longer be claimed: {SEATS[table.turn]} has drawn from the wall."
    if table.hands[seat].dead:
        return f"{SEATS[seat]}'s hand is dead and cannot claim."
    return None


@rule(ARTICLE)
def nobody_claims_their_own_discard(latest: Discard, seat: int) -> str | None:
    """A discarded tile may be claimed by the other players, never by the one who discarded it."""
    if latest.seat == seat:
        return f"{SEATS[seat]} discarded {latest} and cannot claim their own discard."
    return None


@rule(ARTICLE)
def tjok_needs_a_winning_hand(tile: Tile | None, hand: Hand, seat: int) -> str | None:
    """Tjok: any player may claim the discard for an immediate win."""
    if hand.winning_tile is None or hand.winning_tile != tile:
        return f"{SEATS[seat]}'s hand does not win with {tile or 'this discard'}."
    return None


@rule(ARTICLE)
def poeng_needs_two_matching_tiles(tile: Tile | None, hand: Hand, seat: int) -> str | None:
    """Poeng: two matching tiles in the hand, and the discard makes the third."""
    if tile is None or not hand.holds(tile, 2):
        return f"{SEATS[seat]} does not hold two {tile or 'matching tiles'} for a poeng."
    return None


@rule(ARTICLE)
def kong_needs_three_matching_tiles(tile: Tile | None, hand: Hand, seat: int) -> str | None:
    """Kong: three matching tiles in the hand, and the discard makes the fourth."""
    if tile is None or not hand.holds(tile, 3):
        return f"{SEATS[seat]} does not hold three {tile or 'matching tiles'} for a kong."
    return None


@rule(ARTICLE)
def straight_only_by_the_next_player(table: Table, latest: Discard, seat: int) -> str | None:
    """A straight may be claimed only by the player who would take the next turn."""
    discarder = latest.seat
    if seat != table.next_live_seat(discarder):
        return (
            f"Only {SEATS[table.next_live_seat(discarder)]}, the next player, may claim a "
            f"straight; {SEATS[seat]} may not."
        )
    return None


@rule(ARTICLE)
def winds_and_dragons_never_form_a_straight(tile: Tile | None) -> str | None:
    """A straight is consecutive tiles of one suit; winds and dragons never form one."""
    if tile is not None and tile.suit is None:
        return f"{tile.name} is no suit tile: winds and dragons never form a straight."
    return None


@rule(ARTICLE)
def straight_needs_three_consecutive_tiles_of_one_suit(
    partners: tuple[Tile, Tile] | None, seat: int, tile: Tile | None
) -> str | None:
    """A straight is three consecutive tiles within one suit (`partners`: the two in the
    hand, found by `straight_partners`)."""
    if partners is None:
        what = tile if tile is not None else "a discard nobody named"
        return f"{SEATS[seat]} holds no two tiles making three in a row with {what}."
    return None


def straight_partners(hand: Hand, tile: Tile) -> tuple[Tile, Tile] | None:
    """Two tiles in the hand that make a straight with `tile`, or None."""
    rank, suit = tile.rank, tile.suit  # None for a wind or a dragon
    if rank is None:
        return None
    for low, high in ((1, 2), (-1, 1), (-2, -1)):
        if rank + low >= 1 and rank + high <= 9:
            pair = (TILES[f"{rank + low}{suit}"], TILES[f"{rank + high}{suit}"])
            if take(hand.concealed, pair) is not None:
                return pair
    return None


@rule(ARTICLE)
def tjok_beats_every_other_claim(
    seat: int, claim: str, others: Sequence[tuple[int, str]]
) -> str | None:
    """Priority: tjok for a winning hand comes before poeng, kong and straight."""
    if claim != "tjok" and any(c == "tjok" for _, c in others):
        winner = next(s for s, c in others if c == "tjok")
        return f"{SEATS[winner]}'s tjok comes before {SEATS[seat]}'s {claim}."
    return None


@rule(ARTICLE)
def poeng_or_kong_beats_a_straight(
    seat: int, claim: str, others: Sequence[tuple[int, str]]
) -> str | None:
    """Priority: poeng or kong, for three or four of a kind, comes before a straight."""
    if claim == "straight" and any(c in ("poeng", "kong") for _, c in others):
        winner, kind = next((s, c) for s, c in others if c in ("poeng", "kong"))
        return f"{SEATS[winner]}'s {kind} comes before {SEATS[seat]}'s straight."
    return None


@rule(ARTICLE)
def first_valid_claim_to_the_discarders_right_wins(
    table: Table, latest: Discard, seat: int, others: Sequence[int]
) -> str | None:
    """With several tjok calls, the first valid winner to the right of the discarder gets
    the tile; the other calls lapse."""
    order = table.seats_from_right_of(latest.seat)
    nearer = [s for s in others if order.index(s) < order.index(seat)]
    if nearer:
        return f"{SEATS[nearer[0]]} sits nearer the discarder's right."
    return None


_CLAIM_RULES: Final[dict[str, Rule[Tile | None, Hand, int]]] = {
    "tjok": tjok_needs_a_winning_hand,
    "poeng": poeng_needs_two_matching_tiles,
    "kong": kong_needs_three_matching_tiles,
}
# How many tiles of the claimed kind each claim takes from the hand.
_MATCHING: Final = {"tjok": 0, "poeng": 2, "kong": 3}


def _check_claim(table: Table, seat: int, claim: str) -> Checked:
    """Refused unless the claim is valid; else the latest discard and the tiles it takes."""
    hand = table.hands[seat]
    latest = require_present(
        only_the_latest_discard_may_be_claimed, table.latest_discard, table, seat
    )
    require(nobody_claims_their_own_discard, latest, seat)
    tile = latest.named
    if claim == "straight":
        require(straight_only_by_the_next_player, table, latest, seat)
        require(winds_and_dragons_never_form_a_straight, tile)
        partners = straight_partners(hand, tile) if tile is not None else None
        rule_func = straight_needs_three_consecutive_tiles_of_one_suit
        return latest, require_present(rule_func, partners, seat, tile)
    # Every claim but a straight refuses an unnamed tile.
    tile = require_present(_CLAIM_RULES[claim], tile, hand, seat)
    return latest, (tile,) * _MATCHING[claim]


def _apply_claim(table: Table, seat: int, claim: str, checked: Checked) -> Table:
    hand = table.hands[seat]
    latest, partners = checked
    real = latest.tile
    table = replace(table, discards=table.discards[:-1], window_open=False, taken_by=seat)
    if claim == "tjok":
        return win(table.with_hand(seat, add_tile(hand, real)), seat)
    tiles = partners + (real,)
    # The real tile is named, but for a discard written "?(named …)" in notation: an unnamed
    # tile in an exposure fails here.
    combination = new_exposure(tiles, real)  # type: ignore[arg-type]
    hand = replace(
        hand,
        concealed=take_held(hand.concealed, partners),
        exposures=hand.exposures + (combination,),
    )
    return replace(table.with_hand(seat, hand), turn=seat, must="discard", pending=None)


def claim(table: Table, action: act.Claim) -> tuple[Verdict, Table]:
    if action.claim not in CLAIMS:
        raise NotInRuleSet(f'"{action.claim}" is not a Matjok claim: use {", ".join(CLAIMS)}.')
    checked = _check_claim(table, action.seat, action.claim)
    return _claim_allowed(table, action.seat, action.claim, checked)


def _claim_allowed(table: Table, seat: int, claim: str, checked: Checked) -> tuple[Verdict, Table]:
    """A valid claim that no other claim contests: the verdict names the rule it met."""
    rule_func: AnyRule = _CLAIM_RULES.get(claim, straight_needs_three_consecutive_tiles_of_one_suit)
    reason = _claimed(checked[0], seat, claim)
    return allow(rule_func, reason), _apply_claim(table, seat, claim, checked)


def _claimed(latest: Discard, seat: int, claim: str) -> str:
    tile = latest.named
    if claim == "tjok":
        return f"{SEATS[seat]} claims {tile} for tjok and wins the hand."
    return f"{SEATS[seat]} claims {tile} for {claim}, exposes it, takes the turn and discards."


def call(table: Table, action: act.Call) -> tuple[Verdict, Table]:
    """An NMJL-style call under Matjok rules: for the win it is tjok; otherwise kong when
    the hand holds three, else poeng."""
    if action.tile is not None:
        latest = table.latest_discard
        if latest is None or action.tile not in (latest.named, latest.tile):
            raise Refused(
                only_the_latest_discard_may_be_claimed,
                f"{action.tile} is not the latest discard: only the latest may be claimed.",
            )
    if action.mah_jongg:
        kind = "tjok"
    else:
        latest = table.latest_discard
        tile = latest.named if latest else None
        kind = "kong" if tile is not None and table.hands[action.seat].holds(tile, 3) else "poeng"
    return claim(table, act.Claim(action.seat, kind))


def _set_aside_by(
    table: Table, latest: Discard, seat: int, kind: str, valid: Sequence[tuple[int, str, Checked]]
) -> AnyRule | None:
    """The rule of priority that sets this valid claim aside for another, or None."""
    others = [(s, k) for s, k, _ in valid if s != seat]
    if tjok_beats_every_other_claim(seat, kind, others) is not None:
        return tjok_beats_every_other_claim
    if poeng_or_kong_beats_a_straight(seat, kind, others) is not None:
        return poeng_or_kong_beats_a_straight
    equals = [s for s, k in others if PRIORITY[k] == PRIORITY[kind]]
    if first_valid_claim_to_the_discarders_right_wins(table, latest, seat, equals) is not None:
        return first_valid_claim_to_the_discarders_right_wins
    return None


def simultaneous_calls(table: Table, action: act.SimultaneousCalls) -> tuple[Verdict, Table]:
    valid: list[tuple[int, str, Checked]] = []
    refusals: list[Refused] = []
    for seat, kind in action.calls:
        if kind not in CLAIMS:
            raise NotInRuleSet(f'"{kind}" is not a Matjok claim: use {", ".join(CLAIMS)}.')
        try:
            checked = _check_claim(table, seat, kind)
        except Refused as refusal:
            refusals.append(refusal)
        else:
            valid.append((seat, kind, checked))
    if not valid:
        first = refusals[0].verdict()
        reasons = " ".join(r.reason for r in refusals)
        return replace(first, reason=f"No claim can take the discard. {reasons}"), table
    if len(valid) == 1:
        seat, kind, checked = valid[0]
        return _claim_allowed(table, seat, kind, checked)
    latest = valid[0][2][0]  # the latest discard, the same for every claim
    # The rules of priority decide: the claim none of them sets aside takes the discard.
    set_aside = {seat: _set_aside_by(table, latest, seat, kind, valid) for seat, kind, _ in valid}
    ((seat, kind, checked),) = [claim for claim in valid if set_aside[claim[0]] is None]
    next_table = _apply_claim(table, seat, kind, checked)
    if first_valid_claim_to_the_discarders_right_wins not in set_aside.values():
        # Only the kind of claim decided: the rule of priority that put this one first.
        lapsed = [SEATS[s] for s, _, _ in valid if s != seat]
        why = f"{kind} comes before the other claims ({', '.join(lapsed)} lapse)"
        reason = f"{_claimed(latest, seat, kind)} {why}."
        if kind == "tjok":  # every other claim was set aside by tjok's priority
            return allow(tjok_beats_every_other_claim, reason), next_table
        return allow(poeng_or_kong_beats_a_straight, reason), next_table
    why = f"{SEATS[seat]} is the first valid claimer to the right of the discarder"
    return allow(
        first_valid_claim_to_the_discarders_right_wins, f"{_claimed(latest, seat, kind)} {why}."
    ), next_table


def discard(table: Table, action: act.Discard) -> tuple[Verdict, Table]:
    seat, hand = action.seat, table.hands[action.seat]
    # A seat that claimed the latest discard discards under the rule for claims; any other
    # discard is the ordinary end of a turn.
    claimed = table.taken_by == seat
    decided_by = (
        claimer_discards_unless_it_won if claimed else each_player_discards_on_their_own_turn
    )
    require(decided_by, table, seat)
    after = remove_tile(table, hand, action.tile)
    if after is None:
        raise Refused(decided_by, f"{SEATS[seat]} holds no {action.tile}.")
    next_table = after_discard(table, seat, action.tile, action.named, after)
    after_claim = " after the claim" if claimed else ""
    return allow(
        decided_by,
        f"{SEATS[seat]} discards {action.tile}{after_claim}; "
        f"{SEATS[next_table.turn]} is next to draw.",
    ), next_table


def draw(table: Table, action: act.Draw) -> tuple[Verdict, Table]:
    require(next_player_draws_if_nobody_claims, table, action.seat)
    if action.tile is not None:
        table.check_copies((action.tile,))
    return allow(
        next_player_draws_if_nobody_claims,
        f"{SEATS[action.seat]} draws from the wall; the discard can no longer be claimed.",
    ), after_draw(table, action.seat, action.tile)


def declare_win(table: Table, action: act.DeclareMahJongg) -> tuple[Verdict, Table]:
    """Tjok on a tile drawn from the wall."""
    seat, hand = action.seat, table.hands[action.seat]
    require(each_player_discards_on_their_own_turn, table, seat)
    if hand.winning_tile is None or not hand.holds(hand.winning_tile):
        raise Refused(tjok_needs_a_winning_hand, f"{SEATS[seat]}'s tiles do not make tjok.")
    return allow(tjok_needs_a_winning_hand, f"{SEATS[seat]} wins with tjok."), win(table, seat)


HANDLERS: Final[dict[type[act.Action], Handler]] = {
    act.Discard: discard,
    act.Draw: draw,
    act.Call: call,
    act.Claim: claim,
    act.SimultaneousCalls: simultaneous_calls,
    act.DeclareMahJongg: declare_win,
}


def judge(table: Table, action: act.Action) -> tuple[Verdict, Table]:
    """The verdict on `action` under the Matjok rules, and the table after it."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise NotInRuleSet(
            "The Matjok rules in this database cover claiming, drawing and discarding only; "
            f"they have no rule for {type(action).__name__}."
        )
    try:
        return handler(table, action)
    except Refused as refusal:
        return refusal.verdict(), refusal.table or table


# This module's rules, in the order they are written: the rule set lists them (RULE_SETS).
RULES: Final[tuple[AnyRule, ...]] = (
    each_player_discards_on_their_own_turn,
    claimer_discards_unless_it_won,
    next_player_draws_if_nobody_claims,
    only_the_latest_discard_may_be_claimed,
    nobody_claims_their_own_discard,
    tjok_needs_a_winning_hand,
    poeng_needs_two_matching_tiles,
    kong_needs_three_matching_tiles,
    straight_only_by_the_next_player,
    winds_and_dragons_never_form_a_straight,
    straight_needs_three_consecutive_tiles_of_one_suit,
    tjok_beats_every_other_claim,
    poeng_or_kong_beats_a_straight,
    first_valid_claim_to_the_discarders_right_wins,
)
