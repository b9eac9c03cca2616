"""Scenario versions for the site's recent changes (found by the wiki's autodiscovery)."""

from django.urls import reverse

from articles.wiki.queries import ContributedChange
from rulings import drafts
from rulings.models import Scenario


def changes(limit, user):
    """The latest scenario versions this user may see (a reader: those that ran clean, as
    published; `rulings.drafts.shown_to`), newest first, in two queries."""
    records = drafts.rows_shown_to(user, Scenario.history.select_related("history_user"))
    records = list(records.order_by("-history_date", "-history_id")[:limit])
    # A deleted scenario's history page is gone with it: its rows link nowhere.
    existing = set(
        Scenario.objects.filter(slug__in={r.slug for r in records}).values_list("slug", flat=True)
    )
    rows = []
    for record in records:
        shown = drafts.shown_to(user, record)
        what = record.get_history_type_display().lower()
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"Scenario: {shown.title}",
                what=f"{what} (a draft)" if shown.is_draft else what,
                who_user=record.history_user,
                summary=shown.summary,
                url=reverse("rulings:scenario-history", args=[record.slug])
                if record.slug in existing
                else None,
            )
        )
    return rows
