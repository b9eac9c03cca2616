"""Saving a logged ruling without losing a co-director's edit.

Two directors may correct the same entry at once (one adds the appeal, one fixes the
table): the form carries the version it started from and the wiki's `save_edit` merges or
hands back both sides, as for every editable model.
"""

from datetime import datetime

from django.utils import timezone

from versions.saving import Editable, Outcome, save_edit

from .models import LoggedRuling, PickerChoice

FIELDS = (
    "ruled_at",
    "table",
    "round",
    "players",
    "what_happened",
    "article",
    "house_rule",
    "outcome",
    "penalty",
    "appeal",
    "appeal_result",
)
LOGGED_RULING = Editable(
    model=LoggedRuling,
    fields=FIELDS,
    text_fields=("what_happened", "outcome", "appeal"),
)


def save_logged_ruling(entry, cleaned: dict, base_version: int | None) -> Outcome:
    return save_edit(LOGGED_RULING, entry.pk, cleaned, base_version, "Edited")


# A choice's key is its address and never changes after it is made.
PICKER_CHOICE = Editable(
    model=PickerChoice,
    fields=("parent", "label", "next_question", "article", "answer", "position"),
)


def save_picker_choice(choice, cleaned: dict, base_version: int | None) -> Outcome:
    return save_edit(PICKER_CHOICE, choice.pk, cleaned, base_version, "Edited", validate=True)


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
