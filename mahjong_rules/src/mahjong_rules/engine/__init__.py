"""The rules engine: tiles, the table, rule options and the rules of each rule set.

Pure Python. Nothing here may import Django (the package's tests/test_no_django.py checks it).

    >>> from mahjong_rules.engine import Table, judge, actions, parse_tile
    >>> verdict, table = judge(Table.new(), actions.Discard(0, parse_tile("7D")))
    >>> verdict.allowed, verdict.article
    (True, 'nmjl-calling')
"""

from . import actions, dated, disagreements, matjok, nmjl
from .action_notation import parse_action
from .judging import is_allowed, judge
from .matjok import MATJOK
from .nmjl import NMJL
from .notation import NotationError
from .options import OPTIONS, default_options
from .rule_sets import RULE_SET, RULE_SETS, RULES
from .rulebook import NotInRuleSet, RuleSet
from .table import SEATS, Exposure, Hand, ImpossibleTable, Phase, Table
from .tiles import Tile, TileNotationError, parse_tile, parse_tiles
from .verdicts import Verdict

# Part of every cached scenario result's key: bump it whenever a ruling may change.
ENGINE_VERSION = "7"

__all__ = [
    "ENGINE_VERSION",
    "MATJOK",
    "NMJL",
    "OPTIONS",
    "RULES",
    "RULE_SET",
    "RULE_SETS",
    "SEATS",
    "Exposure",
    "Hand",
    "ImpossibleTable",
    "NotationError",
    "NotInRuleSet",
    "Phase",
    "RuleSet",
    "Table",
    "Tile",
    "TileNotationError",
    "Verdict",
    "actions",
    "dated",
    "default_options",
    "disagreements",
    "is_allowed",
    "judge",
    "matjok",
    "nmjl",
    "parse_action",
    "parse_tile",
    "parse_tiles",
]
