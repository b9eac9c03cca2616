"""Tiles: the one table of tile codes, names and spellings, and the tile set of each rule set.

A tile is written as a short code (``7D``, ``RD``, ``N``, ``F``, ``J``) or a long name
(``7 Dots``, ``7 Circles``, ``Red dragon``, ``Soap``, ``North wind``, ``Flower``, ``Joker``).
Every tile is interned: ``parse_tile("7 Dots") is parse_tile("7D")``.

Every spelling anyone on the site accepts is in this module; each context chooses from it.
The scenario language's *notation* (``parse_tile``, ``NOTATION_PATTERN``) takes exactly what
its contract lists; the words readers use in prose (``PROSE_SUIT_WORDS``: "7 cracks",
"Sevens of Dots") are read by the site search.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

SUITS: Final = {"D": "Dots", "B": "Bams", "C": "Craks"}
WINDS: Final = {"E": "East wind", "S": "South wind", "W": "West wind", "N": "North wind"}
DRAGONS: Final = {"RD": "Red dragon", "GD": "Green dragon", "WD": "White dragon"}
# The winds by direction alone ("north"), as a name's first word.
WIND_DIRECTIONS: Final = {name.split()[0].lower(): code for code, name in WINDS.items()}
# The dragons by colour, as players name them ("red dragon", "RD").
DRAGON_COLOURS: Final = {"red": "RD", "green": "GD", "white": "WD"}
# Nicknames: a whole tile in one word.
NICKNAMES: Final = {"soap": "WD"}

# Every word for each suit as (singular, plural, in the notation). The first is the tile's
# own name; "in the notation" marks what the scenario language's contract accepts, the rest
# are words readers use in prose.
SUIT_WORDS: Final[dict[str, tuple[tuple[str, str, bool], ...]]] = {
    "D": (("dot", "dots", True), ("circle", "circles", True), ("ball", "balls", False)),
    "B": (("bam", "bams", True), ("bamboo", "bamboos", True), ("stick", "sticks", False)),
    "C": (
        ("crak", "craks", True),
        ("crack", "cracks", False),
        ("character", "characters", True),
    ),
}
# Numbers written out, as in "Sevens of Dots" (prose only).
NUMBER_WORDS: Final = {
    word: rank
    for rank, word in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"), start=1
    )
}


def _suit_words(*, prose: bool) -> dict[str, str]:
    """Suit word (lower case, singular and plural) → suit letter."""
    return {
        word: suit
        for suit, spellings in SUIT_WORDS.items()
        for singular, plural, in_notation in spellings
        if in_notation or prose
        for word in (singular, plural)
    }


# The scenario notation's suit words, and every suit word a reader may write.
NOTATION_SUIT_WORDS: Final = _suit_words(prose=False)
PROSE_SUIT_WORDS: Final = _suit_words(prose=True)


def suit_plurals(suit: str) -> tuple[str, ...]:
    """Every plural name of a suit, its own first: ("dots", "circles", "balls")."""
    return tuple(plural for _, plural, _ in SUIT_WORDS[suit])


def _alternatives(words: Iterable[str]) -> str:
    """A regex alternation, longest first so "dots" is tried before "dot"."""
    return "|".join(sorted(words, key=len, reverse=True))


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
        return f"parse_tile({self.code!r})"

    def __reduce__(self) -> tuple[Callable[[str], Tile], tuple[str]]:
        # Unpickling and copying give back the one interned tile of that kind.
        return (parse_tile, (self.code,))


def _all_tiles() -> dict[str, Tile]:
    names: list[tuple[str, str]] = []
    for suit, suit_name in SUITS.items():
        names += [(f"{rank}{suit}", f"{rank} {suit_name}") for rank in range(1, 10)]
    names += list(WINDS.items()) + list(DRAGONS.items())
    names += [("F", "Flower"), ("J", "Joker")]
    return {code: Tile(code, name, order) for order, (code, name) in enumerate(names)}


TILES: Final[dict[str, Tile]] = _all_tiles()
JOKER: Final = TILES["J"]
FLOWER: Final = TILES["F"]

# Long names (lower case) → tile; suit tiles are read by a pattern instead. A wind may be
# named by its direction alone.
_LONG_NAMES = {tile.name.lower(): tile for tile in TILES.values() if not tile.suit}
_LONG_NAMES.update({nickname: TILES[code] for nickname, code in NICKNAMES.items()})
_LONG_NAMES.update({direction: TILES[code] for direction, code in WIND_DIRECTIONS.items()})
_SUIT_NAME = re.compile(r"([1-9])\s+([a-z]+)")

# One tile in the scenario notation, as the contract lists it: short codes exactly, long
# names in any case ("7 Dots", "7 dots", "North wind"), since tile names are not phrase words.
NOTATION_PATTERN: Final = (
    rf"(?:[1-9][{''.join(SUITS)}]|{'|'.join(DRAGONS)}|[{''.join(WINDS)}FJ]"
    rf"|[1-9] (?i:{_alternatives(NOTATION_SUIT_WORDS)})"
    rf"|(?i:{'|'.join(WIND_DIRECTIONS)}) (?i:wind)"
    rf"|(?i:{'|'.join(DRAGON_COLOURS)}) (?i:dragon)"
    rf"|(?i:{'|'.join([*NICKNAMES, *(TILES[code].name.lower() for code in 'FJ')])}))"
)

_ACCEPTED: Final = (
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
    if match and match.group(2) in NOTATION_SUIT_WORDS:
        return TILES[match.group(1) + NOTATION_SUIT_WORDS[match.group(2)]]
    if not cleaned:
        raise TileNotationError(f"A tile is missing: {_ACCEPTED}.")
    raise TileNotationError(f'"{cleaned}" is not a tile: {_ACCEPTED}.')


# A word that only makes sense joined to the word before it ("7 Dots", "North wind").
_SECOND_WORDS: Final = set(NOTATION_SUIT_WORDS) | {"wind", "dragon"}


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


def tile_name(code: str) -> str:
    """The name readers see for a tile code: tile_name("7D") == "7 Dots"."""
    return TILES[code.upper()].name


def is_tile_code(code: str) -> bool:
    """Whether `code` is a short code ("7D", "rd"), in any case."""
    return code.upper() in TILES


def tile_list(tiles: Iterable[Tile]) -> str:
    """Tiles as short codes, for messages: ``7D 7D J``."""
    return " ".join(tile.code for tile in tiles)


def _set_of(jokers: int, flowers: int) -> Counter[Tile]:
    counts: Counter[Tile] = Counter()
    for tile in TILES.values():
        counts[tile] = 4
    counts[JOKER] = jokers
    counts[FLOWER] = flowers
    return +counts


# The NMJL set: 108 suit tiles, 16 winds, 12 dragons, 8 flowers, 8 jokers = 152.
NMJL_SET: Final[Counter[Tile]] = _set_of(jokers=8, flowers=8)
# The Matjok set: suits, winds, dragons and 8 flowers; no jokers.
MATJOK_SET: Final[Counter[Tile]] = _set_of(jokers=0, flowers=8)

TILE_SETS: Final = {"nmjl": NMJL_SET, "matjok": MATJOK_SET}


def copies_in_set(tile: Tile, ruleset: str) -> int:
    """How many of this tile the rule set's tiles hold (0: the set has none)."""
    return TILE_SETS[ruleset][tile]
