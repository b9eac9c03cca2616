"""What a tournament changes, said as rulings a TD can read out at the table.

For an article, every scenario check that a published tournament rules differently from the
League becomes one sentence, made from the two verdicts and the house rule's own text:

    At Harbour Lights Mah Jongg Open 2027, when West calls the discard, West touches the
    called tile and West withdraws the call, that is not allowed: West has touched 8B and
    must keep it (house rule 1: A touched tile is a taken tile). Under League rules it is
    allowed: West withdraws the call; 8B is the latest discard again.

Nothing here is written by hand for a scenario: the situation is the check's own When steps
(an option's key read as its title), the rulings are the engine's reason sentences, the
cause is the house rule as its tournament published it. A tournament whose rules change
nothing the article's checks ask says nothing; once a version without the house rule is
published, its sentence is gone.

Use it from any page::

    from tournaments.differences import differences_for_article
    differences_for_article(article)              # every published tournament
    differences_for_article(article, tournament)  # one tournament (the reader's chosen one)

Two queries (the published tournaments with their latest snapshots, the article's
scenarios); every result comes from the checks' cache.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from mahjong_rules import plain
from rulings import checks, reader_words

from .comparison import runs_about, tournament_results_many
from .versions import published_sheets


@dataclass
class Difference:
    """One scenario check a tournament rules differently, with its sentence."""

    tournament: object  # the Tournament
    scenario: object  # the Scenario (for its page)
    situation: str  # the check's When steps, in a reader's words
    house_rules: list[tuple[int, str]] = field(default_factory=list)  # (number, text)
    options: list[str] = field(default_factory=list)  # the option keys, for authors
    tournament_verdict: object = None  # the StepResult under the tournament, or None
    league_verdict: object = None  # the StepResult under League rules, or None
    sentence: str = ""

    @property
    def after_name(self) -> str:
        """The sentence after "At <tournament>", so a page can link the tournament's name."""
        lead = _("At %(tournament)s") % {"tournament": self.tournament.name}
        return self.sentence[len(lead) :] if self.sentence.startswith(lead) else self.sentence


def _said(step) -> str:
    """ "not allowed: West has touched 8B and must keep it" for a verdict step."""
    word = reader_words.verdict_word(step.verdict).lower()
    reason = plain.with_option_titles((step.reason or "").strip()).rstrip(".")
    return f"{word}: {reason}" if reason else word


def _joined(parts: list[str]) -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " " + _("and") + " " + parts[-1]


def _situation(league, here, changed_at) -> str:
    """The When steps up to the action ruled differently (a Given's setting is the table's,
    not what the TD is asked about)."""
    steps = here.own_steps
    upto = next((i for i, s in enumerate(steps) if s.line == changed_at), len(steps) - 1)
    when = [
        plain.with_option_titles(step.text).rstrip(":")
        for section, step in plain.step_sections(steps[: upto + 1])
        if section == "When"
    ]
    return _joined(when) or plain.with_option_titles(here.name)


def _changed_step(league, here):
    """The first action whose verdict differs: (league step, tournament step), or None."""
    for before, after in zip(league.steps, here.steps, strict=False):
        if (before.verdict or after.verdict) and before.verdict != after.verdict:
            return before, after
    return None


def sentence_for(tournament_name, league, here, house_rules) -> tuple[str, str, object, object]:
    """(sentence, situation, league step, tournament step) for one check that differs."""
    cause = "; ".join(
        _("house rule %(number)s: %(rule)s")
        % {"number": number, "rule": plain.first_sentence(text)}
        for number, text in house_rules
    )
    cause = f" ({cause})" if cause else ""
    changed = _changed_step(league, here)
    if changed is None:
        # The verdicts agree but what follows does not (who gets the tile, a dead hand…).
        situation = plain.situation(here)
        text = _(
            "At %(tournament)s this does not hold: %(situation)s%(cause)s. "
            "Under League rules it does."
        ) % {"tournament": tournament_name, "situation": situation, "cause": cause}
        return text, situation, None, None
    before, after = changed
    situation = _situation(league, here, after.line)
    text = _(
        "At %(tournament)s, when %(situation)s, that is %(after)s%(cause)s. "
        "Under League rules it is %(before)s."
    ) % {
        "tournament": tournament_name,
        "situation": situation,
        "after": _said(after),
        "cause": cause,
        "before": _said(before),
    }
    return text, situation, before, after


def differences_among(article_key, sheets, scenarios, league_results, results_under):
    """The differences of these scenarios (and their League results) under each of `sheets`
    (published tournaments' sheets); `results_under(options)` gives the scenarios' results
    under a tournament's options. No query."""
    if not scenarios:
        return []
    found, said = [], set()
    for sheet in sheets:
        tournament = sheet.tournament
        numbered = {r.option: (r.number, r.text) for r in sheet.rules if r.option}
        # What its checks run under: the League rules as of its date, its house rules on top
        # (a house rule's value is a reading's name, not a bool).
        results = results_under(sheet.checked_options)
        for scenario, league, result in zip(scenarios, league_results, results, strict=True):
            for index, here in runs_about(result, article_key):
                if str(here.status) != "differs" or index >= len(league.scenarios):
                    continue
                because = list(getattr(here, "because", []) or [])
                rules = [numbered[name] for name in because if name in numbered]
                text, situation, before, after = sentence_for(
                    tournament.name, league.scenarios[index], here, rules
                )
                if (tournament.pk, text) in said:
                    continue  # two checks of one situation: the TD reads it once
                said.add((tournament.pk, text))
                found.append(
                    Difference(tournament, scenario, situation, rules, because, after, before, text)
                )
    return found


def differences_for_article(article, tournament=None) -> list[Difference]:
    """The scenario checks of `article` that a published tournament of its rule set rules
    differently (only `tournament`'s, if given), each with the sentence to read out.

    An unpublished tournament, or one of another rule set, has none. Two queries.
    """
    sheets = published_sheets(article.ruleset_id)
    if tournament is not None:
        sheets = [sheet for sheet in sheets if sheet.tournament.pk == tournament.pk]
    if not sheets:
        return []
    scenarios = list(article.scenarios.reader_rows())
    league_results = checks.results_for_many([s.text for s in scenarios], {})
    texts = [s.text for s in scenarios]
    return differences_among(
        article.key,
        sheets,
        scenarios,
        league_results,
        lambda options: tournament_results_many(texts, options),
    )
