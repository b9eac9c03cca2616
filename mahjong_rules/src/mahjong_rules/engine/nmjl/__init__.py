"""The NMJL rules: the rule set, and what the rest of the library may read of it.

Everything outside this package imports NMJL through the names below (an import-linter
contract checks it); the modules inside are its own. The card language, ``nmjl.cards``, is
the other public part: a card is NMJL's, and its matcher is used on its own (a tournament's
card check, say).

- ``rules``: part one's rules, one small function per rule, each citing its article;
  ``judge``: how part one applies them to each action.
- ``hands``: part two (the Charleston spelled out, the counted wall, Mah Jongg judged by the
  card, three dead hands), wrapping part one; its ``judge`` is the rule set's referee.
- ``charleston``, ``wall``, ``mahjong``: part two's rules; ``cardplay``: a seat's hand read
  against the card in force.
"""

from __future__ import annotations

from ..options import CARD_OPTIONS, OPTIONS
from ..rulebook import RuleSet
from . import charleston, hands, mahjong, rules, wall
from .cardplay import (
    cannot_make,
    card_in_force,
    card_named,
    exposures_fit,
    exposures_fit_no_line,
    known_cards,
    matches,
    tiles_needed,
    winning_line,
)
from .charleston import PAIRS, PASSES, Passed, Passes, next_pass, passes_done
from .mahjong import VOID, Announcement, CardRuling
from .rules import grounds_for_dead_hand, group_problem, tiles_are_thrown_in
from .wall import WALL_GAME, Lift

NMJL = RuleSet(
    key="nmjl",
    name="NMJL",
    judge=hands.judge,
    rules=(*rules.RULES, *charleston.RULES, *wall.RULES, *mahjong.RULES),
    options=(*OPTIONS, *CARD_OPTIONS),
)

__all__ = [
    "NMJL",
    "PAIRS",
    "PASSES",
    "VOID",
    "WALL_GAME",
    "Announcement",
    "CardRuling",
    "Lift",
    "Passed",
    "Passes",
    "cannot_make",
    "card_in_force",
    "card_named",
    "exposures_fit",
    "exposures_fit_no_line",
    "grounds_for_dead_hand",
    "group_problem",
    "known_cards",
    "matches",
    "next_pass",
    "passes_done",
    "tiles_are_thrown_in",
    "tiles_needed",
    "winning_line",
]
