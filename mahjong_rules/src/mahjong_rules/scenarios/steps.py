"""The phrases of the scenario language (docs/contract/scenario-language.md), bound to the engine.

Its phrases are ``PHRASES``; ``phrasebook.py`` lists them with part two's and the dates'.
A scenario runs in a World (``world.py``) made by ``new_world(options)``: the table, the
effective rule options and the verdict of the most recent action. ``Given`` steps set the scene
directly (they are not judged); ``When`` steps hand an action to the engine and return its Verdict;
``Then`` steps check and raise StepFailed with a plain sentence when the table says otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from mahjong_rules.engine import actions as act
from mahjong_rules.engine.nmjl import (
    card_in_force,
    exposures_fit,
    exposures_fit_no_line,
    grounds_for_dead_hand,
    group_problem,
    tiles_are_thrown_in,
)
from mahjong_rules.engine.play import add_tile, after_discard, new_exposure
from mahjong_rules.engine.table import (
    SEATS,
    Hand,
    Phase,
    Table,
    seat_index,
    sort_tiles,
    take,
)
from mahjong_rules.engine.tiles import TILE_SETS, Tile, TileNotationError, parse_tile, tile_list
from mahjong_rules.engine.verdicts import Verdict

from .registry import Registry, StepFailed
from .world import World, judged, new_world, seat_number, set_option, set_table

if TYPE_CHECKING:
    from mahjong_rules.engine.nmjl.cards import Line

__all__ = ["PHRASES", "World", "new_world"]  # World and new_world: from world.py

PHRASES: Final[Registry[World]] = Registry()
given, when, then = PHRASES.given, PHRASES.when, PHRASES.then


def _use_unnamed(world: World, seat: str, count: int, doing: str) -> Hand:
    hand = world.table.hand(seat)
    if hand.unnamed < count:
        raise StepFailed(
            f"{seat} has only {hand.unnamed} unnamed tiles left, too few for {doing}: "
            f"set a larger count first ({seat} has … tiles)."
        )
    return replace(hand, unnamed=hand.unnamed - count)


def _not_whole(world: World, seat: str) -> None:
    if world.table.hand(seat).whole:
        raise StepFailed(f"The whole hand is given for {seat}: its tiles are exactly those.")


def _exposures_fit(table: Table, seat: int, line: Line) -> bool:
    return exposures_fit(table, seat, line)


def _extra_holder(table: Table) -> int | None:
    """The seat now holding the extra (14th) tile, if any."""
    for seat in range(4):
        if table.holds_extra_tile(seat) and not table.over:
            return seat
    return None


def _extra_tile_discarded(table: Table, holder: int, before: str) -> Table:
    """The table after the seat holding the extra tile has discarded an unnamed one, which a
    scene step naming a later turn or discard implies. Like any discard it locks exposures."""
    hand = table.hands[holder]
    if hand.unnamed == 0:
        raise StepFailed(f"{SEATS[holder]} has no unnamed tile left to have discarded {before}.")
    return after_discard(table, holder, None, None, replace(hand, unnamed=hand.unnamed - 1))


def _describe_count(table: Table, seat: int) -> str:
    hand = table.hands[seat]
    return f"{hand.count} tiles (it should have {table.expected_count(seat)})"


# --- Given: the scene --------------------------------------------------------------------


@given("the NMJL rules", example="the NMJL rules", help="choose the rule set (default NMJL)")
def given_nmjl(world: World) -> None:
    set_table(world, replace(world.table, ruleset="nmjl"))


@given("the Matjok rules", example="the Matjok rules", help="choose the rule set (default NMJL)")
def given_matjok(world: World) -> None:
    set_table(world, replace(world.table, ruleset="matjok"))


@given(
    'the house rule "{name}"',
    example='the house rule "touched-tile-is-taken"',
    help="turn a rule option on",
)
def given_house_rule(world: World, name: str) -> None:
    set_option(world, name, True)


@given(
    'the house rule "{name}" is off',
    example='the house rule "joker-exchange-locks-exposure" is off',
    help="turn a rule option off",
)
def given_house_rule_off(world: World, name: str) -> None:
    set_option(world, name, False)


@given(
    "it is the Charleston",
    example="it is the Charleston",
    help="the Charleston is under way; East has not yet discarded",
)
def given_charleston(world: World) -> None:
    table = world.table
    if table.first_discard_made:
        raise StepFailed("East has already made the first discard: the Charleston is over.")
    world.table = replace(table, phase=Phase.CHARLESTON, turn=0, must="discard")


@given(
    "it is {seat}'s turn",
    example="it is North's turn",
    help="East's first discard is made; the seat has drawn and must discard (14 tiles)",
)
def given_turn(world: World, seat: str) -> None:
    table = world.table
    if table.over:
        raise StepFailed("The hand is over: it is nobody's turn.")
    index = seat_number(seat)
    holder = _extra_holder(table)
    if holder is not None and (holder != index or table.before_first_discard):
        table = _extra_tile_discarded(table, holder, f"before {seat}'s turn")
        holder = None
    if holder != index:
        table = table.with_hand(index, add_tile(table.hands[index], None))  # it has drawn
    world.table = replace(
        table,
        phase=Phase.PLAY,
        first_discard_made=True,
        window_open=False,
        turn=index,
        must="discard",
        pending=None,
        taken_by=None,
    )


@given(
    "{seat} holds {tiles}",
    example="South holds 7D 7D J",
    help="these tiles are among the seat's concealed tiles",
)
def given_holds(world: World, seat: str, tiles: list[Tile]) -> None:
    _not_whole(world, seat)
    hand = _use_unnamed(world, seat, len(tiles), f"holding {tile_list(tiles)}")
    hand = replace(hand, concealed=sort_tiles(hand.concealed + tuple(tiles)))
    set_table(world, world.table.with_hand(seat_number(seat), hand))


@given(
    "{seat} has exposed {tiles}",
    example="West has exposed 7D 7D J",
    help="an exposure from an earlier turn, already locked",
)
def given_exposed(world: World, seat: str, tiles: list[Tile]) -> None:
    problem = group_problem(tuple(tiles), seat_number(seat))
    if problem and world.ruleset == "matjok":
        problem = None if _is_straight(tiles) else problem
    if problem:
        # Jokers alone are no group either: group_problem refuses them.
        raise StepFailed(f"{tile_list(tiles)} cannot be an exposure: {problem[1]}")
    if world.table.hand(seat).whole:
        hand = world.table.hand(seat)  # a whole hand's exposure adds its tiles (part two)
    else:
        hand = _use_unnamed(world, seat, len(tiles), f"exposing {tile_list(tiles)}")
    called = next(tile for tile in tiles if not tile.is_joker)
    exposure = new_exposure(tiles, called, locked_by="an earlier turn")
    hand = replace(hand, exposures=hand.exposures + (exposure,))
    set_table(world, world.table.with_hand(seat_number(seat), hand))


def _is_straight(tiles: Sequence[Tile]) -> bool:
    suits = {tile.suit for tile in tiles}
    ranks = sorted(tile.rank or 0 for tile in tiles)
    return (
        len(tiles) == 3
        and len(suits) == 1
        and None not in suits
        and ranks == list(range(ranks[0], ranks[0] + 3))
    )


@given(
    "{seat} has {n} tiles",
    example="North has 12 tiles",
    help="the seat's tiles in and on its rack add up to n",
)
def given_count(world: World, seat: str, n: int) -> None:
    _not_whole(world, seat)
    table = world.table
    # {n} is any whole number as typed; no seat can hold more tiles than the set has.
    total = TILE_SETS[table.ruleset].total()
    if n > total:
        raise StepFailed(
            f"{seat} cannot have {n} tiles: the {table.ruleset_name} set has only {total} tiles."
        )
    hand = table.hand(seat)
    unnamed = n - (hand.count - hand.unnamed)
    if unnamed < 0:
        raise StepFailed(
            f"{seat} already has {hand.count - hand.unnamed} named tiles, more than {n}."
        )
    world.table = world.table.with_hand(seat_number(seat), replace(hand, unnamed=unnamed))


@given(
    "{seat} has discarded {tile}",
    example="West has discarded 7D",
    help="East's first discard is made; this is now the latest discard, its call window "
    "open, and the next seat after the discarder is to draw",
)
def given_discarded(world: World, seat: str, tile: Tile) -> None:
    table = world.table
    if table.over:
        raise StepFailed("The hand is over: nobody discards.")
    index = seat_number(seat)
    holder = _extra_holder(table)
    if holder is not None and holder != index:
        table = _extra_tile_discarded(table, holder, f"before {seat}'s discard")
    hand = table.hands[index]
    remaining = take(hand.concealed, (tile,))
    if remaining is not None:
        hand = replace(hand, concealed=remaining)
        if holder != index:
            hand = replace(hand, unnamed=hand.unnamed + 1)  # it drew an unnamed tile
    elif holder == index:
        if hand.unnamed == 0:
            raise StepFailed(f"{seat} has no {tile} and no unnamed tile to have discarded.")
        hand = replace(hand, unnamed=hand.unnamed - 1)
    # As any discard does, this one ends the seat's turn and locks its exposures.
    set_table(world, after_discard(table, index, tile, tile, hand))


@given(
    "{seat} is playing a concealed hand",
    example="South is playing a concealed hand",
    help="the seat's hand on the card is concealed (C)",
)
def given_concealed_hand(world: World, seat: str) -> None:
    hand = replace(world.table.hand(seat), concealed_hand=True)
    world.table = world.table.with_hand(seat_number(seat), hand)


@given(
    "{seat} needs only {tile} to win",
    example="North needs only 7D to win",
    help="the seat's hand is complete, for Mah Jongg (NMJL) or tjok (Matjok), with that tile",
)
def given_needs(world: World, seat: str, tile: Tile) -> None:
    _not_whole(world, seat)
    hand = replace(world.table.hand(seat), winning_tile=tile)
    world.table = world.table.with_hand(seat_number(seat), hand)


@given(
    "{seat}'s exposures fit no hand on the card",
    example="West's exposures fit no hand on the card",
    help="no line on the card fits what the seat has exposed",
)
def given_misfit(world: World, seat: str) -> None:
    # With a card in force the card decides (part two).
    card = card_in_force(world.table)
    if card is not None and not exposures_fit_no_line(world.table, seat_number(seat)):
        fits = [
            line.id for line in card.lines if _exposures_fit(world.table, seat_number(seat), line)
        ]
        where = f"line {fits[0]}" if fits else "a line"
        raise StepFailed(f"The card says {seat}'s exposures fit {where}.")
    hand = replace(world.table.hand(seat), exposures_fit_no_hand=True)
    world.table = world.table.with_hand(seat_number(seat), hand)


@given(
    "{seat}'s hand is dead",
    example="West's hand is dead",
    help="another player has already declared the hand dead",
)
def given_dead(world: World, seat: str) -> None:
    table = world.table
    index = seat_number(seat)
    table = table.with_hand(index, replace(table.hands[index], dead=True))
    if table.turn == index and table.must == "draw" and not table.before_first_discard:
        table = replace(table, turn=table.next_live_seat(index))
    world.table = table


# --- When: actions -----------------------------------------------------------------------


@when(
    "{seat} discards {tile}",
    example="South discards 7D",
    help="discard; ends the seat's turn; locks its exposures",
)
def when_discards(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.Discard(seat_number(seat), tile))


@when(
    "{seat} discards {tile} and names it {tile}",
    example="West discards 3B and names it 3D",
    help="a misnamed discard: the first tile is the real one",
)
def when_discards_misnamed(world: World, seat: str, tile: Tile, named: Tile) -> Verdict:
    return judged(world, act.Discard(seat_number(seat), tile, named))


@when("{seat} draws {tile}", example="South draws 7D", help="pick a named tile from the wall")
def when_draws_tile(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.Draw(seat_number(seat), tile))


@when("{seat} draws a tile", example="South draws a tile", help="pick an unnamed tile")
def when_draws(world: World, seat: str) -> Verdict:
    return judged(world, act.Draw(seat_number(seat)))


@when(
    "{seat} calls the discard",
    example="North calls the discard",
    help="call the latest discard for an exposure",
)
def when_calls_discard(world: World, seat: str) -> Verdict:
    return judged(world, act.Call(seat_number(seat)))


@when(
    "{seat} calls {tile}",
    example="North calls 7D",
    help="call the latest discard for an exposure; naming a tile that is not the latest "
    "discard is a refused call",
)
def when_calls_tile(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.Call(seat_number(seat), tile))


@when(
    "{seat} calls the discard for Mah Jongg",
    example="West calls the discard for Mah Jongg",
    help="call it to win (NMJL)",
)
def when_calls_discard_mah_jongg(world: World, seat: str) -> Verdict:
    return judged(world, act.Call(seat_number(seat), mah_jongg=True))


@when(
    "{seat} calls {tile} for Mah Jongg",
    example="West calls 7D for Mah Jongg",
    help="call it to win (NMJL)",
)
def when_calls_tile_mah_jongg(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.Call(seat_number(seat), tile, mah_jongg=True))


@when(
    "{seat} touches the called tile",
    example="North touches the called tile",
    help="touch, lift or hold it; not a commitment under League rules",
)
def when_touches(world: World, seat: str) -> Verdict:
    return judged(world, act.TouchCalledTile(seat_number(seat)))


@when(
    "{seat} racks the called tile",
    example="North racks the called tile",
    help="place it on the rack; commits the caller to the tile",
)
def when_racks(world: World, seat: str) -> Verdict:
    return judged(world, act.RackCalledTile(seat_number(seat)))


@when(
    "{seat} racks {tile} instead of the called tile",
    example="North racks 5B instead of the called tile",
    help="picks up and racks an earlier discard lying on the table",
)
def when_racks_wrong(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.RackWrongDiscard(seat_number(seat), tile))


@when(
    "{seat} exposes {tiles}",
    example="North exposes 7D 7D 7D",
    help="expose the group made with the called tile (the called tile is one of the tiles)",
)
def when_exposes(world: World, seat: str, tiles: list[Tile]) -> Verdict:
    return judged(world, act.Expose(seat_number(seat), (tuple(tiles),)))


@when(
    "{seat} exposes {tiles} and {tiles}",
    example="North exposes 7D 7D 7D and 8B 8B 8B",
    help="expose more than one group for one call",
)
def when_exposes_two(world: World, seat: str, first: list[Tile], second: list[Tile]) -> Verdict:
    return judged(world, act.Expose(seat_number(seat), (tuple(first), tuple(second))))


@when(
    "{seat} withdraws the call",
    example="North withdraws the call",
    help="give the called tile back to the discards",
)
def when_withdraws(world: World, seat: str) -> Verdict:
    return judged(world, act.WithdrawCall(seat_number(seat)))


@when(
    "{seat} changes the exposure to {tiles}",
    example="North changes the exposure to 7D 7D 7D 7D",
    help="reshape the exposure made this turn",
)
def when_changes(world: World, seat: str, tiles: list[Tile]) -> Verdict:
    return judged(world, act.ChangeExposure(seat_number(seat), tuple(tiles)))


@when(
    "{seat} adds {tile} to the exposure",
    example="North adds 7D to the exposure",
    help="add a tile to the seat's exposure of that tile",
)
def when_adds(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.AddToExposure(seat_number(seat), tile))


@when(
    "{seat} removes {tile} from the exposure",
    example="North removes J from the exposure",
    help="take a tile back from the exposure made this turn",
)
def when_removes(world: World, seat: str, tile: Tile) -> Verdict:
    return judged(world, act.RemoveFromExposure(seat_number(seat), tile))


@when(
    "{seat} exchanges {tile} for the Joker in {seat}'s exposure",
    example="South exchanges 7D for the Joker in West's exposure",
    help="a joker exchange",
)
def when_exchanges(world: World, seat: str, tile: Tile, owner: str) -> Verdict:
    return judged(world, act.JokerExchange(seat_number(seat), ((tile, seat_number(owner)),)))


def _seat_cell(text: str) -> int:
    if text not in SEATS:
        raise StepFailed(f'"{text}" is not a seat: write East, South, West or North.')
    return seat_index(text)


@when(
    "{seat} makes these joker exchanges together:",
    example="South makes these joker exchanges together:",
    help="several joker exchanges at once; a table with columns tile, exposure of",
    table=("tile", "exposure of"),
)
def when_exchanges_together(world: World, seat: str, rows: list[list[str]]) -> Verdict:
    exchanges: list[tuple[Tile, int]] = []
    for tile_text, owner in rows:
        try:
            tile = parse_tile(tile_text)
        except TileNotationError as error:
            raise StepFailed(str(error)) from None
        exchanges.append((tile, _seat_cell(owner)))
    return judged(world, act.JokerExchange(seat_number(seat), tuple(exchanges)))


@when(
    "{seat} declares Mah Jongg",
    example="North declares Mah Jongg",
    help="declare a win with the tiles held (NMJL)",
)
def when_declares_mah_jongg(world: World, seat: str) -> Verdict:
    return judged(world, act.DeclareMahJongg(seat_number(seat)))


@when(
    "{seat} declares {seat}'s hand dead",
    example="East declares South's hand dead",
    help="one player disqualifies a hand (the second seat may be the same as the first)",
)
def when_declares_dead(world: World, by: str, seat: str) -> Verdict:
    return judged(world, act.DeclareDead(seat_number(by), seat_number(seat)))


@when(
    "{seat} takes the missing tile",
    example="North takes the missing tile",
    help="a player short a tile from the deal takes it",
)
def when_takes_missing(world: World, seat: str) -> Verdict:
    return judged(world, act.TakeMissingTile(seat_number(seat)))


_CALL_WORDS: Final = {
    "exposure": "exposure",
    "mah jongg": "Mah Jongg",
    "tjok": "tjok",
    "poeng": "poeng",
    "kong": "kong",
    "straight": "straight",
}


@when(
    "these calls are made:",
    example="these calls are made:",
    help="simultaneous calls on the latest discard; a table with columns seat, call, where "
    "call is exposure or Mah Jongg (NMJL), tjok, poeng, kong or straight (Matjok). Allowed "
    "when one call wins the tile, refused when none can",
    table=("seat", "call"),
)
def when_calls_made(world: World, rows: list[list[str]]) -> Verdict:
    calls: list[tuple[int, str]] = []
    for seat, call in rows:
        word = _CALL_WORDS.get(" ".join(call.lower().split()))
        if word is None:
            raise StepFailed(
                f'"{call}" is not a call: write exposure or Mah Jongg (NMJL), '
                "tjok, poeng, kong or straight (Matjok)."
            )
        calls.append((_seat_cell(seat), word))
    return judged(world, act.SimultaneousCalls(tuple(calls)))


@when(
    "{seat} calls {claim}",
    example="South calls poeng",
    help="one Matjok call: tjok, poeng, kong or straight. A winning claim exposes its "
    "combination at once; the claimer then discards, unless it won the hand",
)
def when_claims(world: World, seat: str, claim: str) -> Verdict:
    return judged(world, act.Claim(seat_number(seat), claim))


# --- Then: checks ------------------------------------------------------------------------


def _verdict(world: World) -> Verdict:
    if world.last_verdict is None:
        raise StepFailed("No action has been judged yet: put a When step before this check.")
    return world.last_verdict


@then("that is allowed", example="that is allowed", help="the most recent action was allowed")
def then_allowed(world: World) -> None:
    verdict = _verdict(world)
    if not verdict.allowed:
        raise StepFailed(f"Expected the action to be allowed, but it was refused: {verdict}")


@then("that is refused", example="that is refused", help="the most recent action was refused")
def then_refused(world: World) -> None:
    verdict = _verdict(world)
    if verdict.allowed:
        raise StepFailed(f"Expected the action to be refused, but it was allowed: {verdict}")


@then(
    "the ruling cites {word}",
    example="the ruling cites nmjl-calling",
    help="the most recent action's verdict names the article with that key",
)
def then_cites(world: World, key: str) -> None:
    verdict = _verdict(world)
    if verdict.article != key:
        raise StepFailed(
            f"Expected the ruling to cite {key}, but it cites {verdict.article} ({verdict.rule})."
        )


def _getter(table: Table) -> int | None:
    if table.pending is not None:
        return table.pending.seat
    return table.taken_by


@then(
    "{seat} gets the discard",
    example="North gets the discard",
    help="the seat won the call(s) on the latest discard",
)
def then_gets(world: World, seat: str) -> None:
    getter = _getter(world.table)
    if getter != seat_number(seat):
        found = "nobody got it" if getter is None else f"{SEATS[getter]} got it"
        raise StepFailed(f"Expected {seat} to get the discard, but {found}.")


@then("nobody gets the discard", example="nobody gets the discard", help="no call succeeded")
def then_nobody_gets(world: World) -> None:
    getter = _getter(world.table)
    if getter is not None:
        raise StepFailed(f"Expected nobody to get the discard, but {SEATS[getter]} got it.")


@then(
    "it is {seat}'s turn",
    example="it is West's turn",
    help="that seat acts next: it must discard, or it is the next to draw (dead hands are skipped)",
)
def then_turn(world: World, seat: str) -> None:
    table = world.table
    if table.over:
        raise StepFailed(f"Expected it to be {seat}'s turn, but the hand is over.")
    if table.turn != seat_number(seat):
        raise StepFailed(
            f"Expected it to be {seat}'s turn, but it is {SEATS[table.turn]}'s (to {table.must})."
        )


@then(
    "{seat} must discard",
    example="North must discard",
    help="it is the seat's turn and it must discard next",
)
def then_must_discard(world: World, seat: str) -> None:
    table = world.table
    if table.over:
        raise StepFailed(f"Expected {seat} to have to discard, but the hand is over.")
    if table.turn != seat_number(seat) or table.must != "discard":
        raise StepFailed(
            f"Expected {seat} to have to discard, but {SEATS[table.turn]} is to {table.must}."
        )


@then("the hand is over", example="the hand is over", help="someone has won (Mah Jongg or tjok)")
def then_over(world: World) -> None:
    if not world.table.over:
        raise StepFailed("Expected the hand to be over, but nobody has won.")


@then(
    "{seat} holds {tiles}",
    example="North holds 7D J",
    help="these tiles are among the seat's concealed tiles",
)
def then_holds(world: World, seat: str, tiles: list[Tile]) -> None:
    concealed = world.table.hand(seat).concealed
    if take(concealed, tiles) is None:
        shown = tile_list(concealed) or "no named tiles"
        raise StepFailed(f"Expected {seat} to hold {tile_list(tiles)}, but {seat} holds {shown}.")


@then(
    "{seat} has exposed {tiles}",
    example="North has exposed 7D 7D 7D J",
    help="one of the seat's exposures is exactly these tiles, in any order",
)
def then_exposed(world: World, seat: str, tiles: list[Tile]) -> None:
    exposures = world.table.hand(seat).exposures
    if not any(Counter(e.tiles) == Counter(tiles) for e in exposures):
        shown = "; ".join(str(e) for e in exposures) or "nothing"
        raise StepFailed(f"Expected {seat} to have exposed {tile_list(tiles)}, but found {shown}.")


@then(
    "{seat}'s exposure of {tile} is locked",
    example="North's exposure of 7D is locked",
    help="the exposure can no longer change",
)
def then_locked(world: World, seat: str, tile: Tile) -> None:
    exposures = [
        e for e in world.table.hand(seat).exposures if e.stands_for == tile or tile in e.tiles
    ]
    if not exposures:
        raise StepFailed(f"{seat} has no exposure of {tile}.")
    open_ones = [e for e in exposures if not e.locked]
    if open_ones:
        raise StepFailed(
            f"Expected {seat}'s exposure of {tile} to be locked, but {open_ones[0]} can "
            "still change this turn."
        )


@then("{seat} has {n} tiles", example="North has 14 tiles", help="in and on the rack, together")
def then_count(world: World, seat: str, n: int) -> None:
    count = world.table.hand(seat).count
    if count != n:
        raise StepFailed(f"Expected {seat} to have {n} tiles, but {seat} has {count}.")


@then(
    "{seat} has the right number of tiles",
    example="North has the right number of tiles",
    help="against what the phase and turn require",
)
def then_right_count(world: World, seat: str) -> None:
    table = world.table
    if not table.count_is_right(seat_number(seat)):
        raise StepFailed(
            f"Expected {seat} to have the right number of tiles, but {seat} has "
            f"{_describe_count(table, seat_number(seat))}."
        )


@then(
    "{seat} has the wrong number of tiles",
    example="North has the wrong number of tiles",
    help="against what the phase and turn require",
)
def then_wrong_count(world: World, seat: str) -> None:
    table = world.table
    if table.count_is_right(seat_number(seat)):
        raise StepFailed(
            f"Expected {seat} to have the wrong number of tiles, but {seat} has "
            f"{_describe_count(table, seat_number(seat))}."
        )


@then("{seat}'s hand is dead", example="South's hand is dead", help="a declared dead hand")
def then_dead(world: World, seat: str) -> None:
    if not world.table.hand(seat).dead:
        liable = " (it may be declared dead)" if world.table.hand(seat).mistake else ""
        raise StepFailed(f"Expected {seat}'s hand to be dead, but it is not{liable}.")


@then("{seat}'s hand is not dead", example="South's hand is not dead", help="not declared dead")
def then_not_dead(world: World, seat: str) -> None:
    if world.table.hand(seat).dead:
        raise StepFailed(f"Expected {seat}'s hand not to be dead, but it has been declared dead.")


@then(
    "{seat}'s hand can be declared dead",
    example="South's hand can be declared dead",
    help="another player may now disqualify it (a hand already dead cannot be)",
)
def then_can_be_declared_dead(world: World, seat: str) -> None:
    table = world.table
    if table.hand(seat).dead:
        raise StepFailed(f"{seat}'s hand is already dead, so it cannot be declared dead again.")
    if grounds_for_dead_hand(table, seat_number(seat)) is None:
        raise StepFailed(
            f"Expected {seat}'s hand to be liable to be declared dead, but it gives no "
            f"grounds: {_describe_count(table, seat_number(seat))}, no mistake, exposures that fit."
        )


@then(
    "{seat}'s hand cannot be declared dead",
    example="South's hand cannot be declared dead",
    help="no other player may now disqualify it",
)
def then_cannot_be_declared_dead(world: World, seat: str) -> None:
    grounds = grounds_for_dead_hand(world.table, seat_number(seat))
    if grounds is not None:
        raise StepFailed(
            f"Expected {seat}'s hand not to be liable to be declared dead, but it is: {grounds[2]}"
        )


@then(
    "{tile} is the latest discard",
    example="7D is the latest discard",
    help="the tile lies among the discards as the most recent one",
)
def then_latest(world: World, tile: Tile) -> None:
    latest = world.table.latest_discard
    if latest is None or tile not in (latest.tile, latest.named):
        found = "there are no discards" if latest is None else f"it is {latest}"
        raise StepFailed(f"Expected {tile} to be the latest discard, but {found}.")


@then(
    "the tiles are thrown in for a new deal",
    example="the tiles are thrown in for a new deal",
    help="the deal is void: in the Charleston, more than one seat has a wrong count",
)
def then_thrown_in(world: World) -> None:
    table = world.table
    if not tiles_are_thrown_in(table):
        wrong = [SEATS[s] for s in table.wrong_counts()]
        when_ = "" if table.before_first_discard else " and East has already discarded"
        raise StepFailed(
            "Expected the tiles to be thrown in, but wrong counts are "
            f"{', '.join(wrong) or 'none'}{when_}."
        )


@then(
    "the tiles are not thrown in",
    example="the tiles are not thrown in",
    help="the deal stands",
)
def then_not_thrown_in(world: World) -> None:
    table = world.table
    if tiles_are_thrown_in(table):
        wrong = ", ".join(SEATS[s] for s in table.wrong_counts())
        raise StepFailed(f"Expected the deal to stand, but {wrong} have wrong counts.")
