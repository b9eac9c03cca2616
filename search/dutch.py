"""Dutch text for the index: Snowball's Dutch stemmer (the `snowballstemmer` package) and
Dutch stop words.

On SQLite, FTS5 knows only English stemming (porter), so a Dutch document's title and body
are stored again as their Dutch stems (`SearchDocument.stemmed_title` / `stemmed_body`,
which FTS5 indexes instead of the text), and a Dutch query's words are stemmed the same way
before they reach FTS5. PostgreSQL stems with its own `dutch` configuration and needs none
of this. The two stemmers are both Snowball's Dutch, of different ages: snowballstemmer 3
takes "ge-" off a past participle ("geclaimde": claim), PostgreSQL 15's does not
("geclaimd"); plural and verb endings ("stenen", "steen": one stem) agree.
"""

from __future__ import annotations

import re
from functools import lru_cache

import snowballstemmer

from search.query import ParsedQuery, QueryTerm

_WORD = re.compile(r"[^\W_]+")

# PostgreSQL's Dutch stop words (dutch.stop), the commonest of them: dropped from a Dutch
# query on both databases, as the English ones are from an English query.
_STOP_WORD_LIST = """de en van ik te dat die in een hij het niet zijn is was op aan met als
    voor had er
    maar om hem dan zou of wat mijn men dit zo door over ze zich bij ook tot je mij uit der
    daar haar naar heb hoe heeft hebben deze u want nog zal me zij nu ge geen omdat iets
    worden toch al waren veel meer doen toen moet ben zonder kan hun dus alles onder ja eens
    hier wie werd altijd doch wordt wezen kunnen ons zelf tegen na reeds wil kon niets uw
    iemand geweest andere mag mogen"""
STOP_WORDS = frozenset(_STOP_WORD_LIST.split())


@lru_cache(maxsize=1)
def _stemmer():
    return snowballstemmer.stemmer("dutch")


@lru_cache(maxsize=4096)
def stem(word: str) -> str:
    """One word's Dutch stem, lower case."""
    return _stemmer().stemWord(word.lower())


def stemmed(text: str) -> str:
    """Every word of the text as its Dutch stem, in order, separated by spaces; what is not
    a word (punctuation) goes, tile codes and numbers stay as they are."""
    return " ".join(stem(word) for word in _WORD.findall(text or ""))


def stemmed_query(parsed: ParsedQuery) -> ParsedQuery:
    """The query with every word (and synonym) as its Dutch stem, as SQLite's index holds a
    Dutch document; a word still being typed (a prefix) stays as typed, tiles as they are."""

    def phrase(words: str) -> str:
        return " ".join(stem(word) for word in words.split())

    terms = []
    for term in parsed.terms:
        if term.tile is not None:
            terms.append(term)
            continue
        word = term.word if term.prefix else phrase(term.word)
        alternatives = tuple(dict.fromkeys(phrase(other) for other in term.alternatives))
        alternatives = tuple(other for other in alternatives if other != word)
        terms.append(QueryTerm(word=word, prefix=term.prefix, alternatives=alternatives))
    return ParsedQuery(tuple(dict.fromkeys(terms)))
