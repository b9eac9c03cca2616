"""Finding a logged ruling by a word in it, on the log's own page.

The log is never in the site search (it is private); a tournament's log holds tens or a few
hundred entries, so every word must appear somewhere in the entry, matched in the database.
"""

from functools import reduce
from operator import and_, or_

from django.db.models import Q

SEARCHED = (
    "what_happened",
    "outcome",
    "penalty",
    "appeal",
    "appeal_result",
    "table",
    "players",
    "article__title",
    "article__number",
    "house_rule__text",
)


def matching(entries, query: str):
    words = query.split()[:10]
    if not words:
        return entries
    per_word = [
        reduce(or_, (Q(**{f"{name}__icontains": word}) for name in SEARCHED)) for word in words
    ]
    # A round is a number: "2" finds round 2, not rounds 12 and 20.
    per_word = [
        found | Q(round=int(word)) if word.isdigit() and len(word) < 5 else found
        for found, word in zip(per_word, words, strict=True)
    ]
    return entries.filter(reduce(and_, per_word))
