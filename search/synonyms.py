"""The table's vocabulary as the query reader takes it: every synonym group, read per search
(a handful of short rows), so an editor's change counts at once."""

from search.models import Synonym
from search.query import Vocabulary, vocabulary_of


def vocabulary() -> Vocabulary:
    return vocabulary_of(group.phrases() for group in Synonym.objects.all())
