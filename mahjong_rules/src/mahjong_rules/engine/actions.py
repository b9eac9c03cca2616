"""Actions a seat can take at the table, as plain values, and `judge` that rules on them.

``judge(table, action)`` returns ``(Verdict, next_table)``. A refused action returns the
table unchanged, unless the rules attach a consequence (a hand liable to be declared dead).
Seats are indexes in turn order: 0 East, 1 South, 2 West, 3 North.
"""

from __future__ import annotations

from dataclasses import Field, dataclass
from typing import Any, ClassVar, Self, TypeAlias

from .tiles import Tile


class Notated:
    """What every action shares: its one line of notation (``action_notation.py``)."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]  # every action is a dataclass

    def notation(self) -> str:
        from .action_notation import action_notation

        return action_notation(self)

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The action `text` writes, which must be one of this class; NotationError if not."""
        from .action_notation import parse_action

        return parse_action(text, expected=cls)

    def __repr__(self) -> str:
        return f"parse_action({self.notation()!r})"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Notated):
    seat: int
    tile: Tile
    named: Tile | None = None  # a misnamed discard: `tile` is real, `named` what was said


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Notated):
    seat: int
    tile: Tile | None = None  # None: an unnamed tile from the wall


@dataclass(frozen=True, slots=True, repr=False)
class Call(Notated):
    """Call the latest discard (`tile`, if named, must be it) for an exposure or Mah Jongg."""

    seat: int
    tile: Tile | None = None
    mah_jongg: bool = False


@dataclass(frozen=True, slots=True, repr=False)
class Claim(Notated):
    """A Matjok claim on the latest discard: tjok, poeng, kong or straight."""

    seat: int
    claim: str


@dataclass(frozen=True, slots=True, repr=False)
class SimultaneousCalls(Notated):
    """Calls made at the same moment on the latest discard: (seat, call) pairs, where the
    call is "exposure" or "Mah Jongg" (NMJL) or a Matjok claim."""

    calls: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True, repr=False)
class TouchCalledTile(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class RackCalledTile(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class RackWrongDiscard(Notated):
    """Pick up and rack an earlier discard lying on the table instead of the called one."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True, repr=False)
class Expose(Notated):
    """Expose the group(s) made with the called tile; more than one group is a mistake."""

    seat: int
    groups: tuple[tuple[Tile, ...], ...]


@dataclass(frozen=True, slots=True, repr=False)
class WithdrawCall(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class ChangeExposure(Notated):
    seat: int
    tiles: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class AddToExposure(Notated):
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True, repr=False)
class RemoveFromExposure(Notated):
    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True, repr=False)
class JokerExchange(Notated):
    """Exchange natural tiles for jokers: (tile, owner of the exposure) pairs, made together."""

    seat: int
    exchanges: tuple[tuple[Tile, int], ...]


@dataclass(frozen=True, slots=True, repr=False)
class DeclareMahJongg(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class DeclareDead(Notated):
    by: int
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class TakeMissingTile(Notated):
    seat: int


# --- part two: the Charleston spelled out, the wall, Mah Jongg judged by the card -----------


@dataclass(frozen=True, slots=True, repr=False)
class PassTiles(Notated):
    """One seat's pass in the current pass of the Charleston: its own tiles (named, or None
    for unnamed ones) and how many of the tiles passed to it go on unseen (a blind pass)."""

    seat: int
    tiles: tuple[Tile | None, ...]
    direction: str  # "to the right", "across" or "to the left"
    blind: int = 0


@dataclass(frozen=True, slots=True, repr=False)
class OtherSeatsPass(Notated):
    """Every seat that has not passed in the current pass passes unnamed tiles."""


@dataclass(frozen=True, slots=True, repr=False)
class StopCharleston(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class OfferCourtesy(Notated):
    seat: int
    count: int


@dataclass(frozen=True, slots=True, repr=False)
class LiftTile(Notated):
    """Take the next wall tile in hand without racking it (None: an unnamed tile)."""

    seat: int
    tile: Tile | None = None


@dataclass(frozen=True, slots=True, repr=False)
class RackLiftedTile(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class NobodyCalls(Notated):
    """Nobody calls the latest discard: its call window closes."""


@dataclass(frozen=True, slots=True, repr=False)
class AnnounceMahJongg(Notated):
    """Say "Mah Jongg" on one's own turn, or on the latest discard, exposing nothing yet."""

    seat: int
    on_discard: bool = False


@dataclass(frozen=True, slots=True, repr=False)
class ExposeHand(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class WithdrawMahJongg(Notated):
    seat: int


@dataclass(frozen=True, slots=True, repr=False)
class ThrowInHand(Notated):
    seat: int


Action: TypeAlias = (
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
