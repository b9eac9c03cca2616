"""The phrases of part two of the scenario language (the contract's
scenario-language-hands.md, in the package's tests/data/contract/): whole hands and the card,
Mah Jongg judged by the card, the Charleston spelled out, the wall.

Its phrases (``PHRASES``) act on a World (``world.py``); ``phrasebook.py`` lists them after
``steps.py``'s. Everything
here is NMJL only: under ``Given the Matjok rules`` every step of this module fails.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Final

from mahjong_rules.engine import actions as act
from mahjong_rules.engine import nmjl
from mahjong_rules.engine.nmjl import tiles_are_thrown_in
from mahjong_rules.engine.table import SEATS, MahJonggRuling, Phase, Table, take
from mahjong_rules.engine.tiles import Tile, tile_list
from mahjong_rules.engine.verdicts import Verdict

from .registry import Registry, StepFailed
from .world import World, judged, seat_number, set_table

if TYPE_CHECKING:
    from mahjong_rules.engine.nmjl.cards import Card, Line

PHRASES: Final[Registry[World]] = Registry()
given, when, then = PHRASES.given, PHRASES.when, PHRASES.then


def _nmjl(world: World) -> None:
    if world.ruleset != "nmjl":
        raise StepFailed(
            "This step is NMJL only: under the Matjok rules there is no card, Charleston "
            "pass or counted wall."
        )


def _card(world: World) -> Card:
    _nmjl(world)
    card = nmjl.card_in_force(world.table)
    if card is None:
        raise StepFailed('No card is in force: add Given the card "Practice Card 2027".')
    return card


def _line(world: World, line_id: str) -> Line:
    card = _card(world)
    line = card.line(line_id)
    if line is None:
        ids = ", ".join(line.id for line in card.lines)
        raise StepFailed(f'The card "{card.name}" has no line "{line_id}"; its lines are {ids}.')
    return line


def _whole(world: World, seat: str) -> None:
    if not world.table.hand(seat).whole:
        raise StepFailed(
            f"The whole hand is not given: write Given {seat}'s hand is … (every tile) first."
        )


# --- Given -------------------------------------------------------------------------------


@given(
    'the card "{card}"',
    example='the card "Practice Card 2027"',
    help="the card in force for this scenario (NMJL only); default: no card",
)
def given_card(world: World, name: str) -> None:
    _nmjl(world)
    card = (world.card_lookup or nmjl.card_named)(name)
    if card is None:
        known = ", ".join(f'"{n}"' for n in nmjl.known_cards())
        raise StepFailed(f'There is no card "{name}"; the cards known are {known}.')
    world.table = replace(world.table, card=card)


@given(
    "{seat}'s hand is {tiles}",
    example="North's hand is 5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD",
    help="the seat's concealed tiles are exactly these, with no unnamed tile; exposures are "
    "stated separately. The seat is a whole-hand seat: with a card, its Mah Jongg is judged "
    "by the card",
)
def given_whole_hand(world: World, seat: str, tiles: list[Tile]) -> None:
    _nmjl(world)
    hand = world.table.hand(seat)
    hand = replace(hand, concealed=tuple(sorted(tiles, key=lambda t: t.order)), unnamed=0)
    set_table(world, world.table.with_hand(seat_number(seat), replace(hand, whole=True)))


@given(
    "the Charleston has reached the {pass} pass",
    example="the Charleston has reached the first left pass",
    help="as it is the Charleston, with every pass before this one made by all four seats "
    "(unnamed tiles, none blind); the Charleston is now spelled out",
)
def given_charleston_reached(world: World, name: str) -> None:
    _nmjl(world)
    table = world.table
    if table.first_discard_made:
        raise StepFailed("East has already made the first discard: the Charleston is over.")
    passes = nmjl.Passes(current=nmjl.PASSES.index(name))
    world.table = replace(table, phase=Phase.CHARLESTON, turn=0, must="discard", charleston=passes)


def _set_wall(world: World, n: int) -> None:
    _nmjl(world)
    if n > 99:
        raise StepFailed(f"The wall holds at most 99 tiles once the deal is complete, not {n}.")
    world.table = replace(world.table, wall=n)


@given(
    "{n} tiles are left in the wall",
    example="10 tiles are left in the wall",
    help="the wall is counted and holds n tiles still to be picked (0–99)",
)
def given_wall(world: World, n: int) -> None:
    _set_wall(world, n)


@given("1 tile is left in the wall", example="1 tile is left in the wall", help="as 1 tiles …")
def given_wall_one(world: World) -> None:
    _set_wall(world, 1)


@given("the wall is exhausted", example="the wall is exhausted", help="0 tiles are left")
def given_wall_exhausted(world: World) -> None:
    _set_wall(world, 0)


# --- When --------------------------------------------------------------------------------


def _judge(world: World, action: act.Action) -> Verdict:
    _nmjl(world)
    return judged(world, action)


@when(
    "{seat} passes {tiles} {direction}",
    example="East passes 1D 2D 3D to the right",
    help="one seat's pass in the current pass of the Charleston",
)
def when_passes(world: World, seat: str, tiles: list[Tile], direction: str) -> Verdict:
    return _judge(world, act.PassTiles(seat_number(seat), tuple(tiles), direction))


def _blind(
    world: World, seat: str, own: tuple[Tile | None, ...], n: int, direction: str
) -> Verdict:
    return _judge(world, act.PassTiles(seat_number(seat), own, direction, blind=n))


@when(
    "{seat} passes {n} tiles blind {direction}",
    example="South passes 3 tiles blind to the left",
    help="a blind pass: n of the tiles passed to the seat go on unseen, its own unnamed "
    "tiles make up three",
)
def when_passes_blind(world: World, seat: str, n: int, direction: str) -> Verdict:
    return _blind(world, seat, (None,) * max(0, 3 - n), n, direction)


@when(
    "{seat} passes 1 tile blind {direction}",
    example="South passes 1 tile blind to the left",
    help="as passes 1 tiles blind",
)
def when_passes_one_blind(world: World, seat: str, direction: str) -> Verdict:
    return _blind(world, seat, (None, None), 1, direction)


@when(
    "{seat} passes {tiles} and {n} blind {direction}",
    example="South passes 4B and 2 blind to the left",
    help="a blind pass with the seat's own tiles named",
)
def when_passes_some_blind(
    world: World, seat: str, tiles: list[Tile], n: int, direction: str
) -> Verdict:
    return _blind(world, seat, tuple(tiles), n, direction)


@when(
    "the other seats pass",
    example="the other seats pass",
    help="every seat that has not passed in the current pass passes unnamed tiles",
)
def when_others_pass(world: World) -> Verdict:
    return _judge(world, act.OtherSeatsPass())


@when(
    "{seat} stops the Charleston",
    example="West stops the Charleston",
    help="end the Charleston after the first, before anyone makes the second left",
)
def when_stops(world: World, seat: str) -> Verdict:
    return _judge(world, act.StopCharleston(seat_number(seat)))


@when(
    "{seat} offers {n} tiles across",
    example="East offers 2 tiles across",
    help="in the courtesy pass, how many (0–3) the seat will exchange with the seat across",
)
def when_offers(world: World, seat: str, n: int) -> Verdict:
    return _judge(world, act.OfferCourtesy(seat_number(seat), n))


@when("{seat} offers 1 tile across", example="East offers 1 tile across", help="as offers 1 tiles")
def when_offers_one(world: World, seat: str) -> Verdict:
    return _judge(world, act.OfferCourtesy(seat_number(seat), 1))


def _announcer(world: World, seat: str) -> None:
    _card(world)
    _whole(world, seat)


@when(
    "{seat} announces Mah Jongg",
    example="North announces Mah Jongg",
    help="a whole-hand seat says Mah Jongg on its own turn and exposes nothing yet",
)
def when_announces(world: World, seat: str) -> Verdict:
    _announcer(world, seat)
    return _judge(world, act.AnnounceMahJongg(seat_number(seat)))


@when(
    "{seat} announces Mah Jongg on the discard",
    example="North announces Mah Jongg on the discard",
    help="a whole-hand seat calls the latest discard for Mah Jongg and exposes nothing yet",
)
def when_announces_on_discard(world: World, seat: str) -> Verdict:
    _announcer(world, seat)
    return _judge(world, act.AnnounceMahJongg(seat_number(seat), on_discard=True))


@when(
    "{seat} exposes the hand",
    example="North exposes the hand",
    help="the announcer lays every tile face up; judged by the card",
)
def when_exposes_hand(world: World, seat: str) -> Verdict:
    return _judge(world, act.ExposeHand(seat_number(seat)))


@when(
    "{seat} withdraws the Mah Jongg",
    example="North withdraws the Mah Jongg",
    help="take back an announced Mah Jongg before anything is exposed",
)
def when_withdraws_mah_jongg(world: World, seat: str) -> Verdict:
    return _judge(world, act.WithdrawMahJongg(seat_number(seat)))


@when(
    "{seat} throws in the hand",
    example="East throws in the hand",
    help="another seat exposes or mixes its tiles while a Mah Jongg is announced",
)
def when_throws_in(world: World, seat: str) -> Verdict:
    return _judge(world, act.ThrowInHand(seat_number(seat)))


@when("{seat} lifts a tile", example="South lifts a tile", help="take the next wall tile in hand")
def when_lifts(world: World, seat: str) -> Verdict:
    return _judge(world, act.LiftTile(seat_number(seat)))


@when("{seat} lifts {tile}", example="South lifts 7D", help="lift a named tile from the wall")
def when_lifts_tile(world: World, seat: str, tile: Tile) -> Verdict:
    return _judge(world, act.LiftTile(seat_number(seat), tile))


@when(
    "{seat} racks the lifted tile",
    example="South racks the lifted tile",
    help="complete the pick of the lifted tile",
)
def when_racks_lifted(world: World, seat: str) -> Verdict:
    return _judge(world, act.RackLiftedTile(seat_number(seat)))


@when(
    "nobody calls the discard",
    example="nobody calls the discard",
    help="the latest discard's call window closes; after the last tile, a wall game",
)
def when_nobody_calls(world: World) -> Verdict:
    return _judge(world, act.NobodyCalls())


# --- Then --------------------------------------------------------------------------------


@then(
    '{seat}\'s hand matches line "{line}"',
    example='North\'s hand matches line "L1"',
    help="the seat's hand matches that line of the card in force",
)
def then_matches(world: World, seat: str, line_id: str) -> None:
    _nmjl(world)
    line = _line(world, line_id)
    if not nmjl.matches(world.table, seat_number(seat), line):
        raise StepFailed(f"Expected {seat}'s hand to match line {line.id}, but it does not.")


@then(
    '{seat}\'s hand does not match line "{line}"',
    example='North\'s hand does not match line "L1"',
    help="the seat's hand does not match that line",
)
def then_does_not_match(world: World, seat: str, line_id: str) -> None:
    _nmjl(world)
    line = _line(world, line_id)
    if nmjl.matches(world.table, seat_number(seat), line):
        raise StepFailed(f"Expected {seat}'s hand not to match line {line.id}, but it does.")


@then(
    "{seat}'s hand fits no line of the card",
    example="North's hand fits no line of the card",
    help="the seat's hand matches no line (a hand of other than 14 tiles matches none)",
)
def then_fits_no_line(world: World, seat: str) -> None:
    _nmjl(world)
    _card(world)
    winning = nmjl.winning_line(world.table, seat_number(seat))
    if winning is not None:
        raise StepFailed(f"Expected {seat}'s hand to fit no line, but it matches {winning[0]}.")


def _needs(world: World, seat: str, n: int, line_id: str) -> None:
    line = _line(world, line_id)
    needed = nmjl.tiles_needed(world.table, seat_number(seat), line)
    if needed is None:
        raise StepFailed(f"{seat} cannot make line {line.id}: its exposures do not fit it.")
    if needed != n:
        raise StepFailed(f"Expected {seat} to need {n} tiles for {line.id}, but it needs {needed}.")


@then(
    '{seat} needs {n} tiles for line "{line}"',
    example='North needs 2 tiles for line "Y1"',
    help="the seat needs exactly n tiles for that line",
)
def then_needs(world: World, seat: str, n: int, line_id: str) -> None:
    _nmjl(world)
    _needs(world, seat, n, line_id)


@then(
    '{seat} needs 1 tile for line "{line}"',
    example='North needs 1 tile for line "L1"',
    help="as needs 1 tiles",
)
def then_needs_one(world: World, seat: str, line_id: str) -> None:
    _nmjl(world)
    _needs(world, seat, 1, line_id)


@then(
    '{seat} cannot make line "{line}"',
    example='West cannot make line "Y1"',
    help="no instance of the line takes the seat's exposures",
)
def then_cannot_make(world: World, seat: str, line_id: str) -> None:
    _nmjl(world)
    line = _line(world, line_id)
    if not nmjl.cannot_make(world.table, seat_number(seat), line):
        raise StepFailed(f"Expected {seat} to be unable to make {line.id}, but it can.")


@then(
    '{seat}\'s exposures fit line "{line}"',
    example='West\'s exposures fit line "L1"',
    help="that line takes all the seat's exposures as whole, distinct groups",
)
def then_exposures_fit(world: World, seat: str, line_id: str) -> None:
    _nmjl(world)
    line = _line(world, line_id)
    if not nmjl.exposures_fit(world.table, seat_number(seat), line):
        raise StepFailed(f"Expected {seat}'s exposures to fit {line.id}, but they do not.")


@then(
    "{seat}'s exposures fit no line of the card",
    example="West's exposures fit no line of the card",
    help="no line of the card takes the seat's exposures (it has at least one)",
)
def then_exposures_fit_no_line(world: World, seat: str) -> None:
    _nmjl(world)
    card = _card(world)
    if not world.table.hand(seat).exposures:
        raise StepFailed(f"{seat} has exposed nothing.")
    if not nmjl.exposures_fit_no_line(world.table, seat_number(seat)):
        fits = [
            line.id
            for line in card.lines
            if nmjl.exposures_fit(world.table, seat_number(seat), line)
        ]
        raise StepFailed(f"Expected {seat}'s exposures to fit no line, but they fit {fits[0]}.")


def _ruling(world: World) -> MahJonggRuling:
    ruling = world.table.mah_jongg
    if ruling is None:
        raise StepFailed("No Mah Jongg has been judged by the card.")
    return ruling


@then("the Mah Jongg is valid", example="the Mah Jongg is valid", help="it matched a line")
def then_valid(world: World) -> None:
    _nmjl(world)
    if not _ruling(world).valid:
        raise StepFailed("Expected the Mah Jongg to be valid, but it was in error.")


@then("the Mah Jongg is in error", example="the Mah Jongg is in error", help="it matched none")
def then_in_error(world: World) -> None:
    _nmjl(world)
    if _ruling(world).valid:
        raise StepFailed(f"Expected a Mah Jongg in error, but it matched {_ruling(world).line}.")


@then(
    'the winning line is "{line}"',
    example='the winning line is "L1"',
    help="the hand is over and the winning hand's line (highest value, then earliest) is this",
)
def then_winning_line(world: World, line_id: str) -> None:
    _nmjl(world)
    ruling = world.table.mah_jongg
    if not world.table.over or ruling is None or not ruling.valid:
        raise StepFailed(f"Expected the winning line {line_id}, but nobody has won by the card.")
    if ruling.line != line_id:
        raise StepFailed(f"Expected the winning line {line_id}, but it is {ruling.line}.")


@then(
    "the Mah Jongg is worth {n}",
    example="the Mah Jongg is worth 25",
    help="the winning line's value (no doubling)",
)
def then_worth(world: World, n: int) -> None:
    _nmjl(world)
    ruling = _ruling(world)
    if not ruling.valid or ruling.value != n:
        found = f"worth {ruling.value}" if ruling.valid else "in error"
        raise StepFailed(f"Expected the Mah Jongg to be worth {n}, but it is {found}.")


def _winner(table: Table) -> str:
    """The seat that won a hand that is over (a hand is over when it has a winner)."""
    assert table.winner is not None, "a hand over has a winner"
    return SEATS[table.winner]


def _ended(world: World) -> str | None:
    """Why play has stopped without a winner, or None."""
    table = world.table
    if table.ended:
        return table.ended
    if tiles_are_thrown_in(table):
        return nmjl.VOID
    return None


@then(
    "the hand is not over",
    example="the hand is not over",
    help="play goes on: nobody has won, the hand has not ended, the deal is not void",
)
def then_not_over(world: World) -> None:
    _nmjl(world)
    if world.table.over:
        raise StepFailed(f"Expected play to go on, but {_winner(world.table)} has won.")
    ended = _ended(world)
    if ended:
        raise StepFailed(f"Expected play to go on, but the hand ended: {ended}.")


@then(
    "the hand ends without a winner",
    example="the hand ends without a winner",
    help="play has stopped and nobody won: a wall game, a Mah Jongg in error after another "
    "hand was thrown in, or a void deal",
)
def then_no_winner(world: World) -> None:
    _nmjl(world)
    if world.table.over:
        raise StepFailed(f"Expected no winner, but {_winner(world.table)} has won.")
    if not _ended(world):
        raise StepFailed("Expected the hand to end without a winner, but play goes on.")


@then(
    "the hand is a wall game",
    example="the hand is a wall game",
    help="the wall was exhausted and nobody called the last discard",
)
def then_wall_game(world: World) -> None:
    _nmjl(world)
    if world.table.ended != nmjl.WALL_GAME:
        raise StepFailed(
            f"Expected a wall game, but {_ended(world) or 'play goes on'}"
            + (f" ({_winner(world.table)} won)" if world.table.over else "")
            + "."
        )


def _settled(world: World) -> set[tuple[int, int]]:
    if not world.table.over and not _ended(world):
        raise StepFailed("The hand has not ended: nobody pays yet.")
    return set(world.table.payments)


@then("{seat} pays {seat}", example="East pays North", help="the settlement has this payment")
def then_pays(world: World, payer: str, payee: str) -> None:
    _nmjl(world)
    if (seat_number(payer), seat_number(payee)) not in _settled(world):
        raise StepFailed(f"Expected {payer} to pay {payee}, but {payer} does not.")


@then(
    "{seat} does not pay {seat}",
    example="East does not pay North",
    help="the settlement has no payment from the first seat to the second",
)
def then_does_not_pay(world: World, payer: str, payee: str) -> None:
    _nmjl(world)
    if (seat_number(payer), seat_number(payee)) in _settled(world):
        raise StepFailed(f"Expected {payer} not to pay {payee}, but {payer} does.")


@then(
    "nobody pays",
    example="nobody pays",
    help="nobody pays anybody: the hand has not ended, or a wall game or a void deal",
)
def then_nobody_pays(world: World) -> None:
    _nmjl(world)
    payments = world.table.payments
    if payments:
        payer, payee = payments[0]
        raise StepFailed(f"Expected nobody to pay, but {SEATS[payer]} pays {SEATS[payee]}.")


@then(
    "{seat} does not hold {tiles}",
    example="North does not hold 7D 7D",
    help="not all of these tiles are among the seat's concealed tiles",
)
def then_does_not_hold(world: World, seat: str, tiles: list[Tile]) -> None:
    _nmjl(world)
    if take(world.table.hand(seat).concealed, tiles) is not None:
        raise StepFailed(f"Expected {seat} not to hold {tile_list(tiles)}, but {seat} does.")


@then(
    "the next pass is the {pass}",
    example="the next pass is the first left",
    help="it is the Charleston and that pass is the current one",
)
def then_next_pass(world: World, name: str) -> None:
    _nmjl(world)
    current = nmjl.next_pass(world.table)
    if current != name:
        found = f"it is the {current}" if current else "it is not the Charleston"
        raise StepFailed(f"Expected the next pass to be the {name}, but {found}.")


@then(
    "the Charleston passes are done",
    example="the Charleston passes are done",
    help="the passes are spelled out and done, so East's first discard is allowed",
)
def then_passes_done(world: World) -> None:
    _nmjl(world)
    table = world.table
    if table.charleston is None:
        raise StepFailed("The Charleston's passes are not spelled out in this scenario.")
    if not nmjl.passes_done(table):
        raise StepFailed(
            f"Expected the passes to be done, but the next is the {table.charleston.name}."
        )


def _wall_left(world: World, n: int) -> None:
    _nmjl(world)
    left = world.table.wall
    if left is None:
        raise StepFailed("The wall is not counted: set it with Given … tiles are left in the wall.")
    if left != n:
        raise StepFailed(f"Expected {n} tiles left in the wall, but {left} are.")


@then(
    "{n} tiles are left in the wall",
    example="9 tiles are left in the wall",
    help="the wall is counted and holds n tiles (a lifted tile is not in the wall)",
)
def then_wall(world: World, n: int) -> None:
    _nmjl(world)
    _wall_left(world, n)


@then("1 tile is left in the wall", example="1 tile is left in the wall", help="as 1 tiles …")
def then_wall_one(world: World) -> None:
    _nmjl(world)
    _wall_left(world, 1)
