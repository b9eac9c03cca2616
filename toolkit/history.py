"""The history of one toolkit row (a logged ruling, a picker choice): every saved version,
compared field by field, restorable as a new version through the wiki's `restore`."""

from datetime import datetime

from django.core.exceptions import ObjectDoesNotExist
from django.utils import timezone

from versions.timeline import Version, compared, person

VERBS = {"+": "created", "~": "edited", "-": "removed"}


def records(obj):
    """The row's history, oldest first."""
    return list(obj.history.select_related("history_user").order_by("history_id"))


def versions(rows, restore_url) -> list[Version]:
    """History rows as a history page's versions; `restore_url(number)` links each one."""
    return [
        Version(
            number=number,
            date=row.history_date,
            who=person(row.history_user),
            what=VERBS.get(row.history_type, "edited"),
            summary=row.history_change_reason or "",
            restore_url=restore_url(number),
        )
        for number, row in enumerate(rows, start=1)
    ]


def _text(row, model, name) -> str:
    field = model._meta.get_field(name)
    if field.is_relation:
        try:
            related = getattr(row, name)
        except ObjectDoesNotExist:  # what it pointed to was deleted since
            return f"#{getattr(row, field.attname)} (deleted)"
        return str(related) if related is not None else ""
    value = getattr(row, field.attname)
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")
    return "" if value is None else str(value)


def parts_between(editable, older, newer):
    """Each edited field of two versions (history rows, or the row itself), word by word."""
    model = editable.model
    return [
        compared(
            str(model._meta.get_field(name).verbose_name).capitalize(),
            _text(older, model, name),
            _text(newer, model, name),
        )
        for name in editable.fields
    ]
