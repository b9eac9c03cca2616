"""Reading a query: tiles, words without stop words, a prefix as you type.

Queries are built here from plain tokens, never from the reader's text, so no FTS syntax a
reader types (quotes, NEAR, *, -, AND/OR, brackets) can break a query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from search.tiles import TILE_RE, TileMention, complete_tile, tile_of

MAX_QUERY_LENGTH = 200
MAX_TERMS = 12

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")

# PostgreSQL's English stop words: dropped on both backends so both find the same things.
_STOP_WORD_LIST = """i me my myself we our ours ourselves you your yours yourself yourselves he
    him his himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will just
    don should now"""
# How a question is asked, not what it is about: "what does racked mean", "can I still…".
_QUESTION_WORDS = """still meaning mean means rule rules allowed may might could would
    someone somebody anyone happens happen ok okay"""
STOP_WORDS = frozenset(_STOP_WORD_LIST.split()) | frozenset(_QUESTION_WORDS.split())
_WORD_RE = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class QueryTerm:
    """One thing a document must match: a word, or a tile in any of its spellings."""

    word: str = ""
    tile: TileMention | None = None
    prefix: bool = False


@dataclass(frozen=True)
class ParsedQuery:
    terms: tuple[QueryTerm, ...]

    def __bool__(self):
        return bool(self.terms)

    def as_phrase(self) -> ParsedQuery | None:
        """The words as one phrase, when there are several words and no tiles."""
        if len(self.terms) < 2 or any(term.tile for term in self.terms):
            return None
        words = " ".join(term.word for term in self.terms)
        return ParsedQuery((QueryTerm(word=words, prefix=self.terms[-1].prefix),))

    def to_fts5(self, operator: str = "AND") -> str:
        """An FTS5 MATCH expression; every token is double-quoted so nothing is syntax."""

        def phrase(words: str) -> str:
            return '"' + words + '"'

        parts = []
        for term in self.terms:
            if term.tile:
                options = [phrase(term.tile.canonical), *map(phrase, term.tile.spellings)]
                parts.append("(" + " OR ".join(options) + ")")
            else:
                parts.append(phrase(term.word) + ("*" if term.prefix else ""))
        return f" {operator} ".join(parts)

    def to_tsquery(self, operator: str = "&") -> str:
        """A to_tsquery() expression; every token is single-quoted so nothing is syntax."""

        def phrase(words: str) -> str:
            return " <-> ".join(f"'{w}'" for w in words.split())

        parts = []
        for term in self.terms:
            if term.tile:
                options = [phrase(term.tile.canonical), *map(phrase, term.tile.spellings)]
                parts.append("(" + " | ".join(options) + ")")
            else:
                parts.append(phrase(term.word) + (":*" if term.prefix else ""))
        return f" {operator} ".join(parts)


def parse_query(text: str, *, prefix_last: bool = False) -> ParsedQuery:
    """Turn what a reader typed into terms: tiles first, then words without stop words.

    Only letters and digits survive, so quotes, NEAR, *, -, AND/OR and parentheses are
    plain text to us. `prefix_last` makes the last word match as a prefix (typing "touc"
    suggests "touched tile").
    """
    text = CONTROL_CHARACTERS.sub(" ", (text or "")[:MAX_QUERY_LENGTH])
    if prefix_last:
        text = complete_tile(text)
    terms: list[QueryTerm] = []
    position = 0
    for match in TILE_RE.finditer(text):
        terms.extend(_word_terms(text[position : match.start()]))
        terms.append(QueryTerm(tile=tile_of(match)))
        position = match.end()
    tail = text[position:]
    terms.extend(_word_terms(tail))
    terms = list(dict.fromkeys(terms))[:MAX_TERMS]
    if prefix_last and terms and terms[-1].word and not tail[-1:].isspace():
        last = terms[-1]
        if len(last.word) >= 2 and not last.word.isdigit():
            terms[-1] = QueryTerm(word=last.word, prefix=True)
    return ParsedQuery(tuple(terms))


def _word_terms(text: str) -> list[QueryTerm]:
    words = (w.lower() for w in _WORD_RE.findall(text))
    return [QueryTerm(word=w) for w in words if w not in STOP_WORDS]
