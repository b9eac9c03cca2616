"""The table each step of a check met, in the library's table notation, for authors.

A scenario's result keeps each step's verdict, not the table: so, for an author who asks,
the text is run once more with every phrase's function watched, and the table before each
call is kept. The calls are matched back to the steps in the order the runner makes them
(a Background's steps once for the scenarios that share its run, then each scenario's own;
a step that passed called its function, and a failed one only if its function raised).
Uncached and only for authors' pages: readers' pages never pay for it.

What an author gets is the line to paste into `Table.from_notation`, a bug report, or
`/api/v1/judge/` with the step's action.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from mahjong_rules.scenarios import runner
from mahjong_rules.scenarios.results import Status


@dataclass(frozen=True)
class StepTable:
    """The table one step met: before its action is judged, or where it failed."""

    run: str  # the scenario (an outline's row) it is in
    line: int  # the step's line
    text: str  # the step, as written
    notation: str
    failed: bool  # the step failed here (else: it carries a verdict)


@dataclass(frozen=True)
class _Call:
    phrase: str
    table: object  # the world's table before the call
    raised: bool


class _Watched:
    """The real registry, with each matched phrase's function noting the table it met."""

    def __init__(self, registry, calls: list[_Call]):
        self._registry = registry
        self._calls = calls

    def __getattr__(self, name):
        return getattr(self._registry, name)

    def match(self, keyword, text, errors=None):
        return [
            (dataclasses.replace(phrase, func=self._watch(phrase)), values)
            for phrase, values in self._registry.match(keyword, text, errors)
        ]

    def _watch(self, phrase):
        calls, func = self._calls, phrase.func

        def watched(world, *arguments):
            table = getattr(world, "table", None)
            try:
                outcome = func(world, *arguments)
            except Exception:
                calls.append(_Call(phrase.text, table, raised=True))
                raise
            calls.append(_Call(phrase.text, table, raised=False))
            return outcome

        return watched


def step_tables(text: str, card_lookup=None, options=None) -> list[StepTable]:
    """Each step that carries a verdict or failed, with the table it met, in run order."""
    return run_watched(text, card_lookup, options)[1]


def run_watched(text: str, card_lookup=None, options=None, only_failed=False):
    """The text's result as `runner.run_text` gives it, and each step's table (`step_tables`);
    `only_failed`: the tables of failed steps alone (the live check, where an outline may run
    thousands of rows, writes no other)."""
    calls: list[_Call] = []
    # Through the module, as `rulings.checks` runs: the engine it uses today is the one watched.
    registry = _Watched(runner.default_engine().registry, calls)
    result = runner.run_text(text, options=options, registry=registry, card_lookup=card_lookup)
    return result, _tables(result, calls, only_failed)


def _tables(result, calls: list[_Call], only_failed: bool) -> list[StepTable]:
    found: list[StepTable] = []
    at = 0  # the next call to match with a step
    seen_backgrounds: set[int] = set()
    for scenario in result.scenarios:
        steps = list(scenario.own_steps)
        if scenario.background and id(scenario.background) not in seen_backgrounds:
            seen_backgrounds.add(id(scenario.background))
            steps = [*scenario.background, *steps]
        for step in steps:
            call = calls[at] if at < len(calls) else None
            if step.status == Status.PASSED and step.phrase:
                if call is None or call.phrase != step.phrase or call.raised:
                    return found  # the calls no longer follow the steps: say nothing more
                at += 1
            elif step.status == Status.FAILED and call is not None and call.raised:
                # It failed inside its function (else before it: its values, its data table).
                if call.phrase != step.phrase:
                    return found
                at += 1
            else:
                continue
            if step.status == Status.FAILED or (step.verdict and not only_failed):
                notation = _notation(call.table)
                if notation:
                    failed = step.status == Status.FAILED
                    found.append(StepTable(scenario.name, step.line, step.text, notation, failed))
    return found


def failed_tables(tables: list[StepTable]) -> dict[int, str]:
    """Per line, the table its step first failed at (an outline's line may fail in many rows)."""
    found: dict[int, str] = {}
    for entry in tables:
        if entry.failed:
            found.setdefault(entry.line, entry.notation)
    return found


def _notation(table) -> str:
    try:
        return table.notation() if table is not None else ""
    except Exception:  # a table no rule builds: nothing to copy
        return ""
