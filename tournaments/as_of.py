"""A tournament plays under the League rules as of a date (default: its first day).

A 2024 event's sheet must stay right after the League changes a ruling in 2025, so its
checks run under the options in force on its date (`mahjong_rules.engine.dated.options_as_of`),
with its house rules on top. Where its date gives a value other than today's League rules,
the difference comes from the date, not a house rule: the page and the JSON say so, naming
the date and the source that changed the ruling since.

Only the options of the tournament's own rule set follow the date: a Matjok tournament is
never ruled by the League's NMJL history.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.utils.translation import gettext as _
from mahjong_rules.engine.dated import change_dates, options_as_of
from mahjong_rules.engine.options import OPTIONS, default_options

from rulings import option_words

from .models import options_for_ruleset


def dated_options(ruleset_key: str, day: date | None) -> dict[str, bool]:
    """The options whose League value on `day` is not today's (only those), for a rule set;
    nothing for no date (today's rulings)."""
    if day is None:
        return {}
    own = options_for_ruleset(ruleset_key)
    today = default_options()
    return {
        name: value
        for name, value in options_as_of(day).items()
        if name in own and value != today[name]
    }


def with_house_rules(ruleset_key: str, day: date | None, house: dict) -> dict[str, bool]:
    """The options a tournament's checks run under: its date's League values that differ
    from today's, then its house rules, which take precedence."""
    return {**dated_options(ruleset_key, day), **house}


@dataclass(frozen=True)
class DateNote:
    """A ruling that is not today's League ruling because of the tournament's date."""

    option: str
    day: date  # the tournament's date
    changed_on: date  # when the League changed it since
    source: str  # what changed it
    sentence: str  # in a reader's words

    def as_json(self) -> dict:
        return {
            "league_rules_as_of": self.day.isoformat(),
            "changed_on": self.changed_on.isoformat(),
            "source": self.source,
            "sentence": self.sentence,
        }


def date_notes(ruleset_key: str, day: date | None, house: dict) -> list[DateNote]:
    """Where the date matters: each option its date rules otherwise than today, unless a
    house rule sets it. "Played before the NMJL Bulletin 2025: here, an exposure may still be
    changed until the discard, joker exchange or not." """
    notes = []
    for name, value in dated_options(ruleset_key, day).items():
        if name in house:
            continue
        later = [c for c in change_dates() if c.option == name and c.day > day]
        if not later:
            continue
        change = later[0]
        reader = OPTIONS[name].reader
        here = (
            option_words.in_words(reader.now(value))
            if reader
            else _("the ruling was the one before")
        )
        sentence = _("Played before the %(source)s: here, %(here)s.") % {
            "source": change.source,
            "here": here,
        }
        notes.append(DateNote(name, day, change.day, change.source, sentence))
    return notes
