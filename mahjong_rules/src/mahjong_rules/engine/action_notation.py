"""An action in one line of text, and back: ``parse_action(s)`` / ``action.notation()``.

An action is the seat (E, S, W, N), a verb and what the verb needs; seatless actions start
with the verb. Tiles are tile codes; ``?`` is a tile nobody named.

    E discard 7D                E discard 4B named=5B       S draw / S draw 7D
    S call / S call 7D mah-jongg                            S claim kong
    calls S:exposure W:"Mah Jongg"                          S touch / S rack
    S rack-wrong 7D             S expose (7D 7D J) (5B 5B)  S withdraw-call
    S change-exposure 7D 7D J   S add 7D / S remove J       S exchange 7D@E 3B@W
    S mah-jongg                 E declares-dead S           N take-missing-tile
    E pass right 7D 3B ? blind=1                            others-pass
    E stop                      E offer 2                   E lift / E lift 7D
    E rack-lifted               nobody-calls                S announce / S announce on-discard
    S show-hand                 S withdraw-mah-jongg        S throw-in

(`exchange 7D@E`: a 7D for the joker in East's exposure.)

    >>> from mahjong_rules.engine import parse_action, parse_tile
    >>> parse_action("S discard 4B named=5B")
    parse_action('S discard 4B named=5B')
    >>> parse_action("S discard 4B named=5B").named == parse_tile("5B")
    True
    >>> parse_action("E exchange 7D@W").notation()
    'E exchange 7D@W'
    >>> parse_action("E discards 7D")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_rules.engine.notation.NotationError: In the action "E discards 7D": "discards" is ...
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final, TypeVar, overload

from . import actions as act
from .notation import (
    SEAT_LETTERS,
    NotationError,
    inner,
    quoted,
    read_int,
    read_seat,
    read_tile,
    seat_text,
    split,
    tile_text,
    unquoted,
)
from .tiles import Tile

# Each action's verb, and how each field after the leading seat is written:
# tile (a tile), tile? (a tile, or nothing for None), named (named=TILE, or nothing),
# flag:WORD (the word, when true), text, int, seat, tiles (the rest of the words),
# groups ((…) per group), exchanges (TILE@SEAT …), calls (SEAT:CALL …), direction, blind.
N = TypeVar("N", bound=act.Notated)

SPECS: Final[dict[type[act.Notated], tuple[str, tuple[tuple[str, str], ...]]]] = {
    act.Discard: ("discard", (("tile", "tile"), ("named", "named"))),
    act.Draw: ("draw", (("tile", "tile?"),)),
    act.Call: ("call", (("tile", "tile?"), ("mah_jongg", "flag:mah-jongg"))),
    act.Claim: ("claim", (("claim", "text"),)),
    act.SimultaneousCalls: ("calls", (("calls", "calls"),)),
    act.TouchCalledTile: ("touch", ()),
    act.RackCalledTile: ("rack", ()),
    act.RackWrongDiscard: ("rack-wrong", (("tile", "tile"),)),
    act.Expose: ("expose", (("groups", "groups"),)),
    act.WithdrawCall: ("withdraw-call", ()),
    act.ChangeExposure: ("change-exposure", (("tiles", "tiles"),)),
    act.AddToExposure: ("add", (("tile", "tile"),)),
    act.RemoveFromExposure: ("remove", (("tile", "tile"),)),
    act.JokerExchange: ("exchange", (("exchanges", "exchanges"),)),
    act.DeclareMahJongg: ("mah-jongg", ()),
    act.DeclareDead: ("declares-dead", (("seat", "seat"),)),
    act.TakeMissingTile: ("take-missing-tile", ()),
    act.PassTiles: (
        "pass",
        (("direction", "direction"), ("tiles", "tiles?"), ("blind", "blind")),
    ),
    act.OtherSeatsPass: ("others-pass", ()),
    act.StopCharleston: ("stop", ()),
    act.OfferCourtesy: ("offer", (("count", "int"),)),
    act.LiftTile: ("lift", (("tile", "tile?"),)),
    act.RackLiftedTile: ("rack-lifted", ()),
    act.NobodyCalls: ("nobody-calls", ()),
    act.AnnounceMahJongg: ("announce", (("on_discard", "flag:on-discard"),)),
    act.ExposeHand: ("show-hand", ()),
    act.WithdrawMahJongg: ("withdraw-mah-jongg", ()),
    act.ThrowInHand: ("throw-in", ()),
}
VERBS: Final = {verb: kind for kind, (verb, _) in SPECS.items()}
DIRECTIONS: Final = {"right": "to the right", "across": "across", "left": "to the left"}
DIRECTION_WORDS: Final = {direction: word for word, direction in DIRECTIONS.items()}


def _leading_seat(kind: type[act.Notated]) -> str | None:
    """The field written before the verb: the acting seat (`by` for a declaration)."""
    names = [f.name for f in fields(kind)]
    return "by" if "by" in names else ("seat" if "seat" in names else None)


# --- writing ------------------------------------------------------------------------------


def action_notation(action: act.Notated) -> str:
    """The action in one line (see the module docstring)."""
    verb, spec = SPECS[type(action)]
    leading = _leading_seat(type(action))
    words = [seat_text(getattr(action, leading))] if leading else []
    words.append(verb)
    for name, kind in spec:
        words += _write(kind, getattr(action, name))
    return " ".join(words)


def _write(kind: str, value: Any) -> list[str]:
    # Any: a field's value, read by name; `kind` says what it is (see SPECS).
    if kind == "tile":
        return [value.code]
    if kind == "tile?":
        return [] if value is None else [value.code]
    if kind == "named":
        return [] if value is None else [f"named={value.code}"]
    if kind.startswith("flag:"):
        return [kind[5:]] if value else []
    if kind in ("text", "int"):
        return [quoted(value) if kind == "text" else str(value)]
    if kind == "seat":
        return [seat_text(value)]
    if kind in ("tiles", "tiles?"):
        return [tile_text(tile) for tile in value]
    if kind == "groups":
        return [f"({' '.join(tile.code for tile in group)})" for group in value]
    if kind == "exchanges":
        return [f"{tile.code}@{seat_text(owner)}" for tile, owner in value]
    if kind == "calls":
        return [f"{seat_text(seat)}:{quoted(call)}" for seat, call in value]
    if kind == "direction":
        return [DIRECTION_WORDS.get(value) or quoted(value)]
    assert kind == "blind", kind
    return [f"blind={value}"] if value else []


# --- reading ------------------------------------------------------------------------------


@overload
def parse_action(text: str, expected: None = None) -> act.Action: ...
@overload
def parse_action(text: str, expected: type[N]) -> N: ...
def parse_action(text: str, expected: type[act.Notated] | None = None) -> act.Notated:
    """The action a line of notation writes; NotationError saying what is wrong.

    With `expected` (an action class, or a base of them), the action must be one.
    """
    if not isinstance(text, str):
        raise NotationError("An action's notation is a line of text, e.g. E discard 7D.")
    where = f'In the action "{text.strip()}"'
    words = split(text.strip(), None, where)
    if not words:
        raise NotationError("An action is missing: write e.g. E discard 7D.")
    seat = None
    if words[0] in SEAT_LETTERS and len(words[0]) == 1:
        seat, words = read_seat(words[0], where), words[1:]
        if not words:
            raise NotationError(f"{where}: after the seat comes a verb, e.g. discard.")
    verb = words[0]
    kind = VERBS.get(verb)
    if kind is None:
        raise NotationError(f'{where}: "{verb}" is no verb; the verbs are {", ".join(VERBS)}.')
    leading = _leading_seat(kind)
    if (seat is None) != (leading is None):
        need = "starts with the seat that acts" if leading else "has no seat before it"
        raise NotationError(f'{where}: "{verb}" {need}.')
    # Any: each field's value, of the type its kind in SPECS reads.
    values: dict[str, Any] = {leading: seat} if leading else {}
    rest = words[1:]
    for name, field_kind in SPECS[kind][1]:
        values[name], rest = _read(field_kind, rest, f'{where}, "{verb}"')
    if rest:
        raise NotationError(f'{where}: "{" ".join(rest)}" is more than "{verb}" takes.')
    if expected is not None and not issubclass(kind, expected):
        raise NotationError(
            f"{where}: this is a {kind.__name__} action, not a {expected.__name__}."
        )
    return kind(**values)


def _read(kind: str, words: list[str], where: str) -> tuple[object, list[str]]:
    """The value of one field from the front of `words`, and the words left."""
    first = words[0] if words else None
    if kind in _NEEDS:
        if first is None:
            raise NotationError(f"{where}: something is missing at the end ({_NEEDS[kind]}).")
        return _read_word(kind, first, where), words[1:]
    if kind == "tile?":
        if first is None or "=" in first or not _is_tile(first):
            return None, words
        return read_tile(first, where), words[1:]
    if kind == "named":
        if first is None or not first.startswith("named="):
            return None, words
        return read_tile(first[6:], f"{where}, named="), words[1:]
    if kind.startswith("flag:"):
        return (True, words[1:]) if first == kind[5:] else (False, words)
    if kind == "blind":
        if first is None or not first.startswith("blind="):
            return 0, words
        return read_int(first[6:], f"{where}, blind="), words[1:]
    # The rest of the words, up to the first key=value.
    count = next((index for index, w in enumerate(words) if "=" in w), len(words))
    taken, left = words[:count], words[count:]
    if kind in ("tiles", "tiles?"):
        return tuple(read_tile(w, where, unnamed=kind == "tiles?") for w in taken), left
    if kind == "groups":
        return tuple(_group(w, where) for w in taken), left
    if kind == "exchanges":
        return tuple(_exchange(w, where) for w in taken), left
    assert kind == "calls", kind
    return tuple(_call(w, where) for w in taken), left


def _read_word(kind: str, word: str, where: str) -> object:
    """The value of a field that takes one word (a kind in _NEEDS)."""
    if kind == "tile":
        return read_tile(word, where)
    if kind == "text":
        return unquoted(word, where)
    if kind == "int":
        return read_int(word, where)
    if kind == "seat":
        return read_seat(word, where)
    assert kind == "direction", kind
    if word.startswith('"'):
        return unquoted(word, where)
    if word not in DIRECTIONS:
        raise NotationError(f'{where}: "{word}" is no direction: write right, across or left.')
    return DIRECTIONS[word]


_NEEDS: Final = {
    "tile": "a tile",
    "text": "a word",
    "int": "a number",
    "seat": "a seat",
    "direction": "right, across or left",
}


def _is_tile(word: str) -> bool:
    try:
        read_tile(word, "", unnamed=True)
    except NotationError:
        return False
    return True


def _group(word: str, where: str) -> tuple[Tile, ...]:
    at = f"{where}, the group {word}"
    return tuple(read_tile(w, at) for w in split(inner(word, "(", at), None, at))


def _exchange(word: str, where: str) -> tuple[Tile, int]:
    tile, at_sign, owner = word.partition("@")
    at = f'{where}: "{word}" (TILE@SEAT, the tile for the joker in that seat\'s exposure)'
    if not at_sign:
        raise NotationError(at)
    return read_tile(tile, at), read_seat(owner, at)


def _call(word: str, where: str) -> tuple[int, str]:
    seat, colon, call = word.partition(":")
    at = f'{where}: "{word}" (SEAT:CALL, e.g. S:exposure or W:"Mah Jongg")'
    if not colon or not call:
        raise NotationError(at)
    return read_seat(seat, at), unquoted(call, at)
