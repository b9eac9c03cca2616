"""The Charleston, spelled out: its passes, blind passes, the stop and the courtesy pass.

Article ``nmjl-charleston`` (rules-reference 13, 15–23, 25). A scenario that never passes
leaves the Charleston unspelled: East's first discard ends it as in part one. Once a pass,
a stop or an offer is written, ``Table.charleston`` holds a ``Passes`` and East's first
discard waits until the passes are done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeGuard

from ..rulebook import AnyRule, Refused, allow, require, rule
from ..table import (
    SEATS,
    CharlestonPass,
    CharlestonPasses,
    Hand,
    Phase,
    Table,
    sort_tiles,
    take,
)
from ..tiles import Tile, tile_list
from ..verdicts import Verdict

COURTESY: Final = "courtesy-pass"

# The passes in order [15, 16]; the first three are the first Charleston, the next three
# the second; the courtesy pass goes across [18].
PASSES: Final = (
    "first right",
    "first across",
    "first left",
    "second left",
    "second across",
    "second right",
    "courtesy",
)
SECOND_LEFT: Final = 3
COURTESY_PASS: Final = 6
DIRECTION: Final = {
    "first right": "to the right",
    "first across": "across",
    "first left": "to the left",
    "second left": "to the left",
    "second across": "across",
    "second right": "to the right",
    "courtesy": "across",
}
STEP: Final = {"to the right": 1, "across": 2, "to the left": 3}  # seats onward in turn order
BLIND_PASSES: Final = ("first left", "second right")  # [20]
PAIRS: Final = ((0, 2), (1, 3))  # East–West, South–North: the courtesy pass is between partners


@dataclass(frozen=True, slots=True)
class Passed:
    """What one seat passed in the current pass: its own tiles, and how many blind."""

    tiles: tuple[Tile | None, ...]
    blind: int = 0


@dataclass(frozen=True, slots=True)
class Passes:
    """Where the spelled-out Charleston stands."""

    current: int = 0  # index in PASSES
    passed: tuple[Passed | None, ...] = (None, None, None, None)
    stopped: bool = False
    offers: tuple[int | None, ...] = (None, None, None, None)
    exchanged: tuple[bool, bool] = (False, False)  # per across pair, in the courtesy pass

    @property
    def name(self) -> str:
        return PASSES[self.current]

    @property
    def courtesy(self) -> bool:
        return self.current == COURTESY_PASS

    def agreed(self, seat: int) -> int | None:
        """The number the seat's pair exchanges in the courtesy pass, once both offered."""
        one, other = (self.offers[s] for s in PAIRS[pair_of(seat)])
        return None if one is None or other is None else min(one, other)


def pair_of(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % 4


def passes_done(table: Table) -> bool:
    """The first Charleston made, the second made or stopped, no courtesy exchange pending."""
    passes = table.charleston
    if passes is None:
        return True
    if not passes.courtesy:
        return False
    return all(
        passes.exchanged[pair] or passes.agreed(PAIRS[pair][0]) in (None, 0) for pair in (0, 1)
    )


# --- the rules ---------------------------------------------------------------------------


@rule("nmjl-charleston")
def passes_are_made_in_the_charleston(table: Table) -> str | None:
    """The Charleston's passes come before East's first discard; after it nobody passes."""
    if table.first_discard_made or table.phase is not Phase.CHARLESTON:
        if not table.first_discard_made:
            return (
                "Nobody said it is the Charleston: the passes are taken as made, and East "
                "is to make the first discard."
            )
        return "East has made the first discard: the Charleston is over."
    return None


@rule("nmjl-charleston")
def no_jokers_are_passed(tiles: Sequence[Tile | None]) -> str | None:
    """Jokers may never be passed, in any pass, the courtesy pass included."""
    if any(tile is not None and tile.is_joker for tile in tiles):
        return "A Joker may not be passed in the Charleston."
    return None


@rule("nmjl-charleston")
def each_pass_goes_its_own_way(passes: CharlestonPasses, direction: str) -> str | None:
    """First right, first across, first left; second left, second across, second right;
    the courtesy pass goes across."""
    wanted = DIRECTION[passes.name]
    if direction != wanted:
        return f"The next pass is the {passes.name}, which goes {wanted}, not {direction}."
    return None


@rule("nmjl-charleston")
def each_seat_passes_once_in_a_pass(passes: CharlestonPasses, seat: int) -> str | None:
    """Every seat makes each pass once; the tiles move when all have passed."""
    if passes.passed[seat] is not None:
        return f"{SEATS[seat]} has already passed in the {passes.name} pass."
    return None


@rule("nmjl-charleston")
def three_tiles_in_each_charleston_pass(passes: CharlestonPasses, count: int) -> str | None:
    """Each pass of the first and second Charleston is exactly three tiles."""
    if not passes.courtesy and count != 3:
        return f"Each pass of the Charleston is three tiles, not {count}."
    return None


@rule("nmjl-charleston")
def courtesy_pass_of_the_agreed_number(
    passes: CharlestonPasses, seat: int, count: int
) -> str | None:
    """In the courtesy pass partners across exchange the number they agreed, up to three."""
    if not passes.courtesy:
        return None
    agreed = passes.agreed(seat)
    if agreed is None:
        return (
            f"{SEATS[seat]} and {SEATS[partner(seat)]} have not both offered a number for "
            "the courtesy pass yet."
        )
    if count != agreed:
        return f"{SEATS[seat]} and {SEATS[partner(seat)]} agreed on {agreed}, not {count}."
    return None


@rule("nmjl-charleston")
def blind_pass_only_in_the_first_left_and_second_right(
    passes: CharlestonPasses, blind: int
) -> str | None:
    """Tiles may be passed on unseen only in the last pass of each Charleston."""
    if blind and passes.name not in BLIND_PASSES:
        return (
            f"A blind pass is made only in the first left and second right, not the {passes.name}."
        )
    if blind > 3:
        return "At most three tiles are passed blind."
    return None


@rule("nmjl-charleston")
def blind_tiles_need_a_source(passes: CharlestonPasses, seat: int, blind: int) -> str | None:
    """Blind tiles are tiles passed to the seat; if all four pass three blind there are none."""
    others = [p for s, p in enumerate(passes.passed) if s != seat and p is not None]
    if blind == 3 and len(others) == 3 and all(p.blind == 3 for p in others):
        return "All four seats cannot pass three tiles blind: the tiles would come from nowhere."
    return None


@rule("nmjl-charleston")
def passed_tiles_come_from_the_hand(
    hand: Hand, seat: int, tiles: Sequence[Tile | None]
) -> str | None:
    """A seat passes tiles from its own hand."""
    named = [tile for tile in tiles if tile is not None]
    unnamed = len(tiles) - len(named)
    if hand.whole:
        if unnamed > hand.unnamed or take(hand.concealed, named) is None:
            return f"{SEATS[seat]} does not hold {tile_list(named) or 'those tiles'} to pass."
        return None
    remaining, missing = list(hand.concealed), 0
    for tile in named:
        if tile in remaining:
            remaining.remove(tile)
        else:
            missing += 1  # an unnamed tile is taken to be it, as for a discard
    if unnamed + missing > hand.unnamed:
        return f"{SEATS[seat]} has too few tiles to pass {len(tiles)}."
    return None


@rule("nmjl-charleston")
def charleston_stops_only_before_the_second_left(passes: CharlestonPasses) -> str | None:
    """Any player may stop the Charleston after the first; once begun, the second is finished."""
    if passes.current < SECOND_LEFT:
        return f"The first Charleston is compulsory: the next pass is the {passes.name}."
    if passes.current > SECOND_LEFT or any(p is not None for p in passes.passed):
        return "The second Charleston has begun, and once begun it must be finished."
    return None


@rule("nmjl-charleston")
def courtesy_offer_is_up_to_three_once(
    passes: CharlestonPasses, seat: int, count: int
) -> str | None:
    """In the courtesy pass partners across each offer 0 to 3 tiles; the smaller number counts."""
    if not passes.courtesy:
        return f"The next pass is the {passes.name}: offers are made only for the courtesy pass."
    if count > 3:
        return f"The courtesy pass is at most three tiles, not {count}."
    if passes.offers[seat] is not None:
        return f"{SEATS[seat]} has already offered {passes.offers[seat]}."
    return None


@rule("nmjl-charleston")
def courtesy_pass_unless_the_house_rule_is_off(table: Table) -> str | None:
    """The optional courtesy pass across (house rule "courtesy-pass", on by default)."""
    if not table.option(COURTESY):
        return f'Under the house rule "{COURTESY}" off there is no courtesy pass.'
    return None


@rule("nmjl-charleston")
def east_discards_once_the_passes_are_done(table: Table) -> str | None:
    """East's first discard begins play once the Charleston's passes are done."""
    passes = table.charleston
    if passes is not None and not table.first_discard_made and not passes_done(table):
        return (
            f"The Charleston is not done: the next pass is the {passes.name}, and East "
            "discards only when the passes are done."
        )
    return None


@rule("nmjl-charleston")
def other_seats_pass_unnamed_tiles(table: Table, seat: int, count: int) -> str | None:
    """The seats not written out pass tiles the scenario does not name."""
    hand = table.hands[seat]
    if hand.unnamed < count:
        return (
            f"{SEATS[seat]} has only {hand.unnamed} unnamed tiles, too few to pass {count}: "
            "write its pass out."
        )
    return None


# --- judging -----------------------------------------------------------------------------


def spelled_out(table: Table) -> Table:
    """The table once the scenario spells the Charleston out (a pass, a stop or an offer)."""
    if table.charleston is None and table.phase is Phase.CHARLESTON:
        return replace(table, charleston=Passes())
    return table


def _current(table: Table) -> CharlestonPasses:
    require(passes_are_made_in_the_charleston, table)
    return _spelled(table)  # spelled out in the Charleston (hands.judge), as required


def _spelled(table: Table) -> CharlestonPasses:
    """The passes of a table whose Charleston is spelled out."""
    passes = table.charleston
    assert passes is not None
    return passes


def _all_passed(
    passed: tuple[CharlestonPass | None, ...],
) -> TypeGuard[tuple[CharlestonPass, ...]]:
    return None not in passed


def pass_tiles(
    table: Table, seat: int, tiles: tuple[Tile | None, ...], direction: str, blind: int
) -> tuple[Verdict, Table]:
    require(no_jokers_are_passed, tiles)
    passes = _current(table)
    require(each_pass_goes_its_own_way, passes, direction)
    require(each_seat_passes_once_in_a_pass, passes, seat)
    if passes.courtesy:
        require(courtesy_pass_unless_the_house_rule_is_off, table)
    require(blind_pass_only_in_the_first_left_and_second_right, passes, blind)
    require(three_tiles_in_each_charleston_pass, passes, len(tiles) + blind)
    require(courtesy_pass_of_the_agreed_number, passes, seat, len(tiles) + blind)
    require(blind_tiles_need_a_source, passes, seat, blind)
    hand = table.hands[seat]
    require(passed_tiles_come_from_the_hand, hand, seat, tiles)
    table = _set_aside(table, seat, tiles, blind)
    table.check_copies()  # an unnamed tile taken to be a named one may not be a fifth copy
    shown = tile_list([t for t in tiles if t is not None]) or f"{len(tiles)} tiles"
    if not tiles:  # wholly blind
        shown = f"{blind} tiles blind"
    elif blind:
        shown = f"{shown} and {blind} blind"
    moved = _move_if_complete(table)
    after = "the tiles move" if moved is not table else "the others have still to pass"
    return allow(
        three_tiles_in_each_charleston_pass
        if not passes.courtesy
        else courtesy_pass_of_the_agreed_number,
        f"{SEATS[seat]} passes {shown} {direction} in the {passes.name} pass; {after}.",
    ), moved


def _set_aside(table: Table, seat: int, tiles: tuple[Tile | None, ...], blind: int) -> Table:
    """The seat's own tiles leave its hand and are in motion (they still count for it)."""
    hand = table.hands[seat]
    named = [t for t in tiles if t is not None]
    concealed = list(hand.concealed)
    unnamed = hand.unnamed - (len(tiles) - len(named))
    for tile in named:
        if tile in concealed:
            concealed.remove(tile)
        else:
            unnamed -= 1  # an unnamed tile taken to be it, as for a discard
    hand = replace(hand, concealed=tuple(concealed), unnamed=unnamed, in_motion=tuple(tiles))
    passes = _spelled(table)
    passed = list(passes.passed)
    passed[seat] = Passed(tuple(tiles), blind)
    table = table.with_hand(seat, hand)
    return replace(table, charleston=replace(passes, passed=tuple(passed)))


def _move_if_complete(table: Table) -> Table:
    passes = _spelled(table)
    if passes.courtesy:
        for pair, (a, b) in enumerate(PAIRS):
            both = passes.passed[a] is not None and passes.passed[b] is not None
            if both and not passes.exchanged[pair]:
                table = _exchange(table, (a, b))
                passes = _spelled(table)
                exchanged = list(passes.exchanged)
                exchanged[pair] = True
                table = replace(table, charleston=replace(passes, exchanged=tuple(exchanged)))
        return table
    passed = passes.passed
    if not _all_passed(passed):
        return table
    direction = DIRECTION[passes.name]
    step = STEP[direction]

    def tile_at(receiver: int, index: int) -> Tile | None:
        sender = (receiver - step) % 4
        own = passed[sender].tiles
        if index < len(own):
            return own[index]
        return tile_at(sender, index - len(own))

    received: dict[int, list[Tile | None]] = {}
    for seat in range(4):
        blind = passed[seat].blind
        incoming = [tile_at(seat, i) for i in range(3)]
        received[seat] = incoming[blind:]  # the first `blind` go on unseen
    for seat in range(4):
        table = table.with_hand(seat, _receive(table.hands[seat], received[seat]))
    return replace(table, charleston=Passes(current=passes.current + 1))


def _exchange(table: Table, pair: tuple[int, int]) -> Table:
    a, b = pair
    passes = _spelled(table)
    for giver in (a, b):
        hand = replace(table.hands[giver], in_motion=())
        table = table.with_hand(giver, hand)
    for giver, taker in ((a, b), (b, a)):
        passed = passes.passed[giver]
        assert passed is not None  # both partners have passed
        table = table.with_hand(taker, _receive(table.hands[taker], passed.tiles))
    return table


def _receive(hand: Hand, tiles: Sequence[Tile | None]) -> Hand:
    named = [t for t in tiles if t is not None]
    return replace(
        hand,
        concealed=sort_tiles(hand.concealed + tuple(named)),
        unnamed=hand.unnamed + len(tiles) - len(named),
        in_motion=(),
    )


def other_seats_pass(table: Table) -> tuple[Verdict, Table]:
    passes = _current(table)
    waiting = [seat for seat in range(4) if passes.passed[seat] is None]
    if not waiting:
        raise Refused(
            each_seat_passes_once_in_a_pass,
            f"Every seat has already passed in the {passes.name} pass.",
        )
    for seat in waiting:
        count = (passes.agreed(seat) or 0) if passes.courtesy else 3
        require(other_seats_pass_unnamed_tiles, table, seat, count)
    for seat in waiting:
        count = (passes.agreed(seat) or 0) if passes.courtesy else 3
        table = _set_aside(table, seat, (None,) * count, 0)
    names = ", ".join(SEATS[s] for s in waiting)
    return allow(
        each_seat_passes_once_in_a_pass,
        f"{names} pass{'es' if len(waiting) == 1 else ''} in the {passes.name} pass.",
    ), _move_if_complete(table)


def stop(table: Table, seat: int) -> tuple[Verdict, Table]:
    passes = _current(table)
    require(charleston_stops_only_before_the_second_left, passes)
    return allow(
        charleston_stops_only_before_the_second_left,
        f"{SEATS[seat]} stops the Charleston after the first; next is the courtesy pass.",
    ), replace(table, charleston=replace(passes, current=COURTESY_PASS, stopped=True))


def offer(table: Table, seat: int, count: int) -> tuple[Verdict, Table]:
    passes = _current(table)
    require(courtesy_pass_unless_the_house_rule_is_off, table)
    require(courtesy_offer_is_up_to_three_once, passes, seat, count)
    offers = list(passes.offers)
    offers[seat] = count
    passes = replace(passes, offers=tuple(offers))
    agreed = passes.agreed(seat)
    settled = f"; with {SEATS[partner(seat)]} they exchange {agreed}" if agreed is not None else ""
    return allow(
        courtesy_offer_is_up_to_three_once,
        f"{SEATS[seat]} offers {count} across for the courtesy pass{settled}.",
    ), replace(table, charleston=passes)


def next_pass(table: Table) -> str | None:
    """The current pass, when it is the Charleston; None when it is not."""
    if table.phase is not Phase.CHARLESTON or table.first_discard_made:
        return None
    return table.charleston.name if table.charleston is not None else PASSES[0]


# This module's rules, in the order they are written: the rule set lists them (RULE_SETS).
RULES: Final[tuple[AnyRule, ...]] = (
    passes_are_made_in_the_charleston,
    no_jokers_are_passed,
    each_pass_goes_its_own_way,
    each_seat_passes_once_in_a_pass,
    three_tiles_in_each_charleston_pass,
    courtesy_pass_of_the_agreed_number,
    blind_pass_only_in_the_first_left_and_second_right,
    blind_tiles_need_a_source,
    passed_tiles_come_from_the_hand,
    charleston_stops_only_before_the_second_left,
    courtesy_offer_is_up_to_three_once,
    courtesy_pass_unless_the_house_rule_is_off,
    east_discards_once_the_passes_are_done,
    other_seats_pass_unnamed_tiles,
)
