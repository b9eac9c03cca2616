"""Run scenario texts against the rules engine: parse → match each step → run → results.

    >>> result = run_text(text, uri="calling.feature")
    >>> result.status, [s.status for s in result.scenarios]

`run_text` runs a text under one set of rule options; `run_under` runs it under League rules
and under a tournament's options and marks the scenarios that rule differently there as
*differs*, naming the house rules that cause it. Neither ever raises: whatever the text,
the answer is a `FeatureResult` a page or the command can show.

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from .parsing import ParsedText, ScenarioCase, StepCase, parse_text
from .registry import KEYWORDS, Phrase, Registry, StepFailed
from .results import FeatureResult, Problem, ScenarioResult, Status, StepResult

WorldFactory = Callable[[Mapping[str, bool] | None], Any]
# A card's name → the card (rulings.engine.cards.Card) or None: the cards this run may use.
CardLookup = Callable[[str], Any]


@dataclass
class Engine:
    """What steps run against: the phrase registry and a way to make a fresh world."""

    registry: Registry
    world_factory: WorldFactory
    defaults: Mapping[str, bool] | None = None  # each rule option's League value, if known


def default_engine() -> Engine:
    """The real phrases (steps.py) and worlds; imported late so tests can run without them."""
    from rulings.engine.options import default_options

    from . import steps

    return Engine(steps.REGISTRY, steps.new_world, default_options())


def run_text(
    text: str,
    uri: str = "",
    options: Mapping[str, bool] | None = None,
    *,
    registry: Registry | None = None,
    world_factory: WorldFactory | None = None,
    card_lookup: CardLookup | None = None,
) -> FeatureResult:
    """Run every scenario in the text under these rule options. Never raises.

    `card_lookup` finds the cards `Given the card "<name>"` may name (default: the shipped
    cards); a scenario still has no card unless it says so."""
    try:
        engine = _engine(registry, world_factory, card_lookup=card_lookup)
        parsed = parse_text(text, uri, engine.registry)
        if parsed.problems:
            return _parse_error(parsed)
        results = [_run_scenario(case, uri, engine, options) for case in parsed.scenarios]
        return _feature(parsed, results)
    except Exception as error:  # the promise is a result, whatever happens
        return _crashed(uri, error)


def run_under(
    text: str,
    uri: str = "",
    options: Mapping[str, bool] | None = None,
    *,
    registry: Registry | None = None,
    world_factory: WorldFactory | None = None,
    defaults: Mapping[str, bool] | None = None,
    card_lookup: CardLookup | None = None,
) -> FeatureResult:
    """Run the text under League rules and under these (tournament) options. Never raises.

    A scenario that passes under League rules but whose verdicts or checks come out
    differently under the options has status DIFFERS, and `because` names the options that
    cause it: each option that, turned back to its default alone, makes the run rule as
    under League rules; if no single option explains it, every changed option. A scenario
    that does not pass under League rules keeps its League result.
    """
    try:
        engine = _engine(registry, world_factory, defaults, card_lookup)
        parsed = parse_text(text, uri, engine.registry)
        if parsed.problems:
            return _parse_error(parsed)
        changed = _changed_options(options or {}, engine.defaults)
        results = [
            _run_compared(case, uri, engine, dict(options or {}), changed)
            for case in parsed.scenarios
        ]
        return _feature(parsed, results)
    except Exception as error:  # the promise is a result, whatever happens
        return _crashed(uri, error)


def summarise(results: Iterable[FeatureResult | ScenarioResult] | FeatureResult) -> tuple[int, int]:
    """(passed, failed): differs counts as passed; undefined and parse errors as failed.

    A text that does not parse counts as one failure; otherwise each scenario (each
    Examples row of an outline) counts once.
    """
    if isinstance(results, FeatureResult | ScenarioResult):
        results = [results]
    passed = failed = 0
    for result in results:
        if isinstance(result, FeatureResult):
            if result.status == Status.PARSE_ERROR or not result.scenarios:
                failed += 1
                continue
            scenarios = result.scenarios
        else:
            scenarios = [result]
        for scenario in scenarios:
            if scenario.status in (Status.PASSED, Status.DIFFERS):
                passed += 1
            else:
                failed += 1
    return passed, failed


# -- one scenario ----------------------------------------------------------------------------


def _run_scenario(
    case: ScenarioCase, uri: str, engine: Engine, options: Mapping[str, bool] | None
) -> ScenarioResult:
    result = ScenarioResult(
        name=case.name,
        line=case.line,
        status=Status.PASSED,
        tags=list(case.tags),
        file=uri,
        keyword=case.keyword,
        example_line=case.example_line,
        example_values=dict(case.example_values),
    )
    try:
        world = engine.world_factory(dict(options) if options else None)
    except Exception as error:  # bad options are the scenario's failure
        result.status = Status.FAILED
        result.message = f"The rules could not be set up: {_sentence(error)}"
        result.steps = _skipped_steps(case.steps, engine.registry, None)
        return result

    previous_kind: str | None = None
    for index, step in enumerate(case.steps):
        step_result, kind = _run_step(step, world, engine.registry, previous_kind)
        previous_kind = kind or previous_kind
        result.steps.append(step_result)
        if step_result.status != Status.PASSED:
            # The rest are not run, but are still matched, so every mistake shows at once.
            result.steps += _skipped_steps(case.steps[index + 1 :], engine.registry, previous_kind)
            break
    result.status = _scenario_status(result.steps)
    failing = next((s for s in result.steps if s.status != Status.PASSED), None)
    if failing is not None:
        result.message = f"Line {failing.line}: {failing.message}"
    return result


def _scenario_status(steps: list[StepResult]) -> Status:
    statuses = {step.status for step in steps}
    if Status.FAILED in statuses:
        return Status.FAILED
    if Status.UNDEFINED in statuses:
        return Status.UNDEFINED
    return Status.PASSED


def _run_step(
    step: StepCase, world: Any, registry: Registry, previous_kind: str | None
) -> tuple[StepResult, str | None]:
    """Run one step; return its result and the table it was matched in."""
    result = StepResult(
        line=step.line,
        keyword=step.keyword,
        text=step.text,
        status=Status.PASSED,
        data_table=step.data_table,
    )
    matches, errors = _matches(registry, _tables(step, previous_kind), step.text)
    if not matches:
        if errors:
            return _failed(result, errors[0]), step.kind
        return _undefined(result, registry, step), step.kind
    if len(matches) > 1:
        texts = list(dict.fromkeys(phrase.text for phrase, _values in matches))
        phrases = "; ".join(f"“{text}”" for text in texts)
        result.suggestions = list(dict.fromkeys(phrase.example for phrase, _values in matches))
        return _failed(
            result,
            f"“{step.text}” matches more than one phrase ({phrases}), so it was not run. "
            "Reword it so that it matches exactly one.",
        ), None
    phrase, values = matches[0]
    result.phrase = phrase.text
    arguments, problem = _step_arguments(phrase, values, step)
    if problem:
        return _failed(result, problem), phrase.keyword
    try:
        outcome = phrase.func(world, *arguments)
    except StepFailed as failure:
        return _failed(result, str(failure) or "The step did not hold."), phrase.keyword
    except Exception as error:  # a broken step is a failed step, never a crash
        message = f"The step stopped with an error ({type(error).__name__}): {_sentence(error)}"
        return _failed(result, message), phrase.keyword
    if phrase.keyword == "when":
        _record_verdict(result, outcome)
    return result, phrase.keyword


def _tables(step: StepCase, previous_kind: str | None) -> list[str]:
    """The tables a step is matched in, in order: its keyword's; for "*" (or an And with no
    step before it) the previous step's table, then Given, When and Then."""
    if step.kind:
        return [step.kind]
    return list(dict.fromkeys([*([previous_kind] if previous_kind else []), *KEYWORDS]))


def _matches(
    registry: Registry, kinds: list[str], text: str
) -> tuple[list[tuple[Phrase, list[Any]]], list[str]]:
    """The phrases that match in the first of these tables where any does, and why any that
    matched in words could not read a value."""
    errors: list[Exception] = []
    for kind in kinds:
        found = registry.match(kind, text, errors)
        if found:
            return found, [_sentence(error) for error in errors]
    return [], [_sentence(error) for error in errors]


def _step_arguments(phrase: Phrase, values: list[Any], step: StepCase) -> tuple[list, str | None]:
    """The step function's arguments after the world, or why the step's table does not fit."""
    if step.doc_string is not None:
        return [], 'This step does not take a doc string (""" … """).'
    try:
        return phrase.arguments(values, step.data_table), None
    except StepFailed as failure:
        return [], str(failure)


def _record_verdict(result: StepResult, verdict: Any) -> None:
    """An action passes whatever its verdict; the verdict is kept for the checks and pages."""
    if verdict is None or not hasattr(verdict, "allowed"):
        return
    result.verdict = "allowed" if verdict.allowed else "refused"
    result.rule = getattr(verdict, "rule", None)
    result.article = getattr(verdict, "article", None)
    result.reason = getattr(verdict, "reason", None)
    result.consequence = getattr(verdict, "consequence", None)


def _failed(result: StepResult, message: str) -> StepResult:
    result.status = Status.FAILED
    result.message = message
    return result


def _undefined(result: StepResult, registry: Registry, step: StepCase) -> StepResult:
    result.status = Status.UNDEFINED
    result.suggestions = registry.nearest(step.kind, step.text)
    table = {"given": "Given ", "when": "When ", "then": "Then "}.get(step.kind or "", "")
    message = f"No {table}phrase matches “{step.text}”."
    elsewhere = [k for k in KEYWORDS if k != step.kind and _matches(registry, [k], step.text)[0]]
    if step.kind and elsewhere:
        # The words are right but the keyword (or the step an And follows) picks another table.
        keywords = " or ".join(k.capitalize() for k in elsewhere)
        message += f" It is a {keywords} phrase: write it as a {keywords} step."
    elif result.suggestions:
        message += " Nearest known phrases: " + "; ".join(
            f"“{example}”" for example in result.suggestions
        )
        message += "."
    result.message = message
    return result


def _skipped_steps(
    steps: list[StepCase], registry: Registry, previous_kind: str | None
) -> list[StepResult]:
    """Steps that are not run: skipped, and for one that matches no phrase, why, with the
    nearest phrases, as for an undefined step."""
    results = []
    for step in steps:
        result = StepResult(
            line=step.line,
            keyword=step.keyword,
            text=step.text,
            status=Status.SKIPPED,
            data_table=step.data_table,
        )
        kinds = _tables(step, previous_kind)
        matches, errors = _matches(registry, kinds, step.text)
        if matches:
            previous_kind = matches[0][0].keyword
        else:
            previous_kind = step.kind or previous_kind
            if not errors:
                undefined = _undefined(replace(result), registry, step)
                result.message = f"Not run, and it also matches no phrase: {undefined.message}"
                result.suggestions = undefined.suggestions
        results.append(result)
    return results


# -- League rules against a tournament's options ---------------------------------------------


def _changed_options(options: Mapping[str, bool], defaults: Mapping[str, bool] | None) -> list[str]:
    """The options set to something other than their League value (all, if unknown)."""
    if defaults is None:
        return sorted(options)
    return sorted(name for name, value in options.items() if defaults.get(name) != value)


def _run_compared(
    case: ScenarioCase, uri: str, engine: Engine, options: dict[str, bool], changed: list[str]
) -> ScenarioResult:
    league = _run_scenario(case, uri, engine, None)
    if not changed or league.status != Status.PASSED:
        return league
    under = _run_scenario(case, uri, engine, options)
    if _not_set_up(under):  # the options themselves are wrong: a failure, not a difference
        return under
    expected = _ruling(league)
    if _ruling(under) == expected:
        return under
    because = [
        name
        for name in changed
        if _ruling(_run_scenario(case, uri, engine, _without(options, name))) == expected
    ]
    under.status = Status.DIFFERS
    under.because = because or list(changed)
    under.message = _differs_message(league, under)
    return under


def _not_set_up(result: ScenarioResult) -> bool:
    return result.status == Status.FAILED and all(s.status == Status.SKIPPED for s in result.steps)


def _without(options: dict[str, bool], name: str) -> dict[str, bool]:
    # The world applies options on top of the defaults, so leaving one out turns it back.
    return {key: value for key, value in options.items() if key != name}


def _ruling(result: ScenarioResult) -> tuple:
    """What a run decided, step by step: how each check came out and each action's verdict."""
    return tuple((s.status, s.verdict, s.rule, s.article) for s in result.steps)


def _differs_message(league: ScenarioResult, under: ScenarioResult) -> str:
    pairs = list(zip(league.steps, under.steps, strict=False))
    # A changed verdict or check says more than a changed rule name: report it first.
    for before, after in pairs:
        if (before.status, before.verdict) == (after.status, after.verdict):
            continue
        step = f"line {after.line} “{after.keyword} {after.text}”"
        if after.verdict and after.verdict != before.verdict:
            return (
                f"Under these house rules {step} is {after.verdict}; "
                f"under League rules it is {before.verdict}."
            )
        return f"Under these house rules {step} does not hold: {after.message}"
    for before, after in pairs:
        if (before.rule, before.article) != (after.rule, after.article):
            return (
                f"Under these house rules line {after.line} “{after.keyword} {after.text}” "
                f"is decided by {after.rule} ({after.article}), not {before.rule}."
            )
    return "Under these house rules the scenario rules differently."


# -- whole texts -----------------------------------------------------------------------------


def _engine(
    registry: Registry | None,
    world_factory: WorldFactory | None,
    defaults: Mapping[str, bool] | None = None,
    card_lookup: CardLookup | None = None,
) -> Engine:
    if registry is not None and world_factory is not None:
        return Engine(registry, world_factory, defaults)
    real = default_engine()
    if world_factory is None and card_lookup is not None:
        world_factory = functools.partial(_with_cards, real.world_factory, card_lookup)
    return Engine(
        registry or real.registry,
        world_factory or real.world_factory,
        defaults if defaults is not None else real.defaults,
    )


def _with_cards(factory: WorldFactory, card_lookup: CardLookup, options) -> Any:
    """A fresh world from the factory that finds its cards through `card_lookup`."""
    world = factory(options)
    world.card_lookup = card_lookup
    return world


def _feature(parsed: ParsedText, scenarios: list[ScenarioResult]) -> FeatureResult:
    return FeatureResult(
        uri=parsed.uri,
        name=parsed.name,
        status=Status.worst(s.status for s in scenarios),
        scenarios=scenarios,
        tags=list(parsed.tags),
    )


def _parse_error(parsed: ParsedText) -> FeatureResult:
    return FeatureResult(
        uri=parsed.uri,
        name=parsed.name,
        status=Status.PARSE_ERROR,
        problems=list(parsed.problems),
        tags=list(parsed.tags),
    )


def _crashed(uri: str, error: Exception) -> FeatureResult:
    return FeatureResult(
        uri=uri,
        name="",
        status=Status.PARSE_ERROR,
        problems=[Problem(1, None, f"The scenarios could not be checked: {_sentence(error)}")],
    )


def _sentence(error: BaseException) -> str:
    """The exception's own sentence; its type when it has none."""
    text = str(error).strip()
    return text if text else type(error).__name__
