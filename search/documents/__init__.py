"""The documents each indexed app contributes: one module per app, built here in `search`.

`search` sits above what it indexes: it reads `articles` and `rulings` through their
public models and functions; they never import `search`.
"""

from collections.abc import Iterable

from search.documents import articles, rulings
from search.index import Document


def all_documents() -> Iterable[Document]:
    """Every document the index should hold, built in a handful of queries."""
    yield from articles.all_documents()
    yield from rulings.all_documents()
