"""A logged ruling as a public question: the players' names and the table left out.

The log is private because it names people and places; the site's questions and answers
are public. The editor still reads the result in the normal question form before saving.
"""

import re

# "table 17", "Table #3", "T17", "round 2", "rd 4": where it happened is not the ruling.
PLACES = re.compile(
    r"\b(?:(?:at|on|in)\s+)?(?:tables?|t|rounds?|rd)\s*#?\s*\d+[a-z]?\b", re.IGNORECASE
)
# What is left around a removed place: "Round 3, T12: Bo called" → ", : Bo called".
LEFTOVER_START = re.compile(r"^[\s,;:.]+")


def _names(players: str) -> list[str]:
    names = {name.strip() for name in re.split(r"[,;\n]", players) if name.strip()}
    # Longest first, so "Ann Lee" goes before "Ann".
    return sorted(names, key=len, reverse=True)


def without_people(text: str, players: str) -> str:
    for name in _names(players):
        text = re.sub(rf"\b{re.escape(name)}\b", "a player", text, flags=re.IGNORECASE)
    text = PLACES.sub("", text)
    text = re.sub(r"[ \t]{2,}", " ", text)
    text = re.sub(r"\s+([,;:.])", r"\1", text)
    text = LEFTOVER_START.sub("", text).strip()
    return text[:1].upper() + text[1:]


def as_question(entry) -> dict:
    """What the new-question form starts with."""
    return {
        "question": without_people(entry.what_happened, entry.players),
        "answer": without_people(entry.outcome, entry.players),
    }
