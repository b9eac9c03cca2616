"""How a tournament's house rules change the rulings: every scenario check, both ways.

Each check runs under League rules and under the tournament's options (`run_under`), so a
scenario written for League rules that rules differently there is *differs* and names the
options that cause it; here those options become the house rules on the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mahjong_rules.scenarios.runner import run_under

from mahjong_rules import plain
from rulings import card_sources, checks
from rulings.models import Scenario
from tournaments.models import Tournament

from .as_of import DateNote
from .versions import (
    Change,
    Sheet,
    SheetPenalty,
    SheetRule,
    VersionEntry,
    published_sheet,
    version_history,
    working_sheet,
)


def tournament_results(scenario_text: str, options: dict[str, bool]):
    """A text's FeatureResult under a tournament's options, cached like every other result."""
    return tournament_results_many([scenario_text], options)[0]


def tournament_results_many(texts: list[str], options: dict[str, bool]) -> list:
    """Several texts' results under a tournament's options, one cache round trip for all.

    Run with `run_under`, so a scenario written for League rules that rules differently here
    is `differs` (not failed) and names the options that cause it. The key is the checks'
    key (text, engine version, options) in its own namespace: results never go stale.
    """
    if not options:
        return checks.results_for_many(texts, {})
    keys = ["under:" + checks.result_key(text, options) for text in texts]
    # Public pages: only the public cards (a private card decides nothing shown to them).
    lookup = card_sources.public_lookup()
    return checks.cached_many(
        keys, lambda index: run_under(texts[index], "", dict(options), card_lookup=lookup)
    )


def runs_about(result, article_key) -> list[tuple[int, object]]:
    """(index, run) for the runs of a text that are about this article (all of them if none
    is tagged for it): what the article's page, its differences and its touching rules read."""
    runs = list(enumerate(result.scenarios))
    # The run's tag itself, not `run.articles` (a list made on each call): a page asks this
    # of every run of every check under every tournament.
    tag = f"@article:{article_key}"
    tagged = [(i, run) for i, run in runs if tag in run.tags]
    return tagged or runs


def display_name(result) -> str:
    """A scenario's name; an outline's run also says which Examples row it is."""
    values = getattr(result, "example_values", None) or {}
    if not values:
        return result.name
    row = ", ".join(f"{name}: {value}" for name, value in values.items())
    return f"{result.name} ({row})"


@dataclass
class StepChange:
    """One action the tournament rules decide differently from the League."""

    line: int
    text: str
    league: object  # StepResult under League rules
    tournament: object  # StepResult under the tournament's rules


@dataclass
class RulingComparison:
    """One scenario check, under League rules and under a tournament's house rules."""

    scenario: object  # the Scenario model
    name: str
    line: int
    league: object  # ScenarioResult
    tournament: object  # ScenarioResult
    house_rules: list[SheetRule] = field(default_factory=list)  # the rules that cause it
    # Causes that are the tournament's date, not a house rule (its League rules as of then).
    date_notes: list[DateNote] = field(default_factory=list)

    @property
    def differs(self) -> bool:
        return str(self.tournament.status) == "differs"

    @property
    def situation(self) -> str:
        """The check as a reader reads it (an outline row as its situation)."""
        return plain.situation(self.tournament)

    @property
    def because(self) -> list[str]:
        return list(getattr(self.tournament, "because", []) or [])

    @property
    def step_changes(self) -> list[StepChange]:
        """The actions whose verdict differs, League and tournament side by side."""
        changes = []
        for league, here in zip(self.league.steps, self.tournament.steps, strict=False):
            if league.verdict is None and here.verdict is None:
                continue
            if (league.verdict, league.rule) != (here.verdict, here.rule):
                changes.append(StepChange(here.line, here.text, league, here))
        return changes


def rulings_under(sheet: Sheet | None, scenarios=None) -> list[RulingComparison]:
    """Every scenario check under League rules and under the sheet's options, differs first.

    Query count is fixed: one query for the scenarios; every result comes from the cache.
    """
    if sheet is None:
        return []
    if scenarios is None:
        # Only the tournament's own rule set: Matjok checks say nothing about NMJL options.
        scenarios = (
            Scenario.objects.filter(articles__ruleset_id=sheet.tournament.ruleset_id)
            .distinct()
            .reader_rows()
        )
    scenarios = list(scenarios)
    texts = [s.text for s in scenarios]
    league_results = checks.results_for_many(texts, {})
    # Under the League rules as of its date, its house rules on top.
    results = tournament_results_many(texts, sheet.checked_options)
    notes = {note.option: note for note in sheet.date_notes}
    comparisons = []
    for scenario, league, here in zip(scenarios, league_results, results, strict=True):
        for league_scenario, tournament_scenario in zip(
            league.scenarios, here.scenarios, strict=False
        ):
            comparison = RulingComparison(
                scenario,
                display_name(tournament_scenario),
                tournament_scenario.line,
                league_scenario,
                tournament_scenario,
            )
            comparison.house_rules = sheet.rules_for_options(comparison.because)
            comparison.date_notes = [notes[n] for n in comparison.because if n in notes]
            comparisons.append(comparison)
    # Differences first (what a player must learn), then in the scenarios' own order.
    comparisons.sort(key=lambda c: not c.differs)
    return comparisons


@dataclass
class TournamentPage:
    """Everything the tournament page, its print sheet and its JSON show."""

    tournament: Tournament
    sheet: Sheet | None
    changes: list[Change]  # since the previous version
    rulings: list[RulingComparison]
    history: list[VersionEntry] = field(default_factory=list)  # newest first
    previous_number: int | None = None  # the version in force before the one shown

    @property
    def differing(self) -> list[RulingComparison]:
        return [r for r in self.rulings if r.differs]

    @property
    def withdrawn(self) -> list[VersionEntry]:
        """Withdrawn versions, newest first: players must know a version no longer holds."""
        return [entry for entry in self.history if entry.version.is_withdrawn]


def tournament_page(tournament: Tournament) -> TournamentPage:
    """The sheet players read (the newest version in force; for a draft with none, the working
    copy) and its effect on the rulings."""
    history = version_history(tournament)
    in_force = [entry for entry in history if not entry.version.is_withdrawn]
    if in_force:
        sheet = published_sheet(tournament, in_force[0].version)
        changes = in_force[0].changes
        previous = in_force[1].version.number if len(in_force) > 1 else None
    else:
        sheet, changes, previous = working_sheet(tournament), [], None
    return TournamentPage(tournament, sheet, changes, rulings_under(sheet), history, previous)


def person(user) -> str | None:
    """Who did something, as the site names people (None when no one was logged in)."""
    if user is None:
        return None
    return user.get_full_name() or user.get_username()


def withdrawal_json(version) -> dict | None:
    if not version.is_withdrawn:
        return None
    return {
        "withdrawn_at": version.withdrawn_at.isoformat(),
        "withdrawn_by": person(version.withdrawn_by),
        "reason": version.withdrawal_reason,
    }


def _step_json(step) -> dict:
    return {
        "verdict": step.verdict,
        "rule": step.rule,
        "article": step.article,
        "reason": step.reason,
    }


def _because_json(ruling: RulingComparison, name: str) -> dict:
    """One cause of a difference: the house rules that set the option, or, when none does,
    the tournament's date and the source that changed the League's ruling since."""
    entry = {
        "option": name,
        "house_rules": [h.number for h in ruling.house_rules if h.option == name],
    }
    for note in ruling.date_notes:
        if note.option == name:
            entry.update(note.as_json())
    return entry


def page_as_json(page: TournamentPage, absolute=lambda url: url) -> dict:
    """The same content as the page, as plain data (dates in ISO form)."""
    tournament, sheet = page.tournament, page.sheet

    def rule_json(rule: SheetRule) -> dict:
        article = None
        if rule.departs_from:
            article = {"key": rule.departs_from}
            if rule.article is not None:
                article["title"] = rule.article.title
                article["url"] = absolute(rule.article.get_absolute_url())
        return {
            "number": rule.number,
            "option": rule.option or None,
            "value": rule.reading or None,  # the reading it chooses, by name
            "on": rule.is_on,
            "text": rule.text,
            "departs_from": article,
        }

    def penalty_json(penalty: SheetPenalty) -> dict:
        article = None
        if penalty.departs_from:
            article = {"key": penalty.departs_from}
            if penalty.article is not None:
                article["title"] = penalty.article.title
                article["url"] = absolute(penalty.article.get_absolute_url())
        return {
            "name": penalty.name,
            "text": penalty.text,
            "points": penalty.points,
            "second_offence": penalty.points_for(2),
            "third_offence": penalty.points_for(3),
            "upgrade_path": penalty.upgrade_path,
            "applies_to": article,
            "ruling": penalty.ruling,
            "house_rule": penalty.number,
        }

    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "url": absolute(tournament.get_absolute_url()),
        "status": tournament.status,
        "starts_on": tournament.starts_on.isoformat() if tournament.starts_on else None,
        "ends_on": tournament.ends_on.isoformat() if tournament.ends_on else None,
        "place": tournament.place,
        "ruleset": tournament.ruleset.key,
        "league_rules_as_of": sheet.rules_as_of.isoformat() if sheet.rules_as_of else None,
        "date_notes": [{"option": n.option, **n.as_json()} for n in sheet.date_notes],
        "base_rules": sheet.base_rules,
        "version": sheet.number,
        "published_on": sheet.published_on.isoformat() if sheet.published_on else None,
        "options": sheet.options,
        "house_rules": [rule_json(rule) for rule in sheet.rules_but_penalties],
        "penalties": [penalty_json(penalty) for penalty in sheet.penalties],
        "previous_version": page.previous_number,
        "withdrawn_versions": [
            {"number": entry.version.number, **withdrawal_json(entry.version)}
            for entry in page.withdrawn
        ],
        "changes_since_previous_version": [
            {"change": c.kind, "summary": c.summary, "before": c.before, "after": c.after}
            for c in page.changes
        ],
        "versions": [
            {
                "number": entry.version.number,
                "published_on": entry.version.published_on.isoformat(),
                "changes": [c.summary for c in entry.changes],
                "withdrawn": withdrawal_json(entry.version),
            }
            for entry in page.history
        ],
        "rulings": [
            {
                "scenario": r.scenario.title,
                "scenario_url": absolute(r.scenario.get_absolute_url()),
                "name": r.name,
                "line": r.line,
                "league": str(r.league.status),
                "tournament": str(r.tournament.status),
                "because": [_because_json(r, name) for name in r.because],
                "changed_steps": [
                    {
                        "line": s.line,
                        "text": s.text,
                        "league": _step_json(s.league),
                        "tournament": _step_json(s.tournament),
                    }
                    for s in r.step_changes
                ],
            }
            for r in page.rulings
        ],
    }
