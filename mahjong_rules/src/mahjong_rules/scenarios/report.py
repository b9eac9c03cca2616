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
from typing import Final, NamedTuple, NotRequired, TypedDict

from .results import FeatureResult, Problem, ScenarioResult, Status, StepResult
from .runner import summarise

LEAGUE: Final = "League rules"


class UnreadablePath(Exception):
    """A path given to the command does not exist or cannot be opened."""


class FeatureFile(NamedTuple):
    """One scenario text to check, by where it came from; `problem` says why a file that
    exists could not be read as text (it is then reported, not run)."""

    uri: str
    text: str
    problem: str | None = None


@dataclass
class Run:
    """Scenario texts checked under one set of rules."""

    label: str  # "League rules", or the tournament, for a reader
    results: list[FeatureResult] = field(default_factory=list)
    tournament: str | None = None  # the tournament's slug, if any


def read_feature_files(
    paths: Sequence[str | Path], notes: list[str] | None = None
) -> list[FeatureFile]:
    """Each .feature file named or found in a named folder, in order.

    Folders are searched recursively, in sorted order; a folder with none adds a line to
    `notes`. Raises UnreadablePath for a path that does not exist or cannot be opened. A file
    that is not UTF-8 text comes back with its `problem`, so one bad file does not stop the
    others being checked.
    """
    files: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.feature") if p.is_file())
            if not found and notes is not None:
                notes.append(f"no .feature files in {given}")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise UnreadablePath(f"{given}: no such .feature file or folder.")
    return [_read(path) for path in files]


def _read(path: Path) -> FeatureFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnreadablePath(f"{path}: cannot be read ({error.strerror or error}).") from error
    try:
        return FeatureFile(str(path), data.decode("utf-8"))
    except UnicodeDecodeError as error:
        problem = (
            f"This file cannot be read as text: it is not UTF-8 (byte {error.start + 1} "
            "is not part of any UTF-8 character). Save it as UTF-8 text and check it again."
        )
        return FeatureFile(str(path), "", problem)


def unreadable(file: FeatureFile) -> FeatureResult:
    """The result for a file that could not be read as text: a parse error, counted as failed."""
    return FeatureResult(
        uri=file.uri,
        name="",
        status=Status.PARSE_ERROR,
        problems=[Problem(1, None, file.problem or "This file cannot be read as text.")],
    )


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


class StepEntry(TypedDict):
    line: int
    text: str
    status: str
    verdict: str | None
    rule: str | None
    article: str | None
    message: str | None
    keyword: str
    reason: str | None
    consequence: str | None
    suggestions: list[str]
    data_table: list[list[str]] | None
    table: str | None  # where the step failed (Table.from_notation's line)


class ScenarioEntry(TypedDict):
    name: str
    file: str
    line: int
    status: str
    steps: list[StepEntry]
    keyword: str
    feature: str
    tags: list[str]
    articles: list[str]
    example_line: int | None
    example_values: dict[str, str]
    message: str | None
    rules: str
    tournament: str | None
    because: NotRequired[list[str]]  # for a scenario that differs


class ProblemEntry(TypedDict):
    line: int
    column: int | None
    message: str


class ParseErrorEntry(TypedDict):
    name: str
    file: str
    line: int
    status: str
    steps: list[StepEntry]  # none: the text did not run
    parse_error: bool
    problems: list[ProblemEntry]
    message: str | None
    feature: str
    tags: list[str]
    rules: str
    tournament: str | None


class JsonReport(TypedDict):
    passed: int
    failed: int
    scenarios: list[ScenarioEntry | ParseErrorEntry]


def to_json(runs: Sequence[Run]) -> JsonReport:
    """One document: {"passed", "failed", "scenarios": [...]} as the contract gives it."""
    passed, failed = totals(runs)
    scenarios: list[ScenarioEntry | ParseErrorEntry] = []
    for run in runs:
        for feature in run.results:
            if feature.status == Status.PARSE_ERROR:
                scenarios.append(_parse_error_entry(feature, run))
                continue
            scenarios.extend(_scenario_entry(s, feature, run) for s in feature.scenarios)
    return {"passed": passed, "failed": failed, "scenarios": scenarios}


def dumps(runs: Sequence[Run]) -> str:
    return json.dumps(to_json(runs), indent=2, ensure_ascii=False)


def _scenario_entry(scenario: ScenarioResult, feature: FeatureResult, run: Run) -> ScenarioEntry:
    entry: ScenarioEntry = {
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


def _step_entry(step: StepResult) -> StepEntry:
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
        "table": step.table,
    }


def _parse_error_entry(feature: FeatureResult, run: Run) -> ParseErrorEntry:
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

STATUS_WIDTH: Final = len("undefined") + 2
INDENT: Final = "    " + " " * STATUS_WIDTH


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
    backgrounds: dict[int, _StepsToShow] = {}  # a Background's run is read once, not per scenario
    for scenario in feature.scenarios:
        key = id(scenario.background)
        if key not in backgrounds:
            backgrounds[key] = _StepsToShow(scenario.background)
        lines.extend(_scenario_lines(scenario, backgrounds[key]))
    return lines


class _StepsToShow:
    """Of some steps: the first that did not pass or skip, and the skipped ones with a message."""

    def __init__(self, steps: list[StepResult]) -> None:
        self.failing = next((s for s in steps if s.status not in _FINE), None)
        self.noted = [s for s in steps if s.status == Status.SKIPPED and s.message]


def _scenario_lines(scenario: ScenarioResult, background: _StepsToShow | None = None) -> list[str]:
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
    background = background or _StepsToShow(scenario.background)
    own = _StepsToShow(scenario.own_steps)
    failing = background.failing or own.failing
    if failing is None:
        lines.append(f"{INDENT}{scenario.message or 'did not pass'}")
        return lines
    lines.append(f"{INDENT}line {failing.line}: {failing.keyword} {failing.text}")
    lines.append(f"{INDENT}{failing.message or str(failing.status)}")
    if failing.table:  # to paste into Table.from_notation, a bug report or the judge API
        lines.append(f"{INDENT}table: {failing.table}")
    # A step after it was not run, but one that matches no phrase is a mistake to show now.
    for step in background.noted + own.noted:
        lines.append(f"{INDENT}line {step.line}: {step.keyword} {step.text}")
        lines.append(f"{INDENT}{step.message}")
    return lines


_FINE: Final = (Status.PASSED, Status.SKIPPED)
