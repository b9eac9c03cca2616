"""Actions a seat can take at the table, as plain values, and `judge` that rules on them.

``judge(table, action)`` returns ``(Verdict, next_table)``. A refused action returns the
table unchanged, unless the rules attach a consequence (a hand liable to be declared dead).
Seats are indexes in turn order: 0 East, 1 South, 2 West, 3 North.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile
    named: Tile | None = None  # a misnamed discard: `tile` is real, `named` what was said


@dataclass(frozen=True, slots=True)
class Draw:
    seat: int
    tile: Tile | None = None  # None: an unnamed tile from the wall


@dataclass(frozen=True, slots=True)
class Call:
    """Call the latest discard (`tile`, if named, must be it) for an exposure or Mah Jongg."""

    seat: int
    tile: Tile | None = None
    mah_jongg: bool = False


@dataclass(frozen=True, slots=True)
class Claim:
    """A Matjok claim on the latest discard: tjok, poeng, kong or straight."""

    seat: int
    claim: str


@dataclass(frozen=True, slots=True)
class SimultaneousCalls:
    """Calls made at the same moment on the latest discard: (seat, call) pairs, where the
    call is "exposure" or "Mah Jongg" (NMJL) or a Matjok claim."""

    calls: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class TouchCalledTile:
    seat: int


@dataclass(frozen=True, slots=True)
class RackCalledTile:
    seat: int


@dataclass(frozen=True, slots=True)
class RackWrongDiscard:
    """Pick up and rack an earlier discard lying on the table instead of the called one."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Expose:
    """Expose the group(s) made with the called tile; more than one group is a mistake."""

    seat: int
    groups: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True, slots=True)
class WithdrawCall:
    seat: int


@dataclass(frozen=True, slots=True)
class ChangeExposure:
    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class AddToExposure:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class RemoveFromExposure:
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class JokerExchange:
    """Exchange natural tiles for jokers: (tile, owner of the exposure) pairs, made together."""

    seat: int
    exchanges: tuple[tuple[Tile, int], ...]


@dataclass(frozen=True, slots=True)
class DeclareMahJongg:
    seat: int


@dataclass(frozen=True, slots=True)
class DeclareDead:
    by: int
    seat: int


@dataclass(frozen=True, slots=True)
class TakeMissingTile:
    seat: int


# --- part two: the Charleston spelled out, the wall, Mah Jongg judged by the card -----------


@dataclass(frozen=True, slots=True)
class PassTiles:
    """One seat's pass in the current pass of the Charleston: its own tiles (named, or None
    for unnamed ones) and how many of the tiles passed to it go on unseen (a blind pass)."""

    seat: int
    tiles: tuple[Tile | None, ...]
    direction: str  # "to the right", "across" or "to the left"
    blind: int = 0


@dataclass(frozen=True, slots=True)
class OtherSeatsPass:
    """Every seat that has not passed in the current pass passes unnamed tiles."""


@dataclass(frozen=True, slots=True)
class StopCharleston:
    seat: int


@dataclass(frozen=True, slots=True)
class OfferCourtesy:
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class LiftTile:
    """Take the next wall tile in hand without racking it (None: an unnamed tile)."""

    seat: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class RackLiftedTile:
    seat: int


@dataclass(frozen=True, slots=True)
class NobodyCalls:
    """Nobody calls the latest discard: its call window closes."""


@dataclass(frozen=True, slots=True)
class AnnounceMahJongg:
    """Say "Mah Jongg" on one's own turn, or on the latest discard, exposing nothing yet."""

    seat: int
    on_discard: bool = False


@dataclass(frozen=True, slots=True)
class ExposeHand:
    seat: int


@dataclass(frozen=True, slots=True)
class WithdrawMahJongg:
    seat: int


@dataclass(frozen=True, slots=True)
class ThrowInHand:
    seat: int


Action = (
    Discard
    | Draw
    | Call
    | Claim
    | SimultaneousCalls
    | TouchCalledTile
    | RackCalledTile
    | RackWrongDiscard
    | Expose
    | WithdrawCall
    | ChangeExposure
    | AddToExposure
    | RemoveFromExposure
    | JokerExchange
    | DeclareMahJongg
    | DeclareDead
    | TakeMissingTile
    | PassTiles
    | OtherSeatsPass
    | StopCharleston
    | OfferCourtesy
    | LiftTile
    | RackLiftedTile
    | NobodyCalls
    | AnnounceMahJongg
    | ExposeHand
    | WithdrawMahJongg
    | ThrowInHand
)
