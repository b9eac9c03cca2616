"""Tiles, the tile notation of the scenario language, and the tile set of each rule set.

A tile is written as a short code (``7D``, ``RD``, ``N``, ``F``, ``J``) or a long name
(``7 Dots``, ``7 Circles``, ``Red dragon``, ``Soap``, ``North wind``, ``Flower``, ``Joker``).
Every tile is interned: ``parse_tile("7 Dots") is parse_tile("7D")``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

SUITS = {"D": "Dots", "B": "Bams", "C": "Craks"}
WINDS = {"E": "East wind", "S": "South wind", "W": "West wind", "N": "North wind"}
DRAGONS = {"RD": "Red dragon", "GD": "Green dragon", "WD": "White dragon"}

# Long suit words, singular and plural, with the other names players use for them.
_SUIT_WORDS = {
    "dot": "D",
    "dots": "D",
    "circle": "D",
    "circles": "D",
    "bam": "B",
    "bams": "B",
    "bamboo": "B",
    "bamboos": "B",
    "crak": "C",
    "craks": "C",
    "character": "C",
    "characters": "C",
}


class TileNotationError(ValueError):
    """Text that is not a tile; the message says what was written and what is accepted."""


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One kind of tile. `code` is the short code.

    Tiles are interned (one object per kind, in TILES), so equality is identity: fast, and
    the engine compares tiles constantly.
    """

    code: str
    name: str
    order: int

    @property
    def is_joker(self) -> bool:
        return self.code == "J"

    @property
    def suit(self) -> str | None:
        """ "D", "B" or "C" for a suit tile, else None."""
        return self.code[1] if len(self.code) == 2 and self.code[0].isdigit() else None

    @property
    def rank(self) -> int | None:
        return int(self.code[0]) if self.suit else None

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code})"

    def __reduce__(self):
        # Unpickling and copying give back the one interned tile of that kind.
        return (parse_tile, (self.code,))


def _all_tiles() -> dict[str, Tile]:
    names: list[tuple[str, str]] = []
    for suit, suit_name in SUITS.items():
        names += [(f"{rank}{suit}", f"{rank} {suit_name}") for rank in range(1, 10)]
    names += list(WINDS.items()) + list(DRAGONS.items())
    names += [("F", "Flower"), ("J", "Joker")]
    return {code: Tile(code, name, order) for order, (code, name) in enumerate(names)}


TILES: dict[str, Tile] = _all_tiles()
JOKER = TILES["J"]
FLOWER = TILES["F"]

# Long names (lower case) → tile; suit tiles are read by a pattern instead.
_LONG_NAMES = {tile.name.lower(): tile for tile in TILES.values() if not tile.suit}
_LONG_NAMES.update(
    {"soap": TILES["WD"], "north": TILES["N"], "east": TILES["E"], "south": TILES["S"]}
)
_LONG_NAMES["west"] = TILES["W"]
_SUIT_NAME = re.compile(r"([1-9])\s+([a-z]+)")

_ACCEPTED = (
    "write a short code (7D, 7B, 7C, N, E, S, W, RD, GD, WD, F, J) "
    "or a name (7 Dots, 7 Bams, 7 Craks, North wind, Red dragon, Soap, Flower, Joker)"
)


def parse_tile(text: str) -> Tile:
    """The tile `text` names, in short code or long name; TileNotationError if none."""
    cleaned = " ".join(str(text).split())
    tile = TILES.get(cleaned.upper())
    if tile is not None:
        return tile
    lowered = cleaned.lower()
    tile = _LONG_NAMES.get(lowered)
    if tile is not None:
        return tile
    match = _SUIT_NAME.fullmatch(lowered)
    if match and match.group(2) in _SUIT_WORDS:
        return TILES[match.group(1) + _SUIT_WORDS[match.group(2)]]
    if not cleaned:
        raise TileNotationError(f"A tile is missing: {_ACCEPTED}.")
    raise TileNotationError(f'"{cleaned}" is not a tile: {_ACCEPTED}.')


# A word that only makes sense joined to the word before it ("7 Dots", "North wind").
_SECOND_WORDS = set(_SUIT_WORDS) | {"wind", "dragon"}


def parse_tiles(text: str) -> list[Tile]:
    """One or more tiles separated by spaces or commas: ``"7D 7D J"``, ``"7 Dots, Joker"``."""
    tiles: list[Tile] = []
    for chunk in str(text).split(","):
        words = chunk.split()
        if not words:
            if "," in str(text):
                raise TileNotationError(f'"{text}" has an empty place between commas.')
            continue
        index = 0
        while index < len(words):
            word = words[index]
            if index + 1 < len(words) and words[index + 1].lower() in _SECOND_WORDS:
                word = f"{word} {words[index + 1]}"
                index += 1
            tiles.append(parse_tile(word))
            index += 1
    if not tiles:
        raise TileNotationError(f"No tiles given: {_ACCEPTED}.")
    return tiles


def tile_list(tiles) -> str:
    """Tiles as short codes, for messages: ``7D 7D J``."""
    return " ".join(tile.code for tile in tiles)


def _set_of(jokers: int, flowers: int) -> Counter:
    counts = Counter()
    for tile in TILES.values():
        counts[tile] = 4
    counts[JOKER] = jokers
    counts[FLOWER] = flowers
    return +counts


# The NMJL set: 108 suit tiles, 16 winds, 12 dragons, 8 flowers, 8 jokers = 152.
NMJL_SET: Counter = _set_of(jokers=8, flowers=8)
# The Matjok set: suits, winds, dragons and 8 flowers; no jokers.
MATJOK_SET: Counter = _set_of(jokers=0, flowers=8)

TILE_SETS = {"nmjl": NMJL_SET, "matjok": MATJOK_SET}


def copies_in_set(tile: Tile, ruleset: str) -> int:
    """How many of this tile the rule set's tiles hold (0: the set has none)."""
    return TILE_SETS[ruleset][tile]
