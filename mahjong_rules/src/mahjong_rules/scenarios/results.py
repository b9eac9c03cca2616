"""What running a scenario text gives back: plain data for pages, the command and JSON."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class Status(StrEnum):
    """Worst first: a text's overall status is the worst of its parts."""

    PARSE_ERROR = "parse error"
    FAILED = "failed"
    UNDEFINED = "undefined"
    SKIPPED = "skipped"
    DIFFERS = "differs"
    PASSED = "passed"

    @property
    def rank(self) -> int:
        return list(Status).index(self)

    @classmethod
    def worst(cls, statuses: Iterable[Status]) -> Status:
        every = list(statuses)
        return min(every, key=lambda s: s.rank) if every else cls.PASSED


@dataclass
class Problem:
    """A parse error or a trap the parser does not catch, at its line (and column)."""

    line: int
    column: int | None
    message: str


@dataclass
class StepResult:
    line: int
    keyword: str  # as written: "Given", "And", …
    text: str  # after outline substitution
    status: Status
    verdict: str | None = None  # "allowed" / "refused" for an action, else None
    rule: str | None = None
    article: str | None = None
    reason: str | None = None
    consequence: str | None = None
    message: str | None = None  # why it failed / was undefined, for a reader
    suggestions: list[str] = field(default_factory=list)  # nearest phrases when undefined
    data_table: list[list[str]] | None = None
    phrase: str | None = None  # the registry phrase it matched
    # The table the step met, in the engine's notation (Table.from_notation): where it
    # failed, and, when the run keeps tables, where its action was judged.
    table: str | None = None


@dataclass
class ScenarioResult:
    name: str
    line: int
    status: Status
    own_steps: list[StepResult] = field(default_factory=list)  # after the Background's
    # The Background's steps as run before this scenario: one list shared by every scenario
    # of the run that ran the same Background under the same options (it ran once for them).
    background: list[StepResult] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    file: str = ""
    keyword: str = "Scenario"
    # For an outline: the Examples row this run came from (its line and values).
    example_line: int | None = None
    example_values: dict[str, str] = field(default_factory=dict)
    # For `differs`: the house rules that make the difference.
    because: list[str] = field(default_factory=list)
    message: str | None = None

    @property
    def steps(self) -> list[StepResult]:
        """Every step as it ran, the Background's first. A new list on each call, as long as
        the Background: code that goes through every scenario reads `background` (shared) and
        `own_steps` instead, so that a long Background is read once, not once a scenario."""
        return [*self.background, *self.own_steps]

    @property
    def articles(self) -> list[str]:
        return [t.split(":", 1)[1] for t in self.tags if t.startswith("@article:")]


@dataclass
class FeatureResult:
    uri: str
    name: str
    status: Status
    scenarios: list[ScenarioResult] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    # The check ran past its time budget: some scenarios were not checked (each says so).
    # Such a result depends on the machine's load, so it is never cached.
    out_of_time: bool = False
