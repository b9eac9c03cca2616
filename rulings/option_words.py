"""The rule options' reader words in the reader's language: each option's title, what each
reading means, and how a ruling changed (its `Reader` clauses).

The rules library declares them in English (`mahjong_rules.engine.options`), with no Django;
these are the same sentences, marked here for the catalogue, and
tests/languages/test_tournaments_and_rulings_in_dutch.py checks they stay the library's, word
for word (a sentence the library adds or changes then fails the test until it is listed).
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop
from mahjong_rules.engine.options import CARD_OPTIONS, OPTIONS, plain_title

LIBRARY_WORDS = (
    gettext_noop("A touched tile is a taken tile"),
    gettext_noop("Touching the called tile commits the caller, as racking it does."),
    gettext_noop(
        "A caller may give the tile back until it is on the rack or tiles are exposed; a "
        "call, like a pick, cannot be put back after that."
    ),
    gettext_noop("A called tile the caller has touched must be taken."),
    gettext_noop("a called tile the caller has touched must be taken"),
    gettext_noop("a caller may give the called tile back until it is racked or exposed"),
    gettext_noop("a called tile the caller had touched had to be taken"),
    gettext_noop("a caller could give the called tile back until it was racked or exposed"),
    gettext_noop("A joker exchange locks the exposure"),
    gettext_noop("A joker exchange ends the window for changing this turn's exposure."),
    gettext_noop("The exposure may change until the caller discards, joker exchange or not."),
    gettext_noop("A joker exchange on the same turn ends the window for changing the exposure."),
    gettext_noop("a joker exchange ends the window for changing an exposure"),
    gettext_noop("an exposure may still be changed until the discard, joker exchange or not"),
    gettext_noop("a joker exchange ended the window for changing an exposure"),
    gettext_noop("the exposure could still be changed until the discard"),
    gettext_noop("One joker exchange at a time"),
    gettext_noop("Several joker exchanges may not be made together; one at a time."),
    gettext_noop("Several joker exchanges may be made together in one turn."),
    gettext_noop(
        "Joker exchanges are made one at a time, each announced: a tournament director's procedure."
    ),
    gettext_noop("joker exchanges are made one at a time"),
    gettext_noop("several joker exchanges may be made together in one turn"),
    gettext_noop("joker exchanges were made one at a time"),
    gettext_noop("several joker exchanges could be made together in one turn"),
    gettext_noop("Two wrong tile counts: replay the hand"),
    gettext_noop(
        "When two players have the wrong number of tiles during play, the tiles are thrown in "
        "and the hand is replayed."
    ),
    gettext_noop(
        "During play both hands may be declared dead and the other two play on; only in the "
        "Charleston are the tiles thrown in."
    ),
    gettext_noop("Two wrong counts at any time: the tiles are thrown in and the hand replayed."),
    gettext_noop("two wrong counts of tiles throw the tiles in and the hand is replayed"),
    gettext_noop("two wrong counts during play make both hands dead and the others play on"),
    gettext_noop("two wrong counts of tiles threw the tiles in and the hand was replayed"),
    gettext_noop("two wrong counts during play made both hands dead; the others played on"),
    gettext_noop("Only North takes a missing tile"),
    gettext_noop(
        "Before East's first discard only North, short from the deal, may take the missing tile."
    ),
    gettext_noop(
        "Any player short a tile may take it before East's first discard; North is the usual case."
    ),
    gettext_noop("Only North, who forgot the 13th tile in the deal, may take it."),
    gettext_noop("before East’s first discard only North may take a missing tile"),
    gettext_noop("before East’s first discard any player short a tile may take it"),
    gettext_noop("before East’s first discard only North could take a missing tile"),
    gettext_noop("before East’s first discard any player short a tile could take it"),
    gettext_noop("A misnamer discards the tile she named"),
    gettext_noop(
        "A player who misnames a discard and holds the named tile must discard the named tile "
        "instead."
    ),
    gettext_noop(
        "A misnamed discard is named again correctly; the discarder does not swap in the tile "
        "named."
    ),
    gettext_noop("A discarder holding the tile she named must discard that tile instead."),
    gettext_noop("a player who misnames a discard and holds the named tile must discard it"),
    gettext_noop("a misnamed discard is only named again correctly"),
    gettext_noop("a player who misnamed a discard and held the named tile had to discard it"),
    gettext_noop("a misnamed discard was only named again correctly"),
    gettext_noop("The courtesy pass"),
    gettext_noop(
        "Off: no courtesy pass; the passes are done after the second Charleston or a stop."
    ),
    gettext_noop("After the Charleston the players may agree an optional courtesy pass across."),
    gettext_noop(
        "There is no courtesy pass: the passes are done after the second Charleston or a stop."
    ),
    gettext_noop("the courtesy pass may follow the Charleston"),
    gettext_noop("there is no courtesy pass after the Charleston"),
    gettext_noop("the courtesy pass could follow the Charleston"),
    gettext_noop("there was no courtesy pass after the Charleston"),
    gettext_noop("Flowers are not natural tiles"),
    gettext_noop(
        "A natural tile is any tile but a Joker or a Flower (for hands that must include a "
        "natural tile)."
    ),
    gettext_noop("A natural tile is any tile that is not a Joker."),
    gettext_noop("A natural tile is neither a Joker nor a Flower."),
)
KNOWN = frozenset(LIBRARY_WORDS)


def in_words(text: str) -> str:
    """One of the options' sentences in the reader's language; any other text as it is."""
    return gettext(text) if text in KNOWN else text


def title(name: str) -> str:
    """An option's title ("A touched tile is a taken tile"), in the reader's language."""
    return in_words(plain_title(name))


def sentence(name: str, value: bool) -> str:
    """What a value of the option means, in the reader's language ("" for no such option)."""
    option = OPTIONS.get(name) or CARD_OPTIONS.get(name)
    return in_words(option.sentence(value)) if option is not None else ""


def library_sentences() -> set[str]:
    """Every reader sentence the library declares for its options (for the test)."""
    found = set()
    for option in (*OPTIONS.values(), *CARD_OPTIONS.values()):
        found |= {option.title, option.summary, option.when_on, option.when_off}
        found |= {reading.summary for reading in option.readings}
        if option.reader is not None:
            reader = option.reader
            found |= {reader.on, reader.off, reader.was_on, reader.was_off}
    return found - {""}
