"""Reading a query: tiles, words without stop words, a prefix as you type.

Queries are built here from plain tokens, never from the reader's text, so no FTS syntax a
reader types (quotes, NEAR, *, -, AND/OR, brackets) can break a query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

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
    # Other words for the same thing at the table ("pong" for "pung"), from the synonyms.
    alternatives: tuple[str, ...] = ()

    def spellings(self) -> tuple[str, ...]:
        return (self.word, *self.alternatives)


@dataclass(frozen=True)
class ParsedQuery:
    terms: tuple[QueryTerm, ...]

    def __bool__(self):
        return bool(self.terms)

    def as_typed(self) -> ParsedQuery:
        """The query without synonyms: only what the reader typed."""
        return ParsedQuery(tuple(replace(term, alternatives=()) for term in self.terms))

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
                typed = phrase(term.word) + ("*" if term.prefix else "")
                options = [typed, *map(phrase, term.alternatives)]
                parts.append("(" + " OR ".join(options) + ")" if term.alternatives else typed)
        return f" {operator} ".join(parts)

    def to_tsquery(self, operator: str = "&", *, ordered: bool = True) -> str:
        """A to_tsquery() expression; every token is single-quoted so nothing is syntax.

        Not `ordered`, a phrase's words need only all be there ("'dead' & 'hand'"): the
        GIN index answers that alone, while word order is read from each row's vector."""
        joiner = " <-> " if ordered else " & "

        def phrase(words: str) -> str:
            return joiner.join(f"'{w}'" for w in words.split())

        parts = []
        for term in self.terms:
            if term.tile:
                options = [phrase(term.tile.canonical), *map(phrase, term.tile.spellings)]
                parts.append("(" + " | ".join(options) + ")")
            else:
                typed = phrase(term.word) + (":*" if term.prefix else "")
                options = [typed, *map(phrase, term.alternatives)]
                parts.append("(" + " | ".join(options) + ")" if term.alternatives else typed)
        return f" {operator} ".join(parts)


Vocabulary = dict[str, tuple[str, ...]]  # a word or phrase -> the others of its group


def vocabulary_of(groups) -> Vocabulary:
    """{phrase: other phrases} from groups of synonyms, each phrase read as a query reads
    words (lower case, letters and digits, no stop words), so they meet what is typed."""
    vocabulary: Vocabulary = {}
    for group in groups:
        phrases = list(dict.fromkeys(filter(None, (" ".join(_words(p)) for p in group))))
        for phrase in phrases:
            others = [other for other in phrases if other != phrase]
            known = vocabulary.get(phrase, ())
            vocabulary[phrase] = tuple(dict.fromkeys([*known, *others]))
    return vocabulary


def parse_query(
    text: str,
    *,
    prefix_last: bool = False,
    vocabulary: Vocabulary | None = None,
    stop_words: frozenset[str] = STOP_WORDS,
) -> ParsedQuery:
    """Turn what a reader typed into terms: tiles first, then words without stop words.

    Only letters and digits survive, so quotes, NEAR, *, -, AND/OR and parentheses are
    plain text to us. `prefix_last` makes the last word match as a prefix (typing "touc"
    suggests "touched tile"). A word or phrase in `vocabulary` also matches its synonyms.
    `stop_words`: the language's (`search.dutch.STOP_WORDS` for a Dutch query).
    """
    vocabulary = vocabulary or {}
    text = CONTROL_CHARACTERS.sub(" ", (text or "")[:MAX_QUERY_LENGTH])
    if prefix_last:
        text = complete_tile(text)
    terms: list[QueryTerm] = []
    position = 0
    for match in TILE_RE.finditer(text):
        terms.extend(_word_terms(text[position : match.start()], vocabulary, stop_words))
        terms.append(QueryTerm(tile=tile_of(match)))
        position = match.end()
    tail = text[position:]
    terms.extend(_word_terms(tail, vocabulary, stop_words))
    terms = list(dict.fromkeys(terms))[:MAX_TERMS]
    if prefix_last and terms and terms[-1].word and not tail[-1:].isspace():
        last = terms[-1]
        if len(last.word) >= 2 and not last.word.isdigit():
            terms[-1] = QueryTerm(word=last.word, prefix=True, alternatives=last.alternatives)
        elif len(terms) > 1 and last.word.isalpha() and not last.alternatives:
            # One letter of a word still being typed says nothing yet: "courtesy p" keeps
            # suggesting what "courtesy" finds rather than pages with every word but "p".
            terms.pop()
    return ParsedQuery(tuple(terms))


LONGEST_SYNONYM = 3  # words in the longest phrase looked up in the vocabulary


def _words(text: str, stop_words: frozenset[str] = STOP_WORDS) -> list[str]:
    return [w for w in (w.lower() for w in _WORD_RE.findall(text)) if w not in stop_words]


def _word_terms(
    text: str, vocabulary: Vocabulary, stop_words: frozenset[str] = STOP_WORDS
) -> list[QueryTerm]:
    """Words as terms; the longest run of words the vocabulary knows becomes one term with
    its synonyms ("joker swap" -> "joker exchange")."""
    words = _words(text, stop_words)
    terms = []
    position = 0
    while position < len(words):
        for size in range(min(LONGEST_SYNONYM, len(words) - position), 0, -1):
            phrase = " ".join(words[position : position + size])
            known = phrase if phrase in vocabulary else None
            if known is None and size == 1:
                known = next((w for w in uninflected(phrase) if w in vocabulary), None)
            if known is not None:
                others = tuple(w for w in (known, *vocabulary[known]) if w != phrase)
                terms.append(QueryTerm(word=phrase, alternatives=others))
                position += size
                break
        else:
            terms.append(QueryTerm(word=words[position]))
            position += 1
    return terms


def uninflected(word: str) -> list[str]:
    """The forms a word may take in the vocabulary without its ending, most likely first:
    "drawing" is "draw", "picked" "pick", "swapped" "swap", "declaring" "declare", "calls"
    "call". Only to find a synonym group: the databases stem the words themselves."""
    forms = []
    for ending in ("ing", "ed", "es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            stem = word[: -len(ending)]
            forms.append(stem)
            if ending in ("ing", "ed"):
                forms.append(stem + "e")
                if len(stem) > 2 and stem[-1] == stem[-2]:
                    forms.append(stem[:-1])
    return forms
