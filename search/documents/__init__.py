"""The documents each indexed app contributes: one module per app, built here in `search`.

`search` sits above what it indexes: it reads `articles` and `rulings` through their
public models and functions (and `tournaments` its house rules); they never import
`search`.
"""

from collections.abc import Iterable

from search.documents import articles, casebook, community, rulings, tournaments, translations
from search.index import Document


def all_documents() -> Iterable[Document]:
    """Every document the index should hold, built in a handful of queries."""
    yield from articles.all_documents()
    yield from rulings.all_documents()
    yield from tournaments.all_documents()
    yield from community.all_documents()
    yield from casebook.all_documents()
    yield from translations.all_documents()
