"""Rulings through time and across sources, for the site: cached, in a reader's words.

The pure core (`mahjong_rules.scenarios.through_time`) runs a text under the League rules of each
era and under each reading of each option. Here its answers are cached per text, keyed on
what decides them — the text, the engine version and the option values each run used (each
era's League rules with its sources, each reading's value) — never on "today": a new dated
change or reading is a new key, and nothing needs invalidating. The task queue warms them
after a scenario save (`rulings.tasks.warm_over_time`); a reader who comes first computes them.

`article_changes` and `article_disagreements` turn them into what an article page says:
"Since the NMJL Bulletin 2025, a joker exchange ends the window for changing an exposure;
before, the exposure could still be changed until the discard.", each check that flipped
with both verdicts; each reading's verdict and sources side by side. Readers never see an
option's or a rule's name: the sentences come from the options' `reader` words and readings'
summaries.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from datetime import date

from django.utils.translation import gettext
from mahjong_rules.engine import ENGINE_VERSION
from mahjong_rules.engine.dated import change_dates, eras, options_as_of
from mahjong_rules.engine.disagreements import DISAGREEMENTS, Disagreement, disagreements_for
from mahjong_rules.engine.options import OPTIONS, default_options
from mahjong_rules.scenarios.through_time import (
    OutOfTime,
    ReadingDifference,
    RulingChange,
    how_rulings_changed,
    where_readings_differ,
)

from mahjong_rules import presentation
from rulings import checks, option_words, reader_words

# Bump when RulingChange or ReadingDifference change shape or module: stored ones are
# unpickled (2: they moved to the mahjong_rules package).
FORMAT = "2"


# --- What decides the answers: the keys -------------------------------------------------------


def eras_signature() -> list:
    """Each era's day, its League option values and the sources of its changes."""
    return [
        [day.isoformat(), sorted(options_as_of(day).items()), [(c.option, c.source) for c in made]]
        for day, made in eras()
    ]


def readings_signature() -> list:
    """Today's League values and each option's readings with their values."""
    return [
        sorted(default_options().items()),
        [[name, [(r.name, r.value) for r in o.readings]] for name, o in OPTIONS.items()],
    ]


def _keys(kind: str, texts: list[str], signature: list) -> list[str]:
    """Each text's cache key: a hash of the kind, the text, the engine and the signature."""
    signed = json.dumps(signature, ensure_ascii=False)
    return [_key(kind, text, signed) for text in texts]


@functools.lru_cache(maxsize=4096)
def _key(kind: str, text: str, signature: str) -> str:
    # Memoised (as checks' result keys are): an article page asks for its twenty texts' keys
    # of both kinds on every first view after an edit, each a hash of a text of kilobytes.
    # `signature` comes as JSON to be hashable; the payload is the same as ever.
    payload = json.dumps(
        [kind, text, ENGINE_VERSION, json.loads(signature), FORMAT], ensure_ascii=False
    )
    return f"{kind}:" + hashlib.sha256(payload.encode("utf-8", "replace")).hexdigest()


class CutShort(list):
    """Nothing to show for a text whose runs the time budget cut short: never stored (the
    cache keeps only what ran to the end), so the next reader or the queue tries again."""

    out_of_time = True


def _compared(compare, text):
    try:
        return compare([("", text)])
    except OutOfTime:
        return CutShort()


def changes_in(texts: list[str]) -> list[list[RulingChange]]:
    """For each text, every verdict that flipped between eras of League rules (cached)."""
    signature = eras_signature()
    keys = _keys("ruling-changes", texts, signature)
    return checks.cached_many(keys, lambda i: _compared(how_rulings_changed, texts[i]))


def readings_in(texts: list[str]) -> list[list[ReadingDifference]]:
    """For each text, every action whose verdict depends on a reading (cached)."""
    signature = readings_signature()
    keys = _keys("reading-differences", texts, signature)
    return checks.cached_many(keys, lambda i: _compared(where_readings_differ, texts[i]))


def warm(text: str) -> None:
    """Compute and store both for a text (from the task queue)."""
    changes_in([text])
    readings_in([text])


# --- In a reader's words ----------------------------------------------------------------------


def verdict_word(allowed: bool) -> str:
    return reader_words.verdict_word("allowed" if allowed else "refused")


def action_of(step: str) -> str:
    """ "And South adds 7D to the exposure" → "South adds 7D to the exposure"."""
    keyword, _, rest = step.partition(" ")
    return rest if keyword in {"Given", "When", "Then", "And", "But", "*"} else step


def change_sentence(day: date, option_names, sources) -> str:
    """ "Since the NMJL Bulletin 2025, <now>; before, <then>." from the options' reader words."""
    made = {(c.day, c.option): c for c in change_dates()}
    clauses = []
    for name in option_names:
        change = made.get((day, name))
        reader = OPTIONS[name].reader if name in OPTIONS else None
        if change is None or reader is None:
            continue
        clauses.append(
            (
                option_words.in_words(reader.now(change.after)),
                option_words.in_words(reader.then(change.before)),
            )
        )
    since = (" " + gettext("and the") + " ").join(sources) or day.isoformat()
    if not clauses:
        return gettext("Since the %(since)s, the ruling below changed.") % {"since": since}
    now = "; ".join(c[0] for c in clauses)
    then = "; ".join(c[1] for c in clauses)
    return gettext("Since the %(since)s, %(now)s; before, %(then)s.") % {
        "since": since,
        "now": now,
        "then": then,
    }


@dataclass
class FlippedCheck:
    """One check whose verdict a change of League rules flipped."""

    scenario: object  # the Scenario (title and URL)
    name: str  # the scenario's name in its text
    action: str  # the action as written, without its keyword
    before: str  # "Allowed" / "Not allowed"
    after: str

    @property
    def parts(self):
        """The action's words with its tiles, to draw them as pictures."""
        return presentation.split_tiles(self.action)


@dataclass
class ChangeNote:
    """One day the League changed, what it changed in words, and the checks it flipped."""

    day: date
    sources: tuple[str, ...]
    sentence: str
    checks: list[FlippedCheck] = field(default_factory=list)


def _about(change, article_key: str) -> bool:
    return not change.articles or article_key in change.articles


def notes_from(pairs, article_key: str | None = None) -> list[ChangeNote]:
    """Group (scenario, RulingChange) pairs by day and options into notes, oldest first."""
    notes: dict[tuple, ChangeNote] = {}
    seen = set()
    for scenario, change in pairs:
        if article_key is not None and not _about(change, article_key):
            continue
        # An outline's rows flip alike: one line per scenario and action is enough.
        mark = (scenario.pk, change.scenario, change.step, change.day)
        if mark in seen:
            continue
        seen.add(mark)
        group = (change.day, change.options, change.sources)
        if group not in notes:
            notes[group] = ChangeNote(
                change.day,
                change.sources,
                change_sentence(change.day, change.options, change.sources),
            )
        notes[group].checks.append(
            FlippedCheck(
                scenario,
                change.scenario,
                action_of(change.step),
                verdict_word(change.before.allowed),
                verdict_word(change.after.allowed),
            )
        )
    return sorted(notes.values(), key=lambda n: n.day)


def article_changes(article, scenarios) -> list[ChangeNote]:
    """How the article's checks (readers' versions) changed through time; empty if never."""
    found = changes_in([s.text for s in scenarios])
    pairs = [(s, c) for s, changes in zip(scenarios, found, strict=True) for c in changes]
    return notes_from(pairs, article.key)


@dataclass
class ReadingColumn:
    summary: str
    sources: tuple[str, ...]


@dataclass
class DisagreementCheck:
    scenario: object
    name: str
    action: str
    verdicts: list[str]  # one per reading, in the columns' order

    @property
    def parts(self):
        return presentation.split_tiles(self.action)


@dataclass
class DisagreementView:
    """One disagreement as a page shows it: the situation, each reading with its sources,
    and (when the checks judge it) each check's verdict under each reading."""

    key: str
    situation: str
    readings: list[ReadingColumn]
    checks: list[DisagreementCheck] = field(default_factory=list)
    unjudged: list[ReadingColumn] = field(default_factory=list)  # stated, not judged


def _judged_view(disagreement: Disagreement, differences) -> DisagreementView:
    option = disagreement.rule_option()
    view = DisagreementView(
        disagreement.key,
        disagreement.situation,
        [ReadingColumn(option_words.in_words(r.summary), r.sources) for r in option.readings],
        unjudged=[
            ReadingColumn(option_words.in_words(r.summary), r.sources)
            for r in disagreement.unjudged
        ],
    )
    seen = set()
    for scenario, difference in differences:
        mark = (scenario.pk, difference.scenario, difference.step)
        if mark in seen:
            continue
        seen.add(mark)
        view.checks.append(
            DisagreementCheck(
                scenario,
                difference.scenario,
                action_of(difference.step),
                [verdict_word(v.allowed) for _, v in difference.verdicts],
            )
        )
    return view


def _text_view(disagreement: Disagreement) -> DisagreementView:
    return DisagreementView(
        disagreement.key,
        disagreement.situation,
        [ReadingColumn(option_words.in_words(r.summary), r.sources) for r in disagreement.stated()],
    )


def article_disagreements(article, scenarios) -> list[DisagreementView]:
    """Where sources disagree, for this article: every disagreement that changes one of its
    checks (each reading's verdict side by side), then those stated in words only (payments,
    which the checks do not judge, and readings of the card) that concern the article."""
    found = readings_in([s.text for s in scenarios])
    by_option: dict[str, list] = {}
    for scenario, differences in zip(scenarios, found, strict=True):
        for difference in differences:
            if _about(difference, article.key):
                by_option.setdefault(difference.option, []).append((scenario, difference))
    judged = [
        _judged_view(d, by_option[d.option])
        for d in sorted(DISAGREEMENTS.values(), key=lambda d: int(d.key[1:]))
        if d.option in by_option
    ]
    in_words = [
        _text_view(d)
        for d in disagreements_for(article.key)
        if d.option not in OPTIONS  # text only, or read by the card matcher
    ]
    return judged + in_words


# --- Between two dates ------------------------------------------------------------------------


def flips_between(scenarios, start: date, end: date) -> list[ChangeNote]:
    """Every check (readers' versions) whose verdict flipped on a day from `start` to `end`
    (both included), grouped by change, oldest first."""
    found = changes_in([s.text for s in scenarios])
    pairs = [
        (s, c)
        for s, changes in zip(scenarios, found, strict=True)
        for c in changes
        if start <= c.day <= end
    ]
    return notes_from(pairs)
