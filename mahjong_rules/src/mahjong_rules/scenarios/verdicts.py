"""The verdict of a scenario check, as a ruling's verdict is written.

A check's verdict is read from its last step written with the keyword `Then` (an `And` or
`But` after it does not count): `that is allowed` gives "allowed", `that is refused`
"not_allowed", a check that a hand is dead or can be declared dead gives "dead", and any
other check gives "none". A check that does not pass gives no verdict at all (None): the
ruling it should show is not shown by it.

    >>> from mahjong_rules.scenarios.runner import run_text
    >>> feature = run_text('''Feature: The courtesy pass
    ...   Scenario: Partners across pass after a stopped Charleston
    ...     Given the Charleston has reached the second left pass
    ...     And East holds 1D
    ...     And West holds 7B
    ...     When South stops the Charleston
    ...     And East offers 1 tile across
    ...     And West offers 1 tile across
    ...     And East passes 1D across
    ...     And West passes 7B across
    ...     Then that is allowed
    ...     And East holds 7B
    ... ''')
    >>> [(name, row, check_verdict(s)) for (name, row), s in checks_of(feature).items()]
    [('Partners across pass after a stopped Charleston', None, 'allowed')]
"""

from __future__ import annotations

from typing import Final

from .results import FeatureResult, ScenarioResult

# A check's name in a ruling: the scenario's name, and for an outline the row's number (1, 2, …).
CheckName = tuple[str, int | None]

VERDICT_OF_PHRASE: Final[dict[str, str]] = {
    "that is allowed": "allowed",
    "that is refused": "not_allowed",
    "{seat}'s hand is dead": "dead",
    "{seat}'s hand can be declared dead": "dead",
}


def check_verdict(scenario: ScenarioResult) -> str | None:
    """The verdict a scenario result (`results.ScenarioResult`) shows, or None if it fails."""
    if scenario.status != "passed":
        return None
    thens = [step for step in scenario.own_steps if step.keyword.strip() == "Then"]
    if not thens:
        return "none"
    phrase = thens[-1].phrase
    return VERDICT_OF_PHRASE.get(phrase, "none") if phrase is not None else "none"


def checks_of(feature: FeatureResult) -> dict[CheckName, ScenarioResult]:
    """Every check of a feature result by how a ruling names it, {(name, row): result}:
    `row` is None for a Scenario and 1, 2, … for the rows of a Scenario Outline's Examples,
    in the order they are written."""
    found: dict[CheckName, ScenarioResult] = {}
    rows: dict[str, int] = {}
    for scenario in feature.scenarios:
        if scenario.example_line is None:
            found[(scenario.name, None)] = scenario
        else:
            rows[scenario.name] = rows.get(scenario.name, 0) + 1
            found[(scenario.name, rows[scenario.name])] = scenario
    return found
