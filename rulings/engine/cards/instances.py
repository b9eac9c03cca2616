"""The instances of a line: its pattern with suits, x, z and alternatives fixed, as tiles.

Each instance is also kept in the counting form the matcher uses ("Instances and matching"
in the scenario language, part two): for every kind of tile t, `req` positions of that kind
and `fixed` of them that take no joker (singles, pairs, block tiles), so `req - fixed` is
*elig(t)*. Kinds are numbered by `Tile.order`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from ..tiles import TILES, Tile, copies_in_set
from .pattern import Group, Pattern

SUITS = ("D", "B", "C")  # Dots, Bams, Craks: the tile codes' suits
# The dragon of each suit [4, 110]: Craks → red, Bams → green, Dots → white.
SUIT_DRAGON = {"C": "RD", "B": "GD", "D": "WD"}
FIXED_SYMBOLS = {"0": "WD", "R": "RD", "G": "GD", "N": "N", "E": "E", "W": "W", "S": "S", "F": "F"}
WINDS = ("N", "E", "W", "S")
SUIT_NAMES = {"D": "Dots", "B": "Bams", "C": "Craks"}


@dataclass(frozen=True, slots=True)
class TileGroup:
    """A group of an instance as tiles. `whole` is a same- or x-group (an exposure may be
    one); a block's tiles are singles and never `whole`."""

    tiles: tuple[Tile, ...]
    whole: bool

    @property
    def takes_jokers(self) -> bool:
        return self.whole and len(self.tiles) >= 3


@dataclass(frozen=True, slots=True, eq=False)
class Instance:
    """One concrete winning hand shape of a line.

    `counts` is ``((kind, req, fixed), …)`` sorted by kind; `mask` has a bit per kind used
    and `fixed_mask` a bit per kind with a position that takes no joker. `exposable` counts
    the whole groups by ``(kind, size)``: what exposures may be given (m2).
    """

    suits: tuple[tuple[str, str], ...]
    x: int | None
    z: str | None
    groups: tuple[TileGroup, ...]
    counts: tuple[tuple[int, int, int], ...]
    mask: int
    fixed_mask: int
    size: int
    joker_room: int
    exposable: dict

    def describe(self) -> str:
        """For messages: ``a = Dots, b = Bams, x = 5``."""
        parts = [f"{letter} = {SUIT_NAMES[suit]}" for letter, suit in self.suits]
        if self.x is not None:
            parts.append(f"x = {self.x}")
        if self.z is not None:
            parts.append(f"z = {TILES[self.z].name}")
        return ", ".join(parts)

    def tiles(self) -> list[Tile]:
        return [tile for group in self.groups for tile in group.tiles]


def x_values(pattern: Pattern, allowed: tuple[int, ...] | None) -> tuple[int | None, ...]:
    """The values x takes: those keeping every x + k in 1–9, narrowed by the line's list."""
    if not pattern.uses_x:
        return (None,)
    top = 9 - max(pattern.pluses)
    values = range(1, top + 1)
    return tuple(x for x in values if allowed is None or x in allowed)


def suit_assignments(pattern: Pattern) -> list[tuple[tuple[str, str], ...]]:
    """Every assignment of different suits to the line's suit letters [110]."""
    letters = pattern.suit_letters
    return [
        tuple(zip(letters, chosen, strict=True))
        for chosen in itertools.permutations(SUITS, len(letters))
    ]


def expand(pattern: Pattern, allowed_x: tuple[int, ...] | None = None) -> list[Instance]:
    """Every instance of the pattern: suits × x × z × alternatives, in that order."""
    winds = WINDS if pattern.uses_z else (None,)
    found = []
    for suits in suit_assignments(pattern):
        suit_of = dict(suits)
        for x in x_values(pattern, allowed_x):
            for z in winds:
                for choice in itertools.product(*pattern.tokens):
                    groups = tuple(_tile_group(g, suit_of, x, z) for g in choice)
                    found.append(_instance(suits, x, z, groups))
    return found


def _symbol_tile(symbol: str, suit: str | None, x: int | None, plus: int, z: str | None) -> Tile:
    if symbol == "X":
        return TILES[f"{x + plus}{suit}"]
    if symbol.isdigit() and symbol != "0":
        return TILES[f"{symbol}{suit}"]
    if symbol == "D":
        return TILES[SUIT_DRAGON[suit]]
    if symbol == "Z":
        return TILES[z]
    return TILES[FIXED_SYMBOLS[symbol]]


def _tile_group(group: Group, suit_of: dict, x: int | None, z: str | None) -> TileGroup:
    suit = suit_of.get(group.suit)
    tiles = tuple(_symbol_tile(s, suit, x, group.plus, z) for s in group.symbols)
    return TileGroup(tiles, whole=group.shape != "block")


def _instance(suits, x, z, groups: tuple[TileGroup, ...]) -> Instance:
    req: dict[int, int] = {}
    fixed: dict[int, int] = {}
    exposable: dict[tuple[int, int], int] = {}
    for group in groups:
        for tile in group.tiles:
            req[tile.order] = req.get(tile.order, 0) + 1
            if not group.takes_jokers:
                fixed[tile.order] = fixed.get(tile.order, 0) + 1
        if group.whole:
            key = (group.tiles[0].order, len(group.tiles))
            exposable[key] = exposable.get(key, 0) + 1
    counts = tuple((kind, req[kind], fixed.get(kind, 0)) for kind in sorted(req))
    mask = sum(1 << kind for kind in req)
    fixed_mask = sum(1 << kind for kind, n in fixed.items() if n)
    size = sum(req.values())
    joker_room = size - sum(fixed.values())
    return Instance(suits, x, z, groups, counts, mask, fixed_mask, size, joker_room, exposable)


KIND_TILES = {tile.order: tile for tile in TILES.values()}


def overdrawn_kinds(instance: Instance) -> list[tuple[Tile, int, int]]:
    """Kinds whose joker-free positions want more natural tiles than the NMJL set holds."""
    found = []
    for kind, _req, fixed in instance.counts:
        tile = KIND_TILES[kind]
        held = copies_in_set(tile, "nmjl")
        if fixed > held:
            found.append((tile, fixed, held))
    return found
