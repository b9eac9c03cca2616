"""The table: four seats, their hands and exposures, the discards, the phase and the turn.

Plain frozen data. Nothing here judges anything: the rules (``nmjl/``, ``matjok/``)
read a table and build the next one with ``dataclasses.replace`` and the helpers below.

A hand's concealed tiles are *named* tiles (a tuple of Tile) plus a number of *unnamed*
tiles: tiles a scenario never names, which form no group and stand for nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field, dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar, Final, Protocol

from .options import effective_options
from .tiles import Tile, copies_in_set, tile_list

SEATS: Final = ("East", "South", "West", "North")  # turn order: play passes to the right


def seat_index(seat: str | int) -> int:
    """A seat's place in turn order (East 0 … North 3), from its name or its index."""
    if isinstance(seat, int):
        return seat
    return SEATS.index(seat)


class Phase(StrEnum):
    CHARLESTON = "the Charleston"
    PLAY = "pick and discard"
    OVER = "the hand is over"


class ImpossibleTable(ValueError):
    """A situation no real table can reach: a fifth copy of a tile, a negative count."""


@dataclass(frozen=True, slots=True)
class Exposure:
    """Tiles face up on a rack: a group (pung, kong, quint, sextet) or a Matjok straight.

    `stands_for` is the natural tile every joker in a group stands for; `called` is the
    tile that was called to make it. `locked_by` says what ended the window for changing it
    (``None`` while it can still change this turn).
    """

    tiles: tuple[Tile, ...]
    stands_for: Tile | None
    called: Tile | None = None
    locked_by: str | None = "an earlier turn"

    @property
    def locked(self) -> bool:
        return self.locked_by is not None

    @property
    def jokers(self) -> int:
        return sum(1 for tile in self.tiles if tile.is_joker)

    def __str__(self) -> str:
        return tile_list(self.tiles)


@dataclass(frozen=True, slots=True)
class Mistake:
    """A mistake that makes a hand liable to be declared dead: the rule it broke and why."""

    rule: str
    article: str
    reason: str


@dataclass(frozen=True, slots=True)
class Hand:
    """One seat's tiles and what the scenario says about the hand it is playing."""

    concealed: tuple[Tile, ...] = ()
    unnamed: int = 13
    exposures: tuple[Exposure, ...] = ()
    dead: bool = False
    mistake: Mistake | None = None  # makes the hand liable to be declared dead
    concealed_hand: bool = False  # playing a C hand on the card
    winning_tile: Tile | None = None  # the hand is complete with this tile
    exposures_fit_no_hand: bool = False
    whole: bool = False  # the scenario gave the whole hand: judged by the card
    thrown_in: bool = False  # exposed or mixed while another seat's Mah Jongg was announced
    in_motion: tuple[Tile | None, ...] = ()  # passed in the Charleston, not yet moved

    @property
    def count(self) -> int:
        """Tiles in and on the rack (tiles passed but not yet moved still count: seed 004)."""
        exposed = sum(len(e.tiles) for e in self.exposures)
        return len(self.concealed) + self.unnamed + exposed + len(self.in_motion)

    def holds(self, tile: Tile, copies: int = 1) -> bool:
        return self.concealed.count(tile) >= copies

    def open_exposure(self) -> int | None:
        """The index of the exposure made this turn that can still change, if any."""
        for index, exposure in enumerate(self.exposures):
            if not exposure.locked:
                return index
        return None


@dataclass(frozen=True, slots=True)
class Discard:
    """A discard on the table. `tile` is the real tile, `named` what it was called aloud.

    Either may be None for an unnamed tile (a discard the scenario never names).
    """

    tile: Tile | None
    named: Tile | None
    seat: int

    @property
    def misnamed(self) -> bool:
        return self.tile != self.named

    def __str__(self) -> str:
        if self.named is None:
            return "an unnamed tile"
        if self.misnamed:
            return f"{self.tile} named {self.named}"
        return str(self.named)


@dataclass(frozen=True, slots=True)
class PendingCall:
    """A call on a discard that stands: until the caller discards, or it is withdrawn."""

    seat: int
    discard: Discard
    mah_jongg: bool = False
    touched: bool = False
    racked: bool = False
    exposed: bool = False
    hand_before: Hand | None = None  # the caller's hand before the call, to undo it
    claim: str = "exposure"

    def committed(self, touched_is_taken: bool) -> bool:
        return self.racked or self.exposed or (touched_is_taken and self.touched)


# --- what a table holds for NMJL's part two -------------------------------------------------
# The table is shared by the rule sets, and may not import one (the import contracts keep
# NMJL and Matjok apart and the engine's modules free of loops). So each NMJL value it holds
# is typed here by what it has: NMJL's classes (nmjl: Lift, Passed, Passes, Announcement,
# CardRuling) fit these protocols, and mypy checks that wherever one is put on a table.


class LiftedTile(Protocol):
    """A tile taken in hand from the wall and not yet racked: NMJL's ``Lift``."""

    @property
    def seat(self) -> int: ...
    @property
    def tile(self) -> Tile | None: ...  # None: an unnamed tile


class CharlestonPass(Protocol):
    """What one seat passed in the current pass: NMJL's ``Passed``."""

    @property
    def tiles(self) -> tuple[Tile | None, ...]: ...
    @property
    def blind(self) -> int: ...


class CharlestonPasses(Protocol):
    """Where the spelled-out Charleston stands: NMJL's ``Passes`` (a dataclass, changed
    with ``dataclasses.replace``)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def current(self) -> int: ...
    @property
    def passed(self) -> tuple[CharlestonPass | None, ...]: ...
    @property
    def stopped(self) -> bool: ...
    @property
    def offers(self) -> tuple[int | None, ...]: ...
    @property
    def exchanged(self) -> tuple[bool, bool]: ...
    @property
    def name(self) -> str: ...
    @property
    def courtesy(self) -> bool: ...
    def agreed(self, seat: int) -> int | None: ...


class MahJonggSaid(Protocol):
    """A Mah Jongg said aloud and not yet shown: NMJL's ``Announcement`` (a dataclass)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def seat(self) -> int: ...
    @property
    def before(self) -> Table: ...
    @property
    def discard(self) -> Discard | None: ...
    @property
    def racked(self) -> bool: ...


class MahJonggRuling(Protocol):
    """The latest Mah Jongg judged by the card: NMJL's ``CardRuling``."""

    @property
    def seat(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def line(self) -> str | None: ...
    @property
    def value(self) -> int | None: ...


class CardInForce(Protocol):
    """The card in force, NMJL's ``Card`` (``nmjl.cards``), by what the table reads of it:
    its name. NMJL reads it back as its Card (``nmjl.card_in_force``)."""

    @property
    def name(self) -> str: ...


# Looks a card up by its name (None: no such card), for a table written in notation.
CardLookup = Callable[[str], CardInForce | None]


def _default_hands() -> tuple[Hand, ...]:
    # East is about to make the first discard: 14 tiles; everyone else 13.
    return (Hand(unnamed=14), Hand(), Hand(), Hand())


def _options_on(options: Mapping[str, bool] | None) -> frozenset[str]:
    return frozenset(name for name, on in effective_options(options).items() if on)


@dataclass(frozen=True, slots=True)
class Table:
    """Everything the rules need to judge the next action.

    `turn` is the seat that acts next; `must` says what it must do: "discard" (it has
    drawn or called), "draw", or "expose" (it called and has not yet exposed).
    """

    ruleset: str = "nmjl"
    options: frozenset[str] = field(default_factory=lambda: _options_on(None))
    phase: Phase = Phase.PLAY
    first_discard_made: bool = False
    hands: tuple[Hand, ...] = field(default_factory=_default_hands)
    discards: tuple[Discard, ...] = ()
    window_open: bool = False
    turn: int = 0
    must: str = "discard"
    pending: PendingCall | None = None
    taken_by: int | None = None  # the seat that got the latest called discard
    winner: int | None = None
    # Part two of the scenario language (nmjl/: hands, charleston, wall, mahjong):
    card: CardInForce | None = None  # the card in force (nmjl.cards.Card), or None
    wall: int | None = None  # tiles left in the wall; None: not counted, never runs out
    lifted: LiftedTile | None = None  # wall.Lift: a tile lifted and not yet racked
    charleston: CharlestonPasses | None = None  # charleston.Passes, once spelled out
    announced: MahJonggSaid | None = None  # mahjong.Announcement standing
    ended: str | None = None  # why the hand ended without a winner
    payments: tuple[tuple[int, int], ...] = ()  # (payer, payee) once the hand has ended
    mah_jongg: MahJonggRuling | None = None  # mahjong.CardRuling: the latest judged by the card

    @classmethod
    def new(cls, ruleset: str = "nmjl", options: Mapping[str, bool] | None = None) -> Table:
        """The table before a scenario's first step: East about to make the first discard."""
        return cls(ruleset=ruleset, options=_options_on(options))

    @classmethod
    def from_notation(cls, text: str, cards: CardLookup | None = None) -> Table:
        """The table a line of notation writes (``notation.py``); NotationError if none.

        `cards` looks a card up by name (default: the shipped cards).
        """
        from .notation import table_from_notation

        return table_from_notation(text, cards)

    def notation(self) -> str:
        """The table in one line: ``Table.from_notation(table.notation()) == table``."""
        from .notation import table_notation

        return table_notation(self)

    def __repr__(self) -> str:
        try:
            return f"Table.from_notation({self.notation()!r})"
        except Exception:  # a table no rule builds (a seat of None…): show its fields
            values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
            return f"Table({values})"

    # -- reading ---------------------------------------------------------------------------

    def option(self, name: str) -> bool:
        return name in self.options

    def hand(self, seat: str | int) -> Hand:
        return self.hands[seat_index(seat)]

    @property
    def latest_discard(self) -> Discard | None:
        return self.discards[-1] if self.discards else None

    @property
    def before_first_discard(self) -> bool:
        """East has not yet discarded: the Charleston phase, for the tile-count rules."""
        return self.phase is Phase.CHARLESTON or not self.first_discard_made

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % 4

    def next_live_seat(self, seat: int) -> int:
        """The first seat to the right of `seat` whose hand is not dead (dead hands are skipped)."""
        for step in range(1, 4):
            candidate = (seat + step) % 4
            if not self.hands[candidate].dead:
                return candidate
        return self.next_seat(seat)

    def seats_from_right_of(self, seat: int) -> list[int]:
        """The other seats in order, starting with the first to the right of `seat`."""
        return [(seat + step) % 4 for step in range(1, 4)]

    def holds_extra_tile(self, seat: int) -> bool:
        """Whether this seat should now hold 14 tiles rather than 13."""
        if self.before_first_discard:
            return seat == 0
        if self.over:
            return seat == self.winner
        if self.turn != seat:
            return False
        if self.must == "discard":
            return True
        pending = self.pending
        return pending is not None and pending.seat == seat and (pending.racked or pending.exposed)

    def expected_count(self, seat: int) -> int:
        return 14 if self.holds_extra_tile(seat) else 13

    def count_is_right(self, seat: int) -> bool:
        return self.hands[seat].count == self.expected_count(seat)

    def wrong_counts(self) -> list[int]:
        return [seat for seat in range(4) if not self.count_is_right(seat)]

    def tiles_in_play(self) -> Counter[Tile]:
        """Every named tile on the table: in hands, exposures, the discards and a called tile."""
        counts: Counter[Tile] = Counter()
        for hand in self.hands:
            counts.update(hand.concealed)
            counts.update(tile for tile in hand.in_motion if tile is not None)
            for exposure in hand.exposures:
                counts.update(exposure.tiles)
        counts.update(d.tile for d in self.discards if d.tile is not None)
        pending = self.pending
        if pending and not pending.racked and not pending.exposed and pending.discard.tile:
            counts[pending.discard.tile] += 1
        return counts

    def check_copies(self, extra: Iterable[Tile] = ()) -> None:
        """ImpossibleTable if these tiles, with those already placed, exceed the tile set.

        With `extra` only those tiles are checked (the rest of the table is taken as sound).
        """
        wanted = Counter(extra)
        counts = self.tiles_in_play()
        if wanted:
            counts = Counter({tile: counts[tile] + number for tile, number in wanted.items()})
        for tile, number in counts.items():
            available = copies_in_set(tile, self.ruleset)
            if number > available:
                if available == 0:
                    raise ImpossibleTable(f"The {self.ruleset_name} tiles have no {tile.name}.")
                raise ImpossibleTable(
                    f"There are only {available} of {tile.code} ({tile.name}) "
                    f"in the {self.ruleset_name} tiles; this table would need {number}."
                )

    @property
    def ruleset_name(self) -> str:
        return {"nmjl": "NMJL", "matjok": "Matjok"}.get(self.ruleset, self.ruleset)

    # -- building the next table -----------------------------------------------------------

    def with_hand(self, seat: int, hand: Hand) -> Table:
        hands = list(self.hands)
        hands[seat] = hand
        return replace(self, hands=tuple(hands))

    def __str__(self) -> str:
        lines = [f"{self.ruleset_name} — {self.phase}"]
        if self.over:
            lines.append(f"{SEATS[self.winner]} has won" if self.winner is not None else "")
        else:
            lines.append(f"{SEATS[self.turn]} to {self.must}")
        for seat, hand in enumerate(self.hands):
            parts = [tile_list(hand.concealed)] if hand.concealed else []
            if hand.unnamed:
                parts.append(f"+{hand.unnamed} unnamed")
            exposed = " | ".join(str(e) + ("" if e.locked else " (open)") for e in hand.exposures)
            state = " DEAD" if hand.dead else (" (may be declared dead)" if hand.mistake else "")
            text = f"  {SEATS[seat]:<5} {hand.count:>2}: {' '.join(parts)}"
            lines.append(text + (f"  exposed: {exposed}" if exposed else "") + state)
        if self.discards:
            latest = self.discards[-1]
            window = "open" if self.window_open else "closed"
            lines.append(f"  latest discard: {latest} by {SEATS[latest.seat]}, window {window}")
        pending = self.pending
        if pending is not None:
            done = [
                w
                for w, on in (
                    ("touched", pending.touched),
                    ("racked", pending.racked),
                    ("exposed", pending.exposed),
                )
                if on
            ]
            state = f" ({', '.join(done)})" if done else ""
            lines.append(f"  {SEATS[pending.seat]} has called {pending.discard}{state}")
        return "\n".join(lines)


def take(tiles: tuple[Tile, ...], wanted: Iterable[Tile]) -> tuple[Tile, ...] | None:
    """`tiles` without one copy of each wanted tile, or None if any is missing."""
    remaining = list(tiles)
    for tile in wanted:
        try:
            remaining.remove(tile)
        except ValueError:
            return None
    return tuple(remaining)


def take_held(tiles: tuple[Tile, ...], wanted: Iterable[Tile]) -> tuple[Tile, ...]:
    """`tiles` without one copy of each wanted tile, where the rules have made sure they are
    all there (ValueError if one is missing): ``take`` without the None to handle."""
    remaining = list(tiles)
    for tile in wanted:
        remaining.remove(tile)
    return tuple(remaining)


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda tile: tile.order))
