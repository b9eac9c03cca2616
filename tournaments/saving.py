"""Saving a tournament's details and its house rules without losing anyone's edit.

Each form carries the version it started from; the wiki's `save_edit` checks it under a row
lock and merges an edit saved meanwhile (the base rules by paragraph, a house rule's text by
paragraph, every other field by value) or hands back both sides as a conflict. A merge the
model refuses (a first day after the merged last day, two rules for one option) is a
conflict too.

Every change to the house rules also locks the tournament's row first, as publishing does,
so a version is frozen from a working copy no edit is halfway through, and two adds cannot
both pass the one-rule-per-option check.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.db import transaction

import versions
from tournaments.models import Card, HouseRule, Tournament
from versions.saving import Editable, Outcome, latest_version, save_edit

HOUSE_RULE = Editable(
    model=HouseRule,
    fields=(
        "option",
        "value",
        "text",
        "departs_from",
        "position",
        "ruling",
        "ruling_verdict",
    ),
    text_fields=("text",),
)


@contextmanager
def working_copy_locked(tournament):
    """One transaction holding the tournament's row: house-rule changes and publishing queue."""
    with transaction.atomic():
        Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
        yield


def save_house_rule(rule, cleaned: dict, base_version: int | None) -> Outcome:
    with working_copy_locked(rule.tournament):
        return save_edit(HOUSE_RULE, rule.pk, cleaned, base_version, "Edited", validate=True)


def add_house_rule(form) -> HouseRule | None:
    """Validate and save a new rule under the lock (None when the form has errors)."""
    with working_copy_locked(form.instance.tournament):
        return form.save() if form.is_valid() else None


def delete_house_rule(rule, base_version: int | None) -> bool:
    """Remove the rule as the director saw it; False (and nothing removed) if it changed since."""
    with working_copy_locked(rule.tournament):
        current = HouseRule.objects.select_for_update().filter(pk=rule.pk).first()
        if current is None:
            return True  # someone removed it already: what the director wanted
        if base_version is None or latest_version(current) != base_version:
            return False
        current.delete()
        return True


def save_card(card, cleaned: dict, base_version: int | None, summary: str) -> Outcome:
    """Save a card as `save_edit` saves any editable model; a merged text must still be a card
    file with a name of its own (else it is a conflict, both texts shown)."""
    return save_edit(
        versions.entry_for(Card),  # a card's name is read from its text: the form edits the rest
        card.pk,
        cleaned,
        base_version,
        summary or "Edited",
        prepare=Card.clean,
        validate=True,
    )
