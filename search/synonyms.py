"""The table's vocabulary as the query reader takes it.

The synonym rows are read on every search (one query of a few dozen short rows), so an
editor's change, a restore or an import counts at once in every worker process; turning
them into a vocabulary is remembered per process for the rows as they are, so a search
parses them only when they changed.
"""

from functools import lru_cache

from search.models import DUTCH, ENGLISH, Synonym, phrases_of
from search.query import Vocabulary, vocabulary_of


def vocabulary(language: str = ENGLISH) -> Vocabulary:
    """The groups of `language`: English ones for an English query; a Dutch query has the
    Dutch groups and the English ones too (the table's own words, "poeng", "kong", are
    the same in both)."""
    languages = [ENGLISH, DUTCH] if language == DUTCH else [ENGLISH]
    groups = Synonym.objects.filter(language__in=languages).order_by("pk")
    return _vocabulary(tuple(groups.values_list("words", flat=True)))


@lru_cache(maxsize=8)
def _vocabulary(groups: tuple[str, ...]) -> Vocabulary:
    # Read only: every search of this process shares the one dictionary.
    return vocabulary_of(phrases_of(words) for words in groups)
