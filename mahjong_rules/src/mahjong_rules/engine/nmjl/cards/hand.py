"""A seat's hand as the card sees it: concealed tiles (jokers among them), exposures, unnamed.

The called tile of a win on a discard belongs with the concealed tiles: it is not an
exposure [38]. An unnamed tile is a tile of no kind that fills no position of any line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...tiles import JOKER, Tile

if TYPE_CHECKING:
    from ...table import Exposure, Hand


@dataclass(frozen=True, slots=True)
class ExposedGroup:
    """An exposure reduced to what the card asks of it (m2).

    `kind` is the order of the one natural tile it is made of (its jokers count as that
    tile), or None when it is all jokers with nothing saying what they stand for (it may be
    given any whole group of its size and 3 or more). `mixed` is an exposure of two kinds
    of tile: it is no group and fits no line.
    """

    kind: int | None
    size: int
    jokers: int
    mixed: bool = False

    @classmethod
    def of(cls, tiles: Sequence[Tile], stands_for: Tile | None = None) -> ExposedGroup:
        naturals = {tile for tile in tiles if not tile.is_joker}
        jokers = len(tiles) - sum(1 for tile in tiles if not tile.is_joker)
        if len(naturals) > 1 or (stands_for is not None and naturals - {stands_for}):
            return cls(None, len(tiles), jokers, mixed=True)
        tile = next(iter(naturals), stands_for)
        if tile is not None and tile.is_joker:
            tile = None
        return cls(tile.order if tile is not None else None, len(tiles), jokers)


@dataclass(frozen=True, slots=True)
class CardHand:
    """Concealed tiles (a tuple of tiles, jokers included), exposures and unnamed tiles."""

    concealed: tuple[Tile, ...]
    exposures: tuple[ExposedGroup, ...] = ()
    unnamed: int = 0

    @classmethod
    def of(
        cls,
        concealed: Iterable[Tile],
        exposures: Iterable[ExposedGroup | Exposure | Sequence[Tile]] = (),
        unnamed: int = 0,
    ) -> CardHand:
        """From tiles; each exposure is a sequence of tiles or an engine `Exposure`."""
        groups: list[ExposedGroup] = []
        for exposure in exposures:
            if isinstance(exposure, ExposedGroup):
                groups.append(exposure)
            elif hasattr(exposure, "tiles"):
                # An engine Exposure; mypy's hasattr() also leaves "a Sequence with .tiles".
                stands_for = exposure.stands_for  # type: ignore[union-attr]
                groups.append(ExposedGroup.of(exposure.tiles, stands_for))
            else:
                groups.append(ExposedGroup.of(tuple(exposure)))
        return cls(tuple(concealed), tuple(groups), unnamed)

    @classmethod
    def of_seat(cls, hand: Hand, called: Tile | None = None) -> CardHand:
        """From the engine's `table.Hand`, with the tile called for Mah Jongg if any."""
        concealed = tuple(hand.concealed) + ((called,) if called is not None else ())
        return cls.of(concealed, hand.exposures, hand.unnamed)

    @property
    def count(self) -> int:
        """Tiles in and on the rack."""
        return len(self.concealed) + self.unnamed + sum(e.size for e in self.exposures)

    @property
    def jokers(self) -> int:
        return sum(1 for tile in self.concealed if tile is JOKER)

    def naturals(self) -> dict[int, int]:
        """Concealed natural tiles by kind (`Tile.order`)."""
        counts: dict[int, int] = {}
        for tile in self.concealed:
            if tile is not JOKER:
                counts[tile.order] = counts.get(tile.order, 0) + 1
        return counts
