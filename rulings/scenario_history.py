"""A scenario's history on the site: its versions, two of them compared, an old one restored.

Every save of a scenario is a version (django-simple-history), holding its text, title and
article links. Restoring saves an old text again as a new version, so history is never
rewritten; the title and links follow the text, as on every save. Each row is shown as
`rulings.drafts.shown_to` says: a reader sees only the versions that ran clean, numbered
as their writers see them, so a number names one version for everyone.
"""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import timezone

from articles.models import Article
from articles.wiki.timeline import Compared, Version, compared, person
from rulings import drafts
from rulings.models import Scenario
from rulings.scenario_store import feature_name

HISTORY_TYPES = {"+": "created", "~": "changed", "-": "deleted"}


def records_of(scenario) -> list:
    """Its history entries, oldest first (one query)."""
    return list(scenario.history.select_related("history_user").order_by("history_id"))


def _what(record, shown, before) -> str:
    what = HISTORY_TYPES.get(record.history_type, "changed")
    if record.history_type == "~" and before is not None and shown.text != before.text:
        what = "changed the text"
    return f"{what} (a draft)" if shown.is_draft else what


def versions_of(scenario, records, user) -> dict[int, Version]:
    """Each entry `user` may see as a history row, by its number among all the entries
    (oldest first, from 1)."""
    rows, before = {}, None
    for number, record in enumerate(records, start=1):
        shown = drafts.shown_to(user, record)
        if shown is None:
            continue
        rows[number] = Version(
            number=number,
            date=record.history_date,
            who=person(record.history_user),
            what=_what(record, shown, before),
            summary=shown.summary,
            restore_url=reverse("rulings:scenario-restore", args=[scenario.slug, number]),
        )
        before = shown
    return rows


def _linked_keys(version) -> str:
    """The article keys a version links to, one a line (a history entry or the scenario)."""
    if isinstance(version, Scenario):
        keys = version.articles.values_list("key", flat=True)
    else:
        ids = version.articles.values_list("article_id", flat=True)
        keys = Article.objects.filter(pk__in=list(ids)).values_list("key", flat=True)
    return "\n".join(sorted(keys))


def parts_between(older, newer, user) -> list[Compared]:
    """What differs between two versions (each a history entry or the scenario itself), as
    `user` may see them (both must be versions `versions_of` shows them)."""
    before, after = drafts.shown_to(user, older), drafts.shown_to(user, newer)
    return [
        compared("Title", before.title, after.title),
        compared("Text", before.text, after.text),
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
