"""A result in a reader's words: "Allowed" / "Not allowed", a check's state, a house rule's
title, an outline row's situation — never a rule function's name, an option's key or a status
word as the engine draws it (those stay for authors: the folded "For scenario authors"
detail, the step reference, editing pages and JSON).

Plain Python over the engine's tables and the runner's results, so the article section, the
scenario page, the tournament pages and the differences sentences say things alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from mahjong_rules.engine.options import CARD_OPTIONS, OPTIONS, plain_title
from mahjong_rules.scenarios.results import ScenarioResult, Status, StepResult

# A check's state as a reader reads it; the engine's own word ("passed", "differs", …) is
# for authors. Each is a phrase, never one of the engine's status words.
STATE_WORDS: Final[dict[Status, str]] = {
    Status.PASSED: "confirmed",
    Status.DIFFERS: "ruled differently",
    Status.SKIPPED: "not checked",
    Status.UNDEFINED: "not yet checkable",
    Status.FAILED: "the rules say otherwise",
    Status.PARSE_ERROR: "cannot be read",
}


def state_word(status: str) -> str:
    """A status (a `Status`, or its value as stored) in a reader's words."""
    return STATE_WORDS.get(Status(str(status)), "not checked")


def verdict_word(verdict: str | None) -> str:
    """ "Allowed" or "Not allowed" for an engine verdict ("allowed" / "refused")."""
    if verdict == "allowed":
        return "Allowed"
    if verdict == "refused":
        return "Not allowed"
    return ""


def states_summary(statuses: Iterable[str]) -> str:
    """ "9 checks, all confirmed", or "9 checks: 8 confirmed, 1 not yet checkable"."""
    every = [Status(str(s)) for s in statuses]
    checks = f"{len(every)} check{'s' if len(every) != 1 else ''}"
    if every and all(s in (Status.PASSED, Status.DIFFERS) for s in every):
        return f"{checks}, all confirmed"
    confirmed = sum(1 for s in every if s in (Status.PASSED, Status.DIFFERS))
    counts = [f"{confirmed} {STATE_WORDS[Status.PASSED]}"] if confirmed else []
    for status in Status:
        count = sum(1 for s in every if s is status)
        if count and status not in (Status.PASSED, Status.DIFFERS):
            counts.append(f"{count} {STATE_WORDS[status]}")
    return f"{checks}: {', '.join(counts)}" if counts else checks


_NAMES: Final = sorted({*OPTIONS, *CARD_OPTIONS}, key=len, reverse=True)
_OPTION_KEY: Final = re.compile(r"[\"“]?\b(" + "|".join(map(re.escape, _NAMES)) + r")\b[\"”]?")


# A reading's name is read as its sentence only where it is quoted, as a step names it.
_READINGS: Final = {
    reading.name: reading.summary.rstrip(".")
    for option in (*OPTIONS.values(), *CARD_OPTIONS.values())
    for reading in option.readings
}
_READING_NAME: Final = re.compile(
    r"[\"“](" + "|".join(map(re.escape, sorted(_READINGS, key=len, reverse=True))) + r")[\"”]"
)


def with_option_titles(text: str) -> str:
    """Step or scenario text with each option's key replaced by its title in quotes, and each
    quoted reading's name by its sentence: 'the house rule "touched-tile-is-taken" is off' →
    'the house rule “A touched tile is a taken tile” is off'; 'the reading "north-only" of …'
    → 'the reading “Only North, who forgot the 13th tile in the deal, may take it” of …'."""
    if not text or "-" not in text:
        return text
    text = _READING_NAME.sub(lambda m: f"“{_READINGS[m.group(1)]}”", text)
    return _OPTION_KEY.sub(lambda m: f"“{plain_title(m.group(1))}”", text)


def option_key_spans(text: str) -> list[tuple[int, int]]:
    """Where option keys stand in the text (start, end): words a tile picture must not cut
    ("one-joker-exchange-at-a-time" holds "joker")."""
    if not text or "-" not in text:
        return []
    return [match.span() for match in _OPTION_KEY.finditer(text)]


def first_sentence(text: str) -> str:
    """A house rule's first sentence, its name as the sheet states it ("A touched tile is a
    taken tile"), without the full stop."""
    text = " ".join((text or "").split())
    head = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return head.rstrip(".")


def house_rules_phrase(numbers_and_texts: Iterable[tuple[int, str]]) -> str:
    """ "house rule 1: A touched tile is a taken tile" (several joined by "; ")."""
    return "; ".join(
        f"house rule {number}: {first_sentence(text)}" for number, text in numbers_and_texts
    )


def step_sections(steps: Iterable[StepResult]) -> Iterator[tuple[str, StepResult]]:
    """Each step with the section it is in (Given / When / Then): "And" and "But" continue
    the one before."""
    section = "Given"
    for step in steps:
        keyword = (step.keyword or "").strip()
        if keyword in ("Given", "When", "Then"):
            section = keyword
        yield section, step


def situation(result: ScenarioResult) -> str:
    """An outline row as its situation: the Given and When steps its values went into
    ("the house rule “A touched tile is a taken tile” is off"); a plain scenario's name."""
    values = [v for v in (getattr(result, "example_values", None) or {}).values() if v]
    if not values:
        return with_option_titles(result.name)
    set_up = [
        step.text
        for section, step in step_sections(result.own_steps)
        if section != "Then" and any(value in step.text for value in values)
    ]
    if not set_up:
        set_up = values
    return f"{with_option_titles(result.name)}: {with_option_titles('; '.join(set_up))}"


def ruling_step(result: ScenarioResult) -> StepResult | None:
    """The step whose verdict is the scenario's ruling: its last action (the one its Then
    steps judge), or None for a scenario with no action."""
    for step in reversed(result.own_steps):
        if step.verdict:
            return step
    for step in reversed(result.background):
        if step.verdict:
            return step
    return None
