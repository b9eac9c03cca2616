"""The house rules of one tournament that touch an article, for a reader who is at it.

A house rule touches an article if it says it departs from it (`departs_from`), or if it is
named as the cause of a difference in any of the article's scenario checks: run under the
tournament's published options, a check rules differently *because of* the option that
house rule sets. The article page shows these right under the ruling.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from articles.models import Article

from .comparison import display_name, tournament_results_many
from .matrix import _tagged_for
from .versions import latest_version, options_in


@dataclass
class TouchingRule:
    """A published house rule, as the sheet numbers it, and how it touches the article."""

    number: int
    text: str
    departs: bool = False  # it says it departs from this article
    changes: list[str] = field(default_factory=list)  # the checks it rules differently
    departs_from: object = None  # the article it says it departs from (this one or another)
    penalty_points: int | None = None  # a penalty of the tournament's schedule


@dataclass
class AtTournament:
    """What a reader at `tournament` reads under an article's ruling."""

    tournament: object
    version: object
    rules: list[TouchingRule]


def house_rules_touching(article, tournament) -> AtTournament | None:
    """The tournament's published house rules that touch the article, in sheet order.

    None if the tournament has no version in force. A tournament of another rule set never
    changes the article's checks (as in the matrix), though a rule could still depart from it.
    """
    version = latest_version(tournament)
    if version is None:
        return None
    entries = version.snapshot.get("house_rules", [])
    touching = {
        entry["number"]: TouchingRule(
            entry["number"],
            entry.get("text", ""),
            departs=True,
            penalty_points=entry.get("penalty_points"),
        )
        for entry in entries
        if entry.get("departs_from") == article.key
    }
    if tournament.ruleset_id == article.ruleset_id:
        by_option = {e["option"]: e for e in entries if e.get("option")}
        for name, options in _changed_checks(article, options_in(version.snapshot)):
            for option in options:
                entry = by_option.get(option)
                if entry is None:
                    continue
                rule = touching.setdefault(
                    entry["number"], TouchingRule(entry["number"], entry.get("text", ""))
                )
                if name not in rule.changes:
                    rule.changes.append(name)
    rules = [touching[n] for n in sorted(touching)]
    _link_departures(rules, {e["number"]: e.get("departs_from") for e in entries})
    return AtTournament(tournament, version, rules)


def _link_departures(rules, departs_from):
    """Give each rule the article it says it departs from (one query for all)."""
    keys = {departs_from[r.number] for r in rules if departs_from.get(r.number)}
    if not keys:
        return
    articles = Article.objects.published().filter(key__in=keys).only("key", "title", "number")
    by_key = {a.key: a for a in articles}
    for rule in rules:
        rule.departs_from = by_key.get(departs_from.get(rule.number))


def _changed_checks(article, options):
    """(check name, [option names]) for each of the article's checks that the options make
    rule differently; results are cached, as in the matrix."""
    if not options:
        return []
    scenarios = list(
        article.scenarios.for_readers().only("slug", "published_title", "published_text")
    )
    if not scenarios:
        return []
    results = tournament_results_many([s.text for s in scenarios], options)
    changed = []
    for result in results:
        for _, here in _tagged_for(result, article.key):
            because = list(getattr(here, "because", []) or [])
            if because:
                changed.append((display_name(here), because))
    return changed
