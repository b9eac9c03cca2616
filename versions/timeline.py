"""What a history page shows: a row per version, a part compared word by word, who saved.

Versions are numbered from 1, oldest first, on every history page (`templates/versions/`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.safestring import SafeString
from django.utils.translation import gettext

from versions.diff import word_diff

# The largest version number a URL may ask for: no query string can overflow a column.
MAX_VERSION = 10**9


@dataclass(frozen=True)
class Version:
    """One row of a history page."""

    number: int
    date: datetime
    who: str
    what: str
    summary: str = ""
    restore_url: str | None = None  # None where restoring means nothing (the latest)


@dataclass(frozen=True)
class Compared:
    """One part of a thing, in two versions: the newer one with words marked."""

    label: str
    changed: bool
    diff: SafeString | str


def compared(label: str, before: str, after: str) -> Compared:
    before, after = before or "", after or ""
    if before == after:
        return Compared(label, False, after)
    return Compared(label, True, word_diff(before, after))


def versions_from(records, what, restore_url) -> list[Version]:
    """History rows for a thing's history entries (oldest first, numbered from 1):
    `what(record, previous)` says what the entry changed, `restore_url(number)` where to
    restore it."""
    rows, previous = [], None
    for number, record in enumerate(records, start=1):
        rows.append(
            Version(
                number=number,
                date=record.history_date,
                who=person(record.history_user),
                what=what(record, previous),
                summary=record.history_change_reason or "",
                restore_url=restore_url(number),
            )
        )
        previous = record
    return rows


def person(user) -> str:
    """Who saved a version: their name, or "import or system" when no one was logged in."""
    if user is None:
        return gettext("import or system")
    return user.get_full_name() or user.get_username()


def chosen_pair(query, highest: int, names=("from", "to")) -> tuple[int, int] | None:
    """The two version numbers to compare (?from=…&to=…), older first, or None if unusable."""
    try:
        numbers = sorted({int(query[names[0]]), int(query[names[1]])})
    except (KeyError, ValueError):
        return None
    if len(numbers) != 2 or not all(0 < n <= min(highest, MAX_VERSION) for n in numbers):
        return None
    return numbers[0], numbers[1]
