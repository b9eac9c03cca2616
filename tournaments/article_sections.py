"""The article page's tournaments section: its checks under each tournament's house rules
(found by articles.sections)."""

from articles.sections import Section
from tournaments.matrix import matrix_for_article


def sections(article):
    """The matrix of the article's checks against each published tournament, if any."""
    matrix = matrix_for_article(article)
    return [Section("tournaments/_article_matrix.html", {"matrix": matrix})] if matrix else []
