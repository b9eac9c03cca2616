"""A logged ruling's history: every saved version, compared field by field, restorable."""

from django.core.exceptions import ObjectDoesNotExist
from django.urls import reverse
from django.utils import timezone

from articles.wiki.timeline import Version, compared, person

from .saving import LOGGED_RULING

VERBS = {"+": "logged", "~": "edited", "-": "removed"}


def records(entry):
    """The entry's history rows, oldest first."""
    return list(entry.history.select_related("history_user").order_by("history_id"))


def versions(entry, rows) -> list[Version]:
    return [
        Version(
            number=number,
            date=row.history_date,
            who=person(row.history_user),
            what=VERBS.get(row.history_type, "edited"),
            summary=row.history_change_reason or "",
            restore_url=reverse(
                "toolkit:log-restore", args=[entry.tournament.slug, entry.pk, number]
            ),
        )
        for number, row in enumerate(rows, start=1)
    ]


def _text(row, name) -> str:
    field = LOGGED_RULING.model._meta.get_field(name)
    if field.is_relation:
        try:
            related = getattr(row, name)
        except ObjectDoesNotExist:  # the article or house rule was deleted since
            return f"#{getattr(row, field.attname)} (deleted)"
        return str(related) if related is not None else ""
    value = getattr(row, field.attname)
    if name == "ruled_at" and value is not None:
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")
    return "" if value is None else str(value)


def parts_between(older, newer):
    """Each field of two versions (history rows, or the entry itself), word by word."""
    model = LOGGED_RULING.model
    return [
        compared(
            str(model._meta.get_field(name).verbose_name).capitalize(),
            _text(older, name),
            _text(newer, name),
        )
        for name in LOGGED_RULING.fields
    ]
