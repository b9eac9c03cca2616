"""The phrases for League rules as of a date and for the readings of a rule option.

Its phrases (``PHRASES``) act on a World (``world.py``); ``phrasebook.py`` lists them last.
A dated rule set sets every option to its League value on that day; option values the run's
house rules or earlier steps chose (``World.chosen``) stay as they are, and later steps
change them as usual. Matjok rules have no dated options: a date changes nothing there.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Final

from mahjong_rules.engine.dated import options_as_of
from mahjong_rules.engine.options import UnknownOption, check_name

from .registry import Registry, StepFailed
from .world import World, set_option

PHRASES: Final[Registry[World]] = Registry()
given = PHRASES.given


@given(
    "the League rules as of {date}",
    example="the League rules as of 2024-06-01",
    help="every rule option as the League had it on that day (house rules still apply)",
)
def given_league_rules_as_of(world: World, day: date) -> None:
    if world.ruleset == "matjok":
        return  # the Matjok rules have no dated options
    values = {**options_as_of(day), **world.chosen}
    world.table = replace(world.table, options=frozenset(name for name, on in values.items() if on))


@given(
    'the reading "{reading}" of "{name}"',
    example='the reading "open-until-discard" of "joker-exchange-locks-exposure"',
    help="where sources disagree, rule by one reading of the option",
)
def given_reading(world: World, reading: str, name: str) -> None:
    try:
        value = check_name(name).reading(reading).value
    except UnknownOption as error:
        raise StepFailed(str(error)) from None
    set_option(world, name, value)
