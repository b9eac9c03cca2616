"""Tiles in prose: every spelling of a tile found in text, as one canonical token.

Tiles are written many ways ("7D", "7 dots", "Sevens of Dots", "7 circles", "Soap"); each
mention is stored once more as a canonical token (`7dtile`) in a document's keywords, and
a tile in a query searches for that token, so every spelling finds every other. The
spellings themselves come from the tile table (`mahjong_rules.engine.tiles`); search reads the
prose ones, which are more than the scenario notation accepts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mahjong_rules.engine.tiles import (
    DRAGON_COLOURS,
    DRAGONS,
    NICKNAMES,
    NOTATION_SUIT_WORDS,
    NUMBER_WORDS,
    PROSE_SUIT_WORDS,
    SUITS,
    WIND_DIRECTIONS,
    suit_plurals,
)


def _alternatives(words) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_NUMBER = "[1-9]|" + "|".join(NUMBER_WORDS)

TILE_RE = re.compile(
    rf"\b(?:(?P<num>{_NUMBER})s?[\s-]+(?:of[\s-]+)?(?P<suit>{_alternatives(PROSE_SUIT_WORDS)})"
    rf"|(?P<code_num>[1-9])(?P<code_suit>[{''.join(SUITS).lower()}])"
    rf"|(?P<dragon>{'|'.join(DRAGON_COLOURS)})[\s-]+dragons?"
    rf"|(?P<dragon_code>{'|'.join(DRAGONS).lower()})"
    rf"|(?P<nickname>{_alternatives(NICKNAMES)})s?"
    rf"|(?P<wind>{'|'.join(WIND_DIRECTIONS)})[\s-]+winds?)\b",
    re.IGNORECASE,
)
_COLOUR_OF_CODE = {code: colour for colour, code in DRAGON_COLOURS.items()}
_WORD_OF_NUMBER = {rank: word for word, rank in NUMBER_WORDS.items()}


@dataclass(frozen=True)
class TileMention:
    # The token stored and searched: "7dtile". Starting with the tile, never with "tile", so
    # a reader's "tile…" typed as a prefix does not have to sweep every tile token too.
    canonical: str
    spellings: tuple[str, ...]  # what readers write, searched too so snippets highlight it
    code: str = field(default="", compare=False)  # the tile table's code: "7D", "E", "WD"


def tile_of(match: re.Match) -> TileMention:
    """The tile a match of TILE_RE names."""
    g = {k: (v or "").lower() for k, v in match.groupdict().items()}
    if g["num"]:
        rank = NUMBER_WORDS.get(g["num"]) or int(g["num"])
        return _suit_tile(rank, PROSE_SUIT_WORDS[g["suit"]])
    if g["code_num"]:
        return _suit_tile(int(g["code_num"]), g["code_suit"].upper())
    if g["wind"]:
        return TileMention(
            f"{g['wind']}windtile", (f"{g['wind']} wind",), WIND_DIRECTIONS[g["wind"]]
        )
    if g["dragon"]:
        code = DRAGON_COLOURS[g["dragon"]]
    elif g["dragon_code"]:
        code = g["dragon_code"].upper()
    else:
        code = NICKNAMES[g["nickname"]]
    return _dragon_tile(code)


def _suit_tile(rank: int, suit: str) -> TileMention:
    plurals = suit_plurals(suit)  # "dots", "circles", …
    spellings = (
        f"{rank}{suit.lower()}",
        *(f"{rank} {plural}" for plural in plurals),
        f"{_WORD_OF_NUMBER[rank]} of {plurals[0]}",  # "Sevens of Dots": the stemmer drops the s
    )
    return TileMention(f"{rank}{suit.lower()}tile", spellings, f"{rank}{suit}")


def _dragon_tile(code: str) -> TileMention:
    colour = _COLOUR_OF_CODE[code]
    nicknames = tuple(name for name, named in NICKNAMES.items() if named == code)
    spellings = (f"{colour} dragon", code.lower(), *nicknames)
    return TileMention(f"{colour}dragontile", spellings, code)


def tile_tokens(text: str) -> list[str]:
    """The canonical token of every tile the text mentions, once each, in order."""
    return list(dict.fromkeys(tile_of(m).canonical for m in TILE_RE.finditer(text or "")))


_HALF_TYPED_TILE = re.compile(r"\b(?P<number>[1-9])[\s-]+(?P<start>[a-z]{1,9})$", re.IGNORECASE)


def complete_tile(text: str) -> str:
    """ "7 do" half-typed is the tile 7 Dots, when only one suit's names start that way.

    Should the prose words leave it open ("7 b": bams or balls), the notation's words decide.
    """
    match = _HALF_TYPED_TILE.search(text)
    if not match:
        return text
    start = match["start"].lower()
    for words in (PROSE_SUIT_WORDS, NOTATION_SUIT_WORDS):
        suits = {suit for word, suit in words.items() if word.startswith(start)}
        if len(suits) == 1:
            return f"{text[: match.start()]}{match['number']}{suits.pop()}"
    return text
