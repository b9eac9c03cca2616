"""The article page's tournaments sections (found by articles.sections): what each published
tournament rules differently, as sentences, with the house rules that depart from the
article; and, under the ruling, the chosen tournament's house rules that touch it and what
they change. The full grid of checks against every tournament is on each scenario's page."""

from articles.sections import Section
from rulings import checks
from tournaments.chosen import chosen_tournament
from tournaments.differences import differences_among
from tournaments.matrix import departures_from, published_snapshots
from tournaments.touching import house_rules_touching

KEPT = "_tournament_differences"


def _differences(article, *, keep=False):
    """(snapshots, differences) of every published tournament of the article's rule set.

    Two queries (the published tournaments with their snapshots, the article's scenarios);
    every result comes from the cache. The article view asks for the box under the ruling
    first (`keep=True`: left on the article) and then for the differences section, which
    takes what was left instead of working it out again; nothing is kept past that."""
    found = article.__dict__.pop(KEPT, None)
    if found is None:
        snapshots = published_snapshots(article.ruleset_id)
        differences = []
        if snapshots:
            scenarios = list(
                article.scenarios.for_readers().only("slug", "published_title", "published_text")
            )
            league = checks.results_for_many([s.text for s in scenarios], {})
            differences = differences_among(article.key, snapshots, scenarios, league)
        found = (snapshots, differences)
    if keep:
        article.__dict__[KEPT] = found
    return found


def sections(article):
    snapshots, differences = _differences(article)
    if not snapshots:
        return []
    departures = departures_from(article.key, snapshots)
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
        "differences": [
            d.sentence
            for d in _differences(article, keep=True)[1]
            if d.tournament.pk == tournament.pk
        ],
    }
    return [Section("tournaments/_at_tournament.html", data)]
