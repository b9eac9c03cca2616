"""A scenario's world, and what every step module does with it: judge an action, set the
table, set a rule option. The step modules (``steps.py``, ``steps_hands.py``,
``steps_time.py``) import these; none imports another.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING

from mahjong_rules.engine.actions import Action
from mahjong_rules.engine.judging import judge
from mahjong_rules.engine.options import OPTIONS, UnknownOption, check_name, value_of
from mahjong_rules.engine.rulebook import NotInRuleSet
from mahjong_rules.engine.table import ImpossibleTable, Table, seat_index
from mahjong_rules.engine.verdicts import Verdict

from .registry import StepFailed

if TYPE_CHECKING:
    from mahjong_rules.engine.nmjl.cards import Card

__all__ = ["World", "judged", "new_world", "seat_number", "set_option", "set_table"]


@dataclass
class World:
    """One scenario's state: the table, the options in force, and the latest verdict."""

    table: Table
    last_verdict: Verdict | None = None
    # Option values set by the run's house rules and by steps: a dated rule set leaves them.
    chosen: dict[str, bool] = field(default_factory=dict)
    # Where `Given the card "<name>"` finds a card: the run is given it (the site passes the
    # cards the reader may see); None means the shipped cards only.
    card_lookup: Callable[[str], Card | None] | None = None

    @property
    def ruleset(self) -> str:
        return self.table.ruleset

    @property
    def options(self) -> dict[str, bool]:
        """Every rule option's value in force, as the table holds them."""
        return {name: self.table.option(name) for name in OPTIONS}

    def __deepcopy__(self, memo: dict[int, object]) -> World:
        # The runner copies the world a Background leaves for each scenario. The table and
        # verdict are frozen, so the copy shares them (copying a table costs ~100 µs); any
        # other field is copied in full.
        memo[id(self.table)] = self.table
        memo[id(self.last_verdict)] = self.last_verdict
        return replace(
            self, **{f.name: copy.deepcopy(getattr(self, f.name), memo) for f in fields(self)}
        )


def new_world(
    options: Mapping[str, bool | str] | None = None,
    card_lookup: Callable[[str], Card | None] | None = None,
) -> World:
    """A world at the table before the first step, under these option values (a tournament's
    house rules) on top of the defaults: on/off or a reading's name. Names the engine does
    not know are ignored."""
    chosen: dict[str, bool] = {}
    for name, value in (options or {}).items():
        try:
            chosen[name] = value_of(name, value)
        except UnknownOption:
            continue
    return World(table=Table.new(options=chosen), chosen=chosen, card_lookup=card_lookup)


# --- what every step module does with a world --------------------------------------------


def seat_number(seat: str) -> int:
    """A seat's index (East 0 … North 3) from its name as a step writes it."""
    return seat_index(seat)


def judged(world: World, action: Action) -> Verdict:
    """Judge an action, keep its verdict and the next table; never fails on a refusal."""
    try:
        verdict, table = judge(world.table, action)
    except (ImpossibleTable, NotInRuleSet) as error:
        raise StepFailed(str(error)) from None
    world.table = table
    world.last_verdict = verdict
    return verdict


def set_table(world: World, table: Table) -> None:
    """Set the scene: a table no real game allows (a fifth copy of a tile) fails the step."""
    try:
        table.check_copies()
    except ImpossibleTable as error:
        raise StepFailed(str(error)) from None
    world.table = table


def set_option(world: World, name: str, value: bool) -> None:
    """Turn a rule option on or off for the rest of the scenario, as the run's choice."""
    try:
        check_name(name)
    except UnknownOption as error:
        raise StepFailed(str(error)) from None
    options = world.table.options - {name}
    if value:
        options |= {name}
    world.table = replace(world.table, options=options)
    world.chosen[name] = value
