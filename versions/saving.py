"""Saving an edit without ever losing one, and restoring an old version.

The edit form carries the version it started from (the history id). Saving checks, under
a row lock, whether someone saved since (Wagtail's is_out_of_date, done in the database):
if not, the edit is saved; if so, the two edits are merged three ways against the version
both started from. A clean merge is saved; a conflict saves nothing and hands back both
sides, so the editor resolves it with the other text in front of them.

Every editable model with history saves this way: `save_edit` takes anything with `model`,
`fields` and `text_fields` (a registered `versions.Versioned`, a wiki `Kind`, an `Editable`),
so every app shares the one check-lock-merge-save (docs/architecture.md, "Guarantees every
editable model has").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from versions.diff import word_diff
from versions.merge import merge_text, merge_value, normalise_newlines
from versions.words import field_label

# simple-history's change reason column holds 100 characters.
REASON_LENGTH = 100
MAX_ROW_ID = 2**63 - 1  # the largest id a 64-bit column holds


@dataclass(frozen=True)
class Editable:
    """What `save_edit` needs of an editable model outside the wiki's kinds."""

    model: type
    fields: tuple[str, ...]  # what its edit form changes
    text_fields: tuple[str, ...] = ()  # merged by paragraph; any other field by value


@dataclass(frozen=True)
class Conflict:
    """A field both editors changed differently: theirs is saved, mine is not."""

    field: str
    label: str
    theirs: object
    mine: object
    diff: str  # theirs → mine, word by word


@dataclass
class Outcome:
    saved: bool
    merged: bool = False
    unchanged: bool = False
    conflicts: list[Conflict] = field(default_factory=list)
    # On a conflict: what the form should show again, the merged value of every field that
    # merged and the editor's own value of every field that did not.
    values: dict = field(default_factory=dict)
    latest_version: int | None = None


def latest_version(obj) -> int | None:
    """The history id of the version now saved (history ids only grow)."""
    return obj.history.order_by("-history_id").values_list("history_id", flat=True).first()


def posted_version(data) -> int | None:
    """The version a confirmation page was made from, as it posted it back (`base_version`),
    or None when it is missing or unreadable (the save then treats it as a conflict)."""
    value = data.get("base_version", "")
    if value.isascii() and value.isdigit() and 0 < int(value) <= MAX_ROW_ID:
        return int(value)
    return None


def open_for_editing(obj) -> int | None:
    """The version an edit form starts from, with `obj` re-read so it is at least that new.

    Two reads, in this order: were the object read first, a save between the reads would
    pair an older text with a newer version, and saving it would quietly undo that save.
    Read this way, a save in between only makes the text newer than its version; merging
    then sees the other change on both sides, which is never a loss.
    """
    version = latest_version(obj)
    obj.refresh_from_db()
    return version


def stored_value(obj, name):
    """A field's stored value: a foreign key as its id, text with plain newlines."""
    model_field = obj._meta.get_field(name)
    value = getattr(obj, model_field.attname)
    return normalise_newlines(value) if isinstance(value, str) else value


def form_value(obj, name, value):
    """A cleaned form value in the same shape as stored_value."""
    model_field = obj._meta.get_field(name)
    if model_field.is_relation:
        return value.pk if value is not None else None
    return normalise_newlines(value) if isinstance(value, str) else value


def display(obj, name, value) -> str:
    model_field = obj._meta.get_field(name)
    if model_field.is_relation and value is not None:
        related = model_field.related_model.objects.filter(pk=value).first()
        return str(related) if related else gettext("#%(id)s (deleted)") % {"id": value}
    if model_field.choices and value:
        return str(dict(model_field.flatchoices).get(value, value))
    return "" if value is None else str(value)


def save_edit(
    kind,
    pk,
    cleaned: dict,
    base_version: int | None,
    reason: str,
    *,
    prepare: Callable[[object], None] | None = None,
    validate: bool = False,
) -> Outcome:
    """Save the edited fields of one object, merging with any edit saved since base_version.

    `prepare(obj)` runs just before the save, under the lock (a scenario's title follows its
    text). With `validate`, a merged result is checked by the model's own rules first: two
    edits that are each valid can merge into one that is not (a first day after the last).
    """
    with transaction.atomic():
        obj = kind.model.objects.select_for_update().get(pk=pk)
        latest = latest_version(obj)
        mine = {name: form_value(obj, name, cleaned[name]) for name in kind.fields}
        merged = False
        if base_version != latest:
            mine, conflicts = _merge(kind, obj, base_version, mine)
            if conflicts:
                return Outcome(saved=False, conflicts=conflicts, latest_version=latest, values=mine)
            merged = True
        if all(stored_value(obj, name) == value for name, value in mine.items()):
            return Outcome(saved=False, unchanged=True, latest_version=latest)
        theirs = {name: stored_value(obj, name) for name in kind.fields}
        for name, value in mine.items():
            setattr(obj, obj._meta.get_field(name).attname, value)
        if merged and validate:
            refused = _refused_merge(kind, obj, theirs, mine)
            if refused:
                return Outcome(saved=False, conflicts=refused, latest_version=latest, values=mine)
        if prepare is not None:
            prepare(obj)
        if merged:
            reason = f"{reason} (merged with an edit saved meanwhile)"
        obj._change_reason = reason[:REASON_LENGTH]
        obj.save()
        return Outcome(saved=True, merged=merged, latest_version=latest_version(obj))


def _refused_merge(kind, obj, theirs, mine) -> list[Conflict]:
    """The fields of a merged result the model refuses, as conflicts (none when it is valid)."""
    try:
        obj.full_clean()
    except ValidationError as error:
        errors = getattr(error, "error_dict", {})
        names = [name for name in kind.fields if name in errors] or list(kind.fields)
        return [_conflict(obj, name, theirs[name], mine[name]) for name in names]
    return []


def _conflict(obj, name, theirs, mine) -> Conflict:
    return Conflict(
        field=name,
        label=field_label(obj._meta.get_field(name)),
        theirs=display(obj, name, theirs),
        mine=display(obj, name, mine),
        diff=word_diff(display(obj, name, theirs), display(obj, name, mine)),
    )


def _merge(kind, obj, base_version, mine):
    base = obj.history.filter(history_id=base_version).first() if base_version else None
    result, conflicts = {}, []
    for name in kind.fields:
        theirs = stored_value(obj, name)
        # An unknown starting version: nothing can merge safely, so any difference conflicts.
        old = stored_value(base, name) if base is not None else object()
        if name in kind.text_fields:
            outcome = merge_text(old if base is not None else "\0", theirs or "", mine[name] or "")
        else:
            outcome = merge_value(old, theirs, mine[name])
        result[name] = outcome.value  # on a conflict, mine
        if not outcome.clean:
            conflicts.append(_conflict(obj, name, theirs, mine[name]))
    return result, conflicts


def restored_reason(number: int, record) -> str:
    """A restore's change reason, naming the version by its number in the thing's own
    history (oldest first, from 1), as its history page numbers it."""
    when = timezone.localtime(record.history_date).strftime("%Y-%m-%d %H:%M")
    return f"Restored version {number} (saved {when})"


def restore(kind, pk, record, base_version: int | None) -> object | None:
    """Save an old version's values as a new version; history is never rewritten.

    For a thing outside the registry whose restore names the version it was shown by history
    id (a talk reply). The confirmation showed what restoring changes from `base_version`;
    if someone saved since, nothing is restored (None), and the editor sees the changes
    again against theirs. The check is made under the row lock.
    """
    with transaction.atomic():
        obj = kind.model.objects.select_for_update().get(pk=pk)
        versions = list(obj.history.order_by("history_id").values_list("history_id", flat=True))
        if base_version is None or versions[-1:] != [base_version]:
            return None
        for name in kind.fields:
            attname = obj._meta.get_field(name).attname
            setattr(obj, attname, getattr(record, attname))
        obj._change_reason = restored_reason(versions.index(record.history_id) + 1, record)
        obj.save()
        return obj
