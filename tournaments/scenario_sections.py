"""A scenario page's tournaments section: its checks under League rules and each published
tournament's house rules, the full grid (found by articles.sections.sections_for_scenario)."""

from articles.sections import Section
from tournaments.matrix import matrix_for_scenario


def sections(scenario):
    """The grid, when a published tournament plays the rule set of the scenario's articles."""
    ruleset_ids = {article.ruleset_id for article in scenario.articles.all()}
    matrix = matrix_for_scenario(scenario, ruleset_ids) if ruleset_ids else None
    if matrix is None or not matrix.rows:
        return []
    return [Section("tournaments/_scenario_grid.html", {"matrix": matrix})]
