"""Rule options: the points where tables and tournaments depart from the League reading.

Each option is data: its name, its default, where the default comes from, and the article
whose rule it overrides. A tournament's house rule is a value for one of these. Adding an
option is one entry here plus the rule that reads it (``table.option(name)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: bool
    source: str
    article: str
    summary: str


OPTIONS: dict[str, RuleOption] = {
    option.name: option
    for option in (
        RuleOption(
            name="touched-tile-is-taken",
            default=False,
            source="League rules: saying “call”, touching, lifting or holding does not commit",
            article="nmjl-6",
            summary="Touching the called tile commits the caller, as racking it does.",
        ),
        RuleOption(
            name="joker-exchange-locks-exposure",
            default=True,
            source="NMJL Bulletin 2025",
            article="nmjl-6",
            summary="A joker exchange ends the window for changing this turn's exposure.",
        ),
        RuleOption(
            name="one-joker-exchange-at-a-time",
            default=False,
            source="League clarification, August 2026",
            article="nmjl-205",
            summary="Several joker exchanges may not be made together; one at a time.",
        ),
        RuleOption(
            name="courtesy-pass",
            default=True,
            source="League rules: the optional courtesy pass across after the Charleston",
            article="nmjl-charleston",
            summary="Off: no courtesy pass; the passes are done after the second Charleston "
            "or a stop.",
        ),
    )
}


class UnknownOption(KeyError):
    """A rule option name the engine does not know; the message lists the known ones."""

    def __str__(self) -> str:
        return self.args[0]


def known_names() -> str:
    return ", ".join(f'"{name}"' for name in OPTIONS)


def check_name(name: str) -> RuleOption:
    """The option of that name, or UnknownOption with the names that exist."""
    try:
        return OPTIONS[name]
    except KeyError:
        message = f'There is no rule option "{name}"; the options are {known_names()}.'
        raise UnknownOption(message) from None


def default_options() -> dict[str, bool]:
    return {name: option.default for name, option in OPTIONS.items()}


def effective_options(overrides: Mapping[str, bool] | None = None) -> dict[str, bool]:
    """The defaults with these values on top; names the engine does not know are left out."""
    values = default_options()
    for name, value in (overrides or {}).items():
        if name in OPTIONS:
            values[name] = bool(value)
    return values
