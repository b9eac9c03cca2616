"""The house rules of one tournament that touch an article, for a reader who is at it.

A house rule touches an article if it says it departs from it (`departs_from`), or if it is
named as the cause of a difference in any of the article's scenario checks: run under the
tournament's published options, a check rules differently *because of* the option that
house rule sets. The article page shows these right under the ruling.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from articles.models import Article
from mahjong_rules import plain

from .comparison import runs_about, tournament_results_many
from .versions import published_sheet


@dataclass
class TouchingRule:
    """A published house rule, as the sheet numbers it, and how it touches the article."""

    number: int
    text: str
    departs: bool = False  # it says it departs from this article
    changes: list[str] = field(default_factory=list)  # the checks it rules differently
    departs_from: object = None  # the article it says it departs from (this one or another)
    # A penalty house rule of a version published before the schedule: its points.
    penalty_points: int | None = None


@dataclass
class AtTournament:
    """What a reader at `tournament` reads under an article's ruling."""

    tournament: object
    version: object  # the Sheet in force (its number and publication day)
    rules: list[TouchingRule]
    penalties: list = field(default_factory=list)  # the schedule's penalties applying to it


def house_rules_touching(article, tournament) -> AtTournament | None:
    """The tournament's published house rules that touch the article, in sheet order.

    None if the tournament has no version in force. A tournament of another rule set never
    changes the article's checks (as in the matrix), though a rule could still depart from it.
    """
    sheet = published_sheet(tournament)
    if sheet is None:
        return None
    scenarios = list(article.scenarios.reader_rows())
    texts = [s.text for s in scenarios]
    return touching_on(
        article, sheet, lambda options: tournament_results_many(texts, options) if texts else []
    )


def touching_on(article, sheet, results_under) -> AtTournament:
    """The rules of `sheet` that touch the article; `results_under(options)` gives the
    article's checks' results under options (no query but the departed articles' titles)."""
    touching = {
        rule.number: TouchingRule(
            rule.number, rule.text, departs=True, penalty_points=rule.penalty_points
        )
        for rule in sheet.departing_from(article.key)
    }
    if sheet.tournament.ruleset_id == article.ruleset_id:
        by_option = {rule.option: rule for rule in sheet.rules if rule.option}
        for name, options in _changed_checks(article.key, sheet.options, results_under):
            for option in options:
                found = by_option.get(option)
                if found is None:
                    continue
                rule = touching.setdefault(found.number, TouchingRule(found.number, found.text))
                if name not in rule.changes:
                    rule.changes.append(name)
    rules = [touching[n] for n in sorted(touching)]
    _link_departures(rules, {rule.number: rule.departs_from for rule in sheet.rules})
    # An old version's penalties are among its numbered rules above; the schedule's are not.
    penalties = [p for p in sheet.penalties_for(article.key) if p.number is None]
    return AtTournament(sheet.tournament, sheet, rules, penalties)


def _link_departures(rules, departs_from):
    """Give each rule the article it says it departs from (one query for all)."""
    keys = {departs_from[r.number] for r in rules if departs_from.get(r.number)}
    if not keys:
        return
    articles = Article.objects.published().filter(key__in=keys).only("key", "title", "number")
    by_key = {a.key: a for a in articles}
    for rule in rules:
        rule.departs_from = by_key.get(departs_from.get(rule.number))


def _changed_checks(article_key, options, results_under):
    """(check name, [option names]) for each of the article's checks that the options make
    rule differently; results are cached, as in the matrix."""
    if not options:
        return []
    changed = []
    for result in results_under(options):
        for _, here in runs_about(result, article_key):
            because = list(getattr(here, "because", []) or [])
            if because:
                changed.append((plain.situation(here), because))
    return changed
