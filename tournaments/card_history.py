"""A card's history on the site: its versions, two of them compared, an old one restored.

Every save of a card is a version (django-simple-history) holding its file, keeper and
privacy. Restoring saves an old version's values again as a new version, so history is
never rewritten, and only if nothing was saved since the restore page was shown.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.urls import reverse

from versions.saving import latest_version
from versions.timeline import Compared, Version, compared, versions_from

from .models import Card, Tournament

HISTORY_TYPES = {"+": "card added", "~": "changed", "-": "deleted"}
RESTORED_FIELDS = ("text", "owner_id", "private")


def records_of(card) -> list:
    """Its history entries, oldest first (one query)."""
    return list(card.history.select_related("history_user").order_by("history_id"))


def _what(record, previous) -> str:
    if record.history_type != "~" or previous is None:
        return HISTORY_TYPES.get(record.history_type, "changed")
    changed = []
    if record.text != previous.text:
        changed.append("the card file")
    if record.owner_id != previous.owner_id:
        changed.append("who keeps it")
    if record.private != previous.private:
        changed.append("made private" if record.private else "made public")
    return "changed " + ", ".join(changed) if changed else "saved, nothing changed"


def versions_of(card, records) -> list[Version]:
    """Each entry as a history row, oldest first, numbered from 1."""
    return versions_from(
        records, _what, lambda number: reverse("cards:card-restore", args=[card.pk, number])
    )


def _keeper(owner_id) -> str:
    if owner_id is None:
        return "the League's editors"
    name = Tournament.objects.filter(pk=owner_id).values_list("name", flat=True).first()
    return name or f"a deleted tournament (#{owner_id})"


def parts_between(older, newer) -> list[Compared]:
    """What differs between two versions (each a history entry or the card itself)."""
    return [
        compared("Name", older.name, newer.name),
        compared("Card file", older.text, newer.text),
        compared("Kept by", _keeper(older.owner_id), _keeper(newer.owner_id)),
        compared("Private", "yes" if older.private else "no", "yes" if newer.private else "no"),
    ]


class NotRestored(Exception):
    """The old version cannot be saved now (its name is another card's); says why."""


def restore(card, record, number, base_version) -> bool | None:
    """Save an old version as a new one. True: restored; False: the card is that already;
    None: someone saved since the page was shown (nothing restored)."""
    with transaction.atomic():
        card = Card.objects.select_for_update().get(pk=card.pk)
        if base_version is None or latest_version(card) != base_version:
            return None
        if all(getattr(card, name) == getattr(record, name) for name in RESTORED_FIELDS):
            return False
        for name in RESTORED_FIELDS:
            setattr(card, name, getattr(record, name))
        try:
            card.full_clean()
        except ValidationError as error:
            raise NotRestored(" ".join(error.messages)) from error
        card._change_reason = f"Restored version {number}"
        card.save()
    return True
