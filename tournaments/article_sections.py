"""The article page's tournaments sections (found by articles.sections): what each published
tournament rules differently, as sentences, with the house rules that depart from the
article; and, under the ruling, the chosen tournament's house rules that touch it and what
they change. The full grid of checks against every tournament is on each scenario's page."""

from articles.sections import Section
from rulings import checks
from tournaments.chosen import chosen_tournament
from tournaments.differences import differences_among, differences_for_article
from tournaments.matrix import departures_from, published_snapshots
from tournaments.touching import house_rules_touching


def sections(article):
    """Two queries: the published tournaments with their snapshots, the article's scenarios."""
    snapshots = published_snapshots(article.ruleset_id)
    if not snapshots:
        return []
    departures = departures_from(article.key, snapshots)
    scenarios = list(
        article.scenarios.for_readers().only("slug", "published_title", "published_text")
    )
    league = checks.results_for_many([s.text for s in scenarios], {})
    differences = differences_among(article.key, snapshots, scenarios, league)
    if not differences and not departures:
        return []
    data = {"differences": differences, "departures": departures}
    return [Section("tournaments/_article_differences.html", data)]


def under_ruling(article, request):
    """Under the ruling, for a reader who chose a tournament: its house rules that touch the
    article and what they change, as sentences (the page cache keys on the choice:
    tournaments.chosen.page_cache_variant)."""
    tournament = chosen_tournament(request)
    if tournament is None:
        return []
    at = house_rules_touching(article, tournament)
    if at is None:
        return []
    data = {
        "at": at,
        "differences": [d.sentence for d in differences_for_article(article, tournament)],
    }
    return [Section("tournaments/_at_tournament.html", data)]
