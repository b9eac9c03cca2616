"""A save the database refuses (read-only, disk full, locked too long) costs no one's text.

Every edit form saves through `save_whole`: the save runs in one transaction, so a failure
leaves nothing half written; the failure is logged with its cause, and the form comes back
with the editor's text and a plain message instead of a bare server error. The upper apps
(rulings, tournaments) use it too, so every edit form behaves alike.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.db import DatabaseError, IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

logger = logging.getLogger(__name__)

UNAVAILABLE = 503  # the service could not do it just now; the request may be repeated

# What the database said → the cause in plain words (the first that matches).
_CAUSES = (
    (("read-only", "readonly", "read only"), gettext_lazy("it is read-only")),
    (("disk", "no space", "database or disk is full"), gettext_lazy("its disk is full")),
    (
        ("locked", "lock timeout", "could not obtain lock", "deadlock", "timeout"),
        gettext_lazy("it was busy"),
    ),
)


def cause(error: DatabaseError) -> str:
    """Why the database refused, as a reader would say it."""
    said = str(error).lower()
    for words, plain in _CAUSES:
        if any(word in said for word in words):
            return str(plain)
    if isinstance(error, IntegrityError):
        return _("it clashes with something saved meanwhile")
    return _("it reported an error")


def message(error: DatabaseError, text_kept=True) -> str:
    then = (
        _("Your text is below; try again.") if text_kept else _("Nothing was changed; try again.")
    )
    return _("The database could not save this just now: %(cause)s. %(then)s") % {
        "cause": cause(error),
        "then": then,
    }


@dataclass(frozen=True)
class Attempt:
    """What a save came to: its value, or the plain message of why it was not saved."""

    value: object = None
    problem: str = ""

    @property
    def saved(self) -> bool:
        return not self.problem

    @property
    def status(self) -> int:
        return 200 if self.saved else UNAVAILABLE


def save_whole(save, *, form=None, what="an edit") -> Attempt:
    """Run save() in one transaction; if the database fails, nothing of it is kept.

    On a failure the form (when given) carries the message as a non-field error, so the
    page shown again has the editor's text and says what happened.
    """
    try:
        with transaction.atomic():
            return Attempt(value=save())
    except DatabaseError as error:
        logger.error("The database could not save %s: %s", what, error, exc_info=True)
        problem = message(error, text_kept=form is not None)
        if form is not None:
            form.add_error(None, problem)
        return Attempt(problem=problem)
