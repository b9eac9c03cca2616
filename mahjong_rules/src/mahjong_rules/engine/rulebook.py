"""How a rule is written: a small named function that cites its article.

A rule function reads the table and returns ``None`` when the action passes it, or one
plain-English sentence saying why the action is refused. ``@rule("nmjl-calling")`` records
the article; ``require`` turns a refusal into a ``Refused`` exception that the rule set's
``judge`` catches and turns into a Verdict.
"""

from __future__ import annotations

from collections.abc import Callable

from .table import Table
from .verdicts import Verdict

# Every rule of every rule set, by name: for the docs, and for the test that every
# article a verdict can cite exists.
RULES: dict[str, Callable] = {}


def rule(article: str):
    """Mark a function as a rule enforcing `article`; its name is the rule's name."""

    def register(func: Callable) -> Callable:
        if func.__name__ in RULES:
            raise ValueError(f"two rules are named {func.__name__}")
        func.article = article
        RULES[func.__name__] = func
        return func

    return register


class Refused(Exception):
    """An action the rules do not permit. `table` is set when a consequence changes it."""

    def __init__(
        self,
        rule_func: Callable,
        reason: str,
        consequence: str | None = None,
        table: Table | None = None,
    ):
        super().__init__(reason)
        self.rule = rule_func
        self.reason = reason
        self.consequence = consequence
        self.table = table

    def verdict(self) -> Verdict:
        return Verdict(False, self.rule.__name__, self.rule.article, self.reason, self.consequence)


def require(rule_func: Callable, *args) -> None:
    """Apply a rule: raise Refused with its reason if it refuses the action."""
    reason = rule_func(*args)
    if reason is not None:
        raise Refused(rule_func, reason)


def allow(rule_func: Callable, reason: str, consequence: str | None = None) -> Verdict:
    return Verdict(True, rule_func.__name__, rule_func.article, reason, consequence)


class NotInRuleSet(ValueError):
    """An action the rule set has no rule for (a joker exchange under Matjok rules, say)."""
