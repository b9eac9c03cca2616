"""Who may read and write a tournament's rulings log. Always checked on the server.

The log names players and tables, so it is private: the tournament's own directors (to
record and search it) and the League's editors (to turn a ruling into a public answer).
Staff may do anything. Anyone else — a director of another tournament, a reader — is told
the log does not exist (404), so even its existence is not shown. A draft tournament is
seen by its directors and staff alone (`tournaments.access.can_view`), and its log with it:
an editor reads the log of a tournament they may see, as every other page shows it.
"""

from django.http import Http404
from django.shortcuts import get_object_or_404

from articles.permissions import is_editor
from tournaments.access import can_view, is_director_of
from tournaments.models import Tournament


def may_use_log(user, tournament) -> bool:
    if not user.is_authenticated or not can_view(user, tournament):
        return False
    return user.is_staff or is_editor(user) or is_director_of(user, tournament)


def logs_for(user):
    """The tournaments whose logs this user may use: `may_use_log` as a query."""
    if user is None or not user.is_authenticated:
        return Tournament.objects.none()
    visible = Tournament.objects.visible_to(user)
    if user.is_staff or is_editor(user):
        return visible
    return visible.filter(directors=user)


def log_or_404(user, slug):
    """The tournament whose log this user may use, or 404."""
    tournament = get_object_or_404(Tournament.objects.select_related("ruleset"), slug=slug)
    if not may_use_log(user, tournament):
        raise Http404("No such rulings log.")
    return tournament
