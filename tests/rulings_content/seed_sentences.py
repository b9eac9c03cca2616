"""The seeds split into sentences by the rule stated at the top of the inventory.

Each line on its own: white space collapsed, ends trimmed, empty lines skipped; a sentence
ends after ".", "!" or "?" (and a closing quotation mark right after it) followed by white
space, except after a list number that starts the line ("1. For an exposure, …").
"""

from __future__ import annotations

import re

SENTENCE_END = re.compile(r"(?<!^\d\.)(?<=[.!?])\s+|(?<=[.!?][”\"’])\s+")


def sentences(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        line = " ".join(line.split())  # str.split() also splits at no-break spaces
        if line:
            found.extend(part for part in SENTENCE_END.split(line) if part)
    return found


def differences(seed: list[str], listed: list[str]) -> list[str]:
    """What a seed and its inventory disagree on, sentence by sentence, in a reader's words."""
    problems = []
    missing = list(seed)
    for sentence in listed:
        if sentence in missing:
            missing.remove(sentence)
        else:
            problems.append(f"not in the seed: {sentence!r}")
    problems += [f"missing from the inventory: {sentence!r}" for sentence in missing]
    if not problems and seed != listed:
        problems.append("the inventory lists the seed's sentences out of order")
    return problems
