"""A scenario's history on the site: its versions, two of them compared, an old one restored.

Every save of a scenario is a version (django-simple-history), holding its text, title and
article links. Restoring saves an old text again as a new version, so history is never
rewritten; the title and links follow the text, as on every save.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from articles.models import Article
from rulings.models import Scenario
from rulings.scenario_store import feature_name
from versions.timeline import Compared, Version, compared, versions_from

HISTORY_TYPES = {"+": "created", "~": "changed", "-": "deleted"}


def records_of(scenario) -> list:
    """Its history entries, oldest first (one query)."""
    return list(scenario.history.select_related("history_user").order_by("history_id"))


def _what(record, previous) -> str:
    if record.history_type != "~" or previous is None:
        return HISTORY_TYPES.get(record.history_type, "changed")
    if record.text != previous.text:
        return "changed the text"
    return "changed"


def versions_of(scenario, records) -> list[Version]:
    """Each entry as a history row, oldest first, numbered from 1."""
    return versions_from(
        records,
        _what,
        lambda number: reverse("rulings:scenario-restore", args=[scenario.slug, number]),
    )


def _linked_keys(version) -> str:
    """The article keys a version links to, one a line (a history entry or the scenario)."""
    if isinstance(version, Scenario):
        keys = version.articles.values_list("key", flat=True)
    else:
        ids = version.articles.values_list("article_id", flat=True)
        keys = Article.objects.filter(pk__in=list(ids)).values_list("key", flat=True)
    return "\n".join(sorted(keys))


def parts_between(older, newer) -> list[Compared]:
    """What differs between two versions (each a history entry or the scenario itself)."""
    return [
        compared("Title", older.title, newer.title),
        compared("Text", older.text, newer.text),
        compared("Linked articles", _linked_keys(older), _linked_keys(newer)),
    ]


def restore(scenario, record, number) -> bool:
    """Save an old version's text as a new version; False when the text is already that."""
    with transaction.atomic():
        # The same lock every save path takes: two restores (or an edit) are serialised.
        scenario = Scenario.objects.select_for_update().get(pk=scenario.pk)
        if scenario.text == record.text:
            return False
        scenario.text = record.text
        scenario.title = (feature_name(record.text) or record.title)[:200]
        when = timezone.localtime(record.history_date).strftime("%Y-%m-%d %H:%M")
        scenario._change_reason = f"Restored version {number} (saved {when})"
        scenario.save()
    return True
