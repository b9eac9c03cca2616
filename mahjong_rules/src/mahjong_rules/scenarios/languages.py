"""The languages a scenario text's phrases and messages may be in: English and Dutch.

A text's Gherkin keywords follow its ``# language:`` line, as Gherkin defines. Its *phrases*
and the messages about it follow the same line: a text written with ``# language: nl``
matches the Dutch phrases only, and is told what is wrong in Dutch; any other text matches
the English phrases only, and is told in English. The two are never mixed in one text.
A Gherkin language with no phrases of its own (``# language: fr``) keeps the English phrases
and messages, as before there were Dutch ones.

    >>> text_language('''# language: nl
    ... Functionaliteit: Roepen
    ... ''')
    'nl'
    >>> text_language("Feature: Calling"), text_language("# language: fr\\nFonctionnalité: x")
    ('en', 'en')
    >>> seat_in_english("Oost", "nl"), seat_in_english("East", "en")
    ('East', 'East')
    >>> or_list(["Gegeven", "Dan"], "nl")
    'Gegeven of Dan'
    >>> number(20000, "nl"), number(20000, "en")
    ('20.000', '20,000')

Pure Python: nothing here may import Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from gherkin.dialect import Dialect

ENGLISH: Final = "en"
DUTCH: Final = "nl"
# The languages with phrases of their own, English first.
LANGUAGES: Final = (ENGLISH, DUTCH)

# The seats as a text writes them, in play order: East, South, West, North.
SEAT_NAMES: Final[dict[str, tuple[str, str, str, str]]] = {
    ENGLISH: ("East", "South", "West", "North"),
    DUTCH: ("Oost", "Zuid", "West", "Noord"),
}
# A Matjok call as a text writes it → the call as the engine (and English) names it.
CLAIM_NAMES: Final[dict[str, dict[str, str]]] = {
    ENGLISH: {"tjok": "tjok", "poeng": "poeng", "kong": "kong", "straight": "straight"},
    DUTCH: {"tjok": "tjok", "poeng": "poeng", "kong": "kong", "straat": "straight"},
}
# A step table (given, when, then) by the keyword that opens it.
TABLE_NAMES: Final[dict[str, dict[str, str]]] = {
    ENGLISH: {"given": "Given", "when": "When", "then": "Then"},
    DUTCH: {"given": "Gegeven", "when": "Als", "then": "Dan"},
}
_OR: Final = {ENGLISH: "or", DUTCH: "of"}
_THOUSANDS: Final = {ENGLISH: ",", DUTCH: "."}

# Gherkin's own test for a language line; it may follow comments, never a tag or keyword.
_LANGUAGE_LINE: Final = re.compile(r"^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$")


def text_language(text: str) -> str:
    """The language of a text's phrases and messages: the language its ``# language:`` line
    names when that language has phrases (LANGUAGES), else English."""
    return known(dialect_name(text))


def dialect_name(text: str) -> str:
    """The Gherkin language a text's ``# language:`` line names, as written (English when
    it has none)."""
    for line in text.split("\n")[:1000]:
        match = _LANGUAGE_LINE.match(line)
        if match:
            return match.group(1)
        if line.strip() and not line.lstrip().startswith("#"):
            break  # a language line after a tag or a keyword is a comment, as for Gherkin
    return ENGLISH


def known(language: str) -> str:
    """The language itself when it has phrases and messages, else English."""
    return language if language in LANGUAGES else ENGLISH


def seat_in_english(seat: str, language: str) -> str:
    """A seat as the language writes it, as the step functions take it (KeyError if none)."""
    return dict(zip(SEAT_NAMES[language], SEAT_NAMES[ENGLISH], strict=True))[seat]


def claim_in_english(claim: str, language: str) -> str:
    """A Matjok call as the language writes it, as the engine names it (KeyError if none)."""
    return CLAIM_NAMES[language][claim]


def or_list(items: Sequence[str], language: str) -> str:
    """`a, b or c`, in the language's words."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_OR[known(language)]} {items[-1]}"


def number(value: int, language: str) -> str:
    """A whole number grouped by thousands as the language writes it."""
    return f"{value:,}".replace(",", _THOUSANDS[known(language)])


def dialect(name: str) -> Dialect | None:
    """Gherkin's words for a language; None for one it does not know."""
    try:
        return Dialect.for_name(name)
    except Exception:  # an unknown language is reported by the parser
        return None


def gherkin_keywords(name: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """A Gherkin language's (step keywords, block keywords, outline keywords), as written
    (English if Gherkin does not know it)."""
    words = dialect(name) or dialect(ENGLISH)
    assert words is not None  # Gherkin always knows English
    steps = [
        *words.given_keywords,
        *words.when_keywords,
        *words.then_keywords,
        *words.and_keywords,
        *words.but_keywords,
    ]
    blocks = [
        *words.feature_keywords,
        *words.rule_keywords,
        *words.background_keywords,
        *words.scenario_outline_keywords,
        *words.scenario_keywords,
        *words.examples_keywords,
    ]
    return (
        tuple(dict.fromkeys(k.strip() for k in steps if k.strip() != "*")),
        tuple(dict.fromkeys(k.strip() for k in blocks)),
        tuple(k.strip() for k in words.scenario_outline_keywords),
    )
