"""A card: its sections and lines, read from the card file and checked entry by entry.

The card file is one UTF-8 JSON object (format ``"nmjl-card 1"``; "The card file" in the
scenario language, part two). `load_card` refuses a file with a `CardError` that lists
every error with the line of the file it is on, so a form can show each one in place.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Final, TypeGuard

from .indexes import CardTables, LineTables
from .instances import Instance, expand, overdrawn, suit_assignments, x_values
from .located_json import LocatedDict, loads
from .pattern import Pattern, PatternError, parse_pattern

FORMAT: Final = "nmjl-card 1"
LINE_ID: Final = re.compile(r"[A-Za-z0-9]+")
CARD_FIELDS: Final = {"format", "name", "year", "invented", "note", "sections"}
SECTION_FIELDS: Final = {"name", "lines"}
LINE_FIELDS: Final = {"id", "pattern", "kind", "value", "x", "note"}
TILES_IN_A_HAND: Final = 14
# Limits that keep a card typed into a form from costing the server more than a moment.
MAX_INSTANCES: Final = 2_000  # per line; the Practice Card's largest line has 216
MAX_CARD_INSTANCES: Final = 50_000
MAX_CARD_CHARACTERS: Final = 1_000_000

# One error: the 1-based line of the card file it is on (None: no file position), the message.
LineError = tuple[int | None, str]
# A JSON object as read (a LocatedDict, or a plain dict): its values are checked one by one.
JSONObject = Mapping[str, Any]


class CardError(ValueError):
    """A card that cannot be used. `errors` is a list of ``(line, message)``; line is the
    1-based line of the card file (None when there is no file position)."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = list(errors)
        super().__init__("; ".join(_at(line, message) for line, message in self.errors))


def _at(line: int | None, message: str) -> str:
    return f"line {line}: {message}" if line else message


@dataclass(frozen=True, eq=False)
class Line:
    """One line of a card. `pattern` is as written (with ``{year}``); `parsed` has the year
    put in. `kind` is ``"X"`` (may take exposures) or ``"C"`` (concealed) [109]."""

    id: str
    pattern: str
    kind: str
    value: int
    parsed: Pattern
    section: str
    position: int  # its place on the card, from 0: the earlier line wins a tie in value
    x: tuple[int, ...] | None = None
    note: str = ""

    @property
    def concealed(self) -> bool:
        return self.kind == "C"

    @cached_property
    def instances(self) -> tuple[Instance, ...]:
        """Every instance of the line, expanded once and kept."""
        return tuple(expand(self.parsed, self.x))

    @cached_property
    def tables(self) -> LineTables:
        """The line's instances indexed for tiles needed (see `indexes.LineTables`)."""
        return LineTables(self.instances)

    def __repr__(self) -> str:
        return f"Line({self.id}: {self.parsed.text}, {self.kind}, {self.value})"

    # Immutable: a copy is the line itself, and a pickle leaves the expanded tables behind.
    def __copy__(self) -> Line:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Line:
        return self

    def __reduce__(self) -> tuple[Callable[..., Line], tuple[object, ...]]:
        fields = (self.id, self.pattern, self.kind, self.value, self.parsed, self.section)
        return (Line, (*fields, self.position, self.x, self.note))


@dataclass(frozen=True)
class Section:
    name: str
    lines: tuple[Line, ...]


@dataclass(frozen=True, eq=False)
class Card:
    """A card: `sections` in card order, each with its lines. Looked up by `name`."""

    name: str
    year: int
    invented: bool
    sections: tuple[Section, ...]
    note: str = ""
    _by_id: dict[str, Line] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({line.id: line for line in self.lines})

    @cached_property
    def lines(self) -> tuple[Line, ...]:
        return tuple(line for section in self.sections for line in section.lines)

    def line(self, line_id: str) -> Line | None:
        """The line with this id (ids are case-sensitive), or None."""
        return self._by_id.get(line_id)

    @cached_property
    def tables(self) -> CardTables[Line]:
        """The card's precomputed instance tables (see `indexes.CardTables`)."""
        return CardTables(self.lines, lambda line: line.instances)

    # Immutable: a copy is the card itself (a shipped card pickles as its name: shipped.py).
    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __reduce__(self) -> tuple[Callable[..., Card | None], tuple[object, ...]]:
        return (Card, (self.name, self.year, self.invented, self.sections, self.note))


def load_card(text: str | bytes | bytearray) -> Card:
    """Read a card file's text (or its UTF-8 bytes); CardError listing every error at its line."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise CardError([(None, "A card file is UTF-8 text; this is not.")]) from None
    if not isinstance(text, str):
        raise CardError([(None, "A card file is text.")])
    if len(text) > MAX_CARD_CHARACTERS:
        raise CardError([(None, f"A card file has at most {MAX_CARD_CHARACTERS:,} characters.")])
    try:
        data = loads(text)
    except json.JSONDecodeError as error:
        raise CardError([(error.lineno, f"This is not valid JSON: {error.msg}.")]) from None
    except RecursionError:
        raise CardError([(None, "This is not a card file: it is nested too deeply.")]) from None
    except ValueError as error:  # e.g. a number of more than 4,300 digits
        raise CardError([(None, f"This is not a card file: {error}.")]) from None
    return card_from_data(data)


def card_from_data(data: object) -> Card:
    """A card from parsed JSON (LocatedDicts carry line numbers; plain dicts work too)."""
    errors: list[LineError] = []
    if not isinstance(data, dict):
        raise CardError([(1, "A card file is one JSON object ({ … }).")])
    at = _locator(data)
    _unknown_fields(data, CARD_FIELDS, "the card", errors)
    if data.get("format") != FORMAT:
        errors.append((at("format"), f'"format" must be exactly "{FORMAT}".'))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        errors.append((at("name"), '"name" must be the card\'s name, as text.'))
    year = data.get("year")
    if not _is_int(year) or not 1000 <= year <= 9999:
        errors.append((at("year"), '"year" must be a four-digit number, e.g. 2027.'))
        year = None
    invented = data.get("invented")
    if not isinstance(invented, bool):
        errors.append((at("invented"), '"invented" must be true or false.'))
    note = _optional_text(data, "note", "the card", errors)
    sections = data.get("sections")
    parsed_sections: list[Section] = []
    if not isinstance(sections, list) or not sections:
        errors.append((at("sections"), '"sections" must be a list of sections, not empty.'))
        sections = []
    reading = _Reading(year, errors)
    position = 0
    for number, section in enumerate(sections, 1):
        lines = _section_lines(section, number, reading, position, at("sections"))
        if lines is not None:
            parsed_sections.append(Section(section["name"], tuple(lines)))
            position += len(lines)
    if errors:
        raise CardError(sorted(errors, key=lambda e: e[0] or 0))
    # No error: each field is what a card takes (each check above records one otherwise).
    assert isinstance(name, str) and year is not None and isinstance(invented, bool)
    return Card(name, year, invented, tuple(parsed_sections), note or "")


@dataclass
class _Reading:
    """What reading the lines carries from one line to the next."""

    year: int | None
    errors: list[LineError]
    seen_ids: dict[str, int | None] = field(default_factory=dict)
    instances_left: int = MAX_CARD_INSTANCES


def _section_lines(
    section: object, number: int, reading: _Reading, position: int, near: int | None
) -> list[Line] | None:
    errors = reading.errors
    where = f"section {number}"
    if not isinstance(section, dict):
        errors.append((near, f"{where.capitalize()} must be an object with a name and lines."))
        return None
    at = _locator(section)
    _unknown_fields(section, SECTION_FIELDS, where, errors)
    ok = True
    if not isinstance(section.get("name"), str) or not section["name"].strip():
        errors.append((at("name"), f'{where.capitalize()} needs a "name", as text.'))
        ok = False
    entries = section.get("lines")
    if not isinstance(entries, list) or not entries:
        errors.append((at("lines"), f'{where.capitalize()} needs "lines", a list, not empty.'))
        return None
    lines: list[Line] = []
    for entry in entries:
        line = _line(entry, section.get("name", ""), reading, position + len(lines))
        if line is None and not isinstance(entry, dict):
            errors[-1] = (at("lines"), errors[-1][1])
        if line is None:
            ok = False
        else:
            lines.append(line)
    return lines if ok else None


def _line(entry: object, section_name: str, reading: _Reading, position: int) -> Line | None:
    errors, seen_ids = reading.errors, reading.seen_ids
    if not isinstance(entry, dict):
        errors.append((None, "A line must be an object with an id, pattern, kind and value."))
        return None
    at = _locator(entry)
    before = len(errors)
    line_id = entry.get("id")
    if not isinstance(line_id, str) or not LINE_ID.fullmatch(line_id):
        errors.append((at("id"), 'A line\'s "id" must be letters and digits, e.g. "Y1".'))
        line_id = None
    elif line_id in seen_ids:
        errors.append((at("id"), f'Line id "{line_id}" is used twice on the card.'))
    else:
        seen_ids[line_id] = at("id")
    where = f"line {line_id}" if line_id else "this line"
    _unknown_fields(entry, LINE_FIELDS, where, errors)
    kind = entry.get("kind")
    if kind not in ("X", "C"):
        errors.append((at("kind"), f'{where}: "kind" must be "X" (exposed) or "C" (concealed).'))
    value = entry.get("value")
    if not _is_int(value) or value <= 0:
        errors.append((at("value"), f'{where}: "value" must be a whole number above 0.'))
    note = _optional_text(entry, "note", where, errors)
    allowed_x = _x_list(entry, where, errors)
    text = entry.get("pattern")
    parsed = None
    if not isinstance(text, str):
        errors.append((at("pattern"), f'{where}: "pattern" must be the line\'s notation, as text.'))
    else:
        try:
            parsed = parse_pattern(text, reading.year)
        except PatternError as error:
            errors += [(at("pattern"), f"{where}: {message}") for message in error.messages]
        else:
            reading.instances_left -= min(instance_count(parsed, allowed_x), MAX_INSTANCES + 1)
            if reading.instances_left < 0:
                problems = [
                    f"the card's lines have more than {MAX_CARD_INSTANCES} instances together "
                    "(suits, x, z and alternatives); this line is past that."
                ]
            else:
                problems = pattern_problems(parsed, allowed_x)
            errors += [(at("pattern"), f"{where}: {message}") for message in problems]
            if allowed_x is not None and not parsed.uses_x:
                errors.append(
                    (at("x"), f'{where}: an "x" list is only given when the pattern uses X.')
                )
    if len(errors) > before:
        return None
    # No error: each field is what a line takes (each check above records one otherwise).
    assert isinstance(line_id, str) and isinstance(text, str) and isinstance(kind, str)
    assert _is_int(value) and parsed is not None
    return Line(line_id, text, kind, value, parsed, section_name, position, allowed_x, note or "")


def pattern_problems(pattern: Pattern, allowed_x: tuple[int, ...] | None = None) -> list[str]:
    """Why the instances of this pattern cannot be a line's: sizes, x, natural tiles."""
    problems = []
    sizes = _hand_sizes(pattern)
    wrong = [size for size in sizes if size != TILES_IN_A_HAND]
    if wrong:
        counted = " or ".join(str(size) for size in wrong)
        tiles = "tile" if wrong == [1] else "tiles"
        problems.append(f"a hand of this pattern has {counted} {tiles}, not {TILES_IN_A_HAND}.")
        return problems
    if instance_count(pattern, allowed_x) > MAX_INSTANCES:
        problems.append(
            f"it has {instance_count(pattern, allowed_x)} instances (suits, x, z and "
            f"alternatives); a line may have at most {MAX_INSTANCES}."
        )
        return problems
    if pattern.uses_x and not x_values(pattern, None):
        problems.append("no x keeps every X+k within 1-9.")
        return problems
    if pattern.uses_x and not x_values(pattern, allowed_x):
        problems.append(
            f"no x in the line's x list keeps every X+k within 1-9 (+{max(pattern.pluses)})."
        )
        return problems
    found = overdrawn(pattern, allowed_x)
    if found:
        shown, tile, wanted, held = found
        problems.append(
            f"with {shown or 'this pattern'} it needs {wanted} natural {tile.name} where no "
            f"joker may stand, and the set holds {held}."
        )
    return problems


def _hand_sizes(pattern: Pattern) -> list[int]:
    """Every number of tiles an instance may have (one group chosen per token)."""
    sizes = {0}
    for token in pattern.tokens:
        sizes = {size + group.size for size in sizes for group in token}
    return sorted(sizes)


def instance_count(pattern: Pattern, allowed_x: tuple[int, ...] | None = None) -> int:
    """How many instances the pattern has: suits × x × z × alternatives."""
    count = len(suit_assignments(pattern)) * len(x_values(pattern, allowed_x))
    count *= 4 if pattern.uses_z else 1
    for token in pattern.tokens:
        count *= len(token)
    return count


def _x_list(entry: JSONObject, where: str, errors: list[LineError]) -> tuple[int, ...] | None:
    if "x" not in entry:
        return None
    values = entry["x"]
    at = _locator(entry)
    if (
        not isinstance(values, list)
        or not values
        or not all(_is_int(v) and 1 <= v <= 9 for v in values)
        or len(set(values)) != len(values)
    ):
        errors.append((at("x"), f'{where}: "x" must be a list of different numbers from 1 to 9.'))
        return None
    return tuple(sorted(values))


def _optional_text(data: JSONObject, key: str, where: str, errors: list[LineError]) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        errors.append((_locator(data)(key), f'{where}: "{key}" must be text.'))
        return None
    return value


def _unknown_fields(
    data: JSONObject, known: Collection[str], where: str, errors: list[LineError]
) -> None:
    at = _locator(data)
    for key in data:
        if key not in known:
            names = ", ".join(sorted(known))
            errors.append((at(key), f'{where}: "{key}" is not a field here (known: {names}).'))


def _locator(data: JSONObject) -> Callable[[str], int | None]:
    if isinstance(data, LocatedDict):
        return data.line_of
    return lambda key: None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
