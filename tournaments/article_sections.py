"""The article page's tournaments section: its checks under each tournament's house rules
(found by articles.sections)."""

from articles.sections import Section
from tournaments.chosen import chosen_tournament
from tournaments.matrix import matrix_for_article
from tournaments.touching import house_rules_touching


def sections(article):
    """The matrix of the article's checks against each published tournament, if any."""
    matrix = matrix_for_article(article)
    return [Section("tournaments/_article_matrix.html", {"matrix": matrix})] if matrix else []


def under_ruling(article, request):
    """Under the ruling, for a reader who chose a tournament: its house rules that touch the
    article (the page cache keys on the choice: tournaments.chosen.page_cache_variant)."""
    tournament = chosen_tournament(request)
    if tournament is None:
        return []
    at = house_rules_touching(article, tournament)
    if at is None:
        return []
    # What each rule changes, said as rulings, comes from tournaments/differences.py when it
    # lands: add "differences": differences.for_article(article, tournament) (sentences).
    return [Section("tournaments/_at_tournament.html", {"at": at})]
