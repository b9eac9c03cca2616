"""The article page's tournaments section: what each published tournament rules differently,
as sentences, and the house rules that depart from the article (found by articles.sections).
The full grid of checks against every tournament is on the scenario and tournament pages."""

from articles.sections import Section
from rulings import checks
from tournaments.differences import differences_among
from tournaments.matrix import departures_from, published_snapshots


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
