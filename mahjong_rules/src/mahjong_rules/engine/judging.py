"""The referee: hands an action to the rules of the table's rule set.

Above the rule sets (which import `actions` for the action types), so nothing imports back.
"""

from __future__ import annotations

from . import hands, matjok
from .actions import Action
from .table import Table
from .verdicts import Verdict

# NMJL actions go through part two's refinements (hands.py), which wrap nmjl_judge.
_RULE_SETS = {"nmjl": hands.judge, "matjok": matjok.judge}


def judge(table: Table, action: Action) -> tuple[Verdict, Table]:
    """The verdict on `action` at `table`, and the table after it: ``(Verdict, Table)``.

    Raises NotInRuleSet for an action the table's rule set has no rule for, and
    ImpossibleTable for one no real table allows (a fifth copy of a tile).
    """
    return _RULE_SETS[table.ruleset](table, action)


def is_allowed(table: Table, action: Action) -> bool:
    """Whether the rules allow `action` at `table` (the verdict without the next table)."""
    return judge(table, action)[0].allowed
