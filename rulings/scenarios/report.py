"""Check results as the `check_scenarios` command prints them: text for people, JSON for tools.

A *run* is a set of scenario texts checked under one set of rules (League rules, or one
tournament's house rules). The text report shows each scenario and, for one that did not
pass, the failing step, its line and why; its last line is exactly ``N passed, N failed``.

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .results import FeatureResult, ScenarioResult, Status, StepResult
from .runner import summarise

LEAGUE = "League rules"


class UnreadablePath(Exception):
    """A path given to the command is not a readable .feature file or folder."""


@dataclass
class Run:
    """Scenario texts checked under one set of rules."""

    label: str  # "League rules", or the tournament, for a reader
    results: list[FeatureResult] = field(default_factory=list)
    tournament: str | None = None  # the tournament's slug, if any


def read_feature_files(paths: Sequence[str | Path]) -> list[tuple[str, str]]:
    """(path, text) for each .feature file named or found in a named folder, in order.

    Folders are searched recursively, in sorted order. Raises UnreadablePath for a path
    that does not exist or cannot be read as UTF-8 text.
    """
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.feature") if p.is_file()))
        elif path.is_file():
            files.append(path)
        else:
            raise UnreadablePath(f"{given}: no such .feature file or folder.")
    texts = []
    for path in files:
        try:
            texts.append((str(path), path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            raise UnreadablePath(f"{path}: cannot be read ({reason}).") from error
    return texts


def totals(runs: Iterable[Run]) -> tuple[int, int]:
    """(passed, failed) over every run: differs counts as passed, parse errors as failed."""
    passed = failed = 0
    for run in runs:
        p, f = summarise(run.results)
        passed += p
        failed += f
    return passed, failed


def exit_status(runs: Iterable[Run]) -> int:
    """0 when no scenario failed or was undefined, 1 when any did."""
    return 1 if totals(runs)[1] else 0


# -- JSON --------------------------------------------------------------------------------------


def to_json(runs: Sequence[Run]) -> dict:
    """One document: {"passed", "failed", "scenarios": [...]} as the contract gives it."""
    passed, failed = totals(runs)
    scenarios = []
    for run in runs:
        for feature in run.results:
            if feature.status == Status.PARSE_ERROR:
                scenarios.append(_parse_error_entry(feature, run))
                continue
            scenarios.extend(_scenario_entry(s, feature, run) for s in feature.scenarios)
    return {"passed": passed, "failed": failed, "scenarios": scenarios}


def dumps(runs: Sequence[Run]) -> str:
    return json.dumps(to_json(runs), indent=2, ensure_ascii=False)


def _scenario_entry(scenario: ScenarioResult, feature: FeatureResult, run: Run) -> dict:
    entry = {
        "name": scenario.name,
        "file": scenario.file or feature.uri,
        "line": scenario.line,
        "status": str(scenario.status),
        "steps": [_step_entry(step) for step in scenario.steps],
        "keyword": scenario.keyword,
        "feature": feature.name,
        "tags": list(scenario.tags),
        "articles": scenario.articles,
        "example_line": scenario.example_line,
        "example_values": dict(scenario.example_values),
        "message": scenario.message,
        "rules": run.label,
        "tournament": run.tournament,
    }
    if scenario.status == Status.DIFFERS:
        entry["because"] = list(scenario.because)
    return entry


def _step_entry(step: StepResult) -> dict:
    return {
        "line": step.line,
        "text": step.text,
        "status": str(step.status),
        "verdict": step.verdict,
        "rule": step.rule,
        "article": step.article,
        "message": step.message,
        "keyword": step.keyword,
        "reason": step.reason,
        "consequence": step.consequence,
        "suggestions": list(step.suggestions),
        "data_table": step.data_table,
    }


def _parse_error_entry(feature: FeatureResult, run: Run) -> dict:
    """A text that does not parse is one entry, `undefined` as the contract says."""
    first = feature.problems[0] if feature.problems else None
    return {
        "name": feature.name or feature.uri,
        "file": feature.uri,
        "line": first.line if first else 1,
        "status": str(Status.UNDEFINED),
        "steps": [],
        "parse_error": True,
        "problems": [
            {"line": p.line, "column": p.column, "message": p.message} for p in feature.problems
        ],
        "message": first.message if first else None,
        "feature": feature.name,
        "tags": list(feature.tags),
        "rules": run.label,
        "tournament": run.tournament,
    }


# -- text --------------------------------------------------------------------------------------

STATUS_WIDTH = len("undefined") + 2
INDENT = "    " + " " * STATUS_WIDTH


def to_text(runs: Sequence[Run]) -> str:
    lines: list[str] = []
    for run in runs:
        lines.append(run.label)
        if not run.results:
            lines.append("  (no scenarios)")
        for feature in run.results:
            lines.extend(_feature_lines(feature))
        lines.append("")
    passed, failed = totals(runs)
    lines.append(f"{passed} passed, {failed} failed")
    return "\n".join(lines)


def _feature_lines(feature: FeatureResult) -> list[str]:
    title = f"  {feature.uri}" if feature.uri else "  (text)"
    if feature.name:
        title += f": {feature.name}"
    if feature.status == Status.PARSE_ERROR:
        lines = [title, f"    {'undefined':<{STATUS_WIDTH}}the text cannot be run:"]
        for problem in feature.problems:
            where = f"line {problem.line}"
            if problem.column:
                where += f", column {problem.column}"
            lines.append(f"{INDENT}{where}: {problem.message}")
        return lines
    lines = [title]
    for scenario in feature.scenarios:
        lines.extend(_scenario_lines(scenario))
    return lines


def _scenario_lines(scenario: ScenarioResult) -> list[str]:
    name = scenario.name or "(no name)"
    where = f"line {scenario.line}"
    if scenario.example_line is not None:
        where += f", Examples row at line {scenario.example_line}"
    lines = [f"    {str(scenario.status):<{STATUS_WIDTH}}{scenario.keyword}: {name} ({where})"]
    if scenario.status == Status.PASSED:
        return lines
    if scenario.status == Status.DIFFERS:
        rules = ", ".join(f"“{name}”" for name in scenario.because)
        lines.append(f"{INDENT}rules differently because of the house rule(s) {rules}")
        if scenario.message:
            lines.append(f"{INDENT}{scenario.message}")
        return lines
    failing = next((s for s in scenario.steps if s.status not in _FINE), None)
    if failing is None:
        lines.append(f"{INDENT}{scenario.message or 'did not pass'}")
        return lines
    lines.append(f"{INDENT}line {failing.line}: {failing.keyword} {failing.text}")
    lines.append(f"{INDENT}{failing.message or str(failing.status)}")
    return lines


_FINE = (Status.PASSED, Status.SKIPPED)
