"""Run scenario texts against the rules engine: parse → match each step → run → results.

    >>> text = '''
    ... Feature: Calling
    ...   Scenario: West calls the latest discard
    ...     Given East has discarded 7D
    ...     And West holds 7D 7D
    ...     When West calls the discard
    ...     Then that is allowed
    ... '''
    >>> result = run_text(text, uri="calling.feature")
    >>> result.status, [s.status for s in result.scenarios]
    (<Status.PASSED: 'passed'>, [<Status.PASSED: 'passed'>])

`run_text` runs a text under one set of rule options; `run_under` runs it under League rules
and under a tournament's options and marks the scenarios that rule differently there as
*differs*, naming the house rules that cause it. Neither ever raises: whatever the text,
the answer is a `FeatureResult` a page or the command can show.

Running costs time in proportion to the text's size in steps (see parsing): a Background
runs once per set of options and each scenario starts from a copy of the world it left;
nearest phrases are looked for only for the first `SUGGESTED_STEPS` undefined steps. A run
that still goes past its time budget stops, and each scenario it did not check says so.

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final

from .languages import ENGLISH, LANGUAGES, TABLE_NAMES, known, or_list
from .messages import say
from .parsing import BackgroundCase, ParsedText, ScenarioCase, StepCase, parse_text
from .registry import KEYWORDS, Phrase, Registry, StepFailed, normalise
from .results import FeatureResult, Problem, ScenarioResult, Status, StepResult

if TYPE_CHECKING:
    from mahjong_rules.engine.nmjl.cards import Card

# The runner hands each phrase the world the engine's factory made and never looks inside
# it: any world will do, as long as the registry's steps and the factory agree on it (the
# phrasebook's act on `world.World`, a test's on its own). So the world is Any here.
WorldFactory = Callable[[Mapping[str, bool] | None], Any]
Clock = Callable[[], float]

# Seconds a check may run before it stops: a text within the caps needs under two on a
# quiet machine; a save runs it under League rules and each tournament's, within the web
# server's 30 s timeout.
BUDGET_SECONDS: Final = 5.0
# Undefined steps that get "nearest known phrases" (each costs milliseconds to find).
SUGGESTED_STEPS: Final = 50
SET_UP_FAILED: Final = "The rules could not be set up: "
# A card's name → the card or None: the cards this run may use.
CardLookup = Callable[[str], "Card | None"]


@dataclass
class Engine:
    """What steps run against: the phrase registry and a way to make a fresh world."""

    registry: Registry[Any]
    world_factory: WorldFactory
    defaults: Mapping[str, bool] | None = None  # each rule option's League value, if known


def default_engine() -> Engine:
    """The real phrases (phrasebook.py) and worlds; imported late so tests can run without them."""
    from mahjong_rules.engine.options import default_options

    from . import phrasebook

    return Engine(phrasebook.REGISTRY, phrasebook.new_world, default_options())


def parse(text: str, uri: str = "") -> ParsedText:
    """The text parsed as `run_text` parses it (with the real phrases). Remembered for the
    text's next reader: the site takes a scenario's title, article keys and drawing from it."""
    return parse_text(text, uri, default_engine().registry)


def run_text(
    text: str,
    uri: str = "",
    options: Mapping[str, bool] | None = None,
    *,
    registry: Registry[Any] | None = None,
    world_factory: WorldFactory | None = None,
    budget: float | None = BUDGET_SECONDS,
    clock: Clock = time.monotonic,
    card_lookup: CardLookup | None = None,
    keep_tables: bool = False,
) -> FeatureResult:
    """Run every scenario in the text under these rule options. Never raises.

    Past `budget` seconds (None: no limit) by `clock`, the rest is not checked: see `_Run`.
    `card_lookup` finds the cards `Given the card "<name>"` may name (default: the shipped
    cards); a scenario still has no card unless it says so. A failed step always carries
    the table it failed at (`StepResult.table`); with `keep_tables`, so does every step
    whose action was judged (for authors: writing each out costs a little per step).
    """
    try:
        engine = _engine(registry, world_factory, card_lookup=card_lookup)
        parsed = parse_text(text, uri, engine.registry)
        return run_parsed(
            parsed, options, engine=engine, budget=budget, clock=clock, keep_tables=keep_tables
        )
    except Exception as error:  # the promise is a result, whatever happens
        return _crashed(uri, error)


def run_parsed(
    parsed: ParsedText,
    options: Mapping[str, bool] | None = None,
    *,
    engine: Engine | None = None,
    budget: float | None = BUDGET_SECONDS,
    clock: Clock = time.monotonic,
    keep_tables: bool = False,
) -> FeatureResult:
    """`run_text` for a text already parsed (with the engine's registry). Never raises."""
    try:
        engine = engine or _engine(None, None)
        if parsed.problems:
            return _parse_error(parsed)
        run = _Run(engine, budget, clock, keep_tables=keep_tables, language=parsed.language)
        results = [_run_scenario(case, parsed.uri, run, options) for case in parsed.scenarios]
        return _feature(parsed, results, run)
    except Exception as error:  # the promise is a result, whatever happens
        return _crashed(parsed.uri, error)


def run_under(
    text: str,
    uri: str = "",
    options: Mapping[str, bool] | None = None,
    *,
    registry: Registry[Any] | None = None,
    world_factory: WorldFactory | None = None,
    defaults: Mapping[str, bool] | None = None,
    budget: float | None = BUDGET_SECONDS,
    clock: Clock = time.monotonic,
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
        run = _Run(engine, budget, clock, language=parsed.language)
        results = [
            _run_compared(case, uri, run, dict(options or {}), changed) for case in parsed.scenarios
        ]
        return _feature(parsed, results, run)
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


# -- one run: its clock, its Backgrounds, its suggestions -------------------------------------


# A Background's run is known by its key and the options it ran under.
_BackgroundKey = tuple[str, tuple[tuple[str, bool], ...]]
# How each step came out: its status, and an action's verdict, rule and article.
_StepsRuling = tuple[tuple[Status, str | None, str | None, str | None], ...]


@dataclass
class _BackgroundRun:
    """A Background run once under one set of options, for every scenario that runs it."""

    steps: list[StepResult]
    world: object = None  # the world it leaves; None when it did not pass
    previous_kind: str | None = None
    stopped: bool = False  # a step did not pass, or the rules could not be set up
    set_up_failed: str | None = None
    out_of_time: bool = False

    @functools.cached_property
    def failing(self) -> StepResult | None:
        """The step that stopped it, if one did (the steps after it are skipped); found once,
        not once for each scenario that asks."""
        stopping = (s for s in self.steps if s.status not in (Status.PASSED, Status.SKIPPED))
        return next(stopping, None)


@dataclass
class _Run:
    """One check of one text: the engine, its time budget, and what its scenarios share.

    Every scenario and step asks `late()`; once the budget is spent, the scenario (or the
    rest of it) is not checked and says why, as *undefined*: never a pass, and never a
    worker killed by the server's timeout.
    """

    engine: Engine
    budget: float | None
    clock: Clock
    keep_tables: bool = False  # every judged step's table too, not only a failed step's
    language: str = ENGLISH  # the text's: its phrases and messages
    started: float = 0.0
    out_of_time: bool = False
    suggestions_left: int = SUGGESTED_STEPS
    backgrounds: dict[_BackgroundKey, _BackgroundRun] = field(default_factory=dict)
    rulings: dict[int, _StepsRuling] = field(default_factory=dict)  # id(background list) → ruling
    # (id(League's background list), id(the options' one)) → how they differ: check, rule
    differences: dict[tuple[int, int], tuple[str | None, str | None]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.started = self.clock()

    def late(self) -> bool:
        if not self.out_of_time and self.budget is not None:
            self.out_of_time = self.clock() - self.started > self.budget
        return self.out_of_time

    @property
    def registry(self) -> Registry[Any]:
        return self.engine.registry

    def late_message(self, what: str) -> str:
        """Why a scenario was not checked; `what` is a message key: late_scenario, late_end."""
        what = say(self.language, what)
        return say(self.language, "late", seconds=f"{self.budget:g}", what=what)

    def background(
        self, case: BackgroundCase, options: Mapping[str, bool] | None
    ) -> _BackgroundRun:
        """The Background's run under these options: run on first use, then reused (scene
        steps are deterministic, and each scenario starts from a copy of its world)."""
        key = (case.key, tuple(sorted((options or {}).items())))
        if key not in self.backgrounds:
            self.backgrounds[key] = self._run_background(case, options)
        return self.backgrounds[key]

    def _run_background(
        self, case: BackgroundCase, options: Mapping[str, bool] | None
    ) -> _BackgroundRun:
        try:
            world = self.engine.world_factory(dict(options) if options else None)
        except Exception as error:  # bad options fail every scenario that runs this
            return _BackgroundRun(
                _skipped_steps(case.steps, self, None),
                stopped=True,
                set_up_failed=SET_UP_FAILED + _sentence(error),
            )
        steps, previous_kind = _run_steps(case.steps, world, self, None)
        stopped = any(step.status != Status.PASSED for step in steps)
        return _BackgroundRun(
            steps,
            world=None if stopped else world,
            previous_kind=previous_kind,
            stopped=stopped,
            out_of_time=self.out_of_time,
        )


# -- one scenario ----------------------------------------------------------------------------


def _run_scenario(
    case: ScenarioCase, uri: str, run: _Run, options: Mapping[str, bool] | None
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
    if run.late():
        return _not_reached(result, case, run)
    previous_kind: str | None = None
    if case.background is not None:
        background = run.background(case.background, options)
        if background.out_of_time:
            return _not_reached(result, case, run)
        result.background = background.steps
        previous_kind = background.previous_kind
        if background.stopped:
            result.own_steps = _skipped_steps(case.steps, run, previous_kind)
            return _finish(result, background.set_up_failed, background.failing)
        world = copy.deepcopy(background.world)
    else:
        try:
            world = run.engine.world_factory(dict(options) if options else None)
        except Exception as error:  # bad options are the scenario's failure
            result.own_steps = _skipped_steps(case.steps, run, None)
            return _finish(result, SET_UP_FAILED + _sentence(error))
    result.own_steps, _ = _run_steps(case.steps, world, run, previous_kind)
    if run.out_of_time and result.own_steps and result.own_steps[-1].status == Status.SKIPPED:
        result.status = Status.UNDEFINED
        result.message = run.late_message("late_end")
        return result
    return _finish(result)


def _run_steps(
    steps: list[StepCase], world: object, run: _Run, previous_kind: str | None
) -> tuple[list[StepResult], str | None]:
    """Run steps in order until one does not pass; the rest are matched but not run (so every
    mistake shows at once), and all of them are skipped once the time is up."""
    results: list[StepResult] = []
    for index, step in enumerate(steps):
        if run.late():
            results += [_skipped(step) for step in steps[index:]]
            break
        step_result, kind = _run_step(step, world, run, previous_kind)
        previous_kind = kind or previous_kind
        results.append(step_result)
        if step_result.status != Status.PASSED:
            results += _skipped_steps(steps[index + 1 :], run, previous_kind)
            break
    return results, previous_kind


def _finish(
    result: ScenarioResult,
    set_up_failed: str | None = None,
    background_failing: StepResult | None = None,
) -> ScenarioResult:
    """The scenario's status and message from its steps; the Background's step that did
    not pass, if one did, is given (looking for it in every scenario would cost its length
    each time)."""
    if set_up_failed:
        result.status = Status.FAILED
        result.message = set_up_failed
        return result
    failing = background_failing
    failing = failing or next((s for s in result.own_steps if s.status != Status.PASSED), None)
    statuses = {s.status for s in result.own_steps}
    if failing is not None:
        statuses.add(failing.status)
    result.status = _status_of(statuses)
    if failing is not None:
        result.message = f"Line {failing.line}: {failing.message}"
    return result


def _not_reached(result: ScenarioResult, case: ScenarioCase, run: _Run) -> ScenarioResult:
    result.status = Status.UNDEFINED
    result.message = run.late_message("late_scenario")
    result.own_steps = [_skipped(step) for step in case.steps]
    return result


def _skipped(step: StepCase) -> StepResult:
    return StepResult(
        line=step.line,
        keyword=step.keyword,
        text=step.text,
        status=Status.SKIPPED,
        data_table=step.data_table,
    )


def _scenario_status(steps: list[StepResult]) -> Status:
    return _status_of({step.status for step in steps})


def _status_of(statuses: set[Status]) -> Status:
    if Status.FAILED in statuses:
        return Status.FAILED
    if Status.UNDEFINED in statuses:
        return Status.UNDEFINED
    return Status.PASSED


def _run_step(
    step: StepCase, world: object, run: _Run, previous_kind: str | None
) -> tuple[StepResult, str | None]:
    """Run one step; return its result and the table it was matched in. A failed step (and,
    when the run keeps them, a judged one) notes the table it met, as it was before the
    step's function ran."""
    # A world of the phrasebook holds a table; another registry's world may hold none.
    before = getattr(world, "table", None)
    result, kind = _step_result(step, world, run, previous_kind)
    if result.status == Status.FAILED or (run.keep_tables and result.verdict):
        result.table = _notation(before)
    return result, kind


def _notation(table: object) -> str | None:
    """The table in the engine's notation; None for no table, or one no rule builds."""
    write = getattr(table, "notation", None)
    if write is None:
        return None
    try:
        return str(write())
    except Exception:  # a table the notation cannot write: a step shows no table
        return None


def _step_result(
    step: StepCase, world: object, run: _Run, previous_kind: str | None
) -> tuple[StepResult, str | None]:
    result = StepResult(
        line=step.line,
        keyword=step.keyword,
        text=step.text,
        status=Status.PASSED,
        data_table=step.data_table,
    )
    matches, errors = _matches(run.registry, _tables(step, previous_kind), step.text, run.language)
    if not matches:
        if errors:
            return _failed(result, errors[0]), step.kind
        return _undefined(result, run, step), step.kind
    if len(matches) > 1:
        texts = list(dict.fromkeys(phrase.text for phrase, _values in matches))
        phrases = "; ".join(f"“{text}”" for text in texts)
        result.suggestions = list(dict.fromkeys(phrase.example for phrase, _values in matches))
        message = say(run.language, "ambiguous", text=step.text, phrases=phrases)
        return _failed(result, message), None
    phrase, values = matches[0]
    result.phrase = phrase.text
    arguments, problem = _step_arguments(phrase, values, step, run.language)
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
    registry: Registry[Any], kinds: list[str], text: str, language: str = ENGLISH
) -> tuple[list[tuple[Phrase[Any], list[object]]], list[str]]:
    """The language's phrases that match in the first of these tables where any does, and
    why any that matched in words could not read a value."""
    errors: list[Exception] = []
    for kind in kinds:
        found = registry.match(kind, text, errors, language)
        if found:
            return found, [_sentence(error) for error in errors]
    return [], [_sentence(error) for error in errors]


def _step_arguments(
    phrase: Phrase[Any], values: list[object], step: StepCase, language: str = ENGLISH
) -> tuple[list[object], str | None]:
    """The step function's arguments after the world, or why the step's table does not fit."""
    if step.doc_string is not None:
        return [], say(language, "no_doc_string")
    try:
        return phrase.arguments(values, step.data_table), None
    except StepFailed as failure:
        return [], str(failure)


def _record_verdict(result: StepResult, verdict: object) -> None:
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


def _undefined(result: StepResult, run: _Run, step: StepCase) -> StepResult:
    """A step that matches none of the text's language's phrases: why, in that language,
    with the nearest phrases of that language."""
    registry, language = run.registry, run.language
    result.status = Status.UNDEFINED
    if run.suggestions_left > 0:
        run.suggestions_left -= 1
        result.suggestions = registry.nearest(step.kind, step.text, language=language)
    table = TABLE_NAMES[known(language)].get(step.kind or "")
    if table:
        message = say(language, "no_table_phrase", table=table, text=step.text)
    else:
        message = say(language, "no_phrase", text=step.text)
    elsewhere = step.kind and [
        k for k in KEYWORDS if k != step.kind and _matches(registry, [k], step.text, language)[0]
    ]
    translated = _in_other_language(registry, step, language)
    if elsewhere:
        # The words are right but the keyword (or the step an And follows) picks another table.
        tables = or_list([TABLE_NAMES[known(language)][k] for k in elsewhere], language)
        message += say(language, "other_table", tables=tables)
    elif translated is not None:
        result.suggestions = [translated[1]] if translated[1] else []
        message += translated[0]
    elif result.suggestions:
        phrases = "; ".join(f"“{example}”" for example in result.suggestions)
        message += say(language, "nearest", phrases=phrases)
    elif run.suggestions_left <= 0:
        message += say(language, "nearest_limit", count=SUGGESTED_STEPS)
    result.message = message
    return result


def _in_other_language(
    registry: Registry[Any], step: StepCase, language: str
) -> tuple[str, str | None] | None:
    """For a step written in the other language's words (an English phrase in a Dutch
    text, or a Dutch one in an English text): what to say, and the phrase to write instead,
    with the step's values, in the text's language (None for a phrase with no form in it).
    None when it is no such step."""
    kinds = [step.kind] if step.kind else list(KEYWORDS)
    for other in LANGUAGES:
        if other == known(language):
            continue
        found = _matches(registry, kinds, step.text, other)[0]
        if not found:
            continue
        written, _values = found[0]
        english = written.english or written.text
        twins = [
            p
            for p in registry.phrases(written.keyword, known(language))
            if (p.english or p.text) == english
        ]
        other_name = say(language, f"language:{other}")
        own_name = say(language, f"language:{known(language)}")
        if not twins:  # a phrase the text's language does not have (yet)
            return say(language, "untranslated", other=other_name, language=own_name), None
        example = twins[0].written_with(written.raw_values(normalise(step.text)), other)
        hint = say(language, f"hint:{known(language)}", example=example)
        message = say(language, "other_language", other=other_name, language=own_name, hint=hint)
        return message, example
    return None


def _skipped_steps(steps: list[StepCase], run: _Run, previous_kind: str | None) -> list[StepResult]:
    """Steps that are not run: skipped, and for one that matches no phrase, why, with the
    nearest phrases, as for an undefined step."""
    registry = run.registry
    results: list[StepResult] = []
    for step in steps:
        result = StepResult(
            line=step.line,
            keyword=step.keyword,
            text=step.text,
            status=Status.SKIPPED,
            data_table=step.data_table,
        )
        kinds = _tables(step, previous_kind)
        matches, errors = _matches(registry, kinds, step.text, run.language)
        if matches:
            previous_kind = matches[0][0].keyword
        else:
            previous_kind = step.kind or previous_kind
            if not errors:
                undefined = _undefined(replace(result), run, step)
                result.message = say(run.language, "not_run_undefined", message=undefined.message)
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
    case: ScenarioCase, uri: str, run: _Run, options: dict[str, bool], changed: list[str]
) -> ScenarioResult:
    league = _run_scenario(case, uri, run, None)
    if not changed or league.status != Status.PASSED:
        return league
    under = _run_scenario(case, uri, run, options)
    if _not_set_up(under):  # the options themselves are wrong: a failure, not a difference
        return under
    if run.out_of_time:  # a run cut short is no ruling to compare
        return under if under.status != Status.PASSED else league
    expected = _ruling(league, run)
    if _ruling(under, run) == expected:
        return under
    because = [
        name
        for name in changed
        if _ruling(_run_scenario(case, uri, run, _without(options, name)), run) == expected
    ]
    under.status = Status.DIFFERS
    under.because = because or list(changed)
    under.message = _differs_message(league, under, run)
    return under


def _not_set_up(result: ScenarioResult) -> bool:
    return result.status == Status.FAILED and (result.message or "").startswith(SET_UP_FAILED)


def _without(options: dict[str, bool], name: str) -> dict[str, bool]:
    # The world applies options on top of the defaults, so leaving one out turns it back.
    return {key: value for key, value in options.items() if key != name}


def _ruling(result: ScenarioResult, run: _Run) -> tuple[_StepsRuling, _StepsRuling]:
    """What a run decided, step by step: how each check came out and each action's verdict.
    A Background's part is worked out once per run of it (its list is shared)."""
    key = id(result.background)
    if key not in run.rulings:
        run.rulings[key] = _steps_ruling(result.background)
    return run.rulings[key], _steps_ruling(result.own_steps)


def _steps_ruling(steps: list[StepResult]) -> _StepsRuling:
    return tuple((s.status, s.verdict, s.rule, s.article) for s in steps)


def _differs_message(league: ScenarioResult, under: ScenarioResult, run: _Run) -> str:
    """The first step that rules differently, in words. The Backgrounds are compared first
    and once per pair of runs of them (a long Background is not read again per scenario)."""
    key = (id(league.background), id(under.background))
    if key not in run.differences:
        pairs = list(zip(league.background, under.background, strict=False))
        run.differences[key] = (
            _changed_check(pairs, run.language),
            _changed_rule(pairs, run.language),
        )
    in_background = run.differences[key]
    own = list(zip(league.own_steps, under.own_steps, strict=False))
    return (
        in_background[0]
        or _changed_check(own, run.language)
        or in_background[1]
        or _changed_rule(own, run.language)
        or say(run.language, "differs")
    )


def _changed_check(pairs: list[tuple[StepResult, StepResult]], language: str) -> str | None:
    # A changed verdict or check says more than a changed rule name: it is reported first.
    for before, after in pairs:
        if (before.status, before.verdict) == (after.status, after.verdict):
            continue
        step = say(language, "differs_step", line=after.line, step=f"{after.keyword} {after.text}")
        if after.verdict and after.verdict != before.verdict:
            return say(
                language,
                "differs_verdict",
                step=step,
                verdict=say(language, f"verdict:{after.verdict}"),
                league=say(language, f"verdict:{before.verdict}"),
            )
        return say(language, "differs_check", step=step, message=after.message)
    return None


def _changed_rule(pairs: list[tuple[StepResult, StepResult]], language: str) -> str | None:
    for before, after in pairs:
        if (before.rule, before.article) != (after.rule, after.article):
            step = f"{after.keyword} {after.text}"
            return say(
                language,
                "differs_rule",
                step=say(language, "differs_step", line=after.line, step=step),
                rule=after.rule,
                article=after.article,
                league=before.rule,
            )
    return None


# -- whole texts -----------------------------------------------------------------------------


def _engine(
    registry: Registry[Any] | None,
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


def _with_cards(
    factory: WorldFactory, card_lookup: CardLookup, options: Mapping[str, bool] | None
) -> Any:
    """A fresh world from the factory that finds its cards through `card_lookup`."""
    world = factory(options)
    world.card_lookup = card_lookup
    return world


def _feature(parsed: ParsedText, scenarios: list[ScenarioResult], run: _Run) -> FeatureResult:
    return FeatureResult(
        uri=parsed.uri,
        name=parsed.name,
        status=Status.worst(s.status for s in scenarios),
        scenarios=scenarios,
        tags=list(parsed.tags),
        out_of_time=run.out_of_time,
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
