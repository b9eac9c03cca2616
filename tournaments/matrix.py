"""The grid of scenario checks against League rules and each published tournament (on each
scenario's page), and the house rules that depart from an article (on the article page).

Cells speak a reader's words: the check's ruling ("Allowed", "Not allowed") and, where a
tournament rules differently, the house rule that causes it; the engine's status word is
kept for authors and JSON (`MatrixCell.status`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from mahjong_rules import plain
from rulings import checks, option_words, reader_words
from tournaments.models import Tournament

from .comparison import runs_about, tournament_results_many
from .option_values import stored_value
from .versions import published_sheets

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
    ruling: str = ""  # "allowed" / "refused": the verdict of the check's last action
    column: str = ""  # "League rules" or the tournament's name (a phone's card labels it)
    as_of: str = ""  # "League rules as of 1 June 2024" when its date, not a house rule, causes it

    @property
    def differs(self) -> bool:
        return self.status == "differs"

    @property
    def label(self) -> str:
        """ "Allowed", "Not allowed", or the check's state when it judges no action."""
        return reader_words.verdict_word(self.ruling) or reader_words.state_word(self.status)

    @property
    def engine_label(self) -> str:
        """The engine's word, for authors."""
        return status_label(self.status)

    @property
    def css_class(self) -> str:
        return "status-" + self.status.replace(" ", "-")

    @property
    def cause(self) -> str:
        """ "house rule 2" (its number on the sheet), or the option's title if it has none."""
        if not self.because:
            return ""
        causes = [_("house rule %(number)s") % {"number": n} for n in self.house_rules]
        if self.as_of:
            causes.append(self.as_of)
        if causes:
            return ", ".join(causes)
        return ", ".join(f"“{option_words.title(name)}”" for name in self.because)


@dataclass
class MatrixRow:
    scenario: object
    name: str  # its situation, in a reader's words
    line: int
    cells: list[MatrixCell]

    @property
    def differs(self) -> bool:
        return any(cell.differs for cell in self.cells)


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

    @property
    def differs(self) -> bool:
        return any(row.differs for row in self.rows)


def published_rules(ruleset_id=None) -> list[tuple[Tournament, dict[str, bool], dict[str, int]]]:
    """Each published tournament (of one rule set, if given) with the options its checks run
    under and, per option, the number of the house rule that sets it; one query."""
    return [
        (sheet.tournament, sheet.checked_options, sheet.numbers_by_option)
        for sheet in published_sheets(ruleset_id)
    ]


def departures_from(article_key, sheets) -> list[Departure]:
    """Every published house rule, option-valued or plain text, that departs from the article."""
    return [
        Departure(sheet.tournament, rule.number, rule.text, rule.option, rule.value)
        for sheet in sheets
        for rule in sheet.departing_from(article_key)
    ]


def _ruling(result) -> str:
    step = plain.ruling_step(result)
    return step.verdict if step is not None else ""


def _rows(scenarios, sheets, article_key=None, league_results=None, results_under=None):
    """One row per check (each scenario, each outline row) of these scenarios (only those
    about `article_key`, if given): its ruling under League rules and under each of the
    published `sheets`. Every result comes from the cache (or from `league_results` and
    `results_under(options)`, when the page has them already)."""
    texts = [s.text for s in scenarios]
    if league_results is None:
        league_results = checks.results_for_many(texts, {})
    if results_under is None:
        results_under = lambda options: tournament_results_many(texts, options)  # noqa: E731
    # One column per tournament, each read from the cache in one round trip.
    columns = [
        (results_under(sheet.checked_options), sheet.numbers_by_option, sheet.as_of_words)
        for sheet in sheets
    ]
    names = [sheet.tournament.name for sheet in sheets]
    rows = []
    for position, (scenario, league) in enumerate(zip(scenarios, league_results, strict=True)):
        per_tournament = [(results[position], numbers, day) for results, numbers, day in columns]
        runs = runs_about(league, article_key) if article_key else enumerate(league.scenarios)
        for index, league_scenario in runs:
            ruling = _ruling(league_scenario)
            cells = [
                MatrixCell(
                    str(league_scenario.status), ruling=ruling, column=str(_("League rules"))
                )
            ]
            for name, (result, numbers, day) in zip(names, per_tournament, strict=True):
                here = result.scenarios[index] if index < len(result.scenarios) else None
                if here is None:
                    cells.append(MatrixCell(cells[0].status, ruling=ruling, column=name))
                    continue
                because = list(getattr(here, "because", []) or [])
                # A cause no house rule sets comes from the tournament's date.
                dated = any(n not in numbers for n in because)
                cells.append(
                    MatrixCell(
                        str(here.status),
                        because,
                        [numbers[n] for n in because if n in numbers],
                        _ruling(here),
                        name,
                        as_of=day if dated else "",
                    )
                )
            rows.append(
                MatrixRow(scenario, plain.situation(league_scenario), league_scenario.line, cells)
            )
    return rows


def matrix_for_article(article) -> Matrix | None:
    """The article's scenarios against League rules and each published tournament of the
    article's rule set (a Matjok article is never ruled by an NMJL tournament's house rules),
    with the house rules that depart from the article.

    Two queries whatever the numbers: the published tournaments with their latest version's
    snapshot (one annotated query), and the article's scenarios; every result is cached.
    None when there is nothing to show (no published tournament of the rule set, or neither
    a scenario nor a house rule departing from the article).
    """
    sheets = published_sheets(article.ruleset_id)
    if not sheets:
        return None
    return matrix_of(article.key, sheets, list(article.scenarios.reader_rows()))


def matrix_of(article_key, sheets, scenarios, league_results=None, results_under=None):
    """The article's grid from what its page has already read (see `matrix_for_article`)."""
    departures = departures_from(article_key, sheets)
    if not scenarios:
        return Matrix([], [], departures) if departures else None
    rows = _rows(scenarios, sheets, article_key, league_results, results_under)
    return Matrix([sheet.tournament for sheet in sheets], rows, departures)


def matrix_for_scenario(scenario, ruleset_ids) -> Matrix | None:
    """One scenario's checks against League rules and each published tournament of the rule
    sets it is about (`ruleset_ids`, from its articles); one query, then the cache. None
    when no published tournament plays those rule sets."""
    ruleset_ids = set(ruleset_ids)
    sheets = [s for s in published_sheets() if s.tournament.ruleset_id in ruleset_ids]
    if not sheets:
        return None
    return Matrix([sheet.tournament for sheet in sheets], _rows([scenario], sheets))
