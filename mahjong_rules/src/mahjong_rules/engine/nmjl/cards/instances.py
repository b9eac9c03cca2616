"""The instances of a line: its pattern with suits, x, z and alternatives fixed, as tiles.

Each instance is also kept in the counting form the matcher uses ("Instances and matching"
in the scenario language, part two): for every kind of tile t, `req` positions of that kind
and `fixed` of them that take no joker (singles, pairs, block tiles), so `req - fixed` is
*elig(t)*. Kinds are numbered by `Tile.order`.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final

from ...tiles import TILES, Tile, copies_in_set
from .pattern import Group, Pattern

SUITS: Final = ("D", "B", "C")  # Dots, Bams, Craks: the tile codes' suits
# The dragon of each suit [4, 110]: Craks → red, Bams → green, Dots → white.
SUIT_DRAGON: Final = {"C": "RD", "B": "GD", "D": "WD"}
FIXED_SYMBOLS = {"0": "WD", "R": "RD", "G": "GD", "N": "N", "E": "E", "W": "W", "S": "S", "F": "F"}
WINDS: Final = ("N", "E", "W", "S")
SUIT_NAMES: Final = {"D": "Dots", "B": "Bams", "C": "Craks"}

# The suit each suit letter stands for: ((letter, suit), …), e.g. (("a", "D"), ("b", "B")).
Suits = tuple[tuple[str, str], ...]
# An instance in counting form: ((kind, req, fixed), …), sorted by kind.
Counts = tuple[tuple[int, int, int], ...]
# Whole groups by (kind, size): how many of each an instance has.
Exposable = dict[tuple[int, int], int]


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

    suits: Suits
    x: int | None
    z: str | None
    groups: tuple[TileGroup, ...]
    counts: Counts
    mask: int
    fixed_mask: int
    size: int
    joker_room: int
    exposable: Exposable

    def describe(self) -> str:
        """For messages: ``a = Dots, b = Bams, x = 5``."""
        return _described(self.suits, self.x, self.z)

    def tiles(self) -> list[Tile]:
        return [tile for group in self.groups for tile in group.tiles]


def x_values(pattern: Pattern, allowed: tuple[int, ...] | None) -> tuple[int | None, ...]:
    """The values x takes: those keeping every x + k in 1–9, narrowed by the line's list."""
    if not pattern.uses_x:
        return (None,)
    top = 9 - max(pattern.pluses)
    values = range(1, top + 1)
    return tuple(x for x in values if allowed is None or x in allowed)


def suit_assignments(pattern: Pattern) -> list[Suits]:
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
        suit_of: dict[str | None, str] = dict(suits)
        for x in x_values(pattern, allowed_x):
            for z in winds:
                for choice in itertools.product(*pattern.tokens):
                    groups = tuple(_tile_group(g, suit_of, x, z) for g in choice)
                    found.append(_instance(suits, x, z, groups))
    return found


def _symbol_tile(symbol: str, suit: str | None, x: int | None, plus: int, z: str | None) -> Tile:
    # A parsed pattern gives X an x, D a suit and Z a wind (pattern.py checks the letters).
    if symbol == "X":
        assert x is not None
        return TILES[f"{x + plus}{suit}"]
    if symbol.isdigit() and symbol != "0":
        return TILES[f"{symbol}{suit}"]
    if symbol == "D":
        assert suit is not None
        return TILES[SUIT_DRAGON[suit]]
    if symbol == "Z":
        assert z is not None
        return TILES[z]
    return TILES[FIXED_SYMBOLS[symbol]]


def _tile_group(
    group: Group, suit_of: dict[str | None, str], x: int | None, z: str | None
) -> TileGroup:
    suit = suit_of.get(group.suit)
    tiles = tuple(_symbol_tile(s, suit, x, group.plus, z) for s in group.symbols)
    return TileGroup(tiles, whole=group.shape != "block")


def _instance(
    suits: Suits, x: int | None, z: str | None, groups: tuple[TileGroup, ...]
) -> Instance:
    req: dict[int, int] = {}
    fixed: dict[int, int] = {}
    exposable: Exposable = {}
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


def overdrawn(
    pattern: Pattern, allowed_x: tuple[int, ...] | None = None
) -> tuple[str, Tile, int, int] | None:
    """The first instance wanting more natural tiles of one kind where no joker may stand
    than the NMJL set holds [1, 2, 5], as ``(description, tile, wanted, held)``; or None.

    Only the groups that take no joker count, so only the variables those groups use are
    tried (a line's instances can number thousands; this stays cheap).
    """
    options: list[list[Group | None]] = []
    for token in pattern.tokens:
        fixed: list[Group | None] = [g for g in token if not g.takes_jokers]
        if fixed:
            options.append(fixed + ([None] if len(fixed) < len(token) else []))
    used = [g for choice in options for g in choice if g is not None]
    suit_sets: list[Suits] = suit_assignments(pattern) if any(g.suit for g in used) else [()]
    xs = x_values(pattern, allowed_x) if any(g.shape == "x" for g in used) else (None,)
    winds = WINDS if any("Z" in g.symbols for g in used) else (None,)
    for suits in suit_sets:
        suit_of: dict[str | None, str] = dict(suits)
        for x in xs:
            for z in winds:
                for choice in itertools.product(*options):
                    wanted: dict[Tile, int] = {}
                    for group in choice:
                        if group is None:
                            continue
                        for tile in _tile_group(group, suit_of, x, z).tiles:
                            wanted[tile] = wanted.get(tile, 0) + 1
                    for tile, count in wanted.items():
                        held = copies_in_set(tile, "nmjl")
                        if count > held:
                            shown = _described(suits, x, z)
                            return shown, tile, count, held
    return None


def _described(suits: Suits, x: int | None, z: str | None) -> str:
    parts = [f"{letter} = {SUIT_NAMES[suit]}" for letter, suit in suits]
    if x is not None:
        parts.append(f"x = {x}")
    if z is not None:
        parts.append(f"z = {TILES[z].name}")
    return ", ".join(parts)
