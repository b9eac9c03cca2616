"""Saving a logged ruling or a picker choice without losing a co-director's edit.

Two directors may correct the same entry at once (one adds the appeal, one fixes the
table): the form carries the version it started from and `versions.saving.save_edit`
merges or hands back both sides, as for every versioned model (toolkit/versioned.py).
"""

from datetime import datetime

from django.utils import timezone

import versions
from versions.saving import Outcome, save_edit

from .models import LoggedRuling, PickerChoice


def save_logged_ruling(entry, cleaned: dict, base_version: int | None) -> Outcome:
    return save_edit(versions.entry_for(LoggedRuling), entry.pk, cleaned, base_version, "Edited")


def save_picker_choice(choice, cleaned: dict, base_version: int | None) -> Outcome:
    return save_edit(
        versions.entry_for(PickerChoice), choice.pk, cleaned, base_version, "Edited", validate=True
    )


def resubmitted(post, outcome: Outcome):
    """The form's data again after a conflict: merged values, mine where they clash, based on
    the version now saved, so saving again is a decision made with both texts in view."""
    data = post.copy()
    for name, value in outcome.values.items():
        if isinstance(value, datetime):  # as the form's datetime-local field types it
            value = timezone.localtime(value).strftime("%Y-%m-%dT%H:%M")
        data[name] = "" if value is None else str(value)
    data["base_version"] = "" if outcome.latest_version is None else str(outcome.latest_version)
    return data
