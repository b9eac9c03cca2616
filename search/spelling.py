"""Typos: a word of five or more letters that the index does not know is read as the nearest
word it does know, within one edit (a letter added, dropped, changed, or two swapped), ties
going to the word in more documents.

The candidates come from the database's own list of the index's words as written (SQLite's
`fts5vocab`, PostgreSQL's trigram index): no distance is computed over every word.
"""

from __future__ import annotations

import re
from dataclasses import replace

from search.query import ParsedQuery, QueryTerm, Vocabulary

MIN_LENGTH = 5


def within_one_edit(typed: str, known: str) -> bool:
    """True when one insertion, deletion, substitution or swap of neighbours turns one into
    the other (and they differ)."""
    if typed == known or abs(len(typed) - len(known)) > 1:
        return False
    if len(typed) == len(known):
        differ = [i for i, (a, b) in enumerate(zip(typed, known, strict=True)) if a != b]
        if len(differ) == 1:
            return True
        return (
            len(differ) == 2
            and differ[1] == differ[0] + 1
            and typed[differ[0]] == known[differ[1]]
            and typed[differ[1]] == known[differ[0]]
        )
    shorter, longer = sorted((typed, known), key=len)
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer)))


ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


# Candidates that keep the typed word's first letters are read from that stretch of the
# database's sorted word list; the others are looked up one by one. Two letters keep the
# stretch short ("pe…" rather than every word in "p…") while looking up few words singly.
KEPT = 2


def one_edit_candidates(word: str) -> tuple[tuple[set[str], list[str]], set[str]]:
    """Every word one edit from `word`, as ((exact words, LIKE patterns) that keep its first
    `KEPT` letters, exact words that change them): a database reads the first from the
    stretch of its word list starting with those letters and looks the others up."""
    kept = word[:KEPT]
    deletions = {word[:i] + word[i + 1 :] for i in range(len(word))}
    swaps = {
        word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        for i in range(len(word) - 1)
        if word[i] != word[i + 1]
    }
    changed = {word[:i] + c + word[i + 1 :] for i in range(KEPT) for c in ALPHABET}
    changed |= {word[:i] + c + word[i:] for i in range(KEPT) for c in ALPHABET}
    changed |= {w for w in deletions | swaps if not w.startswith(kept)}
    same = {w for w in deletions | swaps if w.startswith(kept)}
    patterns = [word[:i] + "_" + word[i + 1 :] for i in range(KEPT, len(word))]
    patterns += [word[:i] + "_" + word[i:] for i in range(KEPT, len(word) + 1)]
    return (same, patterns), changed - {word}


def _correctable(term: QueryTerm) -> bool:
    word = term.word
    return (
        term.tile is None
        and not term.prefix
        and not term.alternatives
        and " " not in word
        and len(word) >= MIN_LENGTH
        and word.isalpha()
    )


def corrected(backend, parsed: ParsedQuery, vocabulary: Vocabulary) -> dict[str, str]:
    """{typed word: the word read instead} for each word the index does not know."""
    fixes = {}
    asked = [term.word for term in parsed.terms if _correctable(term)]
    unknown = backend.unknown(asked)  # all asked at once; known perhaps by a stem
    for term in parsed.terms:
        if not _correctable(term) or term.word not in unknown:
            continue
        documents = {
            word: count
            for word, count in backend.similar_words(term.word).items()
            if within_one_edit(term.word, word) and count > 0
        }
        if documents:
            fixes[term.word] = max(documents, key=lambda word: (documents[word], word))
    return fixes


def apply(parsed: ParsedQuery, fixes: dict[str, str], vocabulary: Vocabulary) -> ParsedQuery:
    """The query with each corrected word replaced (and given its own synonyms)."""
    terms = []
    for term in parsed.terms:
        if term.word in fixes and _correctable(term):
            word = fixes[term.word]
            term = replace(term, word=word, alternatives=vocabulary.get(word, ()))
        terms.append(term)
    return ParsedQuery(tuple(dict.fromkeys(terms)))


def replaced(text: str, fixes: dict[str, str]) -> str:
    """What the reader typed, with each corrected word replaced: "Showing results for …"."""
    return re.sub(r"[^\W_]+", lambda match: fixes.get(match.group(0).lower(), match.group(0)), text)
