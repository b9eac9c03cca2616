"""The verdict of a scenario check, as a ruling's verdict is written.

A check's verdict is read from its last step written with the keyword `Then` (an `And` or
`But` after it does not count): `that is allowed` gives "allowed", `that is refused`
"not_allowed", a check that a hand is dead or can be declared dead gives "dead", and any
other check gives "none". A check that does not pass gives no verdict at all (None): the
ruling it should show is not shown by it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

VERDICT_OF_PHRASE = {
    "that is allowed": "allowed",
    "that is refused": "not_allowed",
    "{seat}'s hand is dead": "dead",
    "{seat}'s hand can be declared dead": "dead",
}


def check_verdict(scenario) -> str | None:
    """The verdict a scenario result (rulings.scenarios.results.ScenarioResult) shows."""
    if scenario.status != "passed":
        return None
    thens = [step for step in scenario.own_steps if step.keyword.strip() == "Then"]
    if not thens:
        return "none"
    return VERDICT_OF_PHRASE.get(thens[-1].phrase, "none")


@cache
def results_of(path: Path):
    """Every scenario of a feature file run under League rules, {(name, row): result}.

    `row` is None for a Scenario and 1, 2, … for the rows of a Scenario Outline's Examples,
    in the order they are written.
    """
    from rulings.scenarios.runner import run_text

    feature = run_text(path.read_text(encoding="utf-8"), path.name)
    found, rows = {}, {}
    for scenario in feature.scenarios:
        if scenario.example_line is None:
            found[(scenario.name, None)] = scenario
        else:
            rows[scenario.name] = rows.get(scenario.name, 0) + 1
            found[(scenario.name, rows[scenario.name])] = scenario
    return found


def disagreements(rulings, scenarios_folder: Path) -> list[str]:
    """Each (article, ruling) whose checks do not give its verdict, or that lacks a check."""
    found = []
    for key, ruling in rulings:
        where = f"{key}: {ruling['slug']}"
        if ruling["verdict"] != "none" and not ruling["shown_by"]:
            found.append(f"{where}: no check shows its verdict ({ruling['verdict']})")
        for link in ruling["shown_by"]:
            path = scenarios_folder / f"{link['scenario']}.feature"
            check = f"{link['scenario']}: {link['check']}" + (
                f" (row {link['row']})" if link["row"] is not None else ""
            )
            if not path.is_file():
                found.append(f"{where}: no scenario file {path.name}")
                continue
            scenario = results_of(path).get((link["check"], link["row"]))
            if scenario is None:
                found.append(f"{where}: no check {check}")
                continue
            shown = check_verdict(scenario)
            if shown != ruling["verdict"]:
                found.append(f"{where}: says {ruling['verdict']}, its check {check} gives {shown}")
    return found
