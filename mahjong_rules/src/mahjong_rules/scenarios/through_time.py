"""How rulings changed through time, and where the sources' readings rule differently.

Pure core for the article pages (no Django). Both run scenario texts a handful of times and
compare each action's verdict step by step:

- ``how_rulings_changed(texts)`` runs them under the League rules in force at the earliest
  source and at each change date (``mahjong_rules.engine.dated.eras``) and returns every verdict
  that flipped between one era and the next: when, by which source, before and after, and the
  scenario's steps, so a page can say "Since the NMJL Bulletin 2025, …".
- ``where_readings_differ(texts)`` runs them under each reading of each option (today's
  League rules otherwise) and returns the actions whose verdict depends on the reading.

A scenario's own steps still apply on top: a house rule, a reading or a date it gives (an
era's League rules are not house rules, so a scenario pinned to a date does not change).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date

from mahjong_rules.engine.dated import eras, options_as_of
from mahjong_rules.engine.options import OPTIONS, default_options

from .results import FeatureResult, ScenarioResult, StepResult
from .runner import run_text
from .world import World, new_world

Texts = Mapping[str, str] | Iterable[tuple[str, str]]


@dataclass(frozen=True)
class Verdict:
    """One action's verdict as a step result gives it (the rule's name is for the page to
    turn into its reason sentence; readers never see it)."""

    allowed: bool
    rule: str
    article: str
    reason: str

    @property
    def word(self) -> str:
        return "allowed" if self.allowed else "refused"


@dataclass(frozen=True)
class RulingChange:
    uri: str
    scenario: str
    day: date
    sources: tuple[str, ...]
    options: tuple[str, ...]  # the options whose change made the difference that day
    example_line: int | None  # an outline's Examples row, else None
    line: int
    step: str  # the action as written: "And North adds J to the exposure"
    before: Verdict
    after: Verdict
    steps: tuple[str, ...]  # the scenario's steps as written, for the page to show
    articles: tuple[str, ...] = ()  # the articles the scenario is tagged for

    def sentence(self) -> str:
        """In plain words: "Since the NMJL Bulletin 2025, “…” is refused; before, allowed."."""
        return (
            f"Since the {' and the '.join(self.sources)}, “{self.step}” is {self.after.word}; "
            f"before, it was {self.before.word}."
        )


@dataclass(frozen=True)
class ReadingDifference:
    uri: str
    scenario: str
    option: str
    example_line: int | None
    line: int
    step: str
    verdicts: tuple[tuple[str, Verdict], ...]  # (reading's name, its verdict), in order
    steps: tuple[str, ...]
    articles: tuple[str, ...] = ()  # the articles the scenario is tagged for


def how_rulings_changed(texts: Texts) -> list[RulingChange]:
    """Every action verdict that flipped between consecutive eras of League rules (OutOfTime
    if a run was cut short by the time budget)."""
    changes: list[RulingChange] = []
    periods = eras()
    for uri, text in _pairs(texts):
        runs = [_league_scenarios(text, uri, options_as_of(day)) for day, _ in periods]
        for (day, made), earlier, later in zip(periods[1:], runs, runs[1:], strict=False):
            for before, after in zip(earlier, later, strict=False):
                for line, step, old, new in _flipped(before, after):
                    changes.append(
                        RulingChange(
                            uri=uri,
                            scenario=after.name,
                            day=day,
                            sources=tuple(dict.fromkeys(c.source for c in made)),
                            options=tuple(c.option for c in made),
                            example_line=after.example_line,
                            line=line,
                            step=step,
                            before=old,
                            after=new,
                            steps=_written(after),
                            articles=tuple(after.articles),
                        )
                    )
    return changes


def where_readings_differ(
    texts: Texts, options: Iterable[str] | None = None
) -> list[ReadingDifference]:
    """The actions whose verdict differs by reading, for each option that has readings
    (OutOfTime if a run was cut short by the time budget)."""
    names = [name for name in (options or OPTIONS) if OPTIONS[name].readings]
    found: list[ReadingDifference] = []
    for uri, text in _pairs(texts):
        for name in names:
            readings = OPTIONS[name].readings
            runs = [
                _scenarios(text, uri, {**default_options(), name: reading.value})
                for reading in readings
            ]
            for scenarios in zip(*runs, strict=False):
                for line, step, verdicts in _by_reading(scenarios):
                    found.append(
                        ReadingDifference(
                            uri=uri,
                            scenario=scenarios[0].name,
                            option=name,
                            example_line=scenarios[0].example_line,
                            line=line,
                            step=step,
                            verdicts=tuple(
                                (r.name, v) for r, v in zip(readings, verdicts, strict=True)
                            ),
                            steps=_written(scenarios[0]),
                            articles=tuple(scenarios[0].articles),
                        )
                    )
    return found


# -- helpers -------------------------------------------------------------------------------


def _pairs(texts: Texts) -> list[tuple[str, str]]:
    return list(texts.items()) if isinstance(texts, Mapping) else list(texts)


class OutOfTime(Exception):
    """A run was cut short by the runner's time budget: its verdicts are not all there, so no
    comparison made from it may be kept."""


def _complete(result: FeatureResult) -> list[ScenarioResult]:
    if result.out_of_time:
        raise OutOfTime(result.uri)
    return result.scenarios


def _scenarios(text: str, uri: str, options: Mapping[str, bool]) -> list[ScenarioResult]:
    return _complete(run_text(text, uri, options))


def _league_scenarios(text: str, uri: str, league: Mapping[str, bool]) -> list[ScenarioResult]:
    """Run under these values as the League's: a date the scenario gives replaces them."""

    def league_world(_options: Mapping[str, bool] | None) -> World:
        world = new_world(league)
        world.chosen.clear()
        return world

    return _complete(run_text(text, uri, world_factory=league_world))


def _verdict(step: StepResult) -> Verdict | None:
    if step.verdict is None:
        return None
    return Verdict(
        step.verdict == "allowed", step.rule or "", step.article or "", step.reason or ""
    )


def _flipped(
    before: ScenarioResult, after: ScenarioResult
) -> Iterator[tuple[int, str, Verdict, Verdict]]:
    """(line, step, before, after) for each action allowed in one run and refused in the other."""
    for old_step, new_step in zip(before.steps, after.steps, strict=False):
        old, new = _verdict(old_step), _verdict(new_step)
        if old is not None and new is not None and old.allowed != new.allowed:
            yield new_step.line, f"{new_step.keyword} {new_step.text}", old, new


def _by_reading(
    scenarios: tuple[ScenarioResult, ...],
) -> Iterator[tuple[int, str, list[Verdict]]]:
    """(line, step, verdicts) for each action whose verdict is not the same under every run."""
    for steps in zip(*(s.steps for s in scenarios), strict=False):
        verdicts = [verdict for step in steps if (verdict := _verdict(step)) is not None]
        if len(verdicts) < len(steps):  # not an action in every run
            continue
        if len({v.allowed for v in verdicts}) > 1:
            yield steps[0].line, f"{steps[0].keyword} {steps[0].text}", verdicts


def _written(scenario: ScenarioResult) -> tuple[str, ...]:
    return tuple(f"{step.keyword} {step.text}" for step in scenario.steps)
