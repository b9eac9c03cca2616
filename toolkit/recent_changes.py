"""The toolkit's rows in the site's recent changes: picker choices for everyone, logged
rulings only for those who may read the log.

A reader, or a director of another tournament, sees no logged ruling (the log is private);
those who may use a log see its rulings (`access.logs_for`): staff every tournament's,
editors those of tournaments they may see (not a draft's), a director their own.
"""

from django.urls import reverse

from articles.wiki.queries import ContributedChange

from .access import logs_for
from .models import LoggedRuling, PickerChoice

LOG_VERBS = {"+": "logged", "~": "corrected", "-": "removed"}


def changes(limit, user):
    return _picker_changes(limit) + _log_changes(limit, user)


def _picker_changes(limit):
    records = PickerChoice.history.select_related("history_user")
    return [
        ContributedChange(
            date=record.history_date,
            label=f"Picker choice “{record.label}”",
            what=f"choice {record.get_history_type_display().lower()}",
            who_user=record.history_user,
            summary=record.history_change_reason or "",
            url=reverse("toolkit:picker-history", args=[record.key])
            if record.history_type != "-"
            else None,
        )
        for record in records.order_by("-history_date", "-history_id")[:limit]
    ]


def _log_changes(limit, user):
    if user is None or not user.is_authenticated:
        return []
    records = LoggedRuling.history.select_related("history_user", "tournament")
    records = records.filter(tournament__in=logs_for(user).values("pk"))
    rows = []
    for record in records.order_by("-history_date", "-history_id")[:limit]:
        slug = record.tournament.slug
        rows.append(
            ContributedChange(
                date=record.history_date,
                label=f"Rulings log of {record.tournament.name}",
                what=f"ruling {LOG_VERBS.get(record.history_type, 'edited')}",
                who_user=record.history_user,
                summary=record.history_change_reason or "",
                url=reverse("toolkit:log-history", args=[slug, record.id])
                if record.history_type != "-"
                else None,
            )
        )
    return rows
