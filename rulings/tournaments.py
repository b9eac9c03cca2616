"""Tournaments and their house rules: who may see and edit them, publishing, what changed.

A tournament director edits a working copy of the house rules; publishing freezes it as a
numbered, dated version (`PublishedVersion`), which is what players read, print and what the
scenario checks run under. Comparing two versions says what changed between them.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from datetime import date

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from articles.models import Article
from articles.permissions import TOURNAMENT_DIRECTORS, is_tournament_director

from .models import HouseRule, PublishedVersion, Tournament

TD_GROUP = TOURNAMENT_DIRECTORS


# --- Who may do what -------------------------------------------------------------------------


def is_director_of(user, tournament) -> bool:
    """One of this tournament's directors (whether or not still in the TD group)."""
    if not user.is_authenticated:
        return False
    return tournament.directors.filter(pk=user.pk).exists()


def can_view(user, tournament) -> bool:
    """Published tournaments are public; a draft only for its directors and staff."""
    if tournament.is_published:
        return True
    return bool(user.is_authenticated and (user.is_staff or is_director_of(user, tournament)))


def can_edit(user, tournament) -> bool:
    """A director of this tournament who is in the TD group, or staff."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return is_tournament_director(user) and is_director_of(user, tournament)


def can_create(user) -> bool:
    """Any tournament director (or staff) may start a tournament; they become its director."""
    if not user.is_authenticated:
        return False
    return user.is_staff or is_tournament_director(user)


# --- Snapshots: the house rules as a player reads them ----------------------------------------


def rule_entry(rule: HouseRule, number: int) -> dict:
    return {
        "number": number,
        "option": rule.option,
        "value": rule.value if rule.option else None,
        "text": rule.text,
        "departs_from": rule.departs_from.key if rule.departs_from_id else None,
    }


def snapshot_of(tournament: Tournament) -> dict:
    """The working copy as plain data, in the form a published version keeps."""
    rules = tournament.house_rules.select_related("departs_from").order_by("position", "pk")
    return {
        "base_rules": tournament.base_rules,
        "house_rules": [rule_entry(rule, number) for number, rule in enumerate(rules, start=1)],
    }


def options_in(snapshot: dict | None) -> dict[str, bool]:
    """The rule options a snapshot sets: {option name: value}; plain-text rules set none."""
    if not snapshot:
        return {}
    return {
        entry["option"]: bool(entry["value"])
        for entry in snapshot.get("house_rules", [])
        if entry.get("option") and entry.get("value") is not None
    }


def latest_version(tournament: Tournament) -> PublishedVersion | None:
    return tournament.versions.order_by("-number").first()


def options_for(tournament: Tournament) -> dict[str, bool]:
    """The rule options the tournament sets, as {name: value} (only those it sets).

    For a published tournament these are the options of its latest published version, which
    is what players read; a tournament never published (a draft) gives its working copy, so a
    director can see what a draft would change. Merge with the engine's defaults for a full
    set; a scenario's own `Given the house rule …` steps still take precedence.
    """
    version = latest_version(tournament)
    if version is not None:
        return options_in(version.snapshot)
    return options_in(snapshot_of(tournament))


# --- Sheets: a snapshot with its articles, ready for a page or JSON ---------------------------


@dataclass
class SheetRule:
    number: int
    option: str
    value: bool | None
    text: str
    departs_from: str | None  # the article key
    article: Article | None = None

    @property
    def setting(self) -> str:
        """ "touched-tile-is-taken: on", or "" for a plain-text rule."""
        if not self.option:
            return ""
        return f"{self.option}: {'on' if self.value else 'off'}"


@dataclass
class Sheet:
    """A tournament's house rules as one version (or the unpublished working copy) has them."""

    tournament: Tournament
    base_rules: str
    rules: list[SheetRule]
    number: int | None = None  # None for the working copy
    published_on: date | None = None

    @property
    def options(self) -> dict[str, bool]:
        return {r.option: bool(r.value) for r in self.rules if r.option and r.value is not None}

    def rules_for_options(self, names) -> list[SheetRule]:
        """The house rules that set these options (to name the cause of a difference)."""
        names = set(names)
        return [rule for rule in self.rules if rule.option in names]


def sheet_from_snapshot(tournament, snapshot, *, number=None, published_on=None) -> Sheet:
    entries = snapshot.get("house_rules", [])
    keys = {e["departs_from"] for e in entries if e.get("departs_from")}
    articles = Article.objects.in_bulk(keys, field_name="key") if keys else {}
    rules = [
        SheetRule(
            number=e.get("number", index),
            option=e.get("option") or "",
            value=e.get("value"),
            text=e.get("text", ""),
            departs_from=e.get("departs_from"),
            article=articles.get(e.get("departs_from")),
        )
        for index, e in enumerate(entries, start=1)
    ]
    return Sheet(tournament, snapshot.get("base_rules", ""), rules, number, published_on)


def published_sheet(tournament, version: PublishedVersion | None = None) -> Sheet | None:
    version = version or latest_version(tournament)
    if version is None:
        return None
    return sheet_from_snapshot(
        tournament, version.snapshot, number=version.number, published_on=version.published_on
    )


def working_sheet(tournament) -> Sheet:
    return sheet_from_snapshot(tournament, snapshot_of(tournament))


# --- What changed between two versions -------------------------------------------------------


@dataclass
class Change:
    """One difference between two versions of the house rules."""

    kind: str  # "added", "removed", "changed", "base rules"
    before: dict | None = None  # a snapshot entry (or {"text": base rules})
    after: dict | None = None

    @property
    def summary(self) -> str:
        if self.kind == "base rules":
            return "The base rules changed."
        if self.kind == "added":
            return f"House rule {self.after['number']} added."
        if self.kind == "removed":
            return f"House rule {self.before['number']} (as it was) removed."
        if self.before["number"] == self.after["number"]:
            return f"House rule {self.after['number']} changed."
        return f"House rule {self.before['number']} changed (now number {self.after['number']})."


def _content(entry: dict) -> tuple:
    # Numbering is not content: removing rule 1 must not report every later rule as changed.
    return (entry.get("option"), entry.get("value"), entry.get("text"), entry.get("departs_from"))


def changes_between(before: dict | None, after: dict) -> list[Change]:
    """What a player must know changed from one version to the next, in sheet order."""
    before = before or {"base_rules": "", "house_rules": []}
    changes = []
    if before.get("base_rules", "") != after.get("base_rules", ""):
        changes.append(
            Change(
                "base rules",
                {"text": before.get("base_rules", "")},
                {"text": after.get("base_rules", "")},
            )
        )
    old, new = before.get("house_rules", []), after.get("house_rules", [])
    matcher = difflib.SequenceMatcher(
        a=[_content(e) for e in old], b=[_content(e) for e in new], autojunk=False
    )
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        olds, news = old[i1:i2], new[j1:j2]
        # A replaced run pairs up as edits; whatever is left over was added or removed.
        for a, b in zip(olds, news, strict=False):
            changes.append(Change("changed", a, b))
        changes.extend(Change("removed", a, None) for a in olds[len(news) :])
        changes.extend(Change("added", None, b) for b in news[len(olds) :])
    return changes


def unpublished_changes(tournament) -> list[Change]:
    """How the working copy differs from the latest published version (all of it if none)."""
    version = latest_version(tournament)
    return changes_between(version.snapshot if version else None, snapshot_of(tournament))


def changes_in(version: PublishedVersion) -> list[Change]:
    """What this version changed since the one before it (everything, for version 1)."""
    previous = (
        version.tournament.versions.filter(number__lt=version.number).order_by("-number").first()
    )
    return changes_between(previous.snapshot if previous else None, version.snapshot)


class NothingToPublish(Exception):
    """The working copy is the latest published version: a new number would mean nothing."""


def publish(tournament, user=None, on: date | None = None) -> PublishedVersion:
    """Freeze the working copy as the next version and make the tournament public.

    Raises NothingToPublish when nothing changed since the latest version (a published
    tournament only; a draft with no version is always publishable).
    """
    with transaction.atomic():
        # Lock the tournament row so two directors publishing at once get two numbers.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        snapshot = snapshot_of(tournament)
        previous = latest_version(tournament)
        if previous is not None and previous.snapshot == snapshot:
            if tournament.is_published:
                raise NothingToPublish(
                    f"Nothing has changed since version {previous.number}; "
                    "there is nothing to publish."
                )
            # A draft whose rules are already a version: make it public under that number.
            tournament.status = Tournament.Status.PUBLISHED
            tournament.save()
            return previous
        version = PublishedVersion.objects.create(
            tournament=tournament,
            number=(previous.number + 1) if previous else 1,
            published_on=on or timezone.localdate(),
            published_by=user if user is not None and user.is_authenticated else None,
            snapshot=snapshot,
        )
        if not tournament.is_published:
            tournament.status = Tournament.Status.PUBLISHED
            tournament.save()
    return version


@dataclass
class VersionEntry:
    """One published version with what it changed since the one before."""

    version: PublishedVersion
    changes: list[Change]


def version_history(tournament) -> list[VersionEntry]:
    """Every published version, newest first, each with its changes (one query)."""
    entries, previous = [], None
    for version in tournament.versions.order_by("number"):
        before = previous.snapshot if previous else None
        entries.append(VersionEntry(version, changes_between(before, version.snapshot)))
        previous = version
    return list(reversed(entries))


# --- How the house rules change the rulings ---------------------------------------------------


def tournament_results(scenario_text: str, options: dict[str, bool]):
    """A text's FeatureResult under a tournament's options, cached like every other result.

    Run with `run_under`, so a scenario written for League rules that rules differently here
    is `differs` (not failed) and names the options that cause it. The key is the checks'
    key (text, engine version, options) in its own namespace: results never go stale.
    """
    from rulings import checks

    if not options:
        return checks.results_for(scenario_text, {})
    key = "under:" + checks.result_key(scenario_text, options)
    result = cache.get(key)
    if result is None:
        from rulings.scenarios.runner import run_under

        result = run_under(scenario_text, "", dict(options))
        cache.set(key, result, checks.RESULT_TIMEOUT)
    return result


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

    @property
    def differs(self) -> bool:
        return str(self.tournament.status) == "differs"

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
    from rulings.models import Scenario

    if sheet is None:
        return []
    if scenarios is None:
        # Only the tournament's own rule set: Matjok checks say nothing about NMJL options.
        scenarios = (
            Scenario.objects.filter(articles__ruleset_id=sheet.tournament.ruleset_id)
            .distinct()
            .only("slug", "title", "text")
        )
    scenarios = list(scenarios)
    options = sheet.options
    from rulings import checks

    league_results = checks.results_for_many([s.text for s in scenarios], {})
    comparisons = []
    for scenario, league in zip(scenarios, league_results, strict=True):
        here = tournament_results(scenario.text, options)
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

    @property
    def differing(self) -> list[RulingComparison]:
        return [r for r in self.rulings if r.differs]


def tournament_page(tournament: Tournament) -> TournamentPage:
    """The published sheet (or, for a draft never published, the working copy) and its effect."""
    history = version_history(tournament)
    if history:
        latest = history[0]
        sheet = published_sheet(tournament, latest.version)
        changes = latest.changes
    else:
        sheet, changes = working_sheet(tournament), []
    return TournamentPage(tournament, sheet, changes, rulings_under(sheet), history)


def _step_json(step) -> dict:
    return {
        "verdict": step.verdict,
        "rule": step.rule,
        "article": step.article,
        "reason": step.reason,
    }


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
            "value": rule.value if rule.option else None,
            "text": rule.text,
            "departs_from": article,
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
        "base_rules": sheet.base_rules,
        "version": sheet.number,
        "published_on": sheet.published_on.isoformat() if sheet.published_on else None,
        "options": sheet.options,
        "house_rules": [rule_json(rule) for rule in sheet.rules],
        "changes_since_previous_version": [
            {"change": c.kind, "summary": c.summary, "before": c.before, "after": c.after}
            for c in page.changes
        ],
        "versions": [
            {
                "number": entry.version.number,
                "published_on": entry.version.published_on.isoformat(),
                "changes": [c.summary for c in entry.changes],
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
                "because": [
                    {
                        "option": name,
                        "house_rules": [h.number for h in r.house_rules if h.option == name],
                    }
                    for name in r.because
                ],
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


# --- The article page's matrix: its scenarios against League rules and each tournament --------

STATUS_LABELS = {
    "passed": "passes",
    "failed": "fails",
    "differs": "differs",
    "undefined": "undefined step",
    "skipped": "skipped",
    "parse error": "does not parse",
}


def status_label(status) -> str:
    """A word for a status, so the matrix never says anything by colour alone."""
    return STATUS_LABELS.get(str(status), str(status))


@dataclass
class MatrixCell:
    status: str
    because: list[str] = field(default_factory=list)  # option names
    house_rules: list[int] = field(default_factory=list)  # their numbers on the sheet

    @property
    def label(self) -> str:
        return status_label(self.status)


@dataclass
class MatrixRow:
    scenario: object
    name: str
    line: int
    cells: list[MatrixCell]


@dataclass
class Matrix:
    tournaments: list[Tournament]
    rows: list[MatrixRow]


def _tagged_for(feature, article_key):
    """The scenarios of a text that are about this article (all, if none is tagged for it)."""
    indexed = list(enumerate(feature.scenarios))
    tagged = [(i, s) for i, s in indexed if article_key in s.articles]
    return tagged or indexed


def matrix_for_article(article) -> Matrix | None:
    """The article's scenarios against League rules and each published tournament.

    Two queries whatever the numbers: the published tournaments with their latest version's
    options (one annotated query), and the article's scenarios; every result is cached.
    None when there is nothing to compare (no scenario, or no published tournament).
    """
    tournaments = list(
        Tournament.objects.published()
        .with_published_rules()
        .filter(published_number__isnull=False)
        .order_by("starts_on", "name")
    )
    if not tournaments:
        return None
    scenarios = list(article.scenarios.only("slug", "title", "text"))
    if not scenarios:
        return None
    from rulings import checks

    league_results = checks.results_for_many([s.text for s in scenarios], {})
    rows = []
    for scenario, league in zip(scenarios, league_results, strict=True):
        per_tournament = []
        for tournament in tournaments:
            snapshot = _snapshot_value(tournament.published_snapshot)
            options = options_in(snapshot)
            numbers = {
                e["option"]: e["number"] for e in snapshot.get("house_rules", []) if e.get("option")
            }
            per_tournament.append((tournament_results(scenario.text, options), numbers))
        for index, league_scenario in _tagged_for(league, article.key):
            cells = [MatrixCell(str(league_scenario.status))]
            for result, numbers in per_tournament:
                here = result.scenarios[index] if index < len(result.scenarios) else None
                if here is None:
                    cells.append(MatrixCell(str(league_scenario.status)))
                    continue
                because = list(getattr(here, "because", []) or [])
                cells.append(
                    MatrixCell(
                        str(here.status), because, [numbers[n] for n in because if n in numbers]
                    )
                )
            rows.append(
                MatrixRow(scenario, display_name(league_scenario), league_scenario.line, cells)
            )
    return Matrix(tournaments, rows)


def _snapshot_value(value) -> dict:
    # A JSON subquery comes back decoded on PostgreSQL but may arrive as text elsewhere.
    if isinstance(value, str):
        import json

        return json.loads(value)
    return value or {}
