"""The phrase registry: every step phrase, its parameters and the function it runs.

`steps.py` fills the registry with ``@given``, ``@when`` and ``@then``; the runner asks it
which phrases match a step, and the step reference page lists it, so the documentation can
never drift from what runs.

A step function takes the world first, then the phrase's parameters in order, then (for a
phrase registered with ``table=``) the data rows of the step's table, its header checked:

- a ``given`` step sets the scene and returns None;
- a ``when`` step acts and returns the engine's Verdict (it never fails on a refusal);
- a ``then`` step checks and returns None;

and any of them raises ``StepFailed`` with a plain sentence when it cannot do what it says.

Each phrase has a language. ``given``, ``when`` and ``then`` register English phrases;
`Registry.translate` adds another language's form of each, from an explicit table of
`Translation`s (``steps_nl.py``), bound to the English phrase's step function. A text is
matched against its own language's phrases only (see ``languages.py``), and "did you mean"
suggests phrases of that language.
"""

from __future__ import annotations

import datetime
import difflib
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Concatenate, Final, Generic, ParamSpec, TypeVar

from cucumber_expressions.expression import CucumberExpression
from cucumber_expressions.parameter_type import ParameterType
from cucumber_expressions.parameter_type_registry import ParameterTypeRegistry

from mahjong_rules.engine.options import OPTIONS, readings_text
from mahjong_rules.engine.tiles import NOTATION_PATTERN, Tile
from mahjong_rules.engine.verdicts import Verdict

from .languages import (
    CLAIM_NAMES,
    ENGLISH,
    SEAT_NAMES,
    claim_in_english,
    seat_in_english,
)
from .messages import say

KEYWORDS: Final = ("given", "when", "then")
NEAREST_CHARS: Final = 300  # of an unknown step, compared with the phrases for "did you mean"

# The world a registry's steps act on: the phrasebook's `World`, or a test's own.
W = TypeVar("W")
_P = ParamSpec("_P")
_R = TypeVar("_R", bound=Verdict | None)
# A step function: the world, then the phrase's values (and a table's rows), whatever they
# are; a when step gives the engine's Verdict, a given or then step None.
StepFunction = Callable[Concatenate[W, ...], Verdict | None]
# A translated phrase's table rows (cells stripped) → the rows as its English phrase's step
# function reads them: seats and calls in English. It raises StepFailed for a cell it cannot
# read, in the phrase's language.
CellReader = Callable[[list[list[str]]], list[list[str]]]


class StepFailed(Exception):
    """A step could not do or confirm what it says; the message says why, for a reader."""


# Tile notation as the contract writes it: the tile table's own pattern.
TILE_PATTERN: Final = NOTATION_PATTERN
TILES_PATTERN: Final = rf"{TILE_PATTERN}(?:(?:\s*,\s*|\s+){TILE_PATTERN})*"
SEAT_PATTERN: Final = r"East|South|West|North"
CLAIM_PATTERN: Final = r"tjok|poeng|kong|straight"
DIRECTION_PATTERN: Final = r"to the right|across|to the left"
PASS_PATTERN: Final = (
    r"first right|first across|first left|second left|second across|second right|courtesy"
)
PASS_HELP: Final = (
    "a pass of the Charleston: first right, first across, first left, second left, "
    "second across, second right or courtesy"
)


def _parse_tile(text: str) -> Tile:
    from mahjong_rules.engine.tiles import parse_tile

    return parse_tile(text)


def _parse_tiles(text: str) -> list[Tile]:
    from mahjong_rules.engine.tiles import parse_tiles

    return parse_tiles(text)


def _parse_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(
            f"{text} is not a day on the calendar: write the date as YYYY-MM-DD, e.g. 2025-06-01."
        ) from None


def _option_names(last: str = "or") -> str:
    """The rule options' names as a reader would list them: a, b or c (the page escapes
    quote marks, so none here); `last` joins the last two ("of" in Dutch)."""
    names = list(OPTIONS)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


# name, regexp, transformer (the matched text → the step function's value), what the step
# reference says about it
ParameterSpec = tuple[str, str, Callable[[str], object], str]
PARAMETER_TYPES: Final[list[ParameterSpec]] = [
    ("seat", SEAT_PATTERN, str, "a seat, written in full: East, South, West or North"),
    ("tile", TILE_PATTERN, _parse_tile, "one tile: 7D, 7 Dots, RD, Soap, N, F, J, Joker …"),
    ("tiles", TILES_PATTERN, _parse_tiles, "one or more tiles, by spaces or commas: 7D 7D J"),
    ("n", r"\d+", int, "a whole number"),
    ("claim", CLAIM_PATTERN, str, "a Matjok call: tjok, poeng, kong or straight"),
    ("name", r'[^"]+', str, f"a rule option's name, in double quotes; one of {_option_names()}"),
    (
        "reading",
        r'[^"]+',
        str,
        f"a reading of a rule option, in double quotes; for each option: {readings_text()}",
    ),
    ("date", r"\d{4}-\d{2}-\d{2}", _parse_date, "a day, written YYYY-MM-DD: 2025-06-01"),
    # part two: the card, its lines, the Charleston's passes
    ("card", r'[^"]+', str, "a card's name, in double quotes: Practice Card 2027"),
    ("line", r'[^"]+', str, "a line id of the card in force, in double quotes: L1"),
    ("direction", DIRECTION_PATTERN, str, "to the right, across or to the left"),
    ("pass", PASS_PATTERN, str, PASS_HELP),
]


# What the step reference says about a parameter, in Dutch (the others keep English words).
PARAMETER_HELP_NL: Final[dict[str, str]] = {
    "seat": "een plaats, voluit geschreven: Oost, Zuid, West of Noord",
    "tile": "één steen, als code: 7D, RD, N, F, J …",
    "tiles": "een of meer stenen, gescheiden door spaties of komma's: 7D 7D J",
    "n": "een geheel getal",
    "claim": "een Matjok-claim: tjok, poeng, kong of straat",
    "name": (
        f"de naam van een huisregel, tussen dubbele aanhalingstekens; een van {_option_names('of')}"
    ),
}


def parameter_types(language: str = ENGLISH) -> list[ParameterSpec]:
    """The parameter types of the language's phrases: its own seats and Matjok calls (each
    read as the step functions take it, in English), the rest as in English.

    >>> [(name, regexp) for name, regexp, _t, _h in parameter_types("nl")][:1]
    [('seat', 'Oost|Zuid|West|Noord')]
    """
    if language == ENGLISH:
        return list(PARAMETER_TYPES)
    specs: list[ParameterSpec] = []
    for name, regexp, transform, doc in PARAMETER_TYPES:
        if name == "seat":
            regexp = "|".join(SEAT_NAMES[language])
            transform = functools.partial(seat_in_english, language=language)
        elif name == "claim":
            regexp = "|".join(CLAIM_NAMES[language])
            transform = functools.partial(claim_in_english, language=language)
        help_nl = PARAMETER_HELP_NL.get(name) if language == "nl" else None
        specs.append((name, regexp, transform, help_nl or doc))
    return specs


def _new_parameter_registry(language: str = ENGLISH) -> ParameterTypeRegistry:
    registry = ParameterTypeRegistry()
    for name, regexp, transform, _doc in parameter_types(language):
        registry.define_parameter_type(ParameterType(name, regexp, object, transform, True, False))
    return registry


def normalise(text: str) -> str:
    """Steps match after collapsing runs of spaces; a trailing period is ignored."""
    text = re.sub(r"\s+", " ", text).strip()
    return text[:-1].rstrip() if text.endswith(".") else text


@dataclass(frozen=True)
class Phrase(Generic[W]):
    keyword: str
    text: str
    func: StepFunction[W]
    example: str
    help: str
    expression: CucumberExpression = field(compare=False, repr=False)
    table_columns: tuple[str, ...] = ()
    language: str = ENGLISH
    english: str | None = None  # a translated phrase: the English phrase it stands for
    cells: CellReader | None = field(default=None, compare=False, repr=False)

    def match(self, text: str) -> list[object] | None:
        """The phrase's parameter values for this step text, or None if it does not match."""
        # The bare pattern first: building the arguments costs ten times more, and almost
        # every phrase tried does not match.
        if self.expression.tree_regexp.regexp.match(text) is None:
            return None
        arguments = self.expression.match(text)
        if arguments is None:
            return None
        return [argument.value for argument in arguments]

    def raw_values(self, text: str) -> list[str]:
        """The phrase's parameters as this (matching) text writes them, in order."""
        arguments = self.expression.match(text) or []
        return [str(argument.group.value) for argument in arguments]

    def written_with(self, values: list[str], language: str) -> str:
        """The phrase written out with these values, as a text in `language` wrote them for
        the same parameters (seats and Matjok calls put into this phrase's language); with
        its example's values for want of them.

        >>> from mahjong_rules.scenarios.phrasebook import phrases
        >>> [called] = [p for p in phrases("nl", "given") if p.english == "{seat} holds {tiles}"]
        >>> called.written_with(["North", "7D 7D"], "en")
        'Noord heeft 7D 7D in de hand'
        """
        names = _PARAMETER.findall(self.text)
        if len(values) != len(names):
            return self.example
        written = []
        for name, value in zip(names, values, strict=True):
            if name == "seat" and value in SEAT_NAMES.get(language, ()):
                value = SEAT_NAMES[self.language][SEAT_NAMES[language].index(value)]
            elif name == "claim" and value in CLAIM_NAMES.get(language, {}):
                engine_word = CLAIM_NAMES[language][value]
                value = next(w for w, e in CLAIM_NAMES[self.language].items() if e == engine_word)
            written.append(value)
        parts = iter(written)
        return _PARAMETER.sub(lambda _m: next(parts), self.text)

    def arguments(self, values: list[object], data_table: list[list[str]] | None) -> list[object]:
        """The step function's arguments after the world: the phrase's values, then, for a
        phrase that takes a table, the table's data rows (cells stripped) once its header row
        names the phrase's columns. StepFailed says what is wrong with the table."""
        language = self.language
        if not self.table_columns:
            if data_table:
                raise StepFailed(say(language, "no_table"))
            return list(values)
        columns = " | ".join(self.table_columns)
        if not data_table:
            raise StepFailed(say(language, "needs_table", columns=columns))
        header = [cell.strip() for cell in data_table[0]]
        if header != list(self.table_columns):
            raise StepFailed(
                say(language, "table_header", columns=columns, header=" | ".join(header))
            )
        if len(data_table) < 2:
            raise StepFailed(say(language, "table_only_header", columns=columns))
        rows = [[cell.strip() for cell in row] for row in data_table[1:]]
        return [*values, self.cells(rows) if self.cells else rows]


@dataclass(frozen=True)
class Translation:
    """A phrase in another language, standing for the English phrase `english` of the same
    keyword and run by its step function: the same parameters in the same order (checked
    when it is added), its own words, example and help, and for a phrase with a table its
    own column names and a `cells` reader giving the rows back in English."""

    keyword: str
    english: str
    text: str
    example: str
    help: str
    table: tuple[str, ...] = ()
    cells: CellReader | None = None


class Registry(Generic[W]):
    """The phrases whose steps act on one kind of world (`W`): the phrasebook's on `World`."""

    def __init__(self) -> None:
        self._parameters: dict[str, ParameterTypeRegistry] = {}  # language → its types
        self._phrases: list[Phrase[W]] = []
        # (keyword, language) → every such phrase at once
        self._any_phrase: dict[tuple[str | None, str], re.Pattern[str]] = {}

    def _parameter_registry(self, language: str) -> ParameterTypeRegistry:
        if language not in self._parameters:
            self._parameters[language] = _new_parameter_registry(language)
        return self._parameters[language]

    def step(
        self,
        keyword: str,
        text: str,
        *,
        example: str,
        help: str = "",
        table: Iterable[str] = (),
    ) -> Callable[[Callable[Concatenate[W, _P], _R]], Callable[Concatenate[W, _P], _R]]:
        """Register a phrase. `table` names the data-table columns the step expects. The
        function is given back as it is, its signature too."""
        if keyword not in KEYWORDS:
            raise ValueError(f"unknown step keyword {keyword!r}")

        def register(func: Callable[Concatenate[W, _P], _R]) -> Callable[Concatenate[W, _P], _R]:
            expression = CucumberExpression(text, self._parameter_registry(ENGLISH))
            self._phrases.append(
                Phrase(keyword, text, func, example, help, expression, tuple(table))
            )
            self._any_phrase.clear()
            return func

        return register

    def translate(
        self, language: str, source: Registry[W], translations: Iterable[Translation]
    ) -> None:
        """Add each translation as a phrase of this language, bound to the step function of
        the English phrase of `source` it names. ValueError for a translation that names no
        English phrase, names one twice, or whose parameters or columns differ from its."""
        if language == ENGLISH:
            raise ValueError("English phrases are registered with given, when and then")
        english = {(p.keyword, p.text): p for p in source.phrases()}
        done: set[tuple[str, str]] = set()
        for translation in translations:
            key = (translation.keyword, translation.english)
            phrase = english.get(key)
            if phrase is None:
                raise ValueError(f"no English {key[0]} phrase {key[1]!r} to translate")
            if key in done:
                raise ValueError(f"the {key[0]} phrase {key[1]!r} is translated twice")
            done.add(key)
            if _PARAMETER.findall(translation.text) != _PARAMETER.findall(phrase.text):
                raise ValueError(
                    f"{translation.text!r} does not take the parameters of {phrase.text!r}"
                )
            if len(translation.table) != len(phrase.table_columns):
                raise ValueError(f"{translation.text!r} does not take {phrase.text!r}'s table")
            expression = CucumberExpression(translation.text, self._parameter_registry(language))
            self._phrases.append(
                replace(
                    phrase,
                    text=translation.text,
                    example=translation.example,
                    help=translation.help,
                    expression=expression,
                    table_columns=translation.table,
                    language=language,
                    english=phrase.text,
                    cells=translation.cells,
                )
            )
        self._any_phrase.clear()

    @classmethod
    def joined(cls, registries: Iterable[Registry[W]]) -> Registry[W]:
        """One registry holding the phrases of each of these, in order (the order phrases
        are tried in and suggested in)."""
        joined = cls()
        for registry in registries:
            joined._phrases.extend(registry._phrases)
        return joined

    # The decorators keep each step function's own signature, its world first; a given or
    # then step returns None, a when step the engine's Verdict.

    def given(
        self, text: str, *, example: str, help: str = "", table: Iterable[str] = ()
    ) -> Callable[[Callable[Concatenate[W, _P], None]], Callable[Concatenate[W, _P], None]]:
        return self.step("given", text, example=example, help=help, table=table)

    def when(
        self, text: str, *, example: str, help: str = "", table: Iterable[str] = ()
    ) -> Callable[[Callable[Concatenate[W, _P], Verdict]], Callable[Concatenate[W, _P], Verdict]]:
        return self.step("when", text, example=example, help=help, table=table)

    def then(
        self, text: str, *, example: str, help: str = "", table: Iterable[str] = ()
    ) -> Callable[[Callable[Concatenate[W, _P], None]], Callable[Concatenate[W, _P], None]]:
        return self.step("then", text, example=example, help=help, table=table)

    def phrases(self, keyword: str | None = None, language: str = ENGLISH) -> list[Phrase[W]]:
        """The language's phrases of this keyword (of any, for None), in order."""
        return [
            p
            for p in self._phrases
            if (keyword is None or p.keyword == keyword) and p.language == language
        ]

    def match(
        self,
        keyword: str | None,
        text: str,
        errors: list[Exception] | None = None,
        language: str = ENGLISH,
    ) -> list[tuple[Phrase[W], list[object]]]:
        """Every phrase of this keyword (of any, for None) and language that matches the
        text, with its values.

        The text is normalised first. More than one match is ambiguous: the runner reports it
        and never guesses. A phrase whose words match but whose value cannot be read (a tile
        given five times, say) raises its error, or, given an `errors` list, is left out and
        its error appended there, so the runner can report it at that line.
        """
        text = normalise(text)
        if not self._could_match(keyword, text, language):
            return []  # the common case for prose and unknown steps, in one regex search
        found: list[tuple[Phrase[W], list[object]]] = []
        for phrase in self.phrases(keyword, language):
            try:
                values = phrase.match(text)
            except Exception as error:
                if errors is None:
                    raise
                errors.append(error)
                continue
            if values is not None:
                found.append((phrase, values))
        return found

    def _could_match(self, keyword: str | None, text: str, language: str) -> bool:
        """Whether any phrase's pattern matches the words: one search through all of them,
        where trying each phrase in turn costs some microseconds a phrase."""
        pattern = self._any_phrase.get((keyword, language))
        if pattern is None:
            sources = [f"(?:{p.expression.regexp})" for p in self.phrases(keyword, language)]
            pattern = re.compile("|".join(sources) or "(?!)")
            self._any_phrase[(keyword, language)] = pattern
        return pattern.match(text) is not None

    def nearest(
        self, keyword: str | None, text: str, limit: int = 3, language: str = ENGLISH
    ) -> list[str]:
        """The known phrases closest to an unknown step, for "did you mean …", written out.

        The step's own seats, tiles, numbers and quoted names are compared as placeholders
        with each phrase's pattern, so "South call the discard" is nearest "{seat} calls the
        discard" whatever seat the phrase's example names; each suggestion is then filled in
        with the step's values, in order, and with the example's where the step has none.
        The phrases suggested are the language's, its seats the step's seats.
        """
        typed = _typed_values(normalise(text), language)
        candidates = self.phrases(keyword, language) or self.phrases(None, language)
        # Phrases are a line long: comparing one with a pasted page costs their product, and
        # the page's first few hundred characters tell as much.
        pattern = typed.pattern[:NEAREST_CHARS]
        scored = sorted(
            candidates,
            key=lambda p: difflib.SequenceMatcher(None, pattern, _comparable(p.text)).ratio(),
            reverse=True,
        )
        suggestions: list[str] = []
        for phrase in scored:
            suggestion = _filled_in(phrase, typed)
            if suggestion not in suggestions:
                suggestions.append(suggestion)
            if len(suggestions) == limit:
                break
        return suggestions


# -- "did you mean": a step's own values against each phrase's pattern -----------------------

_NAME = re.compile(r'"([^"]*)"')
_TILES = re.compile(rf"(?<![\w]){TILES_PATTERN}(?![\w])")
_SEATS = {
    language: re.compile(rf"(?<![\w])(?i:{'|'.join(seats)})(?![\w])")
    for language, seats in SEAT_NAMES.items()
}
_NUMBER = re.compile(r"(?<![\w])\d+(?![\w])")
_PARAMETER = re.compile(r"\{(\w+)\}")


@dataclass
class _Typed:
    """A step's text with its values replaced by placeholders, and the values by type."""

    pattern: str
    values: dict[str, list[str]]


def _typed_values(text: str, language: str = ENGLISH) -> _Typed:
    values: dict[str, list[str]] = {"name": [], "tile": [], "seat": [], "n": []}

    def keep(
        kind: str,
        placeholder: str,
        value: Callable[[re.Match[str]], str] = lambda m: m.group(0),
    ) -> Callable[[re.Match[str]], str]:
        def replace(match: re.Match[str]) -> str:
            values[kind].append(value(match))
            return placeholder

        return replace

    # Quoted names first (a name may contain anything), tiles before seats ("North wind"
    # is a tile) and before numbers ("7 Dots" is one tile).
    text = _NAME.sub(keep("name", '"{name}"', lambda m: m.group(1)), text)
    text = _TILES.sub(keep("tile", "{tile}"), text)
    seats = _SEATS.get(language, _SEATS[ENGLISH])
    text = seats.sub(keep("seat", "{seat}", lambda m: m.group(0).capitalize()), text)
    text = _NUMBER.sub(keep("n", "{n}"), text)
    return _Typed(text, values)


def _comparable(phrase_text: str) -> str:
    # A run of tiles typed cannot tell {tile} from {tiles}: compare both as one placeholder.
    return phrase_text.replace("{tiles}", "{tile}")


def _fits(parameter: str, value: str, language: str = ENGLISH) -> bool:
    """Whether a typed value can stand for this parameter ("7D 8D" cannot be one {tile})."""
    pattern = _parameter_patterns(language).get(parameter)
    return pattern is None or re.fullmatch(pattern, value) is not None


@functools.cache
def _parameter_patterns(language: str) -> dict[str, str]:
    return {name: regexp for name, regexp, _transform, _doc in parameter_types(language)}


def _filled_in(phrase: Phrase[W], typed: _Typed) -> str:
    """The phrase written with the step's values in order, else with its example's values."""
    try:
        example = phrase.expression.match(phrase.example)
    except Exception:  # an example that does not read is no reason to lose the suggestion
        example = None
    defaults = [argument.group.value for argument in example] if example else None
    used = dict.fromkeys(typed.values, 0)
    written = []
    for index, name in enumerate(_PARAMETER.findall(phrase.text)):
        kind = "tile" if name == "tiles" else name
        offered = typed.values.get(kind, [])
        value = offered[used[kind]] if used.get(kind, 0) < len(offered) else None
        if value is not None:
            used[kind] += 1
        if value is None or not _fits(name, value, phrase.language):
            if defaults is None or index >= len(defaults):
                return phrase.example
            value = defaults[index]
        written.append(value)
    values = iter(written)
    return _PARAMETER.sub(lambda _m: next(values), phrase.text)
