"""The scenario's history, declared once: anyone reads it, scenario writers restore it.

Each save is a version holding the text, the title and the article links; the title and
the links follow the text on a restore, as on every save. A reader reads only the versions
that ran clean (`rulings.drafts.shown_to`), numbered as writers see them (and in recent changes
only those), and a check that never ran clean is a 404 to them, as its page is.
"""

from dataclasses import dataclass

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

import versions
from articles.models import Article
from rulings import drafts
from rulings.models import Scenario
from rulings.scenario_access import can_write_scenarios
from rulings.scenario_store import feature_name
from versions.recent import Recent
from versions.timeline import compared


@dataclass(frozen=True)
class Seen:
    """One version of a scenario (a history row, or the scenario) as someone may see it."""

    version: object
    shown: drafts.Shown

    def __getattr__(self, name):  # history_id, history_type, articles…: the version's own
        return getattr(self.version, name)

    @property
    def title(self):
        return self.shown.title

    @property
    def text(self):
        return self.shown.text

    @property
    def history_change_reason(self):
        return self.shown.summary


def _seen(user, version):
    shown = drafts.shown_to(user, version)
    return None if shown is None else Seen(version, shown)


def _find(user, slug):
    scenarios = Scenario.objects if drafts.sees_drafts(user) else Scenario.objects.for_readers()
    return get_object_or_404(scenarios, slug=slug)


def _what(seen, before) -> str:
    what = seen.get_history_type_display().lower()
    if seen.history_type == "~" and before is not None and seen.text != before.text:
        what = "changed the text"
    return f"{what} (a draft)" if seen.shown.is_draft else what


def _linked_keys(version) -> str:
    """The article keys a version links to, one a line (a history entry or the scenario)."""
    version = getattr(version, "version", version)
    if isinstance(version, Scenario):
        keys = version.articles.values_list("key", flat=True)
    else:
        ids = version.articles.values_list("article_id", flat=True)
        keys = Article.objects.filter(pk__in=list(ids)).values_list("key", flat=True)
    return "\n".join(sorted(keys))


def _parts(older, newer, user):
    return [
        compared("Title", older.title, newer.title),
        compared("Text", older.text, newer.text),
        compared("Linked articles", _linked_keys(older), _linked_keys(newer)),
    ]


def _title_follows_text(scenario, record):
    scenario.title = (feature_name(scenario.text) or record.title)[:200]


versions.register(
    Scenario,
    name="scenario",
    namespace="rulings",
    route="scenarios/<slug:slug>/",
    find=_find,
    label=lambda scenario: f"Scenario “{scenario.title}”",
    url=lambda scenario: scenario.get_absolute_url(),
    fields=("text",),
    text_fields=("text",),
    may_restore=lambda user, scenario: can_write_scenarios(user),
    shown=_seen,
    describe=_what,
    parts=_parts,
    prepare=_title_follows_text,
    recent=(
        Recent(
            visible=drafts.rows_shown_to,
            label=lambda seen: gettext("Scenario: %(title)s") % {"title": seen.title},
            what=lambda seen: _what(seen, None),
        ),
    ),
    private={"draft scenario": frozenset({"editor", "director"})},
)
