"""Who may read, record and decide appeals. Always checked on the server, in the views.

An appeal is part of the rulings log, so whoever may use the log reads it (the tournament's
directors, the League's editors of a tournament they may see, staff) and anyone else is
told it does not exist (404). Its directors and staff record an appeal and set the appeal
rules; only the tournament's head TD records a round's end and decides an appeal.
"""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext

from toolkit.access import log_or_404, logs_for, may_use_log
from tournaments.access import is_director_of

from .models import head_td_of

__all__ = ["log_or_404", "logs_for", "may_use_log"]


def may_record(user, tournament) -> bool:
    """Its directors (who log its rulings) and staff record appeals and set its rules."""
    if not may_use_log(user, tournament):
        return False
    return user.is_staff or is_director_of(user, tournament)


def is_head_td(user, tournament, head=None) -> bool:
    """`head`: the tournament's head TD, when the caller has read it already."""
    if not user.is_authenticated:
        return False
    head = head if head is not None else head_td_of(tournament)
    return head is not None and head.pk == user.pk


def recorder_or_403(user, slug):
    tournament = log_or_404(user, slug)
    if not may_record(user, tournament):
        raise PermissionDenied(gettext("Only this tournament's directors record appeals."))
    return tournament


def head_td_or_403(user, slug):
    tournament = log_or_404(user, slug)
    if not is_head_td(user, tournament):
        raise PermissionDenied(gettext("Only this tournament's head TD may do this."))
    return tournament
