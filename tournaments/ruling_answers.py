"""A ruling answered under a tournament's house rules: what a TD at that tournament reads
first, before the League's answer.

A published tournament answers a ruling otherwise than the League in one of two ways:

- **checked**: one of the ruling's checks (`ruling.checks.all()`), run under the tournament's
  options as of its rules date, rules differently (`differs`) because of an option a house
  rule sets; the answer is that check's verdict there, and the house rule is the reason;
- **linked**: a house rule the engine cannot check (text only) names the ruling it answers and
  the verdict it gives there (`HouseRule.ruling`, `ruling_verdict`, kept in the snapshot).

A checked answer comes first; the penalty schedule's line for the same ruling gives the
penalty, with what a repeat costs (in a version published before the schedule: a house rule
with points, the deciding rule's own or one linked to the ruling). Read at once for all of
an article's rulings:

    answers_for_page(page)  # {ruling slug: TournamentAnswer} for the reader's tournament

One query for the rulings' checks, none for the sheet (the page's), and results from the
cache: the article's own checks' results are those the page already read under the
tournament's options; the others' (checks of other articles' scenarios) one more round trip.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from mahjong_rules.scenarios.verdicts import VERDICT_OF_PHRASE, checks_of

from articles.models import Ruling
from mahjong_rules import plain
from rulings import article_page
from rulings.models import RulingCheck
from rulings.reader_words import ruling_verdict_words

from . import article_view
from .comparison import tournament_results_many
from .versions import Sheet, SheetRule, published_sheet

# How an answer's line starts, for each verdict a ruling can have.
OPENING = {
    "allowed": gettext_lazy("Yes."),
    "not_allowed": gettext_lazy("No."),
    "dead": gettext_lazy("The hand is dead."),
    "none": gettext_lazy("Not as under League rules."),
}
# An engine action's verdict as a ruling's verdict.
ACTION_VERDICT = {"allowed": "allowed", "refused": "not_allowed"}


@dataclass(frozen=True)
class TournamentAnswer:
    """One ruling as a tournament's house rules answer it, with the League's answer after."""

    tournament: object  # the Tournament
    sheet_rule_number: int  # the house rule that decides, as its sheet numbers it
    verdict: str  # "allowed", "not_allowed", "dead" or "none"
    line: str  # "At Harbour Lights Mah Jongg Open 2027: No. A touched tile is a taken tile
    #            (house rule 1)"
    reason: str  # the house rule's first sentence
    penalty_points: int | None  # the points it costs, where the tournament states them
    league_answer: str  # the ruling's own answer, "Yes, until she discards."
    penalty_path: tuple[str, ...] = ()  # what a repeat costs: ("second offence: 50 points",)

    # How the wiki's pages draw it: they include the template the answer names, knowing
    # nothing of this app (as a hook's Section names its template).
    template = "tournaments/_ruling_answer.html"

    @property
    def verdict_words(self) -> str:
        """ "Allowed", "Not allowed", "The hand is dead" (empty for none)."""
        return ruling_verdict_words(self.verdict)

    @property
    def league_line(self) -> str:
        return _("League rules: %(answer)s") % {"answer": self.league_answer}

    def as_json(self) -> dict:
        return {
            "tournament": self.tournament.slug,
            "tournament_name": self.tournament.name,
            "house_rule": self.sheet_rule_number,
            "verdict": self.verdict,
            "line": self.line,
            "reason": self.reason,
            "penalty_points": self.penalty_points,
            "penalty_path": list(self.penalty_path),
            "league_answer": self.league_answer,
        }


def answer_line(tournament, verdict: str, rule: SheetRule) -> str:
    """ "At <tournament>: No. A touched tile is a taken tile (house rule 1)"."""
    reason = plain.first_sentence(rule.text)
    return _("At %(tournament)s: %(opening)s %(reason)s (house rule %(number)s)") % {
        "tournament": tournament.name,
        "opening": OPENING[verdict],
        "reason": reason,
        "number": rule.number,
    }


def verdict_there(scenario) -> str:
    """What a check that differs under a tournament answers there: the verdict of the action
    its last `Then` judges (that is allowed / refused), or of its dead-hand check."""
    steps = scenario.own_steps
    thens = [i for i, step in enumerate(steps) if (step.keyword or "").strip() == "Then"]
    if not thens:
        return "none"
    last = steps[thens[-1]]
    kind = VERDICT_OF_PHRASE.get(last.phrase or "", "none")
    if kind == "dead":
        return "dead" if str(last.status) == "passed" else "none"
    if kind == "none":
        return "none"
    acted = [step for step in steps[: thens[-1]] if step.verdict]
    return ACTION_VERDICT.get(acted[-1].verdict, "none") if acted else "none"


def checked_answer(ruling, sheet: Sheet, found_checks) -> TournamentAnswer | None:
    """The answer of the first of the ruling's checks that the sheet's house rules make rule
    differently; `found_checks` are its checks' results under the sheet's options."""
    for here in found_checks:
        if here is None or str(here.status) != "differs":
            continue
        rules = sheet.rules_for_options(getattr(here, "because", []) or [])
        if not rules:
            continue  # the tournament's date decides, not a house rule
        verdict = verdict_there(here)
        if verdict == ruling.verdict:
            continue  # something else changes; the ruling's answer holds
        return _answer(ruling, sheet, rules[0], verdict)
    return None


def linked_answer(ruling, sheet: Sheet) -> TournamentAnswer | None:
    """The answer of a house rule its author linked to this ruling (not a penalty: a penalty
    gives points to an answer, it is not one)."""
    for rule in sheet.rules:
        if rule.ruling == ruling.slug and rule.ruling_verdict and rule.penalty_points is None:
            return _answer(ruling, sheet, rule, rule.ruling_verdict)
    return None


def _answer(ruling, sheet: Sheet, rule: SheetRule, verdict: str) -> TournamentAnswer:
    points, path = rule.penalty_points, ()
    penalty = sheet.penalty_for_ruling(ruling.slug) if points is None else None
    if penalty is not None:
        points, path = penalty.points, tuple(penalty.upgrade_path)
    return TournamentAnswer(
        sheet.tournament,
        rule.number,
        verdict,
        answer_line(sheet.tournament, verdict, rule),
        plain.first_sentence(rule.text),
        points,
        ruling.answer,
        path,
    )


def checks_by_ruling(rulings) -> dict[int, list]:
    """{ruling pk: its checks (RulingCheck, with the scenario's published text)}: one query."""
    by_ruling: dict[int, list] = {}
    links = (
        RulingCheck.objects.filter(ruling__in=rulings)
        .select_related("scenario")
        .only("ruling_id", "check_name", "row", "scenario__published_text")
        .order_by("position", "pk")  # no join to the rulings' own order
    )
    for link in links:
        by_ruling.setdefault(link.ruling_id, []).append(link)
    return by_ruling


def answers_on(
    rulings, sheet: Sheet | None, results_under, by_ruling: dict[int, list] | None = None
) -> dict[str, TournamentAnswer]:
    """{ruling slug: answer} for the rulings the sheet's house rules change.

    `results_under(texts)` gives those texts' results under the sheet's checked options (the
    caller's way: the page's, or one round trip). One query for the rulings' checks, none
    when the caller read them already (`by_ruling`, from `checks_by_ruling`)."""
    rulings = list(rulings)
    if sheet is None or not rulings:
        return {}
    # Another rule set's checks say nothing of this tournament's options (as in the matrix).
    checked = [r for r in rulings if r.article.ruleset_id == sheet.tournament.ruleset_id]
    if not (checked and sheet.checked_options):
        by_ruling = {}
    elif by_ruling is None:
        by_ruling = checks_by_ruling(checked)
    else:
        ours = {r.pk for r in checked}
        by_ruling = {pk: links for pk, links in by_ruling.items() if pk in ours}
    texts = list(
        dict.fromkeys(
            link.scenario.published_text
            for links in by_ruling.values()
            for link in links
            if link.scenario.published_text
        )
    )
    results = dict(zip(texts, results_under(texts), strict=True)) if texts else {}
    answers = {}
    for ruling in rulings:
        found = [
            checks_of(results[link.scenario.published_text]).get((link.check_name, link.row))
            if link.scenario.published_text
            else None
            for link in by_ruling.get(ruling.pk, [])
        ]
        answer = checked_answer(ruling, sheet, found) or linked_answer(ruling, sheet)
        if answer is not None:
            answers[ruling.slug] = answer
    return answers


def answers_for_page(page) -> dict[str, TournamentAnswer]:
    """The `ruling_answers` hook: the article's rulings answered under the reader's chosen
    tournament (nothing without one), worked out once per page."""
    return page.known("tournaments.ruling_answers", lambda: _for_page(page))


def _for_page(page) -> dict[str, TournamentAnswer]:
    at = article_view.at_tournament(page)
    if at is None:
        return {}
    sheet = at.version
    return answers_on(page.rulings(), sheet, lambda texts: _page_results(page, sheet, texts))


def _page_results(page, sheet: Sheet, texts: list[str]) -> list:
    """Results under the sheet's options: the article's own checks' from the page (already
    read for its house rules), the rest in one round trip."""
    options = sheet.checked_options
    own = dict(
        zip(
            article_page.texts(page),
            article_view.results_under(page, options),
            strict=True,
        )
    )
    missing = [text for text in texts if text not in own]
    if missing:
        own.update(zip(missing, tournament_results_many(missing, options), strict=True))
    return [own[text] for text in texts]


def answers_for(rulings, tournament) -> dict[str, TournamentAnswer]:
    """The rulings answered under a published tournament's sheet in force, for a caller
    without a page (the API's list, the printed sheet): one round trip for the results."""
    sheet = published_sheet(tournament)
    if sheet is None:
        return {}
    return answers_on(
        rulings, sheet, lambda texts: tournament_results_many(texts, sheet.checked_options)
    )


@dataclass(frozen=True)
class AnsweredRuling:
    """A ruling a house rule changes, as the printed sheet lists it under that rule."""

    ruling: object  # the Ruling
    answer: TournamentAnswer

    @property
    def line(self) -> str:
        """ "Question — At <tournament>: answer · League rules: answer"."""
        return f"{self.ruling.question} — {self.answer.line} · {self.answer.league_line}"


def answers_by_rule(sheet: Sheet | None) -> dict[int, list[AnsweredRuling]]:
    """{house rule number: the rulings it changes} for a sheet (published or the working
    copy), every ruling of its rule set answered: two queries, one round trip for results."""
    if sheet is None:
        return {}
    rulings = Ruling.objects.filter(
        article__is_published=True, article__ruleset_id=sheet.tournament.ruleset_id
    ).select_related("article")
    rulings = list(rulings.order_by("article__position", "article__key", "position", "pk"))
    answers = answers_on(
        rulings, sheet, lambda texts: tournament_results_many(texts, sheet.checked_options)
    )
    found: dict[int, list[AnsweredRuling]] = {}
    for ruling in rulings:
        answer = answers.get(ruling.slug)
        if answer is not None:
            found.setdefault(answer.sheet_rule_number, []).append(AnsweredRuling(ruling, answer))
    return found
