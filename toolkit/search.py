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
    "round",
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
    return entries.filter(reduce(and_, per_word))
