"""The Matjok rules ("Claiming Tiles"): the rule set. Its rules are in ``rules``; everything
outside this package imports Matjok through the names below (an import-linter contract
checks it)."""

from __future__ import annotations

from ..rulebook import RuleSet
from . import rules

MATJOK = RuleSet(key="matjok", name="Matjok", judge=rules.judge, rules=rules.RULES)

__all__ = ["MATJOK"]
