"""Rule options: the points where tables and tournaments depart from the League reading.

Each option is data: its name, its default, where the default comes from, the article whose
rule it overrides, and its *readings*: where sources disagree (the rules reference's D-list:
``disagreements.py``), each way of reading the rule is a named value of the option,
citing its sources. A tournament's house rule is a value for one of these: on/off, or a
reading's name (``effective_options`` takes either). Adding an option is one entry here plus
the rule that reads it (``table.option(name)``). When each value was in force, and by which
source, is in ``dated.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Reading:
    """One way the sources read a rule: a name, the option's value under it, and who says so."""

    name: str
    value: bool
    summary: str
    sources: tuple[str, ...]


@dataclass(frozen=True)
class Reader:
    """The option's two values in a reader's words, to say how a ruling changed: what holds
    when it is on and when it is off, now ("a joker exchange ends …") and as it was ("… could
    still be changed …"). Lower-case clauses, so a page can write "Since the <source>, <on>;
    before, <was off>." No option names, no rule names: a reader sees these."""

    on: str
    off: str
    was_on: str
    was_off: str

    def now(self, value: bool) -> str:
        return self.on if value else self.off

    def then(self, value: bool) -> str:
        return self.was_on if value else self.was_off


@dataclass(frozen=True)
class RuleOption:
    name: str
    default: bool
    source: str
    article: str
    summary: str
    readings: tuple[Reading, ...] = ()
    disagreement: str = ""  # its entry in the rules reference's D-list, e.g. "D1"
    reader: Reader | None = None  # its values in a reader's words (how a ruling changed)
    # For readers, who never see `name`: the house rule in a few words ("A touched tile is a
    # taken tile"), and what each value means when the option has no readings (on, off).
    title: str = ""
    when_on: str = ""
    when_off: str = ""

    def sentence(self, value: bool) -> str:
        """What this value of the option means, in a reader's words (never its name)."""
        reading = self.reading_for(bool(value))
        if reading is not None:
            return reading.summary
        return self.when_on if value else self.when_off

    def reading(self, name: str) -> Reading:
        """The reading of that name, or UnknownReading listing the readings there are."""
        for reading in self.readings:
            if reading.name == name:
                return reading
        names = ", ".join(f'"{r.name}"' for r in self.readings)
        raise UnknownReading(
            f'"{self.name}" has no reading "{name}"; its readings are {names}.'
            if self.readings
            else f'"{self.name}" has no named readings; set it on or off.'
        )

    def reading_for(self, value: bool) -> Reading | None:
        """The reading this value stands for (the first, if several share it)."""
        return next((r for r in self.readings if r.value == value), None)


OPTIONS: Final[dict[str, RuleOption]] = {
    option.name: option
    for option in (
        RuleOption(
            name="touched-tile-is-taken",
            title="A touched tile is a taken tile",
            default=False,
            source="League rules: saying “call”, touching, lifting or holding does not commit",
            article="nmjl-6",
            reader=Reader(
                on="a called tile the caller has touched must be taken",
                off="a caller may give the called tile back until it is racked or exposed",
                was_on="a called tile the caller had touched had to be taken",
                was_off="a caller could give the called tile back until it was racked or exposed",
            ),
            summary="Touching the called tile commits the caller, as racking it does.",
            disagreement="D2",
            readings=(
                Reading(
                    "committed-when-racked-or-exposed",
                    False,
                    "A caller may give the tile back until it is on the rack or tiles are "
                    "exposed; a call, like a pick, cannot be put back after that.",
                    (
                        "NMJL Bulletin answers 1970–2019",
                        "mahjlife.com Article 146 (League, quoted)",
                        "AMJA guide: claiming errors",
                    ),
                ),
                Reading(
                    "touched-is-taken",
                    True,
                    "A called tile the caller has touched must be taken.",
                    ("MahjCon common tournament rules", "Crak Your Bags tournament rules"),
                ),
            ),
        ),
        RuleOption(
            name="joker-exchange-locks-exposure",
            title="A joker exchange locks the exposure",
            default=True,
            source="NMJL Bulletin 2025",
            article="nmjl-6",
            reader=Reader(
                on="a joker exchange ends the window for changing an exposure",
                off="an exposure may still be changed until the discard, joker exchange or not",
                was_on="a joker exchange ended the window for changing an exposure",
                was_off="the exposure could still be changed until the discard",
            ),
            summary="A joker exchange ends the window for changing this turn's exposure.",
            disagreement="D1",
            readings=(
                Reading(
                    "open-until-discard",
                    False,
                    "The exposure may change until the caller discards, joker exchange or not.",
                    (
                        "NMJL Bulletin answers 1970–2019",
                        "Mah Jongg Made Easy p. 14, as Tom Sloper reads it (2003)",
                    ),
                ),
                Reading(
                    "closed-by-joker-exchange",
                    True,
                    "A joker exchange on the same turn ends the window for changing the exposure.",
                    (
                        "League ruling reported by mahjblog (2019)",
                        "NMJL Bulletin 2025",
                        "Article “Adding to an exposure”",
                    ),
                ),
            ),
        ),
        RuleOption(
            name="one-joker-exchange-at-a-time",
            title="One joker exchange at a time",
            default=False,
            source="League clarification, August 2026",
            article="nmjl-205",
            reader=Reader(
                on="joker exchanges are made one at a time",
                off="several joker exchanges may be made together in one turn",
                was_on="joker exchanges were made one at a time",
                was_off="several joker exchanges could be made together in one turn",
            ),
            summary="Several joker exchanges may not be made together; one at a time.",
            disagreement="D3",
            readings=(
                Reading(
                    "several-together",
                    False,
                    "Several joker exchanges may be made together in one turn.",
                    (
                        "League clarification, August 2026",
                        "Tom Sloper, column 728",
                        "ilovemahj.com question 688",
                    ),
                ),
                Reading(
                    "one-at-a-time",
                    True,
                    "Joker exchanges are made one at a time, each announced: a tournament "
                    "director's procedure.",
                    ("Article 205: tournament directors may set procedures",),
                ),
            ),
        ),
        RuleOption(
            name="two-wrong-counts-replay-the-hand",
            title="Two wrong tile counts: replay the hand",
            default=False,
            source="AMJA guide: errors in playing the game, item 3",
            article="nmjl-205",
            reader=Reader(
                on="two wrong counts of tiles throw the tiles in and the hand is replayed",
                off="two wrong counts during play make both hands dead and the others play on",
                was_on="two wrong counts of tiles threw the tiles in and the hand was replayed",
                was_off="two wrong counts during play made both hands dead; the others played on",
            ),
            summary="When two players have the wrong number of tiles during play, the tiles "
            "are thrown in and the hand is replayed.",
            disagreement="D4",
            readings=(
                Reading(
                    "both-dead-play-continues",
                    False,
                    "During play both hands may be declared dead and the other two play on; "
                    "only in the Charleston are the tiles thrown in.",
                    ("AMJA guide: errors in playing the game, item 3", "Article 205"),
                ),
                Reading(
                    "thrown-in-and-replayed",
                    True,
                    "Two wrong counts at any time: the tiles are thrown in and the hand replayed.",
                    ("Winning Moves, Mah Jongg card game errors",),
                ),
            ),
        ),
        RuleOption(
            name="only-north-takes-a-missing-tile",
            title="Only North takes a missing tile",
            default=False,
            source="Article 205: the player short a tile takes it before East's first discard",
            article="nmjl-205",
            reader=Reader(
                on="before East’s first discard only North may take a missing tile",
                off="before East’s first discard any player short a tile may take it",
                was_on="before East’s first discard only North could take a missing tile",
                was_off="before East’s first discard any player short a tile could take it",
            ),
            summary="Before East's first discard only North, short from the deal, may take "
            "the missing tile.",
            disagreement="D5",
            readings=(
                Reading(
                    "any-short-player",
                    False,
                    "Any player short a tile may take it before East's first discard; North is "
                    "the usual case.",
                    ("Article 205, North as the example",),
                ),
                Reading(
                    "north-only",
                    True,
                    "Only North, who forgot the 13th tile in the deal, may take it.",
                    ("Article 205, read literally", "Winning Moves card game errors"),
                ),
            ),
        ),
        RuleOption(
            name="misnamer-discards-the-named-tile",
            title="A misnamer discards the tile she named",
            default=False,
            source="League answer 2014, reported by Tom Sloper (column 595, Q20)",
            article="nmjl-calling",
            reader=Reader(
                on="a player who misnames a discard and holds the named tile must discard it",
                off="a misnamed discard is only named again correctly",
                was_on="a player who misnamed a discard and held the named tile had to discard it",
                was_off="a misnamed discard was only named again correctly",
            ),
            summary="A player who misnames a discard and holds the named tile must discard "
            "the named tile instead.",
            disagreement="D8",
            readings=(
                Reading(
                    "rename-only",
                    False,
                    "A misnamed discard is named again correctly; the discarder does not swap "
                    "in the tile named.",
                    ("League answer 2014 (Tom Sloper, column 595, Q20)", "mahjmindaz.com (2025)"),
                ),
                Reading(
                    "must-discard-the-named-tile",
                    True,
                    "A discarder holding the tile she named must discard that tile instead.",
                    ("Mah Jongg Madness tournament rule (2014)",),
                ),
            ),
        ),
        RuleOption(
            name="courtesy-pass",
            title="The courtesy pass",
            default=True,
            source="League rules: the optional courtesy pass across after the Charleston",
            article="nmjl-charleston",
            reader=Reader(
                on="the courtesy pass may follow the Charleston",
                off="there is no courtesy pass after the Charleston",
                was_on="the courtesy pass could follow the Charleston",
                was_off="there was no courtesy pass after the Charleston",
            ),
            summary="Off: no courtesy pass; the passes are done after the second Charleston "
            "or a stop.",
            when_on="After the Charleston the players may agree an optional courtesy pass across.",
            when_off="There is no courtesy pass: the passes are done after the second "
            "Charleston or a stop.",
        ),
    )
}

# Readings the engine does not judge itself: the card matcher reads these.
CARD_OPTIONS: Final[dict[str, RuleOption]] = {
    "flowers-are-not-natural-tiles": RuleOption(
        name="flowers-are-not-natural-tiles",
        title="Flowers are not natural tiles",
        default=False,
        source="AMJA guide: jokers and joker exchange (glossary)",
        article="nmjl-exposure-answer",
        summary="A natural tile is any tile but a Joker or a Flower (for hands that must "
        "include a natural tile).",
        disagreement="D11",
        readings=(
            Reading(
                "any-non-joker",
                False,
                "A natural tile is any tile that is not a Joker.",
                ("AMJA guide: jokers and joker exchange (glossary)",),
            ),
            Reading(
                "non-joker-non-flower",
                True,
                "A natural tile is neither a Joker nor a Flower.",
                ("American Mah Jongg Ventures, Article 101 (jokers)",),
            ),
        ),
    ),
}


class UnknownOption(KeyError):
    """A rule option name the engine does not know; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])  # the message, not KeyError's repr of it


class UnknownReading(UnknownOption):
    """A reading an option does not have; the message lists the ones it has."""


def plain_title(name: str) -> str:
    """An option as a reader names it ("A touched tile is a taken tile"); the name itself
    for one the engine does not know (an author's typo is theirs to see)."""
    option = OPTIONS.get(name) or CARD_OPTIONS.get(name)
    return option.title if option and option.title else name


def known_names() -> str:
    return ", ".join(f'"{name}"' for name in OPTIONS)


def check_name(name: str) -> RuleOption:
    """The option of that name, or UnknownOption with the names that exist."""
    try:
        return OPTIONS[name]
    except KeyError:
        message = f'There is no rule option "{name}"; the options are {known_names()}.'
        raise UnknownOption(message) from None


def value_of(name: str, value: bool | str) -> bool:
    """An option's value given on/off or a reading's name; UnknownOption/UnknownReading else."""
    option = check_name(name)
    if isinstance(value, str):
        return option.reading(value).value
    return bool(value)


def default_options() -> dict[str, bool]:
    return {name: option.default for name, option in OPTIONS.items()}


def effective_options(overrides: Mapping[str, bool | str] | None = None) -> dict[str, bool]:
    """The defaults with these values (on/off or a reading's name) on top; names the engine
    does not know, and readings an option does not have, are left out."""
    values = default_options()
    for name, value in (overrides or {}).items():
        try:
            values[name] = value_of(name, value)
        except UnknownOption:
            continue
    return values


def readings_text(options: Mapping[str, RuleOption] | None = None) -> str:
    """Every option's readings for a reader: "a or b (option); …" (no quote marks)."""
    options = OPTIONS if options is None else options
    return "; ".join(
        f"{' or '.join(r.name for r in option.readings)} ({name})"
        for name, option in options.items()
        if option.readings
    )
