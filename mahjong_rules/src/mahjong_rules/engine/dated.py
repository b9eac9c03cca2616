"""Rulings through time: each rule option's value from each date, with the source that set it.

"League rules as of a date" is the set of values in force on that day (``options_as_of``);
``change_dates`` lists the days where a value changes, with the source. A source dated only
by its year takes effect on 1 January of that year (``year``). A source that is silent on an
option ("not in MJME") is recorded too, but changes nothing. Before an option's earliest
source, that source's value is taken as the rule; an option with no dated source keeps its
default. Pure data and plain functions: today's defaults are the values in force now
(the package's tests/engine/test_dated.py checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Final

from .options import OPTIONS


def year(number: int) -> date:
    """A source dated only by its year: in force from 1 January."""
    return date(number, 1, 1)


@dataclass(frozen=True)
class Setting:
    """What one source says about one option, from the day it was published.

    `value` is None when the source is silent on the option: that is no change."""

    option: str
    since: date
    value: bool | None
    source: str


@dataclass(frozen=True)
class Change:
    """A day on which the League's value for an option changed, and the source that changed it."""

    day: date
    option: str
    before: bool
    after: bool
    source: str


HISTORY: Final[tuple[Setting, ...]] = (
    Setting(
        "joker-exchange-locks-exposure",
        year(1970),
        False,
        "NMJL Bulletin answers 1970–2019: the exposure may change until the discard",
    ),
    Setting(
        "joker-exchange-locks-exposure",
        year(2024),
        None,
        "Mah Jongg Made Easy 2024 (not in MJME)",
    ),
    Setting("joker-exchange-locks-exposure", year(2025), True, "NMJL Bulletin 2025"),
    Setting(
        "touched-tile-is-taken",
        year(1970),
        False,
        "NMJL Bulletin 1970: a called tile not yet on the rack may be returned",
    ),
    Setting(
        "one-joker-exchange-at-a-time",
        date(2026, 8, 1),
        False,
        "League clarification, August 2026",
    ),
    Setting(
        "misnamer-discards-the-named-tile",
        year(2014),
        False,
        "League answer 2014 (Tom Sloper, column 595, Q20)",
    ),
    Setting(
        "two-wrong-counts-replay-the-hand",
        year(2024),
        False,
        "Mah Jongg Made Easy 2024, page 17 #7",
    ),
    Setting(
        "only-north-takes-a-missing-tile",
        year(2024),
        False,
        "Mah Jongg Made Easy 2024, page 17 #7",
    ),
)


def history_of(option: str) -> list[Setting]:
    """What the sources say about an option, oldest first (silences included)."""
    return sorted((s for s in HISTORY if s.option == option), key=lambda s: s.since)


def value_as_of(option: str, day: date) -> bool:
    """The League's value for an option on that day."""
    said = [(s.since, s.value) for s in history_of(option) if s.value is not None]
    if not said:
        return OPTIONS[option].default
    in_force = [value for since, value in said if since <= day]
    return in_force[-1] if in_force else said[0][1]


def source_as_of(option: str, day: date) -> str:
    """The source of the value in force on that day ("" for an undated default)."""
    said = [s for s in history_of(option) if s.value is not None]
    in_force = [s for s in said if s.since <= day] or said[:1]
    return in_force[-1].source if in_force else ""


def options_as_of(day: date) -> dict[str, bool]:
    """League rules as of that day: every option's value in force then."""
    return {name: value_as_of(name, day) for name in OPTIONS}


def change_dates() -> list[Change]:
    """Every day on which some option's League value changed, oldest first, with its source."""
    changes: list[Change] = []
    for name in OPTIONS:
        previous = None
        for setting in history_of(name):
            if setting.value is None:
                continue  # a silent source changes nothing
            if previous is not None and setting.value != previous:
                changes.append(Change(setting.since, name, previous, setting.value, setting.source))
            previous = setting.value
    return sorted(changes, key=lambda c: (c.day, c.option))


def eras() -> list[tuple[date, list[Change]]]:
    """The days League rules have to be run on to see every ruling they ever gave: the
    earliest source's day, then each change day with the changes made on it."""
    changes = change_dates()
    first = min(s.since for s in HISTORY)
    days = sorted({first} | {c.day for c in changes})
    return [(day, [c for c in changes if c.day == day]) for day in days]
