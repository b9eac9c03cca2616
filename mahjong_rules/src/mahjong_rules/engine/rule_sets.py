"""The rule sets, listed: python-chess lists its variants the same way.

A table's ``ruleset`` is one of their keys. A new rule set is a subpackage beside ``nmjl``
and ``matjok`` exposing a ``RuleSet``, and one entry here; nothing is registered by
importing a module.
"""

from __future__ import annotations

from typing import Final

from .matjok import MATJOK
from .nmjl import NMJL
from .rulebook import AnyRule, RuleSet

RULE_SETS: Final[tuple[RuleSet, ...]] = (NMJL, MATJOK)

RULE_SET: Final[dict[str, RuleSet]] = {rule_set.key: rule_set for rule_set in RULE_SETS}


def _rules_by_name(rule_sets: tuple[RuleSet, ...]) -> dict[str, AnyRule]:
    rules: dict[str, AnyRule] = {}
    for rule_set in rule_sets:
        for rule_func in rule_set.rules:
            if rule_func.__name__ in rules:
                raise ValueError(f"two rules are named {rule_func.__name__}")
            rules[rule_func.__name__] = rule_func
    return rules


# Every rule of every rule set, by name: for the docs, and for the test that every
# article a verdict can cite exists. A verdict names its rule, so names are unique.
RULES: Final[dict[str, AnyRule]] = _rules_by_name(RULE_SETS)
