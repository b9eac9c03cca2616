"""The card: its notation, the card file, the shipped Practice Card, and the hand matcher.

Pure Python, no Django. See docs/cards.md.

    >>> from mahjong_rules.engine import parse_tiles
    >>> from mahjong_rules.engine.nmjl.cards import CardHand, shipped_card, winning_line
    >>> card = shipped_card("Practice Card 2027")
    >>> hand = CardHand.of(parse_tiles("5D 5D 5D 5C 5C 5C J 5B 5B 5B RD RD RD RD"))
    >>> winning_line(card, hand).id
    'L1'
"""

from .card import Card, CardError, Line, Section, card_from_data, load_card, pattern_problems
from .hand import CardHand, ExposedGroup
from .instances import Instance, TileGroup
from .matcher import (
    StillNeeded,
    cannot_make,
    exposures_fit,
    exposures_fit_no_line,
    fits_no_line,
    lines_exposures_fit,
    matches,
    matches_instance,
    matching_instance,
    matching_lines,
    still_needed,
    tiles_needed,
    tiles_needed_by_line,
    winning_line,
)
from .pattern import Group, Pattern, PatternError, parse_pattern
from .shipped import PRACTICE_CARD, SHIPPED_CARDS, shipped_card

__all__ = [
    "PRACTICE_CARD",
    "SHIPPED_CARDS",
    "Card",
    "CardError",
    "CardHand",
    "ExposedGroup",
    "Group",
    "Instance",
    "Line",
    "Pattern",
    "PatternError",
    "Section",
    "StillNeeded",
    "TileGroup",
    "cannot_make",
    "card_from_data",
    "exposures_fit",
    "exposures_fit_no_line",
    "fits_no_line",
    "lines_exposures_fit",
    "load_card",
    "matches",
    "matches_instance",
    "matching_instance",
    "matching_lines",
    "parse_pattern",
    "pattern_problems",
    "shipped_card",
    "still_needed",
    "tiles_needed",
    "tiles_needed_by_line",
    "winning_line",
]
