"""The scenario's history, declared once: anyone reads it, scenario writers restore it.

Each save is a version holding the text, the title and the article links; the title and
the links follow the text on a restore, as on every save.
"""

from django.shortcuts import get_object_or_404

import versions
from articles.models import Article
from rulings.models import Scenario
from rulings.scenario_access import can_write_scenarios
from rulings.scenario_store import feature_name
from versions.timeline import compared


def _linked_keys(version) -> str:
    """The article keys a version links to, one a line (a history entry or the scenario)."""
    if isinstance(version, Scenario):
        keys = version.articles.values_list("key", flat=True)
    else:
        ids = version.articles.values_list("article_id", flat=True)
        keys = Article.objects.filter(pk__in=list(ids)).values_list("key", flat=True)
    return "\n".join(sorted(keys))


def _parts(older, newer):
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
    find=lambda slug: get_object_or_404(Scenario, slug=slug),
    label=lambda scenario: f"Scenario “{scenario.title}”",
    url=lambda scenario: scenario.get_absolute_url(),
    fields=("text",),
    text_fields=("text",),
    may_restore=lambda user, scenario: can_write_scenarios(user),
    parts=_parts,
    prepare=_title_follows_text,
)
