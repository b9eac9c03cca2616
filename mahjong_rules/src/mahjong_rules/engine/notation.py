"""A table in one line of text, and back: ``Table.from_notation(s)`` / ``table.notation()``.

Like a chess FEN, the notation carries every field of a table, so a bug report, a URL or an
API call can carry a position and ``Table.from_notation(t.notation()) == t`` exactly.

Grammar. Sections are separated by `` / ``; the first is the header, the next four are the
hands of East, South, West and North, and any after them are keyed sections::

    table     := header " / " hand " / " hand " / " hand " / " hand (" / " section)*
    header    := RULESET PHASE item*          nmjl | matjok; charleston | play | over
    hand      := SEAT item*                   SEAT is E, S, W or N
    section   := "discards" DISCARD*
               | "call" SEAT "on" DISCARD item*
               | "charleston" PASS item*
               | "announced" SEAT ["on" DISCARD] item*
               | "ruling" SEAT ("valid" | "in-error") item*
    DISCARD   := SEAT ":" TILE ["(named " TILE ")"]      e.g. E:7D, S:4B(named 5B)
    TILE      := a tile code (7D, N, RD, F, J), or ? for a tile nobody named

Items are flags (``dead``) or ``key=value``; a value is a bare word, a "quoted string"
(JSON escapes), a (parenthesised list) or, for a nested table, a {braced table}.

* header: ``turn=E must=discard`` (always), ``first-discard`` (East has made it),
  ``window-open`` (the latest discard can be called), ``taken-by=S``, ``winner=S``,
  ``wall=52`` (tiles left), ``lifted=S:7D`` (lifted, not racked), ``card="…"`` (by name),
  ``ended="…"``, ``payments=E>S,W>S`` (payer>payee) and ``options=+name,-name``: the rule
  options switched on (+) or off (-) against their defaults.
* hand: its concealed tiles in order; ``+3`` (unnamed tiles); exposures in brackets
  ``[7D 7D J called=7D open]`` (``open``: can still change this turn; else ``locked=``
  what locked it: ``discard``, ``joker-exchange``, ``misnamed-discard`` or a "quoted"
  reason, none for "an earlier turn"; ``as=`` the tile its jokers stand for, only when not
  the group's own); ``dead``; ``mistake=(rule article "reason")`` (liable to be declared
  dead); ``concealed-hand``; ``wins-on=7D``; ``fits-no-hand``; ``whole``; ``thrown-in``;
  ``passing=(7D ?)`` (passed in the Charleston, not yet moved).
* call: ``mah-jongg``, ``touched``, ``racked``, ``exposed``, ``claim=kong`` (none for an
  exposure) and ``before=(…)``: the caller's hand before the call, as a hand's items.
* charleston: the pass (``first-right`` … ``courtesy``), ``stopped``, ``passed-E=(7D ?)``,
  ``blind-E=1``, ``offer-E=2``, ``exchanged=E-W,S-N``.
* announced: ``racked`` and ``before={…}``, the whole table before Mah Jongg was said.
* ruling: the latest Mah Jongg judged by the card, ``line="…"`` and ``value=25``.

    >>> from mahjong_rules.engine import Table
    >>> Table.new().notation()
    'nmjl play turn=E must=discard / E +14 / S +13 / W +13 / N +13'
    >>> line = ("nmjl play turn=S must=discard first-discard / E 1D 2D 3D +9 / "
    ...         "S 5B 6B +9 [7D 7D J called=7D open] / W +13 / N +13 / discards E:4B(named 5B)")
    >>> table = Table.from_notation(line)
    >>> table.hand("South").exposures[0].stands_for, table.discards[0].misnamed
    (parse_tile('7D'), True)
    >>> table.notation() == line
    True
    >>> Table.from_notation("nmjl play turn=X must=draw / E / S / W / N")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_rules.engine.notation.NotationError: In the header, turn: "X" is no seat: write E, ...
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Final, Literal, TypedDict, TypeVar, overload

from .nmjl import (
    PAIRS,
    PASSES,
    Announcement,
    CardRuling,
    Lift,
    Passed,
    Passes,
    card_named,
    known_cards,
)
from .options import CARD_OPTIONS, OPTIONS, default_options
from .play import DISCARD_LOCK, JOKER_EXCHANGE_LOCK, MISNAMED_LOCK, group_stands_for
from .table import (
    CardInForce,
    CardLookup,
    CharlestonPasses,
    Discard,
    Exposure,
    Hand,
    LiftedTile,
    MahJonggRuling,
    MahJonggSaid,
    Mistake,
    PendingCall,
    Phase,
    Table,
)
from .tiles import TILE_SETS, Tile, TileNotationError, parse_tile

SEAT_LETTERS: Final = "ESWN"
SEAT_WORDS: Final = ("East", "South", "West", "North")
PHASES: Final = {"charleston": Phase.CHARLESTON, "play": Phase.PLAY, "over": Phase.OVER}
PHASE_WORDS: Final = {phase: word for word, phase in PHASES.items()}
UNNAMED: Final = "?"
DEFAULT_LOCK: Final = "an earlier turn"  # Exposure's default: fixed before this turn
LOCKS: Final = {"discard": DISCARD_LOCK, "joker-exchange": JOKER_EXCHANGE_LOCK}
LOCKS["misnamed-discard"] = MISNAMED_LOCK
LOCK_WORDS: Final = {reason: word for word, reason in LOCKS.items()}
PASS_WORDS: Final = tuple(name.replace(" ", "-") for name in PASSES)
PAIR_WORDS: Final = tuple(f"{SEAT_LETTERS[a]}-{SEAT_LETTERS[b]}" for a, b in PAIRS)
_BARE: Final = re.compile(r"[A-Za-z0-9_.+-]+")
_CLOSE: Final = {"(": ")", "[": "]", "{": "}"}

T = TypeVar("T")
# What a line's items say: {key: value, flag: None}.
Items = dict[str, str | None]


class TableFields(TypedDict, total=False):
    """A table's fields as read, section by section, before the Table is made."""

    ruleset: str
    options: frozenset[str]
    phase: Phase
    first_discard_made: bool
    hands: tuple[Hand, ...]
    discards: tuple[Discard, ...]
    window_open: bool
    turn: int
    must: str
    pending: PendingCall
    taken_by: int
    winner: int
    card: CardInForce
    wall: int
    lifted: LiftedTile
    charleston: CharlestonPasses
    announced: MahJonggSaid
    ended: str
    payments: tuple[tuple[int, int], ...]
    mah_jongg: MahJonggRuling


class _HandFields(TypedDict, total=False):
    concealed: tuple[Tile, ...]
    unnamed: int
    exposures: tuple[Exposure, ...]
    dead: bool
    mistake: Mistake
    concealed_hand: bool
    winning_tile: Tile
    exposures_fit_no_hand: bool
    whole: bool
    thrown_in: bool
    in_motion: tuple[Tile | None, ...]


class _CallFields(TypedDict, total=False):
    seat: int
    discard: Discard
    mah_jongg: bool
    touched: bool
    racked: bool
    exposed: bool
    hand_before: Hand
    claim: str


class NotationError(ValueError):
    """Text that is not a table or an action; the message says which part and why."""


# --- reading text: splitting at the top level, values --------------------------------------


def split(text: str, sep: str | None, where: str) -> list[str]:
    """`text` split at `sep` (None: whitespace) outside quotes and brackets."""
    parts: list[str] = []
    depth: list[str] = []
    start = index = 0
    while index < len(text):
        char = text[index]
        if char == '"':
            index = _end_of_quote(text, index, where)
            continue
        if char in _CLOSE:
            depth.append(_CLOSE[char])
        elif char in ")]}":
            if not depth or depth.pop() != char:
                raise NotationError(f'{where}: "{char}" closes nothing that was opened.')
        elif not depth and (char.isspace() if sep is None else text.startswith(sep, index)):
            parts.append(text[start:index])
            index += 1 if sep is None else len(sep)
            start = index
            continue
        index += 1
    if depth:
        raise NotationError(f'{where}: a bracket is never closed (a "{depth[-1]}" is missing).')
    parts.append(text[start:])
    return [part for part in parts if part] if sep is None else parts


def _end_of_quote(text: str, start: int, where: str) -> int:
    index = start + 1
    while index < len(text):
        if text[index] == "\\":
            index += 2
            continue
        if text[index] == '"':
            return index + 1
        index += 1
    raise NotationError(f"{where}: a quoted text is never closed: {text[start:]}")


def quoted(text: str) -> str:
    """A text value: a bare word when it is one, else "quoted" with JSON escapes."""
    return text if _BARE.fullmatch(text) else json.dumps(text, ensure_ascii=False)


def unquoted(value: str, where: str) -> str:
    if value.startswith('"'):
        try:
            text = json.loads(value)
        except json.JSONDecodeError:
            text = None
        if not isinstance(text, str):
            raise NotationError(f"{where}: {value} is not a quoted text.")
        return text
    if not _BARE.fullmatch(value):
        raise NotationError(
            f'{where}: "{value}" must be one word (letters, digits, - . _ +) or "quoted".'
        )
    return value


def inner(value: str, opening: str, where: str) -> str:
    """The text inside a bracketed value: inner("(7D ?)", "(", …) == "7D ?"."""
    if not (value.startswith(opening) and value.endswith(_CLOSE[opening])):
        raise NotationError(f'{where}: "{value}" must be written in {opening}…{_CLOSE[opening]}.')
    return value[1:-1]


def items(tokens: list[str], where: str) -> Items:
    """Flags and key=value items: {key: value, flag: None}; a repeated key is an error."""
    found: Items = {}
    for token in tokens:
        key, equals, value = token.partition("=")
        if key in found:
            raise NotationError(f'{where}: "{key}" is written twice.')
        if equals and not value:
            raise NotationError(f'{where}: "{token}" has no value after "=".')
        found[key] = value if equals else None
    return found


def check_known(found: Mapping[str, str | None], known: tuple[str, ...], where: str) -> None:
    unknown = [key for key in found if key not in known]
    if unknown:
        raise NotationError(
            f'{where}: "{unknown[0]}" is not understood here; write {", ".join(known)}.'
        )


def flag(found: Items, key: str, where: str) -> bool:
    if key not in found:
        return False
    if found[key] is not None:
        raise NotationError(f'{where}: "{key}" is a word on its own, with no "=".')
    return True


def value(found: Items, key: str, where: str) -> str | None:
    if key in found and found[key] is None:
        raise NotationError(f'{where}: "{key}" needs a value: {key}=….')
    return found.get(key)


# --- values: seats, tiles, numbers --------------------------------------------------------


def seat_text(seat: int) -> str:
    return SEAT_LETTERS[seat]


def read_seat(text: str, where: str) -> int:
    if len(text) == 1 and text in SEAT_LETTERS:
        return SEAT_LETTERS.index(text)
    raise NotationError(f'{where}: "{text}" is no seat: write E, S, W or N.')


def tile_text(tile: Tile | None) -> str:
    return UNNAMED if tile is None else tile.code


@overload
def read_tile(text: str, where: str, *, unnamed: Literal[False] = False) -> Tile: ...
@overload
def read_tile(text: str, where: str, *, unnamed: bool) -> Tile | None: ...
def read_tile(text: str, where: str, *, unnamed: bool = False) -> Tile | None:
    if text == UNNAMED:
        if unnamed:
            return None
        raise NotationError(f"{where}: ? (an unnamed tile) cannot stand here; name the tile.")
    try:
        return parse_tile(text)
    except TileNotationError as error:
        raise NotationError(f"{where}: {error}") from None


def read_int(text: str, where: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", text):
        raise NotationError(f'{where}: "{text}" is not a whole number.')
    return int(text)


def tiles_text(tiles: Iterable[Tile | None]) -> str:
    return f"({' '.join(tile_text(tile) for tile in tiles)})"


def read_tiles(text: str, where: str) -> tuple[Tile | None, ...]:
    return tuple(read_tile(word, where, unnamed=True) for word in split(text, None, where))


# --- writing a table ------------------------------------------------------------------------


def table_notation(table: Table) -> str:
    """The table in one line (see the module docstring)."""
    sections = [_header(table)]
    sections += [_hand(seat_text(seat), hand) for seat, hand in enumerate(table.hands)]
    if table.discards:
        sections.append(" ".join(["discards", *map(_discard, table.discards)]))
    if table.pending is not None:
        sections.append(_pending(table.pending))
    if table.charleston is not None:
        sections.append(_passes(table.charleston))
    if table.announced is not None:
        sections.append(_announcement(table.announced))
    if table.mah_jongg is not None:
        sections.append(_ruling(table.mah_jongg))
    return " / ".join(sections)


def _header(table: Table) -> str:
    words = [quoted(table.ruleset), PHASE_WORDS[table.phase]]
    words += [f"turn={seat_text(table.turn)}", f"must={quoted(table.must)}"]
    words += ["first-discard"] * table.first_discard_made + ["window-open"] * table.window_open
    payments = ",".join(f"{seat_text(a)}>{seat_text(b)}" for a, b in table.payments)
    keyed = (
        ("taken-by", _unless_none(table.taken_by, seat_text)),
        ("winner", _unless_none(table.winner, seat_text)),
        ("wall", _unless_none(table.wall, str)),
        (
            "lifted",
            _unless_none(
                table.lifted, lambda lift: f"{seat_text(lift.seat)}:{tile_text(lift.tile)}"
            ),
        ),
        ("card", _unless_none(table.card, lambda card: quoted(card.name))),
        ("ended", _unless_none(table.ended, quoted)),
        ("payments", payments or None),
        ("options", _options_changed(table.options) or None),
    )
    words += [f"{key}={text}" for key, text in keyed if text is not None]
    return " ".join(words)


def _unless_none(value: T | None, write: Callable[[T], str]) -> str | None:
    return None if value is None else write(value)


def _options_changed(options: frozenset[str]) -> str:
    on_by_default = {name for name, on in default_options().items() if on}
    changes = [f"+{name}" for name in sorted(options - on_by_default)]
    changes += [f"-{name}" for name in sorted(on_by_default - options)]
    return ",".join(changes)


def _hand(start: str, hand: Hand) -> str:
    words = [start] if start else []
    words += [tile.code for tile in hand.concealed]
    if hand.unnamed:
        words.append(f"+{hand.unnamed}")
    words += [_exposure(exposure) for exposure in hand.exposures]
    words += ["dead"] * hand.dead
    if hand.mistake is not None:
        m = hand.mistake
        words.append(f"mistake=({quoted(m.rule)} {quoted(m.article)} {quoted(m.reason)})")
    words += ["concealed-hand"] * hand.concealed_hand
    if hand.winning_tile is not None:
        words.append(f"wins-on={hand.winning_tile.code}")
    words += ["fits-no-hand"] * hand.exposures_fit_no_hand
    words += ["whole"] * hand.whole + ["thrown-in"] * hand.thrown_in
    if hand.in_motion:
        words.append(f"passing={tiles_text(hand.in_motion)}")
    return " ".join(words)


def _exposure(exposure: Exposure) -> str:
    words = [tile.code for tile in exposure.tiles]
    if exposure.stands_for is not group_stands_for(exposure.tiles):
        words.append(f"as={tile_text(exposure.stands_for)}")
    if exposure.called is not None:
        words.append(f"called={exposure.called.code}")
    if exposure.locked_by is None:
        words.append("open")
    elif exposure.locked_by != DEFAULT_LOCK:
        lock = LOCK_WORDS.get(exposure.locked_by)
        words.append(f"locked={lock or json.dumps(exposure.locked_by, ensure_ascii=False)}")
    return f"[{' '.join(words)}]"


def _discard(discard: Discard) -> str:
    text = f"{seat_text(discard.seat)}:{tile_text(discard.tile)}"
    return text + (f"(named {tile_text(discard.named)})" if discard.misnamed else "")


def _pending(pending: PendingCall) -> str:
    words = ["call", seat_text(pending.seat), "on", _discard(pending.discard)]
    for name in ("mah_jongg", "touched", "racked", "exposed"):
        words += [name.replace("_", "-")] * getattr(pending, name)
    if pending.claim != "exposure":
        words.append(f"claim={quoted(pending.claim)}")
    if pending.hand_before is not None:
        words.append(f"before=({_hand('', pending.hand_before)})")
    return " ".join(words)


def _passes(passes: CharlestonPasses) -> str:
    words = ["charleston", PASS_WORDS[passes.current]] + ["stopped"] * passes.stopped
    for seat, passed in enumerate(passes.passed):
        if passed is not None:
            words.append(f"passed-{seat_text(seat)}={tiles_text(passed.tiles)}")
            if passed.blind:
                words.append(f"blind-{seat_text(seat)}={passed.blind}")
    for seat, offer in enumerate(passes.offers):
        if offer is not None:
            words.append(f"offer-{seat_text(seat)}={offer}")
    exchanged = [PAIR_WORDS[pair] for pair, done in enumerate(passes.exchanged) if done]
    if exchanged:
        words.append(f"exchanged={','.join(exchanged)}")
    return " ".join(words)


def _announcement(announced: MahJonggSaid) -> str:
    words = ["announced", seat_text(announced.seat)]
    if announced.discard is not None:
        words += ["on", _discard(announced.discard)]
    words += ["racked"] * announced.racked
    words.append(f"before={{{table_notation(announced.before)}}}")
    return " ".join(words)


def _ruling(ruling: MahJonggRuling) -> str:
    words = ["ruling", seat_text(ruling.seat), "valid" if ruling.valid else "in-error"]
    if ruling.line is not None:
        words.append(f"line={quoted(ruling.line)}")
    if ruling.value is not None:
        words.append(f"value={ruling.value}")
    return " ".join(words)


# --- reading a table ------------------------------------------------------------------------

HEADER_KEYS: tuple[str, ...] = ("turn", "must", "first-discard", "window-open", "taken-by")
HEADER_KEYS += ("winner", "wall", "lifted", "card", "ended", "payments", "options")
HAND_KEYS: tuple[str, ...] = ("dead", "mistake", "concealed-hand", "wins-on", "fits-no-hand")
HAND_KEYS += ("whole", "thrown-in", "passing")
EXPOSURE_KEYS: Final = ("as", "called", "open", "locked")
CALL_KEYS: Final = ("mah-jongg", "touched", "racked", "exposed", "claim", "before")
SECTIONS: Final = ("discards", "call", "charleston", "announced", "ruling")
_DISCARD: Final = re.compile(r"([^:()\s]+):([^:()\s]+)(?:\(named ([^()\s]+)\))?")


def table_from_notation(text: str, cards: CardLookup | None = None) -> Table:
    """The table a line of notation describes; NotationError saying what is wrong."""
    if not isinstance(text, str):
        raise NotationError("A table's notation is a line of text.")
    sections = [section.strip() for section in split(text.strip(), " / ", "The table")]
    if len(sections) < 5:
        raise NotationError(
            f"A table has a header and the four hands (E, S, W, N), separated by / ; "
            f"this has {len(sections)} part{'s' * (len(sections) != 1)}."
        )
    fields_ = _read_header(sections[0], cards)
    hands = []
    for seat, section in enumerate(sections[1:5]):
        words = split(section, None, f"{SEAT_WORDS[seat]}'s hand")
        if not words or words[0] != SEAT_LETTERS[seat]:
            raise NotationError(
                f"Part {seat + 2} must be {SEAT_WORDS[seat]}'s hand, starting with "
                f'{SEAT_LETTERS[seat]}: the hands come in the order E, S, W, N; "{section}".'
            )
        hands.append(read_hand(words[1:], f"In {SEAT_WORDS[seat]}'s hand"))
    fields_["hands"] = tuple(hands)
    seen: set[str] = set()
    for section in sections[5:]:
        words = split(section, None, "A section")
        name = words[0] if words else ""
        if name not in SECTIONS:
            raise NotationError(
                f"After the four hands come sections starting with {', '.join(SECTIONS)}; "
                f'"{section}" starts with none of them.'
            )
        if name in seen:
            raise NotationError(f'The "{name}" section is written twice.')
        seen.add(name)
        fields_.update(_SECTION_READERS[name](words[1:], cards))
    return Table(**fields_)


def _read_header(section: str, cards: CardLookup | None) -> TableFields:
    where = "In the header"
    words = split(section, None, where)
    if len(words) < 2:
        raise NotationError(
            f"The header starts with the rule set and the phase (e.g. nmjl play); "
            f'"{section}" does not.'
        )
    ruleset = unquoted(words[0], where)
    if ruleset not in TILE_SETS:
        raise NotationError(f'{where}: "{words[0]}" is no rule set: write nmjl or matjok.')
    if words[1] not in PHASES:
        raise NotationError(f'{where}: "{words[1]}" is no phase: write charleston, play or over.')
    found = items(words[2:], where)
    check_known(found, HEADER_KEYS, where)
    table: TableFields = {"ruleset": ruleset, "phase": PHASES[words[1]]}
    turn = value(found, "turn", where)
    must = value(found, "must", where) if turn is not None else None
    if turn is None or must is None:
        raise NotationError(
            f"{where}: write whose turn it is and what they must do, e.g. turn=E must=discard."
        )
    table["turn"] = read_seat(turn, f"{where}, turn")
    table["must"] = unquoted(must, where)
    table["first_discard_made"] = flag(found, "first-discard", where)
    table["window_open"] = flag(found, "window-open", where)
    taken_by = value(found, "taken-by", where)
    if taken_by is not None:
        table["taken_by"] = read_seat(taken_by, f"{where}, taken-by")
    winner = value(found, "winner", where)
    if winner is not None:
        table["winner"] = read_seat(winner, f"{where}, winner")
    wall = value(found, "wall", where)
    if wall is not None:
        table["wall"] = read_int(wall, f"{where}, wall")
    lifted = value(found, "lifted", where)
    if lifted is not None:
        seat, _, tile = lifted.partition(":")
        at = f"{where}, lifted (seat:tile)"
        table["lifted"] = Lift(read_seat(seat, at), read_tile(tile, at, unnamed=True))
    card = value(found, "card", where)
    if card is not None:
        table["card"] = _read_card(unquoted(card, where), cards)
    ended = value(found, "ended", where)
    if ended is not None:
        table["ended"] = unquoted(ended, where)
    payments = value(found, "payments", where)
    if payments is not None:
        table["payments"] = tuple(_payment(p) for p in payments.split(","))
    table["options"] = _read_options(value(found, "options", where) or "")
    return table


def _read_card(name: str, cards: CardLookup | None) -> CardInForce:
    card = (cards or card_named)(name)
    if card is None:
        known = ", ".join(f'"{n}"' for n in known_cards())
        raise NotationError(
            f'In the header: there is no card "{name}"; the cards known are {known}.'
        )
    return card


def _payment(text: str) -> tuple[int, int]:
    payer, _, payee = text.partition(">")
    at = f'In the header, payments: "{text}" (payer>payee, e.g. E>S)'
    return read_seat(payer, at), read_seat(payee, at)


def _read_options(text: str) -> frozenset[str]:
    options = {name for name, on in default_options().items() if on}
    known = (*OPTIONS, *CARD_OPTIONS)
    for change in filter(None, text.split(",")):
        sign, name = change[0], change[1:]
        if sign not in "+-" or name not in known:
            raise NotationError(
                f'In the header, options: "{change}" must be + or - and a rule option '
                f"({', '.join(known)})."
            )
        options = options | {name} if sign == "+" else options - {name}
    return frozenset(options)


def read_hand(words: list[str], where: str) -> Hand:
    exposures = [_read_exposure(inner(w, "[", where), where) for w in words if w[0] == "["]
    unnamed = sum(read_int(w[1:], f"{where}, unnamed tiles ({w})") for w in words if w[0] == "+")
    others = [word for word in words if word[0] not in "[+"]
    concealed, found = _tiles_and_items(others, HAND_KEYS, where, _hand_tile)
    hand: _HandFields = {
        "concealed": tuple(concealed),
        "unnamed": unnamed,
        "exposures": tuple(exposures),
        "dead": flag(found, "dead", where),
        "concealed_hand": flag(found, "concealed-hand", where),
        "exposures_fit_no_hand": flag(found, "fits-no-hand", where),
        "whole": flag(found, "whole", where),
        "thrown_in": flag(found, "thrown-in", where),
    }
    mistake = value(found, "mistake", where)
    if mistake is not None:
        hand["mistake"] = _read_mistake(mistake, where)
    wins_on = value(found, "wins-on", where)
    if wins_on is not None:
        hand["winning_tile"] = read_tile(wins_on, f"{where}, wins-on")
    passing = value(found, "passing", where)
    if passing is not None:
        at = f"{where}, passing"
        hand["in_motion"] = read_tiles(inner(passing, "(", at), at)
    return Hand(**hand)


def _tiles_and_items(
    words: list[str], keys: tuple[str, ...], where: str, read: Callable[[str, str], T]
) -> tuple[list[T], Items]:
    """The tiles among `words` (read by `read`), and the flags and key=value items."""
    tiles: list[T] = []
    rest: list[str] = []
    for word in words:
        if "=" in word or word in keys:
            rest.append(word)
        else:
            tiles.append(read(word, where))
    found = items(rest, where)
    check_known(found, keys, where)
    return tiles, found


def _hand_tile(word: str, where: str) -> Tile:
    try:
        return parse_tile(word)
    except TileNotationError:
        raise NotationError(
            f'{where}: "{word}" is neither a tile (7D, N, RD, F, J …) nor a word a hand takes '
            f"({', '.join(HAND_KEYS)})."
        ) from None


def _read_mistake(text: str, where: str) -> Mistake:
    at = f'{where}, mistake=(rule article "reason")'
    parts = split(inner(text, "(", at), None, at)
    if len(parts) != 3:
        raise NotationError(f"{at}: write three things, not {len(parts)}.")
    return Mistake(*(unquoted(part, at) for part in parts))


def _read_exposure(text: str, where: str) -> Exposure:
    at = f"{where}, the exposure [{text}]"
    tiles, found = _tiles_and_items(split(text, None, at), EXPOSURE_KEYS, at, read_tile)
    stands_for = group_stands_for(tiles)
    written_as = value(found, "as", at)
    if written_as is not None:
        stands_for = read_tile(written_as, at, unnamed=True)
    called = None
    called_text = value(found, "called", at)
    if called_text is not None:
        called = read_tile(called_text, at)
    locked_by: str | None = DEFAULT_LOCK
    if flag(found, "open", at):
        if "locked" in found:
            raise NotationError(f"{at}: an exposure is open or locked, not both.")
        locked_by = None
    elif (lock := value(found, "locked", at)) is not None:
        if lock.startswith('"'):
            locked_by = unquoted(lock, at)
        elif lock in LOCKS:
            locked_by = LOCKS[lock]
        else:
            raise NotationError(
                f'{at}: locked="{lock}" is not known: write '
                f'{", ".join(LOCKS)} or a "quoted" reason.'
            )
    return Exposure(tuple(tiles), stands_for, called, locked_by)


def read_discard(text: str, where: str) -> Discard:
    match = _DISCARD.fullmatch(text)
    if match is None:
        raise NotationError(
            f'{where}: "{text}" is not a discard: write seat:tile, e.g. E:7D, or S:4B(named 5B).'
        )
    seat, tile, named = match.groups()
    at = f'{where}, the discard "{text}"'
    real = read_tile(tile, at, unnamed=True)
    said = read_tile(named, at, unnamed=True) if named is not None else real
    if named is not None and said is real:
        raise NotationError(f"{at}: a discard named as itself is written without (named …).")
    if named is not None and (real is None or said is None):
        # Misnamed means a known tile called another known one; the rules judge an exposure
        # made on it by the real tile, so both must be named.
        raise NotationError(f"{at}: a misnamed discard names both tiles, e.g. S:4B(named 5B).")
    return Discard(real, said, read_seat(seat, at))


def _read_discards(words: list[str], cards: CardLookup | None) -> TableFields:
    return {"discards": tuple(read_discard(word, "In the discards") for word in words)}


def _read_call(words: list[str], cards: CardLookup | None) -> TableFields:
    where = "In the call"
    if len(words) < 3 or words[1] != "on":
        raise NotationError(f"{where}: write call SEAT on DISCARD, e.g. call S on E:7D.")
    found = items(words[3:], where)
    check_known(found, CALL_KEYS, where)
    call: _CallFields = {
        "seat": read_seat(words[0], where),
        "discard": read_discard(words[2], where),
        "mah_jongg": flag(found, "mah-jongg", where),
        "touched": flag(found, "touched", where),
        "racked": flag(found, "racked", where),
        "exposed": flag(found, "exposed", where),
    }
    claim = value(found, "claim", where)
    if claim is not None:
        call["claim"] = unquoted(claim, where)
    before = value(found, "before", where)
    if before is not None:
        at = f"{where}, the hand before the call"
        call["hand_before"] = read_hand(split(inner(before, "(", at), None, at), at)
    return {"pending": PendingCall(**call)}


def _read_charleston(words: list[str], cards: CardLookup | None) -> TableFields:
    where = "In the charleston"
    if not words or words[0] not in PASS_WORDS:
        raise NotationError(f"{where}: start with the pass: {', '.join(PASS_WORDS)}.")
    found = items(words[1:], where)
    per_seat = [f"{key}-{seat}" for key in ("passed", "blind", "offer") for seat in SEAT_LETTERS]
    check_known(found, ("stopped", "exchanged", *per_seat), where)
    passed: list[Passed | None] = [None] * 4
    offers: list[int | None] = [None] * 4
    for seat, letter in enumerate(SEAT_LETTERS):
        tiles, blind = (
            value(found, f"passed-{letter}", where),
            value(found, f"blind-{letter}", where),
        )
        if tiles is not None:
            at = f"{where}, passed-{letter}"
            made = Passed(read_tiles(inner(tiles, "(", at), at))
            if blind is not None:
                made = Passed(made.tiles, read_int(blind, f"{where}, blind-{letter}"))
            passed[seat] = made
        elif blind is not None:
            raise NotationError(f"{where}: blind-{letter} without passed-{letter}.")
        offer = value(found, f"offer-{letter}", where)
        if offer is not None:
            offers[seat] = read_int(offer, f"{where}, offer-{letter}")
    exchanged = [False, False]
    for pair in filter(None, (value(found, "exchanged", where) or "").split(",")):
        if pair not in PAIR_WORDS:
            raise NotationError(f'{where}: "{pair}" is no pair; write {" or ".join(PAIR_WORDS)}.')
        exchanged[PAIR_WORDS.index(pair)] = True
    passes = Passes(
        PASS_WORDS.index(words[0]),
        tuple(passed),
        flag(found, "stopped", where),
        tuple(offers),
        (exchanged[0], exchanged[1]),
    )
    return {"charleston": passes}


def _read_announced(words: list[str], cards: CardLookup | None) -> TableFields:
    where = "In the announced Mah Jongg"
    if not words:
        raise NotationError(f"{where}: write announced SEAT [on DISCARD] before={{table}}.")
    seat = read_seat(words[0], where)
    discard = None
    rest = words[1:]
    if rest[:1] == ["on"]:
        if len(rest) < 2:
            raise NotationError(f"{where}: after on comes the discard, e.g. on E:7D.")
        discard, rest = read_discard(rest[1], where), rest[2:]
    found = items(rest, where)
    check_known(found, ("racked", "before"), where)
    before = value(found, "before", where)
    if before is None:
        raise NotationError(f"{where}: write before={{…}}, the table before it was said.")
    before_table = table_from_notation(inner(before, "{", where), cards)
    return {"announced": Announcement(seat, before_table, discard, flag(found, "racked", where))}


def _read_ruling(words: list[str], cards: CardLookup | None) -> TableFields:
    where = "In the ruling"
    if len(words) < 2 or words[1] not in ("valid", "in-error"):
        raise NotationError(f"{where}: write ruling SEAT valid or ruling SEAT in-error.")
    found = items(words[2:], where)
    check_known(found, ("line", "value"), where)
    line = value(found, "line", where)
    number = value(found, "value", where)
    ruling = CardRuling(
        read_seat(words[0], where),
        words[1] == "valid",
        None if line is None else unquoted(line, where),
        None if number is None else read_int(number, f"{where}, value"),
    )
    return {"mah_jongg": ruling}


_SECTION_READERS: Final[dict[str, Callable[[list[str], CardLookup | None], TableFields]]] = {
    "discards": _read_discards,
    "call": _read_call,
    "charleston": _read_charleston,
    "announced": _read_announced,
    "ruling": _read_ruling,
}
