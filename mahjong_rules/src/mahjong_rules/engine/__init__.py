"""The rules engine: tiles, the table, rule options and the rules of each rule set.

Pure Python. Nothing here may import Django (the package's tests/test_no_django.py checks it).

    >>> from mahjong_rules.engine import Table, judge, actions, parse_tile
    >>> verdict, table = judge(Table.new(), actions.Discard(0, parse_tile("7D")))
    >>> verdict.allowed, verdict.article
    (True, 'nmjl-calling')
"""

from . import actions
from .action_notation import parse_action
from .judging import is_allowed, judge
from .notation import NotationError
from .options import OPTIONS, default_options
from .rulebook import RULES, NotInRuleSet
from .table import SEATS, Exposure, Hand, ImpossibleTable, Phase, Table
from .tiles import Tile, TileNotationError, parse_tile, parse_tiles
from .verdicts import Verdict

# Part of every cached scenario result's key: bump it whenever a ruling may change.
ENGINE_VERSION = "7"

# The rule sets register their rules in RULES when imported (judging imports them too).
from . import charleston, hands, mahjong, matjok, nmjl, nmjl_judge, wall  # noqa: E402, F401

__all__ = [
    "ENGINE_VERSION",
    "OPTIONS",
    "RULES",
    "SEATS",
    "Exposure",
    "Hand",
    "ImpossibleTable",
    "NotationError",
    "NotInRuleSet",
    "Phase",
    "Table",
    "Tile",
    "TileNotationError",
    "Verdict",
    "actions",
    "charleston",
    "hands",
    "mahjong",
    "wall",
    "default_options",
    "is_allowed",
    "judge",
    "matjok",
    "nmjl",
    "nmjl_judge",
    "parse_action",
    "parse_tile",
    "parse_tiles",
]
