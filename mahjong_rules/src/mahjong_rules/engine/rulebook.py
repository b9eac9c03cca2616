"""How a rule is written: a small named function that cites its article.

A rule function reads the table and returns ``None`` when the action passes it, or one
plain-English sentence saying why the action is refused. ``@rule("nmjl-calling")`` records
the article (and registers nothing: a rule set lists its rules, see ``RuleSet``); ``require``
turns a refusal into a ``Refused`` exception that the rule set's ``judge`` catches and turns
into a Verdict.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias, TypeVar, TypeVarTuple, cast

from .actions import Action
from .table import Table
from .verdicts import Verdict

Args = TypeVarTuple("Args")
T = TypeVar("T")


class Rule(Protocol[*Args]):
    """A rule: a function marked by `rule`, so it has a name and cites an article.

    It takes what it reads (the table, a hand, a seat, a tile…), always by position, and
    returns None when the action passes it, else the reason it is refused."""

    __name__: str
    article: str

    def __call__(self, *args: *Args) -> str | None: ...


# A rule whatever it reads: what a rule set lists, a verdict cites, a refusal names.
AnyRule: TypeAlias = Rule[*tuple[Any, ...]]

# Judges one kind of action under a rule set: the verdict and the table after it. (Any: each
# takes the action class it is filed under in its rule set's table of handlers.)
Handler: TypeAlias = Callable[[Table, Any], tuple[Verdict, Table]]


def rule(article: str) -> Callable[[Callable[[*Args], str | None]], Rule[*Args]]:
    """Mark a function as a rule enforcing `article`; its name is the rule's name.

    Marking registers nothing: each rule module lists its rules in ``RULES``, and a rule set
    (``RuleSet.rules``) lists its modules' rules, so what a rule set enforces is read in one
    place, not gathered by importing modules in the right order."""

    def mark(func: Callable[[*Args], str | None]) -> Rule[*Args]:
        marked = cast("Rule[*Args]", func)  # the function itself, a rule once it has its article
        marked.article = article
        return marked

    return mark


@dataclass(frozen=True)
class RuleSet:
    """One rule set: its key (a table's ``ruleset``), its name for readers, the referee that
    judges an action at its tables, its rules (every rule function its verdicts may cite) and
    the rule options its rules read. A new rule set is a subpackage exposing one of these,
    and one entry in ``RULE_SETS`` (``rule_sets.py``)."""

    key: str
    name: str
    judge: Callable[[Table, Action], tuple[Verdict, Table]] = field(repr=False)
    rules: tuple[AnyRule, ...] = field(repr=False)
    options: tuple[str, ...] = ()


class Refused(Exception):
    """An action the rules do not permit. `table` is set when a consequence changes it."""

    def __init__(
        self,
        rule_func: AnyRule,
        reason: str,
        consequence: str | None = None,
        table: Table | None = None,
    ) -> None:
        super().__init__(reason)
        self.rule = rule_func
        self.reason = reason
        self.consequence = consequence
        self.table = table

    def verdict(self) -> Verdict:
        return Verdict(False, self.rule.__name__, self.rule.article, self.reason, self.consequence)


def require(rule_func: Rule[*Args], *args: *Args) -> None:
    """Apply a rule: raise Refused with its reason if it refuses the action."""
    reason = rule_func(*args)
    if reason is not None:
        raise Refused(rule_func, reason)


def require_present(rule_func: Rule[T | None, *Args], value: T | None, *args: *Args) -> T:
    """Apply a rule whose first argument may be missing (None), and which refuses it then:
    raise Refused with its reason if it refuses, else give back the value, now known present.
    (``require`` for a standing call, the latest discard, the tiles a hand holds…)"""
    reason = rule_func(value, *args)
    if reason is not None:
        raise Refused(rule_func, reason)
    # No check added on the engine's path: each rule used here refuses a None.
    return value  # type: ignore[return-value]


def allow(rule_func: AnyRule, reason: str, consequence: str | None = None) -> Verdict:
    return Verdict(True, rule_func.__name__, rule_func.article, reason, consequence)


class NotInRuleSet(ValueError):
    """An action the rule set has no rule for (a joker exchange under Matjok rules, say)."""
