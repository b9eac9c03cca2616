"""The notation of a card line (its pattern): text → groups, or every reason it is malformed.

A pattern is tokens separated by single spaces; a token is a decoration (``+``, ``=``: shown,
never matched) or one or more groups separated by ``|`` (alternatives). See "Notation of a
line" in the scenario language, part two. Nothing here knows tiles: a `Group` says which
symbols it has and which suit *variable* (``a``, ``b``, ``c``) they take; the instances
(`instances.py`) turn them into tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

SYMBOLS = frozenset("123456789D0RGNEWSZF")
# Symbols that mean a tile of the group's suit, so the group needs a suit letter.
SUITED = frozenset("123456789DX")
SUIT_LETTERS = ("a", "b", "c")
DECORATIONS = frozenset("+=")
MAX_COPIES = 6  # a sextet
MAX_LENGTH = 300  # characters; a 14-tile pattern with alternatives is far shorter


class PatternError(ValueError):
    """A malformed pattern. `messages` lists every reason, each a plain-English sentence."""

    def __init__(self, messages: list[str]):
        self.messages = list(messages)
        super().__init__(" ".join(self.messages))


@dataclass(frozen=True, slots=True)
class Group:
    """One group of a pattern.

    `shape` is ``"same"`` (copies of one symbol: a single, pair, pung … sextet), ``"x"``
    (copies of the line's number x, plus `plus`) or ``"block"`` (several symbols, each one
    single tile). `symbols` are the group's symbols as written (``"X"`` for each X).
    """

    text: str
    shape: str
    symbols: str
    suit: str | None
    plus: int = 0

    @property
    def size(self) -> int:
        return len(self.symbols)

    @property
    def takes_jokers(self) -> bool:
        """A joker may stand in this group: a same- or x-group of 3 or more [6, 63]."""
        return self.shape != "block" and self.size >= 3


@dataclass(frozen=True, slots=True)
class Pattern:
    """A parsed pattern: `tokens` in order, each a tuple of alternative groups.

    Decorations are kept in `text` for the reader and left out of `tokens`.
    """

    text: str
    tokens: tuple[tuple[Group, ...], ...]

    @property
    def groups(self) -> tuple[Group, ...]:
        return tuple(group for token in self.tokens for group in token)

    @property
    def suit_letters(self) -> tuple[str, ...]:
        return tuple(sorted({g.suit for g in self.groups if g.suit}))

    @property
    def uses_x(self) -> bool:
        return any(g.shape == "x" for g in self.groups)

    @property
    def uses_z(self) -> bool:
        return any("Z" in g.symbols for g in self.groups)

    @property
    def pluses(self) -> tuple[int, ...]:
        """Every k of an ``X+k`` (0 for a plain X) in the pattern."""
        return tuple(sorted({g.plus for g in self.groups if g.shape == "x"}))


def substitute_year(text: str, year: int | None) -> str:
    """The pattern with every ``{year}`` replaced by the card's four-digit year."""
    if "{year}" in text and year is not None:
        return text.replace("{year}", f"{year:04d}")
    return text


def parse_pattern(text: str, year: int | None = None) -> Pattern:
    """Parse a pattern (``{year}`` first replaced by `year`); PatternError with every reason."""
    if not isinstance(text, str):
        raise PatternError(["A pattern must be text."])
    written = substitute_year(text, year)
    if "{year}" in written:
        raise PatternError(["The pattern uses {year}, but no year is given for it."])
    if not written.strip():
        raise PatternError(["The pattern is empty."])
    if len(written) > MAX_LENGTH:
        raise PatternError([f"A pattern has at most {MAX_LENGTH} characters."])
    errors: list[str] = []
    tokens: list[tuple[Group, ...]] = []
    words = written.split(" ")
    if any(not word for word in words) or written != written.strip():
        errors.append("Tokens are separated by single spaces (no double, leading or trailing).")
    for word in words:
        if not word or word in DECORATIONS:
            continue
        alternatives = word.split("|")
        groups = []
        for part in alternatives:
            if not part:
                errors.append(f'"{word}": an alternative is empty (write group|group).')
                continue
            group = _parse_group(part, errors)
            if group is not None:
                groups.append(group)
        if groups and len(groups) == len(alternatives):
            tokens.append(tuple(groups))
    if not tokens and not errors:
        errors.append("The pattern has no group, only decorations.")
    letters = sorted({g.suit for token in tokens for g in token if g.suit})
    if letters not in ([], ["a"], ["a", "b"], ["a", "b", "c"]):
        errors.append(
            f"The suit letters used are {', '.join(letters)}: use a, then a and b, "
            "then a, b and c (the first suit is always a)."
        )
    if errors:
        raise PatternError(_unique(errors))
    return Pattern(written, tuple(tokens))


def _parse_group(text: str, errors: list[str]) -> Group | None:
    body, suit = text, None
    if body[-1].islower():
        letter = body[-1]
        if letter not in SUIT_LETTERS:
            errors.append(f'"{text}": "{letter}" is not a suit letter (use a, b or c).')
            return None
        body, suit = body[:-1], letter
        if not body:
            errors.append(f'"{text}": a suit letter needs symbols before it.')
            return None
    if any(ch.islower() for ch in body):
        errors.append(f'"{text}": a group has one suit letter, at its very end.')
        return None
    if body.startswith("X"):
        return _parse_x_group(text, body, suit, errors)
    bad = sorted({ch for ch in body if ch not in SYMBOLS})
    if bad:
        if "X" in bad:
            errors.append(f'"{text}": X may not be mixed with other symbols in a group.')
        else:
            shown = ", ".join(f'"{ch}"' for ch in bad)
            errors.append(
                f'"{text}": {shown} is not a symbol (use 1-9, D, 0, R, G, N, E, W, S, Z, F, X).'
            )
        return None
    shape = "same" if len(set(body)) == 1 else "block"
    if shape == "same" and len(body) > MAX_COPIES:
        errors.append(f'"{text}": a group of one tile has at most {MAX_COPIES} copies.')
        return None
    if not _suit_letter_is_right(text, body, suit, errors):
        return None
    return Group(text, shape, body, suit)


def _parse_x_group(text: str, body: str, suit: str | None, errors: list[str]) -> Group | None:
    xs, _, plus_text = body.partition("+")
    plus = 0
    if set(xs) != {"X"}:
        errors.append(f'"{text}": X may not be mixed with other symbols in a group.')
        return None
    if len(xs) > MAX_COPIES:
        errors.append(f'"{text}": a group of one tile has at most {MAX_COPIES} copies.')
        return None
    if "+" in body:
        if len(plus_text) != 1 or plus_text not in "12345678":
            errors.append(f'"{text}": write +k after the X\'s with k a single digit from 1 to 8.')
            return None
        plus = int(plus_text)
    if suit is None:
        errors.append(f'"{text}": a group with X needs a suit letter (a, b or c).')
        return None
    return Group(text, "x", xs, suit, plus)


def _suit_letter_is_right(text: str, body: str, suit: str | None, errors: list[str]) -> bool:
    needs_suit = any(ch in SUITED for ch in body)
    if needs_suit and suit is None:
        hint = ""
        if body[-1] in "D" and len(set(body)) > 1:
            hint = ' In a pattern D is a dragon; suits are the letters a, b, c ("7a", not "7D").'
        errors.append(f'"{text}": a group with 1-9 or D needs a suit letter (a, b or c).{hint}')
        return False
    if not needs_suit and suit is not None:
        errors.append(f'"{text}": a group of only 0, R, G, winds, Z or F takes no suit letter.')
        return False
    return True


def _unique(messages: list[str]) -> list[str]:
    return list(dict.fromkeys(messages))
