"""The hand check at the table: tiles and exposures read against a card, in words.

Plain Python over the engine's card package; the view chooses the card (who may see what)
and draws the answer. Every answer is a dict that is also the JSON of `/hand/check.json`.

Offline, this same module runs in the browser (Pyodide, beside our wheel of the rules
library; tournaments/hand_engine.py): it imports nothing but the standard library and
`mahjong_rules`, so keep it so.
"""

from __future__ import annotations

import re

from mahjong_rules.engine.nmjl.cards import (
    CardHand,
    lines_exposures_fit,
    load_card,
    matching_instance,
    shipped_card,
    still_needed,
    tiles_needed_by_line,
    winning_line,
)
from mahjong_rules.engine.tiles import TileNotationError, parse_tiles

TILES_IN_A_HAND = 14
CLOSEST = 5  # lines shown when the tiles are not a hand on the card
MAX_INPUT = 500  # characters per field: a hand is short, and nothing typed should cost much
# Exposures are separated by ";", "|", "/" or new lines (commas already separate tiles).
_EXPOSURE_BREAK = re.compile(r"[;|/\n]")


class HandInputError(ValueError):
    """What was typed cannot be read as tiles; the message is for the reader (in English:
    the site words it in the reader's language from `kind`, `what`, `count` and `detail`)."""

    def __init__(self, message: str, kind: str, what: str = "", count: int = 0, detail=""):
        super().__init__(message)
        self.kind = kind  # "too-long", "not-tiles" or "too-many"
        self.what = what  # "tiles" or "exposures"
        self.count = count  # the tiles counted ("too-many")
        self.detail = detail  # the library's words for what is not a tile ("not-tiles")


def read_tiles(text: str, what: str) -> list:
    if len(text) > MAX_INPUT:
        raise HandInputError(
            f"The {what} are too long to read: at most {MAX_INPUT} characters.", "too-long", what
        )
    if not text.strip():
        return []
    try:
        return parse_tiles(text)
    except TileNotationError as error:
        raise HandInputError(f"The {what}: {error}", "not-tiles", what, detail=error) from None


def read_exposures(text: str) -> list[list]:
    if len(text) > MAX_INPUT:
        raise HandInputError(
            f"The exposures are too long to read: at most {MAX_INPUT} characters.",
            "too-long",
            "exposures",
        )
    groups = [part for part in _EXPOSURE_BREAK.split(text) if part.strip()]
    return [read_tiles(part, "exposures") for part in groups]


def _line(line) -> dict:
    return {
        "id": line.id,
        "section": line.section,
        "pattern": line.pattern,
        "kind": "concealed" if line.concealed else "exposed",
        "value": line.value,
        "note": line.note,
    }


def check(card, tiles_text: str = "", exposures_text: str = "") -> dict:
    """The answer for these tiles (concealed) and exposures on this card. Raises
    HandInputError for what cannot be read or cannot be a hand."""
    concealed = read_tiles(tiles_text, "tiles")
    exposures = read_exposures(exposures_text)
    count = len(concealed) + sum(len(group) for group in exposures)
    if count > TILES_IN_A_HAND:
        raise HandInputError(
            f"That is {count} tiles; a hand has {TILES_IN_A_HAND} (exposures included).",
            "too-many",
            count=count,
        )
    hand = CardHand.of(concealed, exposures)
    answer = {
        "tiles": [tile.code for tile in concealed],
        "exposures": [[tile.code for tile in group] for group in exposures],
        "count": count,
    }
    if count == 0:
        return answer | {"verdict": "empty", "message": "Pick or type the tiles to check."}
    if exposures:
        fitting = lines_exposures_fit(card, hand)
        answer["exposures_fit"] = [line.id for line in fitting]
        answer["dead"] = not fitting
    if not concealed:
        if answer["dead"]:
            message = "No line of this card takes these exposures: the hand is dead."
        else:
            ids = ", ".join(answer["exposures_fit"])
            message = f"These exposures still fit {len(answer['exposures_fit'])} lines: {ids}."
        return answer | {"verdict": "exposures", "message": message}
    if count == TILES_IN_A_HAND:
        line = winning_line(card, hand)
        if line is not None:
            instance = matching_instance(line, hand)
            return answer | {
                "verdict": "mah-jongg",
                "message": f"Mah Jongg: line {line.id} ({line.section}), worth {line.value}.",
                "line": _line(line) | {"reading": instance.describe() if instance else ""},
            }
    closest = _closest(card, hand)
    if count == TILES_IN_A_HAND:
        message = "Not a hand on this card."
    else:
        message = f"{count} tiles: not yet a hand (a hand has {TILES_IN_A_HAND})."
    if answer.get("dead"):
        message += " No line takes these exposures: the hand is dead."
    return answer | {"verdict": "not-a-hand", "message": message, "closest": closest}


def answer_or_error(card, tiles_text: str = "", exposures_text: str = ""):
    """(answer, None), or (None, the reader's message) for what cannot be read: what the
    hand check page and its JSON show, online from the server, offline from the browser."""
    try:
        return check(card, tiles_text, exposures_text), None
    except HandInputError as error:
        return None, str(error)


def card_from(kept: dict):
    """The card a kept copy judges by, from `/hand/card.json`: a shipped card by its name (the
    wheel holds it), a site card from its text."""
    if kept.get("shipped"):
        return shipped_card(kept["name"])
    return load_card(kept["text"])


def _closest(card, hand) -> list[dict]:
    """The lines needing the fewest tiles: how many (`needs`) and which (`still_needs`, tile
    codes; `jokers_may_stand_for`, those a joker could replace), read as `reading` says."""
    by_id = tiles_needed_by_line(card, hand)
    needed = [(by_id[line.id], line) for line in card.lines if by_id[line.id] is not None]
    needed.sort(key=lambda pair: (pair[0], pair[1].position))
    return [_line(line) | {"needs": n} | _which(line, hand) for n, line in needed[:CLOSEST]]


def _which(line, hand) -> dict:
    wanted = still_needed(line, hand)
    if wanted is None:  # not for a line tiles_needed can make; kept for safety
        return {"still_needs": [], "jokers_may_stand_for": [], "reading": ""}
    return {
        "still_needs": [tile.code for tile in wanted.tiles],
        "jokers_may_stand_for": [tile.code for tile in wanted.jokers_may_stand_for],
        "reading": wanted.instance.describe(),
    }
