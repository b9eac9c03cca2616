"""Scenario versions for the site's recent changes (found by the wiki's autodiscovery)."""

from django.urls import reverse

from articles.wiki.queries import ContributedChange
from rulings.models import Scenario


def changes(limit, user):
    """The latest scenario versions, newest first (scenarios are public: two queries)."""
    records = Scenario.history.select_related("history_user").order_by(
        "-history_date", "-history_id"
    )
    records = list(records[:limit])
    # A deleted scenario's history page is gone with it: its rows link nowhere.
    existing = set(
        Scenario.objects.filter(slug__in={r.slug for r in records}).values_list("slug", flat=True)
    )
    return [
        ContributedChange(
            date=record.history_date,
            label=f"Scenario: {record.title}",
            what=record.get_history_type_display().lower(),
            who_user=record.history_user,
            summary=record.history_change_reason or "",
            url=reverse("rulings:scenario-history", args=[record.slug])
            if record.slug in existing
            else None,
        )
        for record in records
    ]
