"""The rulings' checks read from the files: each ruling's verdict against its checks'.

How a check's verdict is read is the library's (`mahjong_rules.scenarios.verdicts`), the same
reading the site gives a `RulingCheck`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from mahjong_rules.scenarios.verdicts import check_verdict, checks_of


@cache
def results_of(path: Path):
    """Every scenario of a feature file run under League rules, {(name, row): result}.

    `row` is None for a Scenario and 1, 2, … for the rows of a Scenario Outline's Examples,
    in the order they are written.
    """
    from mahjong_rules.scenarios.runner import run_text

    return checks_of(run_text(path.read_text(encoding="utf-8"), path.name))


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
