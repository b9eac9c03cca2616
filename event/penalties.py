"""What the schedule suggests for an infraction, and charging it under the player's lock.

The suggestion counts the player's earlier offences of that infraction at the event. Two TDs
may log the same player at once, so the count that is kept is made again when the penalty is
charged, with the player's row locked (`select_for_update`: PostgreSQL waits there; SQLite
has no row locks, but the logged ruling saved first in the same transaction already holds
its one write lock, so a second TD's save waits the same way).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Infraction, InvolvedPlayer, Player

ORDINALS = {1: gettext_lazy("First"), 2: gettext_lazy("Second"), 3: gettext_lazy("Third")}


def ordinal(nth: int) -> str:
    """ "First", "Second", "Third", "4th": which offence, in the reader's language."""
    if nth in ORDINALS:
        return str(ORDINALS[nth])
    return _("%(n)sth") % {"n": nth}


def minus(points: int) -> str:
    return f"−{points}"


@dataclass(frozen=True)
class Suggestion:
    infraction: Infraction
    offence: int  # 1 for a first offence at the event
    points: int | None  # None: the head TD decides

    def __str__(self):
        said = _("%(ordinal)s %(infraction)s at this event") % {
            "ordinal": ordinal(self.offence),
            "infraction": self.infraction.name,
        }
        if self.points is None:
            return _("%(said)s: the head TD decides the penalty, as your schedule says.") % {
                "said": said
            }
        return _("%(said)s: %(points)s, as your schedule says.") % {
            "said": said,
            "points": minus(self.points),
        }


def suggest(player: Player, infraction: Infraction) -> Suggestion:
    earlier = InvolvedPlayer.objects.filter(player=player, infraction=infraction).count()
    nth = earlier + 1
    return Suggestion(infraction, nth, infraction.points_for(nth))


def check_deviation(suggestion: Suggestion, points: int | None, reason: str) -> None:
    """The TD gives the schedule's penalty, or another with a reason; the head TD's call
    needs the points the head TD gave."""
    if suggestion.points is None and points is None:
        raise ValidationError(
            _("%(suggestion)s Enter the points the head TD gave.") % {"suggestion": suggestion},
            code="points",
        )
    if suggestion.points is None:
        return  # the head TD's call: whatever the head TD gave
    if points is not None and points != suggestion.points and not reason.strip():
        raise ValidationError(
            _("%(suggestion)s You gave %(points)s: say why, or give the schedule's penalty.")
            % {"suggestion": suggestion, "points": minus(points)},
            code="reason",
        )


def charge(entry, player: Player, infraction: Infraction, points=None, reason="") -> InvolvedPlayer:
    """Charge `infraction` to `player` in the logged ruling `entry` (already saved, in the
    caller's transaction), counted under the player's lock. Empty points take the
    suggestion; points that differ need a reason (a ValidationError otherwise, rolling the
    whole log entry back)."""
    Player.objects.select_for_update().only("pk").get(pk=player.pk)
    suggestion = suggest(player, infraction)
    check_deviation(suggestion, points, reason)
    given = suggestion.points if points is None else points
    return InvolvedPlayer.objects.create(
        entry=entry,
        player=player,
        infraction=infraction,
        offence=suggestion.offence,
        suggested_points=suggestion.points,
        points=given,
        reason=reason.strip() if given != suggestion.points else "",
    )
