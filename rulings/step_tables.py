"""The table each step of a check met, in the library's table notation, for authors.

A stored result keeps a table only where a step failed: an author's page runs the text once
more with every judged step's table kept (`run_text(keep_tables=True)`). Uncached and only
for authors' pages: readers' pages never pay for it.

What an author gets is the line to paste into `Table.from_notation`, a bug report, or
`/api/v1/judge/` with the step's action.
"""

from __future__ import annotations

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


def step_tables(text: str, card_lookup=None, options=None) -> list[StepTable]:
    """Each step that carries a verdict or failed, with the table it met, in run order (a
    Background's steps once for the scenarios that share its run, then each one's own)."""
    result = runner.run_text(text, options=options, card_lookup=card_lookup, keep_tables=True)
    found: list[StepTable] = []
    seen_backgrounds: set[int] = set()
    for scenario in result.scenarios:
        steps = list(scenario.own_steps)
        if scenario.background and id(scenario.background) not in seen_backgrounds:
            seen_backgrounds.add(id(scenario.background))
            steps = [*scenario.background, *steps]
        found += [
            StepTable(scenario.name, step.line, step.text, step.table, step.status == Status.FAILED)
            for step in steps
            if step.table
        ]
    return found
