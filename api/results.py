"""Scenario results and tournament differences as plain data for the API.

Read the way readers' pages read them: scenarios through `for_readers()` (no draft), results
from the cache run with the public cards only (a private card decides nothing shown here),
an article's differences from the same matrix its page draws.
"""

from django.urls import reverse
from mahjong_rules.presentation import summary_for_result

from rulings import article_page, checks
from tournaments import article_view
from tournaments.comparison import display_name


def _verdicts(scenario_result):
    return [
        {
            "line": step.line,
            "text": step.text,
            "verdict": step.verdict,
            "rule": step.rule,
            "article": step.article,
            "reason": step.reason,
        }
        for step in scenario_result.steps
        if step.verdict
    ]


def _checks(result, article_key=None):
    runs = list(result.scenarios)
    if article_key is not None:  # on an article: the scenarios tagged for it (all if none are)
        runs = [run for run in runs if article_key in run.articles] or runs
    return [
        {
            "name": display_name(run),
            "line": run.line,
            "status": str(run.status),
            "articles": run.articles,
            "verdicts": _verdicts(run),
        }
        for run in runs
    ]


def scenario_results(scenarios, absolute, article_key=None, results=None) -> list[dict]:
    """Each reader's copy of a scenario with its League-rules result (one cache round trip,
    or none when its `results` are given)."""
    scenarios = list(scenarios)
    if results is None:
        results = checks.results_for_many([s.text for s in scenarios], {})
    return [
        {
            "slug": scenario.slug,
            "title": scenario.title,
            "page": absolute(scenario.get_absolute_url()),
            "api_url": absolute(reverse("api:scenario-detail", args=[scenario.slug])),
            "status": str(result.status),
            "summary": summary_for_result(result),
            "checks": _checks(result, article_key),
        }
        for scenario, result in zip(scenarios, results, strict=True)
    ]


def article_scenario_results(page, absolute) -> list[dict]:
    """The article's checks with their League results, from its page object."""
    scenarios = article_page.scenarios(page)
    results = article_page.league_results(page)
    return scenario_results(scenarios, absolute, page.article.key, results)


def tournament_differences(page, absolute) -> list[dict]:
    """Per published tournament of the article's rule set: its house rules that depart from
    the article, and each of the article's checks under League rules and under its rules
    (the article's page object: its rows and results as the page read them)."""
    matrix = article_view.matrix(page)
    if matrix is None:
        return []
    tournaments = list(matrix.tournaments)
    for departure in matrix.departures:
        if departure.tournament not in tournaments:
            tournaments.append(departure.tournament)
    answer = []
    for column, tournament in enumerate(tournaments, start=1):
        checks_here = []
        if column <= len(matrix.tournaments):
            for row in matrix.rows:
                cell = row.cells[column]
                checks_here.append(
                    {
                        "scenario": row.scenario.slug,
                        "name": row.name,
                        "line": row.line,
                        "league": row.cells[0].status,
                        "tournament": cell.status,
                        "because": cell.because,
                        "house_rules": cell.house_rules,
                    }
                )
        answer.append(
            {
                "slug": tournament.slug,
                "name": tournament.name,
                "page": absolute(tournament.get_absolute_url()),
                "version": getattr(tournament, "published_number", None),
                "house_rules": [
                    {
                        "number": d.number,
                        "text": d.text,
                        "option": d.option or None,
                        "value": d.value,
                    }
                    for d in matrix.departures
                    if d.tournament.pk == tournament.pk
                ],
                "checks": checks_here,
            }
        )
    return answer
