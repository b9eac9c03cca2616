"""Sections tournaments add to the site's other pages (the `page_sections` hook of
`articles.sections.page_sections`): on a scenario's page, its checks under League rules and
each published tournament's house rules, the full grid (stacked cards on a phone)."""

from articles.sections import Section
from tournaments.matrix import matrix_for_scenario


def sections(page, scenario=None, **context):
    """The grid on a scenario's page, when a published tournament plays the rule set of the
    scenario's articles; nothing on any other page."""
    if page != "scenario" or scenario is None:
        return []
    ruleset_ids = {article.ruleset_id for article in scenario.articles.all()}
    matrix = matrix_for_scenario(scenario, ruleset_ids) if ruleset_ids else None
    if matrix is None or not matrix.rows:
        return []
    return [Section("tournaments/_scenario_grid.html", {"matrix": matrix})]
