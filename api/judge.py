"""Ask the engine: a table and an action, written in the library's notations, judged under
League rules (today's, or as of a date) or under a published tournament's house rules.

What is asked is typed by whoever calls, so every way it can be wrong is a `BadQuestion`
naming the parameter and saying why in the notation's own words (the view answers 400);
nothing typed here may give a server error.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from dataclasses import dataclass
from datetime import date

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from mahjong_rules.engine import (
    ImpossibleTable,
    NotationError,
    NotInRuleSet,
    Table,
    judge,
    parse_action,
)
from mahjong_rules.plain import verdict_word, with_option_titles

from articles.models import Article
from rulings.card_sources import public_lookup
from tournaments.as_of import dated_options
from tournaments.models import Tournament
from tournaments.versions import checked_options, latest_version, rules_date_in

# Long enough for any table play reaches (a whole hand's discards, and the table before a
# Mah Jongg nested in it), short enough that no request makes the parser work for long.
MAX_TABLE_LENGTH = 4000
MAX_ACTION_LENGTH = 200
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,100}$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
logger = logging.getLogger(__name__)


class BadQuestion(ValueError):
    """What was asked cannot be judged: which parameter, and why."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter
        self.message = message


@dataclass(frozen=True)
class Rules:
    """The rules a question is judged under: the options they set on top of the table's own."""

    options: dict[str, bool]
    words: str  # "League rules", "League rules as of 1 March 2019", "Harbour Lights …"
    league_rules_as_of: date | None = None
    tournament: Tournament | None = None


def _text(params, name: str, limit: int) -> str:
    text = params.get(name, "").strip()
    if not text:
        raise BadQuestion(name, _("Give the %(name)s in notation: ?%(name)s=…") % {"name": name})
    if len(text) > limit:
        raise BadQuestion(
            name,
            _("The %(name)s is %(length)d characters; at most %(limit)d.")
            % {"name": name, "length": len(text), "limit": limit},
        )
    return text


def _day(params) -> date | None:
    text = params.get("date", "").strip()
    if not text:
        return None
    try:
        if not DAY.match(text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise BadQuestion("date", _("The date must be a day written YYYY-MM-DD.")) from None


def _tournament(params) -> Tournament | None:
    slug = params.get("tournament", "").strip()
    if not slug:
        return None
    if not SLUG.match(slug):
        raise BadQuestion("tournament", _("A tournament's slug is letters, digits and hyphens."))
    found = Tournament.objects.visible_to(AnonymousUser()).select_related("ruleset")
    found = found.filter(slug=slug).first()
    if found is None:  # a draft's existence never shows: the same answer as no such slug
        raise BadQuestion("tournament", _("No published tournament has this slug."))
    return found


def rules_asked(params, ruleset: str) -> Rules:
    """League rules today, League rules as of `?date=`, or `?tournament=`'s house rules on
    its own date's League rules (as its scenario checks run)."""
    day, tournament = _day(params), _tournament(params)
    if tournament is not None:
        if day is not None:
            raise BadQuestion(
                "date",
                "A tournament plays under the League rules of its own date: ask with "
                "a tournament or a date, not both.",
            )
        if tournament.ruleset.key != ruleset:
            raise BadQuestion(
                "tournament",
                f"{tournament.name} plays {tournament.ruleset.name} rules, and the table "
                "is of another rule set.",
            )
        version = latest_version(tournament)
        words = f"the house rules of {tournament.name}"
        day = tournament.league_date
        if version is not None:
            words += f" (version {version.number})"
            day = rules_date_in(version.snapshot, tournament)
        return Rules(checked_options(tournament), words, day, tournament)
    if day is not None:
        return Rules(dated_options(ruleset, day), f"League rules as of {day:%-d %B %Y}", day)
    return Rules({}, "League rules")


def _under(table: Table, options: dict[str, bool]) -> Table:
    """The table with these options set (the rest as the table has them)."""
    on = {name for name, value in options.items() if value}
    off = set(options) - on
    return dataclasses.replace(table, options=frozenset((table.options - off) | on))


def _article(key: str, absolute) -> dict | None:
    article = Article.objects.published().filter(key=key).only("key", "title").first()
    if article is None:
        return None
    return {"key": key, "title": article.title, "page": absolute(article.get_absolute_url())}


def answer(params, absolute) -> dict:
    """The verdict on `?action=` at `?table=` under the rules asked for, as the API answers
    it; BadQuestion for anything that cannot be judged."""
    table_text = _text(params, "table", MAX_TABLE_LENGTH)
    action_text = _text(params, "action", MAX_ACTION_LENGTH)
    table = _read("table", lambda: Table.from_notation(table_text, public_lookup()))
    action = _read("action", lambda: parse_action(action_text))
    rules = rules_asked(params, table.ruleset)
    table = _under(table, rules.options)
    try:
        verdict, after = judge(table, action)
    except (NotInRuleSet, ImpossibleTable) as error:
        raise BadQuestion("action", str(error)) from None
    except Exception:  # a position the notation allows but no rule foresaw: say so, log it
        logger.exception("judging %r at %r", action_text, table_text)
        raise BadQuestion(
            "action", _("The rules cannot judge this action at this table.")
        ) from None
    return {
        "table": table.notation(),
        "action": action.notation(),
        "under": rules.words,
        "league_rules_as_of": rules.league_rules_as_of,
        "tournament": rules.tournament.slug if rules.tournament else None,
        "options": rules.options,
        "verdict": verdict.word,
        "answer": verdict_word(verdict.word),
        "rule": verdict.rule,
        "article": verdict.article,
        "article_page": _article(verdict.article, absolute),
        "reason": with_option_titles(verdict.reason),
        "consequence": with_option_titles(verdict.consequence) if verdict.consequence else None,
        "next_table": after.notation(),
    }


def _read(parameter: str, reading):
    try:
        return reading()
    except (NotationError, ImpossibleTable) as error:
        raise BadQuestion(parameter, str(error)) from None
    except Exception:  # the notation's own checks missed it: still the caller's text
        logger.exception("reading the %s", parameter)
        raise BadQuestion(
            parameter, _("This %(parameter)s cannot be read.") % {"parameter": parameter}
        ) from None
