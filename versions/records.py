"""A versioned model's own history table as the history pages read it.

Version n is the n-th history entry, oldest first. Restoring saves an old entry's fields
again as a new version (history is never rewritten), under the row lock, and only if the
number of versions is still the one the restore page showed: the one stale check, always
inside the lock, so two restores (or a restore and a save) from the same page never both
land. A model whose versions are more than one table (a tournament and its house rules)
gives its declaration its own `Records` with the same four methods.
"""

from __future__ import annotations

import re
from datetime import datetime
from enum import Enum

from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from versions.saving import restored_reason, stored_value
from versions.timeline import Compared, Version, compared, person
from versions.words import field_label, history_type


class Restored(Enum):
    RESTORED = "restored"
    UNCHANGED = "unchanged"  # it is that version's already; nothing saved
    STALE = "stale"  # someone saved after the restore page was shown; nothing saved


class NotRestored(Exception):
    """The old version cannot be saved now (its card name is another card's); says why."""


class Records:
    """The default: one model, one history table."""

    def entries(self, entry, obj) -> list:
        """Its history entries, oldest first (one query)."""
        return list(obj.history.select_related("history_user").order_by("history_id"))

    def rows(self, entry, obj, entries, user) -> dict[int, Version]:
        """Each entry `user` may see as a history page's row, by its number among all the
        entries (oldest first, from 1), so a number names one version for everyone."""
        rows, previous = {}, None
        numbers = {record.history_id: n for n, record in enumerate(entries, start=1)}
        for number, record in enumerate(entries, start=1):
            version = entry.shown(user, record) if entry.shown else record
            if version is None:
                continue
            rows[number] = Version(
                number=number,
                date=record.history_date,
                who=person(record.history_user),
                what=describe(entry, version, previous),
                summary=summary(version.history_change_reason or "", numbers),
                restore_url=entry.reverse_restore(obj, number),
            )
            previous = version
        return rows

    def state(self, entry, obj, entries, number, user):
        """Version `number` as `parts` compares it, as `user` may see it."""
        record = entries[number - 1]
        return entry.shown(user, record) if entry.shown else record

    def now(self, entry, obj):
        return obj

    def restore(self, entry, obj, number: int, shown: int | None) -> Restored:
        with transaction.atomic():
            obj = entry.model.objects.select_for_update().get(pk=obj.pk)
            entries = self.entries(entry, obj)
            if shown != len(entries):
                return Restored.STALE
            record = entries[number - 1]
            if all(stored_value(obj, name) == stored_value(record, name) for name in entry.fields):
                return Restored.UNCHANGED
            for name in entry.fields:
                attname = obj._meta.get_field(name).attname
                setattr(obj, attname, getattr(record, attname))
            refusal = entry.prepare(obj, record) if entry.prepare else None
            if refusal:
                raise NotRestored(refusal)
            obj._change_reason = restored_reason(number, record)
            obj.save()
        return Restored.RESTORED


# How a restore's reason named the version it restored before versions were numbered.
OLD_RESTORE = re.compile(r"Restored version of (?P<when>[0-9: -]+) \(#(?P<id>[0-9]+)\)")


def summary(reason: str, numbers: dict[int, int]) -> str:
    """A version's summary as its history page numbers versions: an old restore's reason,
    which named a history id, names the version by its number, as a restore's does now."""
    found = OLD_RESTORE.fullmatch(reason)
    if found is None or int(found["id"]) not in numbers:
        return reason
    return _("Restored version %(number)s (saved %(when)s)") % {
        "number": numbers[int(found["id"])],
        "when": found["when"],
    }


def describe(entry, record, previous) -> str:
    """What a version did: the declaration's own words, or created, deleted, which of the
    declared fields it changed (simple-history's `diff_against`, `get_history_type_display`)."""
    if entry.describe is not None:
        return entry.describe(record, previous)
    if record.history_type != "~" or previous is None:
        return history_type(record)
    changed = record.diff_against(previous, included_fields=entry.fields).changed_fields
    if not changed:
        return (
            _("changed")
            if record.diff_against(previous).changed_fields
            else _("saved, nothing changed")
        )
    fields = [entry.model._meta.get_field(name) for name in entry.fields if name in changed]
    return changed_the(fields)


def changed_the(fields) -> str:
    """ "changed the outcome, the penalty": the fields a version changed, by their labels."""
    names = [field_label(field).lower() for field in fields]
    return _("changed the %(fields)s") % {"fields": _(", the ").join(names)}


def field_text(row, name) -> str:
    """A field of a history entry (or the object) as the compare page shows it."""
    model_field = row._meta.get_field(name)
    if model_field.is_relation:
        try:
            related = getattr(row, name)
        except ObjectDoesNotExist:  # what it pointed to was deleted since
            return _("#%(id)s (deleted)") % {"id": getattr(row, model_field.attname)}
        return str(related) if related is not None else ""
    value = getattr(row, model_field.attname)
    if isinstance(value, datetime):
        return timezone.localtime(value).strftime("%Y-%m-%d %H:%M")
    if model_field.choices and value:
        return str(dict(model_field.flatchoices).get(value, value))
    return "" if value is None else str(value)


def fields_between(entry, older, newer, user=None) -> list[Compared]:
    """Each declared field of two versions, word by word."""
    return [
        compared(
            field_label(entry.model._meta.get_field(name)),
            field_text(older, name),
            field_text(newer, name),
        )
        for name in entry.fields
    ]
