"""The article page's matrix: its scenario checks against League rules and each tournament."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings import checks
from tournaments.models import Tournament

from . import as_of
from .comparison import display_name, tournament_results_many
from .option_values import stored_value
from .versions import as_snapshot, options_in, rules_date_in

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
    as_of: str = ""  # "League rules as of 1 June 2024" when its date, not a house rule, causes it

    @property
    def label(self) -> str:
        return status_label(self.status)

    @property
    def css_class(self) -> str:
        return "status-" + self.status.replace(" ", "-")

    @property
    def cause(self) -> str:
        """ "house rule 2" (its number on the sheet), or the option's name if it has none."""
        if not self.because:
            return ""
        causes = [f"house rule {number}" for number in self.house_rules]
        if self.as_of:
            causes.append(self.as_of)
        return ", ".join(causes) if causes else ", ".join(self.because)


@dataclass
class MatrixRow:
    scenario: object
    name: str
    line: int
    cells: list[MatrixCell]


@dataclass
class Departure:
    """A published house rule that departs from the article: "At <tournament>: house rule 2"."""

    tournament: Tournament
    number: int
    text: str
    option: str = ""
    value: str | bool | None = None  # a reading's name (a version published before: on/off)

    @property
    def reading(self) -> str:
        return stored_value(self.option, self.value) if self.option else ""


@dataclass
class Matrix:
    tournaments: list[Tournament]
    rows: list[MatrixRow]
    departures: list[Departure] = field(default_factory=list)


def _tagged_for(feature, article_key):
    """The scenarios of a text that are about this article (all, if none is tagged for it)."""
    indexed = list(enumerate(feature.scenarios))
    tagged = [(i, s) for i, s in indexed if article_key in s.articles]
    return tagged or indexed


def _published(ruleset_id=None):
    """(tournament, snapshot) for each published tournament (of one rule set, if given), in one
    query however many tournaments there are."""
    tournaments = (
        Tournament.objects.published()
        .with_published_rules()
        .filter(published_number__isnull=False)
        .select_related("ruleset")
        .order_by("starts_on", "name")
    )
    if ruleset_id is not None:
        tournaments = tournaments.filter(ruleset_id=ruleset_id)
    return [(t, as_snapshot(t.published_snapshot)) for t in tournaments]


def _rules_of(tournament, snapshot) -> tuple[dict[str, bool], dict[str, int]]:
    """The options its checks run under (the League rules as of its date, its house rules on
    top) and, per option a house rule sets, that rule's number."""
    numbers = {e["option"]: e["number"] for e in snapshot.get("house_rules", []) if e.get("option")}
    day = rules_date_in(snapshot, tournament)
    return as_of.with_house_rules(tournament.ruleset.key, day, options_in(snapshot)), numbers


def _as_of_words(tournament, snapshot) -> str:
    day = rules_date_in(snapshot, tournament)
    return f"League rules as of {day:%-d %B %Y}" if day else ""


def published_rules(ruleset_id=None) -> list[tuple[Tournament, dict[str, bool], dict[str, int]]]:
    """Each published tournament (of one rule set, if given) with the options its checks run
    under and, per option, the number of the house rule that sets it; one query."""
    return [(t, *_rules_of(t, snapshot)) for t, snapshot in _published(ruleset_id)]


def departures_from(article_key, published) -> list[Departure]:
    """Every published house rule, option-valued or plain text, that departs from the article."""
    return [
        Departure(
            tournament,
            entry.get("number"),
            entry.get("text", ""),
            entry.get("option") or "",
            entry.get("value"),
        )
        for tournament, snapshot in published
        for entry in snapshot.get("house_rules", [])
        if entry.get("departs_from") == article_key
    ]


def matrix_for_article(article) -> Matrix | None:
    """The article's scenarios against League rules and each published tournament of the
    article's rule set (a Matjok article is never ruled by an NMJL tournament's house rules),
    with the house rules that depart from the article.

    Two queries whatever the numbers: the published tournaments with their latest version's
    snapshot (one annotated query), and the article's scenarios; every result is cached.
    None when there is nothing to show (no published tournament of the rule set, or neither
    a scenario nor a house rule departing from the article).
    """
    snapshots = _published(article.ruleset_id)
    if not snapshots:
        return None
    published = [(t, *_rules_of(t, snapshot)) for t, snapshot in snapshots]
    dates = [_as_of_words(t, snapshot) for t, snapshot in snapshots]
    departures = departures_from(article.key, snapshots)
    scenarios = list(
        article.scenarios.for_readers().only("slug", "published_title", "published_text")
    )
    if not scenarios:
        return Matrix([], [], departures) if departures else None
    texts = [s.text for s in scenarios]
    league_results = checks.results_for_many(texts, {})
    # One column per tournament, each read from the cache in one round trip.
    columns = [
        (tournament_results_many(texts, options), numbers, day)
        for (_, options, numbers), day in zip(published, dates, strict=True)
    ]
    rows = []
    for position, (scenario, league) in enumerate(zip(scenarios, league_results, strict=True)):
        per_tournament = [(results[position], numbers, day) for results, numbers, day in columns]
        for index, league_scenario in _tagged_for(league, article.key):
            cells = [MatrixCell(str(league_scenario.status))]
            for result, numbers, day in per_tournament:
                here = result.scenarios[index] if index < len(result.scenarios) else None
                if here is None:
                    cells.append(MatrixCell(str(league_scenario.status)))
                    continue
                because = list(getattr(here, "because", []) or [])
                dated = any(n not in numbers for n in because)
                cells.append(
                    MatrixCell(
                        str(here.status),
                        because,
                        [numbers[n] for n in because if n in numbers],
                        day if dated else "",
                    )
                )
            rows.append(
                MatrixRow(scenario, display_name(league_scenario), league_scenario.line, cells)
            )
    return Matrix([tournament for tournament, _, _ in published], rows, departures)
