"""The referee: hands an action to the rules of the table's rule set.

Above the rule sets (which import `actions` for the action types), so nothing imports back.
"""

from __future__ import annotations

from .actions import Action
from .rule_sets import RULE_SETS
from .table import Table
from .verdicts import Verdict

# Each rule set's referee by key (NMJL's is part two's, nmjl/hands.py, wrapping part one's).
_JUDGES = {rule_set.key: rule_set.judge for rule_set in RULE_SETS}


def judge(table: Table, action: Action) -> tuple[Verdict, Table]:
    """The verdict on `action` at `table`, and the table after it: ``(Verdict, Table)``.

    Raises NotInRuleSet for an action the table's rule set has no rule for, and
    ImpossibleTable for one no real table allows (a fifth copy of a tile).
    """
    return _JUDGES[table.ruleset](table, action)


def is_allowed(table: Table, action: Action) -> bool:
    """Whether the rules allow `action` at `table` (the verdict without the next table)."""
    return judge(table, action)[0].allowed
