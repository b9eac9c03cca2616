"""Drafts: a saved text that does not run clean waits for its writers, out of readers' sight.

Nothing typed is lost: any text the form accepts is saved. When it does not parse, links to
an article that does not exist, or has an undefined or failing step under League rules, the
scenario is a draft: readers (article pages, matrices, search, sheets, JSON,
check_scenarios) keep the last text that ran clean, read through
`Scenario.objects.for_readers()`, or nothing for a scenario that never did.

A scenario's versions follow the same rule (`shown_to`): each history row keeps whether that
save ran clean (`is_draft`) and what readers read after it (`published_*`), so history,
compare, recent changes, feeds and notices show a reader the versions that ran clean only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from mahjong_rules.scenarios.results import Status

from rulings import checks
from rulings.scenario_access import can_write_scenarios
from rulings.scenario_store import articles_for_keys, parsed

# A text of thousands of failing scenarios is one draft, not a page of thousands of lines.
SHOWN_PROBLEMS = 10


def problems(text):
    """Why a text does not run clean, in sentences (an empty list when it does)."""
    parse = parsed(text)
    if parse.document is None:
        return [_("The text does not parse as Gherkin; the check shows the line to fix.")]
    found = []
    if not parse.title:
        found.append(_("The text has no “Feature: <title>” line; the title names it."))
    _known, unknown = articles_for_keys(parse.article_keys)
    if unknown:
        found.append(
            _("No article has the key %(keys)s.")
            % {"keys": ", ".join(f"“{key}”" for key in unknown)}
        )
    result = checks.results_for(text)  # cached: the save's warming and readers reuse it
    found.extend(problem.message for problem in result.problems)
    for scenario in result.scenarios:
        if scenario.status != Status.PASSED:
            found.append(
                _("“%(name)s” %(status)s.")
                % {"name": scenario.name, "status": _status_in_words(scenario.status)}
            )
    if not found and result.status != Status.PASSED:
        found.append(_("The text %(status)s.") % {"status": _status_in_words(result.status)})
    if len(found) > SHOWN_PROBLEMS:
        found[SHOWN_PROBLEMS:] = [
            _("… and %(count)s more.") % {"count": f"{len(found) - SHOWN_PROBLEMS:,}"}
        ]
    return found


def _status_in_words(status):
    if status == Status.FAILED:
        return _("has a step that fails")
    if status == Status.UNDEFINED:
        return _("has a step that matches no phrase")
    if status == Status.PARSE_ERROR:
        return _("cannot be run")
    return _("did not pass (%(status)s)") % {"status": status}


def settle(scenario):
    """Before a save: publish the text when it runs clean, else keep it as a draft."""
    # A draft is listed for its writers by its title, even when the text has none yet.
    scenario.title = scenario.title or parsed(scenario.text).title[:200] or scenario.slug
    if problems(scenario.text):
        scenario.is_draft = True
        return
    scenario.is_draft = False
    scenario.published_text = scenario.text
    scenario.published_title = scenario.title


def sees_drafts(user) -> bool:
    """A scenario's writers (editors, tournament directors) see its drafts; nobody else does."""
    return user is not None and can_write_scenarios(user)


@dataclass(frozen=True)
class Shown:
    """One version of a scenario as someone may see it."""

    title: str
    text: str
    summary: str
    is_draft: bool  # only ever True for a writer


def shown_to(user, version) -> Shown | None:
    """What `user` may see of one version of a scenario: a history row, or the scenario as it
    stands. Its writers see every version as saved. Anyone else — a reader, anonymous, a
    feed — sees a version only once it ran clean, as published, and the deletion of a check
    they could read; a draft save is nothing to them (they kept reading the version before),
    nor is any version of a check that had never run clean: None. The scenario as it stands
    is, to a reader, its last clean version. (`user=None`: a reader.)"""
    if sees_drafts(user):
        return Shown(version.title, version.text, _summary(version), version.is_draft)
    if not version.published_text:
        return None
    history_type = getattr(version, "history_type", None)  # None: the scenario itself
    if version.is_draft and history_type not in (None, "-"):
        return None
    # A draft's deletion: readers lose the clean version they read, and its summary is theirs.
    return Shown(version.published_title, version.published_text, _summary(version), False)


# `shown_to`'s rule for readers as a query over history rows, for lists cut at a limit and
# for counts (the article page's version number): the rows a reader is shown.
READERS_ROWS = ~Q(published_text="") & (Q(is_draft=False) | Q(history_type="-"))


def rows_shown_to(user, records):
    """The history rows (a queryset) of which `shown_to(user, row)` shows something."""
    return records if sees_drafts(user) else records.filter(READERS_ROWS)


def _summary(version) -> str:
    return getattr(version, "history_change_reason", None) or ""
